"""The family of drawing-and-pairing games: Black Peter, Uomo Nero, Old Maid, ...

    options.py    the engine's options, as data
    engine.py     the game and one round in play (imports only cards and options)
    schema.py     the options in game.yaml and the example scripts
    record.py     what an example round really did (data only)
    replay.py     an example script through the engine, every finding reported
    narration.py  each language's narration of an example, checked
    page.py       an example round's context for its partial template
    numbers.py    random play for "By the numbers" (the Simulation)
    family.py     all of it behind the Family protocol
    play.py       the play table: a round as JSON (and its bot's draw), the twin of
                  templates/static/play/families/pairs.js
"""

from .engine import PairsGame as Game
from .family import FAMILY
from .record import Replay
from .schema import PairsExampleSpec as Script

__all__ = ["FAMILY", "Game", "Replay", "Script"]
