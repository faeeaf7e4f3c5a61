"""The pairing games by the numbers: what random rounds say about a hand's length, who
loses, who is dealt the odd card and how often two players go out on the last draw."""

from __future__ import annotations

import functools
import random
from dataclasses import replace
from pathlib import Path

from ...core.cards import Card, card_name, cards_name
from ...core.languages import _n_, _np_
from ...simulation.run import Metric, SeatNote, Simulation
from ...simulation.stats import Tally
from .engine import PairsGame, PairsState, first_drawer, next_with_cards
from .options import OddMode


def metrics(game: PairsGame) -> tuple[Metric, ...]:
    """The figures of a game, named as its rules name the last card: "the odd card" only
    where one card is named to be it."""
    named = game.options.odd_mode is OddMode.NAMED
    return (
        Metric("draws", _n_("Draws in a hand")),
        Metric("two_out", _n_("The last draw puts two players out at once")),
        Metric("loses", _n_("Chance of losing"), per_seat=True),
        Metric("odd", _n_("Chance of being dealt the odd card") if named else
               _n_("Chance of being dealt the card left at the end"), per_seat=True),
    )


def seat_notes(game: PairsGame, players: int) -> tuple[SeatNote, ...]:
    """What sets the seats apart in a round (seat 0 deals): the cards are dealt one at a
    time from the dealer's left, so the first seats may get one card more, and one player
    draws first. Shuffled cards and random draws treat the seats alike otherwise."""
    hidden = game.options.odd_mode is OddMode.HIDDEN  # one card is put aside unseen
    sizes = game.deal_sizes(players, dealer=0, cards=len(game.cards) - hidden)
    notes = []
    if len(set(sizes)) > 1:
        more = tuple(s for s, n in enumerate(sizes) if n == max(sizes))
        notes.append(SeatNote(_np_("%(seats)s is dealt one card more than the others.",
                                   "%(seats)s are dealt one card more than the others."), more))
    drawer = first_drawer(game.options, sizes, dealer=0)
    source = next_with_cards(sizes, drawer, game.options.draw_from.step)
    notes.append(SeatNote(_np_("%(seats)s draws first, and %(other)s is the first drawn from.",
                               "%(seats)s draw first, and %(other)s is the first drawn from."),
                          (drawer,), source))
    return tuple(notes)
CAP = 20_000  # rounds per configuration
# the code the figures depend on: the engine, its options and this file (the cache key)
CODE = tuple(Path(__file__).parent / name for name in ("engine.py", "options.py", "numbers.py"))


def model(game: PairsGame) -> str:
    """What a round's figures depend on: the cards in play, in deck order, and the options
    (a match's rule only counts hands, it changes no round)."""
    options = replace(game.options, match=None, lay_down_alone=frozenset())
    alone = cards_name(sorted(game.options.lay_down_alone, key=card_name))
    return f"pairs\0{cards_name(game.cards)}\0{alone}\0{options!r}"


def play_round(game: PairsGame, players: int, rng: random.Random, tally: Tally) -> PairsState:
    """Deal (seat 0 deals) and play one round with random draws; tally what happened."""
    dealt, _hidden = game.deal(rng, players=players, dealer=0)
    state = game.new_round([game.lay_down_first(h)[0] for h in dealt], dealer=0)
    observe(state, rng, tally, dealt=dealt)
    return state


def observe(state: PairsState, rng: random.Random, tally: Tally, *,
            dealt: list[list[Card]] | None = None) -> None:
    """Play ``state`` to its end with random draws and tally it (``dealt``: the hands as
    dealt, to see who was dealt the last card)."""
    state.play_randomly(rng)
    result = state.result()
    tally.value("draws", result.draws)
    tally.count("draws", result.draws)
    last_out = state.out_groups[-1] if state.out_groups else ()
    tally.share("two_out", len(last_out) >= 2)
    for seat in range(state.players):
        tally.share(f"loses.{seat}", seat in result.losers)
    if dealt is not None:
        for seat, hand in enumerate(dealt):
            tally.share(f"odd.{seat}", result.last_card in hand)


def simulation(game: PairsGame, players: int) -> Simulation:
    # a partial of a module-level function, not a closure: it goes to worker processes
    return Simulation(model=model(game), players=players,
                      play=functools.partial(play_round, game, players), metrics=metrics(game),
                      code=CODE, cap=CAP,
                      unit=_np_("%(num)s simulated round", "%(num)s simulated rounds"),
                      by_seat="loses", lengths="draws", lengths_label=_n_("Draws"),
                      lengths_title=_n_("How many draws a hand lasts"),
                      lengths_mean=_np_("A hand lasts about %(num)s draw on average.",
                                        "A hand lasts about %(num)s draws on average."),
                      share_label=_n_("Share of hands"), seat_notes=seat_notes(game, players))
