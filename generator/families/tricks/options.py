"""The options of the trick-taking games, as data: who passes what to whom, who leads, when
hearts may be led, the first trick, trumps, what must be followed, the ranking of the cards,
sides, the deal (all the cards, or some each with a stock), bids, and the scoring and end of
the game (see ``scoring``).

Peppa, Chat Noir, Hearts, Whist, Briscola and Oh Hell are one engine with different options;
game.yaml's ``options`` are validated by ``schema`` and turned into these by ``family``. Every
default is the behaviour of the first games (no trumps, follow suit, ace high, each for
themselves, every card dealt, no bids), so a game that does not name an option keeps it.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from ...core.cards import Card, Rank, Suit
from .scoring import EndRule, Scoring


class Rotation(enum.StrEnum):
    CLOCKWISE = "clockwise"  # play passes to the left-hand neighbour, the next seat
    COUNTER_CLOCKWISE = "counter-clockwise"

    @property
    def step(self) -> int:
        return 1 if self is Rotation.CLOCKWISE else -1


class PassTo(enum.StrEnum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"  # a hand without passing

    def target(self, seat: int, players: int) -> int:
        """The seat that receives the cards ``seat`` passes."""
        step = {PassTo.LEFT: 1, PassTo.RIGHT: -1, PassTo.ACROSS: players // 2, PassTo.NONE: 0}
        return (seat + step[self]) % players


class FirstLead(enum.StrEnum):
    RIGHT_OF_DEALER = "right-of-dealer"
    LEFT_OF_DEALER = "left-of-dealer"
    TWO_OF_CLUBS = "two-of-clubs"  # its holder leads the first trick, and must lead it
    LOWEST_CLUB = "lowest-club"  # the lowest club in play leads it (the 3♣ without the 2♣)


class HeartsLead(enum.StrEnum):
    ANY_TIME = "any-time"
    WHEN_BROKEN = "when-broken"  # once a heart has been played, or with nothing else in hand


class FirstTrick(enum.StrEnum):
    ANYTHING = "anything"
    NO_POINTS = "no-points"  # no heart and no Q♠ on the first trick, unless nothing else is held


@dataclass(frozen=True, slots=True)
class Passing:
    count: int
    schedule: tuple[PassTo, ...]  # one direction per hand, repeated

    def direction(self, hand: int) -> PassTo:
        """Where the cards go in the ``hand``-th hand of a game (counting from 1)."""
        return self.schedule[(hand - 1) % len(self.schedule)] if self.schedule else PassTo.NONE


NO_PASSING = Passing(0, ())


class TrumpFrom(enum.StrEnum):
    """Where a hand's trump suit comes from."""

    NONE = "none"  # no trumps: only the suit led takes a trick
    SUIT = "suit"  # one suit, always (``Trumps.suit``)
    DEALER_LAST = "dealer-last"  # the dealer's last card is turned up, and stays in their hand
    TURNED = "turned"  # the top card of the stock after the deal is turned up
    BY_HAND = "by-hand"  # a suit (or none) hand by hand, in a fixed order (``Trumps.order``)


@dataclass(frozen=True, slots=True)
class Trumps:
    """Trumps: a trump takes a trick of any other suit, and the highest trump wins."""

    source: TrumpFrom = TrumpFrom.NONE
    suit: Suit | None = None  # with SUIT
    order: tuple[Suit | None, ...] = ()  # with BY_HAND: one per hand, repeated; None: no trumps
    must_trump: bool = False  # a player void in the suit led must play a trump if they hold one
    over_trump: bool = False  # a player playing a trump must beat the trumps in the trick if able
    # with TURNED and a stock to draw from: the turned card goes under the stock, drawn last
    turned_drawn_last: bool = False

    def suit_for(self, hand: int, turned: Suit | None = None) -> Suit | None:
        """The trump suit of the ``hand``-th hand (counting from 1), given the turned card's."""
        if self.source is TrumpFrom.SUIT:
            return self.suit
        if self.source is TrumpFrom.BY_HAND:
            return self.order[(hand - 1) % len(self.order)] if self.order else None
        if self.source in (TrumpFrom.DEALER_LAST, TrumpFrom.TURNED):
            return turned
        return None

    @property
    def turns_card(self) -> bool:
        return self.source in (TrumpFrom.DEALER_LAST, TrumpFrom.TURNED)


NO_TRUMPS = Trumps()


class Follow(enum.StrEnum):
    SUIT = "suit"  # a player who holds a card of the suit led must play one
    NONE = "none"  # any card may be played (Briscola): only the trick's winner is decided


class Sides(enum.StrEnum):
    EACH = "each"  # each for themselves
    PARTNERS = "partners"  # fixed partners across the table: seat i with seat i + n/2


@dataclass(frozen=True, slots=True)
class Dealing:
    """How many cards each player is dealt; the rest, if any, is the stock.

    ``size`` None deals every card out evenly; ``by_hand`` gives the size hand by hand (Oh
    Hell's 1, 2, ... 10, 9, ... 1), repeated after its last; ``draw``: after each trick, while
    the stock lasts, each player draws one card from it, the trick's winner first."""

    size: int | None = None
    by_hand: tuple[int, ...] = ()
    draw: bool = False

    def size_for(self, hand: int, cards: int, players: int) -> int:
        """The cards each player is dealt in the ``hand``-th hand (counting from 1)."""
        if self.by_hand:
            return self.by_hand[(hand - 1) % len(self.by_hand)]
        return self.size if self.size is not None else cards // players


ALL_DEALT = Dealing()


@dataclass(frozen=True, slots=True)
class Bidding:
    """Each player bids the tricks they will take, in turn from the player after the dealer
    (in the direction of play) to the dealer, before the first trick; a bid is 0 to the
    hand's tricks."""

    # the dealer, bidding last, may not make the bids add up to the tricks of the hand
    hook: bool = False


@dataclass(frozen=True, slots=True)
class TricksOptions:
    scoring: Scoring
    end: EndRule
    players: int = 4
    rotation: Rotation = Rotation.CLOCKWISE
    passing: Passing = NO_PASSING
    first_lead: FirstLead = FirstLead.RIGHT_OF_DEALER
    hearts_lead: HeartsLead = HeartsLead.ANY_TIME
    queen_breaks_hearts: bool = False
    first_trick: FirstTrick = FirstTrick.ANYTHING
    trumps: Trumps = NO_TRUMPS
    follow: Follow = Follow.SUIT
    # the ranks from the highest to the lowest in a trick (Briscola: A 3 K Q J 7 6 5 4 2);
    # empty: ace high, then K Q J 10 ... 2
    ranking: tuple[Rank, ...] = ()
    sides: Sides = Sides.EACH
    dealing: Dealing = ALL_DEALT
    bidding: Bidding | None = None
    # the hand ends after the trick that takes any of these (Barbu's K♥), the rest unplayed
    ends_with: tuple[Card, ...] = ()

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for: itself, or with partners seat i mod n/2."""
        return seat % (self.players // 2) if self.sides is Sides.PARTNERS else seat

    def side_seats(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side, side by side (each seat alone without partners)."""
        n = self.players
        if self.sides is Sides.PARTNERS:
            half = n // 2
            return tuple(tuple(range(s, n, half)) for s in range(half))
        return tuple((s,) for s in range(n))
