"""How strong the computer player is: games of a bot at one seat against random players,
beside the same games with a random player at that seat (`rulebook simulate --players-as
bot`; the figures are in docs/play.md).

A game is what the table plays to its end: a pairing round (a win is not losing it), or a
trick-taking game of several hands to its end score (a win is being among the winners the
end rule names). Random players pick uniformly among the legal moves with the shared
seeded generator, so a seed gives the same games in every run.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.prng import Mulberry32
from ..simulation.stats import Figure, Tally
from .moves import Json
from .play import new_table

MAX_HANDS = 1000  # a game whose scores never end it is cut off here
CHOOSER = 0x5BD1E995  # the random players' generator: Mulberry32(seed ^ CHOOSER)


@dataclass(frozen=True)
class Duel:
    """The figures of one seat over ``games`` games."""

    games: int
    seat: int
    bot: bool  # whether that seat was the bot (else a random player: the baseline)
    figures: dict[str, Figure]  # wins; for trick games also score (per hand) and total


def play_game(options: Json, seed: int, *, bots: frozenset[int]) -> tuple[list[int], list[list[int]]]:
    """One game from ``seed``: the winners and, for a trick game, each hand's scores."""
    table = new_table(options)
    chooser = Mulberry32(seed ^ CHOOSER)
    table.new_round(seed)
    hands = 1
    while True:
        while (turn := table.turn()) is not None and not table.is_over():
            if turn in bots:
                table.play(table.bot_move(turn))
            else:
                legal = table.legal_moves()
                table.play(legal[chooser.below(len(legal))])
        state = table.to_json()
        if state["family"] == "pairs":
            return state["result"]["winners"], []
        if state["match"]["over"] or hands >= MAX_HANDS:
            return state["match"]["winners"], state["sheet"]
        hands += 1
        table.next_round((seed + hands) & 0xFFFFFFFF)


def duel(options: Json, *, games: int, seed: int = 1, seat: int = 1, bot: bool = True) -> Duel:
    """``games`` games with a bot (or, ``bot=False``, a random player) at ``seat``."""
    tally = Tally()
    bots = frozenset({seat}) if bot else frozenset()
    for g in range(games):
        winners, sheet = play_game(options, (seed * 1_000_003 + g) & 0xFFFFFFFF, bots=bots)
        tally.share("wins", seat in winners)
        for row in sheet:
            tally.value("score", row[seat])
        if sheet:
            tally.value("total", sum(row[seat] for row in sheet))
    return Duel(games, seat, bot, tally.figures())
