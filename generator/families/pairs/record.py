"""What an example round of a pairing game really did, as the replay proved it: the data the
page renders. Data only."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core.cards import Card

Hands = dict[str, tuple[Card, ...]]


@dataclass(frozen=True)
class ReplayStep:
    drawer: str
    source: str
    card: Card
    pair: tuple[Card, Card] | None
    out: tuple[str, ...]
    before: Hands
    after: Hands


@dataclass
class Replay:
    """What really happened in an example round, ready to be rendered."""

    name: str
    variant: str | None
    seats: tuple[str, ...]
    dealer: str
    dealt: Hands | None = None
    deal_counts: dict[str, int] | None = None
    kept_counts: dict[str, int] | None = None
    hidden_card: Card | None = None
    start: Hands | None = None  # hands after the first pairs
    first_pairs: dict[str, tuple[tuple[Card, Card], ...]] = field(default_factory=dict)
    laid_alone: dict[str, tuple[Card, ...]] = field(default_factory=dict)
    first_drawer: str | None = None
    steps: list[ReplayStep] = field(default_factory=list)
    loser: str | None = None
    winners: tuple[str, ...] = ()
    complete: bool = False  # every move replayed and the round is over
