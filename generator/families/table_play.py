"""What every family's play table shares (pairs/play.py, tricks/play.py, and engine.js's
core beside them): rounds dealt from seeds by the shared generator, the deal passing to the
left from round to round, a match of several rounds, and the move vocabulary as JSON.

A family's table says how a shuffled pack is dealt and played; this base does the rest, the
same way in every family, as ``Table`` does in templates/static/play/engine.js.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, Sequence, TypeVar

from ..core.cards import Card
from ..core.prng import Mulberry32
from .moves import Json, PlayError

G = TypeVar("G")


class PlayTable(ABC, Generic[G]):
    """One family's game at one table: a match of rounds, each dealt from a seed."""

    family: str  # the family's name: the ``family`` of its options and of its states

    def __init__(self, options: Json) -> None:
        self.options = options
        self.game: G = self.game_from_options(options)
        self.players: int = options["players"]
        self.order = {card: i for i, card in enumerate(self.cards)}
        self.round_number = 0
        self.dealer = self.first_dealer() - 1
        self.seed = 0
        self.new_match()

    # -- what a family's table says ---------------------------------------------------------

    @staticmethod
    @abstractmethod
    def game_from_options(options: Json) -> G:
        """The engine's game from ``play_options`` JSON."""

    @property
    @abstractmethod
    def cards(self) -> Sequence[Card]:
        """The cards in play, in deck order (the order hands are shown in)."""

    @abstractmethod
    def new_match(self) -> None:
        """Forget the rounds of the match played so far."""

    @abstractmethod
    def deal(self, pack: list[Card]) -> None:
        """Deal the shuffled ``pack`` for this round (``self.dealer`` deals) and start it."""

    @abstractmethod
    def turn(self) -> int | None: ...

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_moves(self) -> list[Json]: ...

    @abstractmethod
    def play(self, move: Json) -> Json: ...

    @abstractmethod
    def view(self, seat: int) -> Json:
        """What ``seat`` may know, and nothing more: what its computer player decides from."""

    @abstractmethod
    def bot_move(self, seat: int) -> Json: ...

    @abstractmethod
    def to_json(self) -> Json: ...

    # -- rounds -------------------------------------------------------------------------------

    def first_dealer(self) -> int:
        return int(self.options.get("dealer", 0))

    def new_round(self, seed: int) -> Json:
        """A new match (or single round): its first round, dealt from ``seed``."""
        self.round_number = 0
        self.dealer = self.first_dealer() - 1
        self.new_match()
        return self.next_round(seed)

    def next_round(self, seed: int) -> Json:
        """The next round of the match: the deal passes to the left. ``PlayError``
        (``match-over``) once the match is over: ``new_round`` starts another."""
        if self.round_number and self.match_over():
            raise PlayError("match-over", "the match is over: new_round starts another", [])
        self.round_number += 1
        self.dealer = (self.dealer + 1) % self.players
        self.seed = seed & 0xFFFFFFFF
        pack = list(self.cards)
        Mulberry32(self.seed).shuffle(pack)
        self.deal(pack)
        return self.to_json()

    def match_over(self) -> bool:
        """Whether the match has ended by its rule (a game of one round has no match)."""
        match = self.to_json()["match"]
        return bool(match and match["over"])

    def sorted(self, cards: Sequence[Card]) -> list[Card]:
        """Cards in deck order."""
        return sorted(cards, key=self.order.__getitem__)
