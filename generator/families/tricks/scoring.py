"""Scoring of the trick-taking games, as data: a hand from the cards and tricks taken, and a
game of several hands from its score sheet.

A hand: every card taken is worth its value in the scoring table (``Q♠ 13, A♥ 5, ...``),
plus optional rules for the whole hand: a value per trick taken, a bonus for tricks taken
without points and for taking no trick at all, taking everything (a *slam*: the Q♠ and all
the hearts, or all the tricks) scored in place of the cards, and special cards (the J♦ worth
-10) that always count for whoever takes them.

Components for the games that take tricks add to these: points for a trick by its position
(the first, the last, the n-th), a bonus for a set taken together (the first and last tricks
and the Q♣), points for each trick over a book (Whist's six), and points for a bid made or
missed. With partners a side scores as one player would, from its members' cards and tricks
together, and each member's score for the hand is the side's.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ...core.cards import Card, Rank, Suit

QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)


class SlamTakes(enum.StrEnum):
    QUEEN_AND_HEARTS = "queen-and-hearts"  # the Q♠ and every heart in play
    ALL_TRICKS = "all-tricks"


@dataclass(frozen=True, slots=True)
class Slam:
    takes: SlamTakes
    taker: int  # the taker's score for the hand
    others: int | None = None  # each other player's score; None: they score as usual


LAST = -1  # a trick bonus's position: the last trick of the hand


@dataclass(frozen=True, slots=True)
class TrickBonus:
    """``value`` for whoever takes the ``trick``-th trick (from 1; ``LAST``: the last one)."""

    trick: int
    value: int

    def index(self, tricks: int) -> int:
        """The trick's index (from 0) in a hand of ``tricks`` tricks."""
        return tricks - 1 if self.trick == LAST else self.trick - 1


@dataclass(frozen=True, slots=True)
class SetBonus:
    """``value`` more for whoever takes all of these together: the tricks at these positions
    and these cards (Slobberhannes: the first trick, the last trick and the Q♣)."""

    tricks: tuple[int, ...]  # positions as in TrickBonus
    cards: tuple[Card, ...]
    value: int


@dataclass(frozen=True, slots=True)
class Book:
    """``per_trick`` for each trick a side takes over ``tricks`` (Whist: 1 over six)."""

    tricks: int
    per_trick: int = 1


@dataclass(frozen=True, slots=True)
class BidScore:
    """What a bid scores: made (exactly, or at least, as ``exact`` says) or missed."""

    made: int = 10  # for a bid made
    per_trick: int = 1  # and for each trick taken, when made
    per_bid: int = 0  # and for each trick bid, when made
    missed: int = 0  # for a bid missed
    per_trick_off: int = 0  # and for each trick over or under the bid, when missed
    missed_per_bid: int = 0  # and for each trick bid, when missed
    exact: bool = True  # made only with exactly the tricks bid; else with at least as many

    def score(self, bid: int, tricks: int) -> int:
        made = tricks == bid if self.exact else tricks >= bid
        if made:
            return self.made + self.per_trick * tricks + self.per_bid * bid
        return self.missed + self.per_trick_off * abs(tricks - bid) + self.missed_per_bid * bid


@dataclass(frozen=True)
class Scoring:
    table: tuple[tuple[Card, int], ...]
    special: tuple[tuple[Card, int], ...] = ()
    total: int | None = None  # what the rules say the table is worth in all
    per_trick: int = 0
    clean_tricks: int | None = None  # a player who took tricks, none of them with points
    no_tricks: int | None = None  # a player who took no trick
    slam: Slam | None = None
    zero_sum: bool = False  # the rules say a hand's scores always add up to zero
    trick_bonus: tuple[TrickBonus, ...] = ()
    sets: tuple[SetBonus, ...] = ()
    book: Book | None = None
    bid: BidScore | None = None
    _table: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)
    _values: dict[Card, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        table = dict(self.table)
        values = dict(table)
        for card, v in self.special:
            values[card] = values.get(card, 0) + v
        object.__setattr__(self, "_table", table)
        object.__setattr__(self, "_values", values)

    def value(self, card: Card) -> int:
        """What taking ``card`` is worth: its value in the table plus any special value."""
        return self._values.get(card, 0)

    def table_value(self, card: Card) -> int:
        return self._table.get(card, 0)

    def hand_sums(self, *, players: int, tricks: int, table: int, special: int = 0
                  ) -> frozenset[int] | None:
        """Every sum a hand's scores can have (with and without a slam), or None when the
        sum depends on the play. ``table`` and ``special`` are the values of the cards in play."""
        if self.clean_tricks is not None or self.no_tricks is not None or self.sets \
                or self.book is not None or self.bid is not None:
            return None
        if any(not 0 <= b.index(tricks) < tricks for b in self.trick_bonus):
            return None
        # each trick is taken by one player: its bonus is always scored once
        special += sum(b.value for b in self.trick_bonus)
        sums = {table + self.per_trick * tricks + special}
        slam = self.slam
        if slam is not None:
            if slam.others is not None:
                sums.add(slam.taker + slam.others * (players - 1) + special)
            elif slam.takes is SlamTakes.ALL_TRICKS or (
                    self.per_trick == 0 and all(c == QUEEN_OF_SPADES or c.suit is Suit.HEARTS
                                                for c, v in self.table if v)):
                sums.add(slam.taker + special)  # the others took nothing of value
            else:
                return None
        return frozenset(sums)


@dataclass(frozen=True, slots=True)
class HandResult:
    taken: tuple[tuple[Card, ...], ...]  # the cards each seat took in tricks
    tricks: tuple[int, ...]
    points: tuple[int, ...]  # card values taken (table and special cards)
    slam: int | None  # the seat that took everything, when someone did (a side: its first)
    scores: tuple[int, ...]  # the hand's score for each seat (with partners: its side's)
    sides: tuple[tuple[int, ...], ...] = ()  # the seats of each side
    side_tricks: tuple[int, ...] = ()
    side_scores: tuple[int, ...] = ()
    bids: tuple[int, ...] | None = None  # each seat's bid, in a game with bids


def slam_taker(scoring: Scoring, taken: Sequence[Sequence[Card]], tricks: Sequence[int],
               in_play: Iterable[Card]) -> int | None:
    slam = scoring.slam
    if slam is None:
        return None
    if slam.takes is SlamTakes.ALL_TRICKS:
        total = sum(tricks)
        return next((s for s, t in enumerate(tricks) if t == total and total), None)
    wanted = {c for c in in_play if c == QUEEN_OF_SPADES or c.suit is Suit.HEARTS}
    return next((s for s, cards in enumerate(taken) if wanted and wanted <= set(cards)), None)


def score_hand(scoring: Scoring, *, taken: Sequence[Sequence[Card]], tricks: Sequence[int],
               in_play: Iterable[Card], winners: Sequence[int] | None = None,
               bids: Sequence[int] | None = None,
               sides: Sequence[Sequence[int]] | None = None) -> HandResult:
    """The hand's scores from the cards and the number of tricks each seat took; ``winners``
    (who took each trick, in order) for the bonuses by position, ``bids`` for a game with
    bids, ``sides`` the seats of each side when partners score together."""
    groups = tuple(tuple(g) for g in sides) if sides else tuple((s,) for s in range(len(taken)))
    if all(len(g) == 1 for g in groups):
        g_taken: Sequence[Sequence[Card]] = [taken[g[0]] for g in groups]
        g_tricks: Sequence[int] = [tricks[g[0]] for g in groups]
    else:
        g_taken = [[c for s in g for c in taken[s]] for g in groups]
        g_tricks = [sum(tricks[s] for s in g) for g in groups]
    base = []
    for cards, won in zip(g_taken, g_tricks):
        table = [scoring.table_value(c) for c in cards]
        score = sum(table) + scoring.per_trick * won
        if won == 0 and scoring.no_tricks is not None:
            score += scoring.no_tricks
        elif won and scoring.clean_tricks is not None and not any(table):
            score += scoring.clean_tricks
        base.append(score)
    slammer = slam_taker(scoring, g_taken, g_tricks, in_play)
    scores = list(base)
    if slammer is not None and scoring.slam is not None:
        for g in range(len(scores)):
            if g == slammer:
                scores[g] = scoring.slam.taker
            elif scoring.slam.others is not None:
                scores[g] = scoring.slam.others
    special = dict(scoring.special)
    for g, cards in enumerate(g_taken):
        scores[g] += sum(special.get(c, 0) for c in cards)
    side_of = {s: g for g, seats in enumerate(groups) for s in seats}
    _add_components(scoring, scores, g_taken, g_tricks, side_of, winners, bids, groups)
    seat_scores = tuple(scores[side_of[s]] for s in range(len(taken)))
    return HandResult(tuple(tuple(t) for t in taken), tuple(tricks),
                      tuple(sum(scoring.value(c) for c in t) for t in taken),
                      groups[slammer][0] if slammer is not None else None, seat_scores,
                      sides=groups, side_tricks=tuple(g_tricks), side_scores=tuple(scores),
                      bids=tuple(bids) if bids is not None else None)


def _add_components(scoring: Scoring, scores: list[int], taken: Sequence[Sequence[Card]],
                    tricks: Sequence[int], side_of: dict[int, int],
                    winners: Sequence[int] | None, bids: Sequence[int] | None,
                    groups: Sequence[Sequence[int]]) -> None:
    """The components of the games that take tricks, added to each side's score."""
    if winners is not None:
        for bonus in scoring.trick_bonus:
            i = bonus.index(len(winners))
            if 0 <= i < len(winners):
                scores[side_of[winners[i]]] += bonus.value
    for group in scoring.sets:
        if group.tricks and winners is None:
            continue  # who took which trick is not known (a hand from a position)
        owners: list[int | None] = []
        for t in group.tricks:
            i = TrickBonus(t, 0).index(len(winners or ()))
            owners.append(side_of[winners[i]] if winners and 0 <= i < len(winners) else None)
        owners += [next((g for g, cards in enumerate(taken) if c in cards), None)
                   for c in group.cards]
        first = owners[0] if owners else None
        if first is not None and all(o == first for o in owners):
            scores[first] += group.value
    if scoring.book is not None:
        for g, won in enumerate(tricks):
            scores[g] += scoring.book.per_trick * max(0, won - scoring.book.tricks)
    if scoring.bid is not None and bids is not None:
        for g, seats in enumerate(groups):
            scores[g] += scoring.bid.score(sum(bids[s] for s in seats), tricks[g])


# -- the end of a game -----------------------------------------------------------------

class Winning(enum.StrEnum):
    LOWEST = "lowest-wins"
    HIGHEST = "highest-wins"
    TURIN = "turin"  # whoever goes over loses with the next above; the two lowest win


@dataclass(frozen=True, slots=True)
class EndRule:
    winning: Winning
    over: int | None = None  # the game ends after a hand in which a total goes over this
    hands: int | None = None  # the game ends after this many hands

    def ends(self, totals: Sequence[int], hands_played: int) -> bool:
        return ((self.over is not None and any(t > self.over for t in totals))
                or (self.hands is not None and hands_played >= self.hands))


@dataclass(frozen=True, slots=True)
class GameVerdict:
    hands: int  # hands played
    totals: tuple[int, ...]
    over: bool  # whether the game has ended
    losers: frozenset[int] = frozenset()
    winners: frozenset[int] = frozenset()
    crossed: frozenset[int] = frozenset()  # seats over the threshold


def verdict(end: EndRule, totals: Sequence[int], hands: int) -> GameVerdict:
    """Who wins and who loses once the game is over (both empty while it goes on)."""
    totals = tuple(totals)
    crossed = frozenset(s for s, t in enumerate(totals) if end.over is not None and t > end.over)
    if not end.ends(totals, hands):
        return GameVerdict(hands, totals, False, crossed=crossed)
    seats = range(len(totals))
    if end.winning is Winning.LOWEST:
        best = min(totals)
        return GameVerdict(hands, totals, True, winners=frozenset(
            s for s in seats if totals[s] == best), crossed=crossed)
    if end.winning is Winning.HIGHEST:
        best = max(totals)
        return GameVerdict(hands, totals, True, winners=frozenset(
            s for s in seats if totals[s] == best), crossed=crossed)
    losers = set(crossed)
    if len(losers) < 2:
        # the one who went over takes down the player next above; with nobody over
        # (a game ended by its number of hands) the two highest lose
        for _ in range(2 - len(losers)):
            rest = [s for s in seats if s not in losers]
            if rest:
                top = max(totals[s] for s in rest)
                losers |= {s for s in rest if totals[s] == top}
    rest = sorted((s for s in seats if s not in losers), key=lambda s: totals[s])
    cut = totals[rest[min(1, len(rest) - 1)]] if rest else 0
    winners = frozenset(s for s in rest if totals[s] <= cut)
    return GameVerdict(hands, totals, True, frozenset(losers), winners, crossed)


def play_sheet(end: EndRule, rows: Iterable[Sequence[int]], players: int) -> list[GameVerdict]:
    """The standing after each hand of a score sheet."""
    totals = [0] * players
    out = []
    for i, row in enumerate(rows, 1):
        totals = [t + s for t, s in zip(totals, row)]
        out.append(verdict(end, totals, i))
    return out
