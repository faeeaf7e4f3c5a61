"""A hand dealt with a stock and a turned card: n cards each, the rest left as the stock (top
first), and the card turned up for trumps, the dealer's last or the stock's top."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ...core.cards import Card
from .options import TricksOptions, TrumpFrom


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand as dealt: each seat's cards, the stock left (top first) and the card turned up
    for trumps (the dealer's last card, which stays in their hand, or the stock's top)."""

    hands: list[list[Card]]
    stock: tuple[Card, ...] = ()
    turned: Card | None = None


def deal_hand(cards: Sequence[Card], o: TricksOptions, rng: random.Random, *, dealer: int,
              size: int) -> Dealt:
    """Shuffle ``cards`` and deal ``size`` to each player; the stock and the turned card."""
    pack = list(cards)
    rng.shuffle(pack)
    return deal_pack(pack, o, dealer=dealer, size=size)


def deal_pack(pack: Sequence[Card], o: TricksOptions, *, dealer: int, size: int) -> Dealt:
    """Deal a shuffled ``pack``: ``size`` each, one at a time round the table, then the
    stock and the turned card (the play table deals its own seeded pack through this)."""
    n = o.players
    hands = [list(pack[i:size * n:n]) for i in range(n)]
    stock = list(pack[size * n:])
    turned = None
    if o.trumps.source is TrumpFrom.DEALER_LAST and hands[dealer]:
        turned = hands[dealer][-1]  # dealt one at a time, the dealer's last is the pack's
    elif o.trumps.source is TrumpFrom.TURNED and stock:
        turned = stock.pop(0)
    return Dealt(hands, tuple(stock), turned)
