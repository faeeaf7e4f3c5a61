"""Trumps and the ranking of the cards in a trick: who takes a trick, and which of a
player's cards beat the trumps already played (for the rule that a trump must go over).

Apart from the engine so that the games without trumps, ace high, keep the engine's own
fast path (identity comparisons, no table look-up): these run only for games that need them.
"""

from __future__ import annotations

from typing import Sequence

from ...core.cards import Card, Rank, Suit
from .moves import Play

Power = dict[Rank, int]


def power_table(ranking: Sequence[Rank]) -> Power:
    """Each rank's strength in a trick: ace high (A 14 ... 2 2) unless ``ranking`` (highest
    first) says otherwise; a rank the ranking leaves out is the weakest."""
    if not ranking:
        return {r: r.high for r in Rank}
    return {r: len(ranking) - ranking.index(r) if r in ranking else 0 for r in Rank}


def strength(card: Card, *, led: Suit | None, trump: Suit | None, power: Power) -> int:
    """How strongly ``card`` bids for a trick: any trump over any card of the suit led, and
    a card of neither suit never takes it."""
    if card.rank is None:
        return -1
    if trump is not None and card.suit is trump:
        return 100 + power[card.rank]
    return power[card.rank] if card.suit is led else -1


def trick_winner(plays: Sequence[Play], *, trump: Suit | None, power: Power) -> Play:
    """The play that takes the trick: the highest trump, else the highest of the suit led."""
    led = plays[0].card.suit
    return max(plays, key=lambda p: strength(p.card, led=led, trump=trump, power=power))


def top_trump(plays: Sequence[Play], *, trump: Suit, power: Power) -> Card | None:
    """The highest trump in the trick so far, if any."""
    trumps = [p.card for p in plays if p.card.suit is trump and p.card.rank is not None]
    return max(trumps, key=lambda c: power[c.rank], default=None)  # type: ignore[index]


def over(cards: list[Card], plays: Sequence[Play], *, trump: Suit, power: Power) -> list[Card]:
    """Of ``cards`` (trumps), those that beat the trumps in the trick; all of them when none
    does (a player who cannot go over may play any trump)."""
    top = top_trump(plays, trump=trump, power=power)
    if top is None or top.rank is None:
        return cards
    higher = [c for c in cards if c.rank is not None and power[c.rank] > power[top.rank]]
    return higher or cards
