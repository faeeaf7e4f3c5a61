"""The family of trick-taking point-avoidance games: Hearts, Peppa, Chat Noir, ...

    scoring.py    a hand's scores from the cards taken, and the end of a game
    options.py    the engine's options, as data
    engine.py     the game and one hand in play (imports only cards, options and scoring)
    schema.py     the options in game.yaml and the example scripts
    record.py     what an example really did (data only)
    start.py      a script's start: the deal and passes, or a position late in a hand
    replay.py     the tricks of a script through the engine, every finding reported
    sheet.py      a score sheet: running totals and the end of the game
    narration.py  each language's narration of an example, checked
    page.py       an example's context for its partial template
    numbers.py    random play for "By the numbers" (the Simulation)
    family.py     all of it behind the Family protocol
    play.py       the play table: a game of hands as JSON, the twin of
                  templates/static/play/families/tricks.js
    bot.py        the rule-based computer player (the same in families/tricks.js)
"""

from .engine import TricksGame as Game
from .family import FAMILY
from .record import Replay
from .schema import TricksExampleSpec as Script

__all__ = ["FAMILY", "Game", "Replay", "Script"]
