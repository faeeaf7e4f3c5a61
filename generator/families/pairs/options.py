"""The options of the drawing-and-pairing games, as data: enums and small frozen tables.

Black Peter, Uomo Nero and Old Maid are one engine with different options; game.yaml's
``options`` are validated by ``schema`` and turned into these by ``family``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...core.cards import Card


class Pairing(enum.StrEnum):
    RANK = "rank"
    RANK_AND_COLOUR = "rank-and-colour"


class Direction(enum.StrEnum):
    LEFT = "left"  # clockwise: the next seat
    RIGHT = "right"  # counter-clockwise: the previous seat

    @property
    def step(self) -> int:
        return 1 if self is Direction.LEFT else -1

    @property
    def opposite(self) -> Direction:
        return Direction.RIGHT if self is Direction.LEFT else Direction.LEFT


class FirstTurn(enum.StrEnum):
    DEALER_OFFERS = "dealer-offers"  # the dealer (or the next player with cards) is drawn from first
    LEFT_OF_DEALER_DRAWS = "left-of-dealer-draws"
    LEFT_OF_DEALER_OFFERS = "left-of-dealer-offers"


class OddMode(enum.StrEnum):
    NAMED = "named"  # one named card never pairs (J♠, the joker)
    HIDDEN = "hidden"  # a card is removed face down at random: its partner is the odd card
    LEFTOVER = "leftover"  # no card is special: one rank has an odd count, its last card is odd


class OddCardFate(enum.StrEnum):
    LOSES = "loses"
    WINS = "wins"  # the Reversed variant


class Winners(enum.StrEnum):
    ALL_OTHERS = "all-others"
    FIRST_OUT = "first-out"  # several out at once win jointly


class MatchKind(enum.StrEnum):
    FIRST_TO_LOSSES = "first-to-losses"
    AGREED_HANDS = "agreed-hands"  # a penalty point per loss; most points loses


@dataclass(frozen=True, slots=True)
class MatchRule:
    kind: MatchKind
    losses: int | None = None  # FIRST_TO_LOSSES
    hands: int | None = None  # AGREED_HANDS; None when the table agrees on a number


@dataclass(frozen=True, slots=True)
class PairsOptions:
    pairing: Pairing
    odd_card: Card | None  # the named odd card; None unless odd_mode is NAMED
    draw_from: Direction
    turn_passes: Direction = Direction.LEFT
    first_turn: FirstTurn = FirstTurn.DEALER_OFFERS
    odd_mode: OddMode = OddMode.NAMED
    explicit_pairs: tuple[tuple[Card, Card], ...] = ()
    lay_down_alone: frozenset[Card] = frozenset()
    odd_card_holder: OddCardFate = OddCardFate.LOSES
    winners: Winners = Winners.ALL_OTHERS
    match: MatchRule | None = None
