"""The shedding games by the numbers: what random hands say about a hand's length, the first
player's advantage and how often the stock runs out and is made again from the pile."""

from __future__ import annotations

import functools
import random
from pathlib import Path

from ...core.cards import cards_name
from ...core.languages import _n_, _np_
from ...simulation.run import Metric, SeatNote, Simulation
from ...simulation.stats import Tally
from .engine import ShedGame

CAP = 8_000  # hands per configuration (a random hand is long: 20,000 took 85 s a count)
LIMIT = 2_000  # moves before a random hand is given up as endless
CODE = tuple(Path(__file__).parent / name for name in ("engine.py", "options.py", "numbers.py"))


def metrics() -> tuple[Metric, ...]:
    return (
        Metric("turns", _n_("Moves in a hand")),
        Metric("restocked", _n_("The stock runs out and is made anew from the pile")),
        Metric("wins", _n_("Chance of winning"), per_seat=True),
    )


def model(game: ShedGame) -> str:
    """What a hand's figures depend on: the cards in play and the options (a match's rule
    only adds hands up, it changes no hand)."""
    return f"shedding\0{cards_name(game.cards)}\0{game.options!r}"


def play_hand(game: ShedGame, players: int, rng: random.Random, tally: Tally) -> None:
    """Deal (seat 0 deals) and play one hand with random legal moves; tally it."""
    state = game.random_round(rng, players, dealer=0)
    result = state.play_randomly(rng, limit=LIMIT)
    if result is None:
        return
    tally.value("turns", result.turns)
    tally.count("turns", result.turns)
    tally.share("restocked", result.restocks > 0)
    for seat in range(players):
        tally.share(f"wins.{seat}", seat == result.winner)


def simulation(game: ShedGame, players: int) -> Simulation | None:
    if game.hand_size(players) is None:
        return None
    first = game.options.direction.step % players
    return Simulation(
        model=model(game), players=players, play=functools.partial(play_hand, game, players),
        metrics=metrics(), code=CODE, cap=CAP,
        unit=_np_("%(num)s simulated round", "%(num)s simulated rounds"),
        by_seat="wins", lengths="turns", lengths_label=_n_("Moves"),
        lengths_title=_n_("How many moves a hand lasts"),
        lengths_mean=_np_("A hand lasts about %(num)s move on average.",
                          "A hand lasts about %(num)s moves on average."),
        share_label=_n_("Share of hands"),
        seat_notes=(SeatNote(_np_("%(seats)s plays first.", "%(seats)s play first."),
                             (first,)),))
