"""What a trick-taking example really did, as the replay proved it: the data the page
renders. Data only."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.cards import Card, Suit
from .options import PassTo
from .scoring import GameVerdict

Hands = dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class TrickReplay:
    number: int  # within the hand, counting from 1
    leader: str
    cards: tuple[tuple[str, Card], ...]  # (seat, card) in order of play
    winner: str
    points: int
    broken: bool  # hearts are broken once this trick is over
    hands_before: Hands
    draws: tuple[tuple[str, Card], ...] = ()  # (seat, card) drawn from the stock after it


@dataclass(frozen=True)
class SheetRow:
    hand: int
    scores: dict[str, int]
    totals: dict[str, int]


@dataclass
class Replay:
    """What really happened in a trick-taking example, ready to be rendered."""

    name: str
    variant: str | None
    seats: tuple[str, ...]
    dealer: str | None
    hand: int = 1  # which hand of the game: it sets the passing
    pass_count: int = 0  # the cards each player passes when a hand passes
    pass_to: PassTo | None = None
    dealt: Hands | None = None
    passes: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    start: Hands | None = None  # the hands when play begins (after passing), or the position
    taken_before: Hands = field(default_factory=dict)  # a position: cards already taken
    tricks: list[TrickReplay] = field(default_factory=list)
    points: dict[str, int] = field(default_factory=dict)  # card values taken in the hand
    tricks_won: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)  # the hand's scores
    slam: str | None = None  # who took everything
    trump: Suit | None = None  # the hand's trump suit
    turned: Card | None = None  # the card turned up for trumps
    stock: tuple[Card, ...] = ()  # the stock after the deal, top first, as drawn
    bids: dict[str, int] = field(default_factory=dict)  # in the order of bidding
    sides: tuple[tuple[str, ...], ...] = ()  # with partners: the seats of each side
    side_tricks: tuple[int, ...] = ()
    side_scores: tuple[int, ...] = ()
    complete: bool = False  # every scripted step replayed, and the hand (or game) is over
    scored: bool = True  # False: the game's scores are outside the model (none is shown)
    sheet: list[SheetRow] = field(default_factory=list)
    verdict: GameVerdict | None = None
    losers: tuple[str, ...] = ()
    winners: tuple[str, ...] = ()
