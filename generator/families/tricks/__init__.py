"""The family of trick-taking games: Hearts, Peppa, Chat Noir, ...; Whist, Briscola, Oh Hell.

    scoring.py    a hand's scores from the cards taken (and its components), the end of a game
    options.py    the engine's options, as data
    moves.py      the move vocabulary: moves, faults and the records of what a move did
    trumps.py     trumps and the rank order: who takes a trick, a trump that must go over
    bidding.py    the bids and the dealer's hook
    deal.py       a hand dealt with a stock and a turned card
    sums.py       what the cards and options add up to, and why they may not deal
    engine.py     the game and one hand in play (imports only cards and the modules above)
    schema.py     the options in game.yaml and the example scripts
    parse.py      the new options from game.yaml's spec to the engine's data
    conflicts.py  options that cannot go together, found at their key
    stock.py      a script's stock, turned card, bids and draws, checked
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
    bot.py        the rule-based computer player (the same in families/tricks.js): the
                  easy level; bot_taking.py its play of the games that take tricks
    strong.py     the strong level: sampled deals played out by the easy player
"""

from .engine import TricksGame as Game
from .family import FAMILY
from .record import Replay
from .schema import TricksExampleSpec as Script

__all__ = ["FAMILY", "Game", "Replay", "Script"]
