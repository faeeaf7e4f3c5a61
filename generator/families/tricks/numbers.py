"""The trick-taking games by the numbers: what random play says about the points each seat
takes, slams, the Q♠ and how long a game lasts.

One unit is a whole game: hands are dealt (the deal passing to the left) until the end rule
says the game is over. Per-hand figures count every hand of every game; seats are counted
from the dealer of that hand. Per-game figures (its length, who loses) count from the first
dealer."""

from __future__ import annotations

import dataclasses
import functools
import random
from pathlib import Path

from ...core.cards import cards_name
from ...core.languages import _n_, _np_
from ...simulation.run import Metric, SeatNote, Simulation
from ...simulation.stats import Tally
from .engine import Play, TricksGame
from .options import TricksOptions
from .scoring import QUEEN_OF_SPADES, HandResult, Scoring, SlamTakes, Winning, verdict

MAX_HANDS = 1000  # a game whose scores never end it (all zero) is cut off here




CAP = 200  # games per configuration: a game is a dozen hands or more
# the code the figures depend on: the engine, its options, scoring and this file (cache key)
CODE = tuple(Path(__file__).parent / name
             for name in ("engine.py", "moves.py", "trumps.py", "bidding.py", "deal.py",
                          "sums.py", "options.py", "scoring.py", "numbers.py"))


SLAM_LABELS = {
    SlamTakes.QUEEN_AND_HEARTS: _n_("One player takes every heart and the Q♠ (shooting the moon)"),
    SlamTakes.ALL_TRICKS: _n_("One player takes every trick (a slam)"),
}


def metrics(game: TricksGame) -> tuple[Metric, ...]:
    """The figures of a game, as its rules make them mean something: a slam where the rules
    score one, the Q♠ where it is worth points (held after the pass where cards are passed)."""
    out = [Metric("hands", _n_("Hands in a game"))]
    if game.scoring.slam is not None:
        out.append(Metric("slam", SLAM_LABELS[game.scoring.slam.takes]))
    if _queen_counts(game):
        out.append(Metric("queen_kept", _n_("The player holding the Q♠ after the pass takes it")
                          if game.options.passing.count else
                          _n_("The player dealt the Q♠ takes it")))
    if _card_points(game):
        out.append(Metric("points", _n_("Points taken in a hand"), per_seat=True))
    else:  # Whist, Oh Hell: the cards are worth nothing, the tricks are what counts
        out.append(Metric("tricks", _n_("Tricks taken in a hand"), per_seat=True))
    out.append(Metric("wins", _n_("Chance of winning the game"), per_seat=True) if _takes(game)
               else Metric("loses", _n_("Chance of losing the game"), per_seat=True))
    return tuple(out)


def _takes(game: TricksGame) -> bool:
    """A game of taking, won by the highest total: its figures say who wins, not who loses."""
    return game.options.end.winning is Winning.HIGHEST


def _card_points(game: TricksGame) -> bool:
    return any(game.value(c) for c in game.cards)


def _queen_counts(game: TricksGame) -> bool:
    """The Q♠ is a card to avoid (Hearts' 13 points, Slippery Peppa's minus): who takes it
    is a figure. In a game of taking (Briscola's 3 points) it is a card among others."""
    value = game.value(QUEEN_OF_SPADES) if QUEEN_OF_SPADES in game.cards else 0
    return value < 0 if game.options.end.winning is Winning.HIGHEST else value > 0


def model(game: TricksGame) -> str:
    """What the figures depend on, as text: it seeds them (simulation.run.config_seed)."""
    return f"tricks\0{cards_name(game.cards)}\0{_model_text(game.options)}"


# The options' first fields, as the family had them before trumps, partners, stocks and bids:
# a field added after them is in the model only where a game sets it, so that a new option
# leaves the figures (seeded by the model) and the cached ones of every other game as they were.
_FIRST_FIELDS = {TricksOptions: 9, Scoring: 8}


def _model_text(value: object) -> str:
    """``repr(value)``, less the fields added after ``_FIRST_FIELDS`` that keep their default."""
    kind = type(value)
    if kind not in _FIRST_FIELDS:
        return repr(value)
    parts = []
    for i, f in enumerate(dataclasses.fields(value)):  # type: ignore[arg-type]
        item = getattr(value, f.name)
        default = f.default_factory() if f.default_factory is not dataclasses.MISSING \
            else f.default
        if f.repr and (i < _FIRST_FIELDS[kind] or item != default):
            parts.append(f"{f.name}={_model_text(item)}")
    return f"{kind.__qualname__}({', '.join(parts)})"


def play_hand(game: TricksGame, rng: random.Random, *, dealer: int, hand: int,
              tally: Tally | None = None) -> HandResult:
    """Deal, pass and play one hand with random legal choices; tally the per-hand figures
    with seats counted from ``dealer``."""
    n = game.players
    dealt = game.deal_hand(rng, dealer=dealer, hand=hand)
    state = game.new_hand(dealt.hands, dealer=dealer, hand=hand, stock=dealt.stock,
                          turned=dealt.turned)
    state.random_start(rng)  # the passes, and the bids in a game with bids
    holder = next((s for s, h in enumerate(state.hands) if QUEEN_OF_SPADES in h), None) \
        if _queen_counts(game) else None
    while state.turn is not None:
        # a card from legal_cards() needs no second check: the fast path for simulation
        state.apply(Play(state.turn, rng.choice(state.legal_cards())), strict=False)
    result = state.result()
    if tally is not None:
        counted = "points" if _card_points(game) else "tricks"
        for seat in range(n):
            tally.value(f"{counted}.{(seat - dealer) % n}",
                        (result.points if counted == "points" else result.tricks)[seat])
        if game.scoring.slam is not None:
            tally.share("slam", result.slam is not None)
        if holder is not None:
            tally.share("queen_kept", QUEEN_OF_SPADES in result.taken[holder])
    return result


def play_game(game: TricksGame, rng: random.Random, tally: Tally) -> None:
    """A whole game from the first dealer (seat 0) to the end rule."""
    n, end = game.players, game.options.end
    totals = [0] * n
    for hand in range(1, MAX_HANDS + 1):
        result = play_hand(game, rng, dealer=(hand - 1) % n, hand=hand, tally=tally)
        totals = [t + s for t, s in zip(totals, result.scores)]
        standing = verdict(end, totals, hand)
        if standing.over:
            break
    tally.value("hands", standing.hands)
    tally.count("hands", standing.hands)
    if _takes(game):
        for seat in range(n):
            tally.share(f"wins.{seat}", seat in standing.winners)
        return
    losers = standing.losers or _most(totals)
    for seat in range(n):
        tally.share(f"loses.{seat}", seat in losers)


def seat_notes(game: TricksGame) -> tuple[SeatNote, ...]:
    """What sets the seats apart in a game counted from its first dealer (seat 0): the deal
    moves one seat on after each hand, so the first dealer deals a hand more when the game
    ends between two rounds of deals; and, unless the 2♣ decides, a seat leads first. The
    cards are shuffled and the play random: nothing else tells the seats apart."""
    notes = [SeatNote(_np_("%(seats)s deals the first hand.", "%(seats)s deal the first hand."),
                      (0,))]
    if game.opening is None:
        leader = game.first_leader(0, [[] for _ in range(game.players)])
        notes.append(SeatNote(_np_("%(seats)s leads the first trick.",
                                   "%(seats)s lead the first trick."), (leader,)))
    return tuple(notes)


def _most(totals: list[int]) -> frozenset[int]:
    """Where the rules name no loser (the lowest wins): whoever ends with the most points."""
    worst = max(totals)
    return frozenset(s for s, t in enumerate(totals) if t == worst)


def simulation(game: TricksGame, players: int) -> Simulation | None:
    if players != game.players:
        return None
    # a partial of a module-level function, not a closure: it goes to worker processes
    return Simulation(model=model(game), players=players, play=functools.partial(play_game, game),
                      metrics=metrics(game),
                      code=CODE, cap=CAP,
                      unit=_np_("%(num)s simulated game", "%(num)s simulated games"),
                      by_seat="wins" if _takes(game) else "loses",
                      lengths="hands", lengths_label=_n_("Hands"),
                      lengths_title=_n_("How many hands a game lasts"),
                      lengths_mean=_np_("A game lasts about %(num)s hand on average.",
                                        "A game lasts about %(num)s hands on average."),
                      share_label=_n_("Share of games"), seat_notes=seat_notes(game))
