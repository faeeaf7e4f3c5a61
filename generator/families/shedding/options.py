"""The options of the shedding games (Crazy Eights, Mau-Mau, Macao), as data: enums and small
frozen tables.

The three games are one engine with different options; game.yaml's ``options`` are
validated by ``schema`` and turned into these by ``family``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Mapping

from ...core.cards import Card, Rank


class Direction(enum.StrEnum):
    LEFT = "left"  # clockwise: the next seat
    RIGHT = "right"

    @property
    def step(self) -> int:
        return 1 if self is Direction.LEFT else -1


class TurnedSpecial(enum.StrEnum):
    """What happens when the card turned to start the pile is a special card."""

    BOTTOM = "bottom"  # it goes under the stock and the next card is turned
    TAKES_EFFECT = "takes-effect"  # the first player acts on it (draws, is skipped, ...)
    NO_EFFECT = "no-effect"  # it counts as an ordinary card of its suit and rank


class Stacking(enum.StrEnum):
    """Whether a player made to draw may pass the penalty on with a draw card of their own."""

    NONE = "none"
    SAME_RANK = "same-rank"
    ANY_DRAW = "any-draw"


class Unable(enum.StrEnum):
    """What a player who does not (or cannot) play does."""

    DRAW_ONE = "draw-one"  # draw one card, then play a card that fits or pass
    DRAW_ONE_AND_PASS = "draw-one-and-pass"  # draw one card; the turn ends
    DRAW_UNTIL_PLAYABLE = "draw-until-playable"  # draw until a card fits (or nothing is left)


class EmptyStock(enum.StrEnum):
    TURN_OVER = "turn-over"  # the pile but its top card, turned face down as it lies
    SHUFFLE = "shuffle"  # the pile but its top card, shuffled


class Scoring(enum.StrEnum):
    NONE = "none"  # the first player out wins the hand; no points
    WINNER_COLLECTS = "winner-collects"  # the winner scores the cards left in the others' hands
    PENALTY = "penalty"  # each other player scores the cards left in their own hand, low wins


@dataclass(frozen=True, slots=True)
class Special:
    """What a card does when it is played; ``cards`` selects it by rank, or names cards."""

    ranks: frozenset[Rank] = frozenset()
    cards: frozenset[Card] = frozenset()
    wild: bool = False  # goes on any card, and its player names the suit to follow
    on_anything: bool = False  # goes on any card, names no suit (the joker of Macao)
    draw: int = 0  # the next player draws this many (unless they pass it on)
    skip: bool = False  # the next player misses a turn
    cancels_draw: bool = False  # may be played on a pending draw, which it cancels
    reverse: bool = False  # the direction of play turns round
    again: bool = False  # its player plays again

    def selects(self, card: Card) -> bool:
        return card in self.cards or (card.rank is not None and card.rank in self.ranks)


@dataclass(frozen=True, slots=True)
class Announcement:
    call: str  # what is said ("Last card", "Macao")
    penalty: int  # cards drawn by a player who does not say it


@dataclass(frozen=True, slots=True)
class MatchRule:
    target: int  # the match ends when a player's total reaches this


@dataclass(frozen=True, slots=True)
class ShedOptions:
    cards_dealt: Mapping[int, int]  # by player count
    dealt_any: int | None = None  # for any player count the deck allows, when one number
    specials: tuple[Special, ...] = ()
    direction: Direction = Direction.LEFT
    turned_special: TurnedSpecial = TurnedSpecial.NO_EFFECT
    several: bool = False  # several cards of one rank may be played at once
    wild_on_wild: bool = True  # a wild card may go on a wild card
    stacking: Stacking = Stacking.NONE
    skip_passed_on: bool = False  # a player to be skipped may pass it on with a skip card
    unable: Unable = Unable.DRAW_ONE
    draw_when_able: bool = False  # a player who could play may draw instead
    empty_stock: EmptyStock = EmptyStock.TURN_OVER
    announcement: Announcement | None = None
    scoring: Scoring = Scoring.NONE
    # by rank, or a joker (★: both jokers, unless ☆ prices the red joker apart)
    points: Mapping[Rank | Card, int] = field(default_factory=dict)
    match: MatchRule | None = None
