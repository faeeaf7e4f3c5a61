"""The options of the games that take tricks, from game.yaml's validated spec to the engine's
data: trumps, the deal, the ranking, bids and the scoring components beyond the card table.
Each bad value is reported at its key; option pairs that cannot go together are the
business of ``conflicts``."""

from __future__ import annotations

from typing import Callable

from ...core.cards import Rank, Suit
from ...core.diagnostics import Report
from ...model.source import Key, Source
from ...model.tokens import parse_cards_at
from .options import Bidding, Dealing, Follow, Sides, TrumpFrom, Trumps
from .schema import TrickAt, TricksOptionsSpec
from .scoring import LAST, BidScore, Book, SetBonus, TrickBonus

At = Callable[[str], Key]


def trumps(opts: TricksOptionsSpec) -> Trumps:
    t = opts.trumps
    if t is None:
        return Trumps()
    order = tuple(None if s == "none" else Suit(s) for s in t.order or ())
    return Trumps(TrumpFrom(t.source), Suit(t.suit) if t.suit else None, order,
                  must_trump=t.must_trump, over_trump=t.over_trump,
                  turned_drawn_last=t.turned_drawn_last)


def dealing(opts: TricksOptionsSpec) -> Dealing:
    d = opts.deal
    if d is None:
        return Dealing()
    return Dealing(d.cards, tuple(d.by_hand or ()), d.draw)


def ranking(opts: TricksOptionsSpec) -> tuple[Rank, ...]:
    return tuple(Rank(r) for r in opts.ranking or ())


def follow(opts: TricksOptionsSpec) -> Follow:
    return Follow(opts.follow)


def sides(opts: TricksOptionsSpec) -> Sides:
    return Sides(opts.sides)


def bidding(opts: TricksOptionsSpec) -> Bidding | None:
    return Bidding(opts.bids.hook) if opts.bids is not None else None


def bid_score(opts: TricksOptionsSpec) -> BidScore | None:
    b = opts.bid_score
    if b is None:
        return None
    return BidScore(b.made, b.per_trick, b.per_bid, b.missed, b.per_trick_off, b.missed_per_bid,
                    b.exact)


def book(opts: TricksOptionsSpec) -> Book | None:
    return Book(opts.book.tricks, opts.book.per_trick) if opts.book is not None else None


def trick_at(at: TrickAt) -> int:
    """A trick's position as the scoring counts it: from 1, or ``LAST``."""
    return 1 if at == "first" else LAST if at == "last" else int(at)


def trick_bonus(opts: TricksOptionsSpec, src: Source, at: At, report: Report
                ) -> tuple[TrickBonus, ...] | None:
    """``trick_points``: keys are `first`, `last` or a number from 1."""
    out, ok = [], True
    for key, value in opts.trick_points.items():
        text = str(key).strip()
        if text in ("first", "last") or (text.isdigit() and int(text) >= 1):
            out.append(TrickBonus(int(text) if text.isdigit() else trick_at(
                "first" if text == "first" else "last"), value))
            continue
        ok = False
        report.error(src.key_mark(at("trick_points") + (key,)), "bad-value",
                     f"'{key}' is no trick: a trick is `first`, `last` or its number from 1",
                     hint="trick_points: {first: -1, last: -1, 7: 2}")
    return tuple(out) if ok else None


def sets(opts: TricksOptionsSpec, src: Source, at: At, report: Report
         ) -> tuple[SetBonus, ...] | None:
    out, ok = [], True
    for i, spec in enumerate(opts.sets):
        key = at("sets") + (i,)
        cards = parse_cards_at(src, key + ("cards",), report, spec.cards) if spec.cards else ()
        if cards is None:
            ok = False
            continue
        if not spec.tricks and not cards:
            ok = False
            report.error(src.mark(key), "missing-key",
                         "a set needs 'tricks', 'cards' or both: what must be taken together")
            continue
        out.append(SetBonus(tuple(trick_at(t) for t in spec.tricks), cards, spec.points))
    return tuple(out) if ok else None
