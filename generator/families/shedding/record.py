"""What an example hand of a shedding game really did, as the replay proved it: the data the
page renders. Data only."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.cards import Card, Suit

Hands = dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class ReplayStep:
    seat: str
    kind: str  # "play", "draw" or "pass"
    cards: tuple[Card, ...]  # played, or drawn
    suit: Suit | None  # named with a wild card
    announced: bool
    penalty: tuple[Card, ...]  # drawn for a missed call
    skipped: tuple[str, ...]
    reversed: bool
    restocked: bool
    top: Card  # the pile's top card after the move
    asked: Suit | None  # the suit to follow after the move
    pending: int  # cards the next player must draw
    stops: int  # turns the next player misses unless they pass the stop on
    cancelled: int  # the cards of a draw this play cancelled
    missed: int  # a stop taken: the turns the player misses, this one the first
    stock: int  # cards in the stock after the move
    before: Hands
    after: Hands
    out: bool


@dataclass
class Replay:
    """What really happened in an example hand, ready to be rendered."""

    name: str
    variant: str | None
    seats: tuple[str, ...]
    dealer: str
    dealt: Hands = field(default_factory=dict)
    turned: Card | None = None  # the card turned first
    start_top: Card | None = None  # the pile's top when play starts (after any buried card)
    stock: int = 0  # cards in the stock when play starts
    first: str | None = None
    steps: list[ReplayStep] = field(default_factory=list)
    winner: str | None = None
    points: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    complete: bool = False  # every move replayed and the hand is over
