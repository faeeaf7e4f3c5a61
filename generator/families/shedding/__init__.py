"""The family of shedding games: Crazy Eights, Mau-Mau, Macao, ...

    options.py    the engine's options, as data
    engine.py     the game and one hand in play (imports only cards and options)
    schema.py     the options in game.yaml and the example scripts
    record.py     what an example hand really did (data only)
    replay.py     an example script through the engine, every finding reported
    narration.py  each language's narration of an example, checked
    page.py       an example hand's context for its partial template
    numbers.py    random play for "By the numbers" (the Simulation)
    starter.py    the game `rulebook new --family shedding` writes
    family.py     all of it behind the Family protocol
    play.py       the play table: a hand as JSON (and its bot), the twin of
                  templates/static/play/families/shedding.js
"""

from .engine import ShedGame as Game
from .family import FAMILY
from .record import Replay
from .schema import ShedExampleSpec as Script

__all__ = ["FAMILY", "Game", "Replay", "Script"]
