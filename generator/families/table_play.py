"""What every family's play table shares (pairs/play.py, tricks/play.py, and engine.js's
core beside them): rounds dealt from seeds by the shared generator, the deal passing to the
left from round to round, a match of several rounds, and the move vocabulary as JSON.

A family's table says how a shuffled pack is dealt and played; this base does the rest, the
same way in every family, as ``Table`` does in templates/static/play/engine.js.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Generic, Sequence, TypeVar

from ..core.cards import Card, card_name
from ..core.prng import Mulberry32
from .moves import Json, PlayError
from .scripted import GuideError, Script

G = TypeVar("G")


@dataclass(frozen=True)
class Deal:
    """A round's start given, not shuffled: the pack in the order the table deals it, or a
    position the round starts from (the family's JSON: the hands, and what else it states)."""

    pack: tuple[Card, ...] | None
    position: Json | None
    dealer: int
    round: int  # of the match, from 1: what passes and hand sizes follow


def checked_deal(deal: Json, cards: Sequence[Card], players: int) -> Deal:
    """``deal`` JSON as a ``Deal``: a pack of every card in play once, or a ``position``
    (an object, which the family's table checks: ``position_error``), a dealer at the
    table, a round from 1; else ``PlayError`` ``bad-deal`` saying what is wrong (engine.js:
    checkedDeal)."""
    def fail(why: str) -> PlayError:
        return PlayError("bad-deal", f"not a deal: {why}", [])
    pack, position = deal.get("pack"), deal.get("position")
    if (pack is None) == (position is None):
        raise fail("a deal gives exactly one of a pack and a position")
    if position is not None and not isinstance(position, dict):
        raise fail("position is not an object")
    if position is None:
        if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
            raise fail("pack is not a list of cards")
        if sorted(pack) != sorted(card_name(c) for c in cards):
            raise fail("pack is not the cards in play, each once")
    dealer = deal.get("dealer")
    if not (isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < players):
        raise fail(f"no seat {json.dumps(dealer)} deals")
    number = deal.get("round", 1)
    if not (isinstance(number, int) and not isinstance(number, bool) and number >= 1):
        raise fail(f"round {json.dumps(deal.get('round'))} is not 1 or more")
    if isinstance(pack, list):
        by_name = {card_name(c): c for c in cards}
        return Deal(tuple(by_name[c] for c in pack), None, dealer, number)
    return Deal(None, position, dealer, number)


def position_cards(position: Json, keys: Sequence[str], cards: Sequence[Card], players: int
                   ) -> str | None:
    """What is wrong with the cards of a ``position`` (engine.js: positionCards): each of
    ``keys`` (``hands`` and the others a family reads; only ``hands`` must be there) a list
    of a list of cards a seat, every card one in play and placed once; None when sound."""
    in_play = {card_name(c) for c in cards}
    seen: set[str] = set()
    for key in keys:
        lists = position.get(key)
        if lists is None and key != "hands":
            continue
        if not isinstance(lists, list) or len(lists) != players or not all(
                isinstance(h, list) and all(isinstance(c, str) for c in h) for h in lists):
            return f"{key} is not a list of cards for each of the {players} seats"
        for card in (c for h in lists for c in h):
            if card not in in_play:
                return f"{card} in {key} is not a card in play"
            if card in seen:
                return f"{card} is placed twice"
            seen.add(card)
    return None


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

    # -- an example script at the table (families/guide.py; each family's script_play.py) --

    def example_start(self, script: Script, dealer: int) -> Json:
        """How the script's round starts on this table, ``dealer`` dealing: ``{"pack"}``,
        the pack this table deals into the script's hands, or ``{"position"}``, the
        position it starts from (see ``start_from``)."""
        raise GuideError(f"the {self.family} table plays no example script")

    def example_moves(self, script: Script) -> tuple[list[Json], int, list[int]]:
        """The script's moves played on this table (started by ``example_start``): the moves,
        how many come before the first step, and the moves made by the end of each step."""
        raise GuideError(f"the {self.family} table plays no example script")

    def example_result(self, script: Json, result: Json, seats: list[str]) -> str | None:
        """What this table's ``result`` says against the script's, or None if they agree."""
        return None

    # -- a round from a position (an example that starts late in a round) -------------------

    def position_error(self, position: Json) -> str | None:
        """What is wrong with ``position`` for this table, or None when it can start from it
        (checked before the table changes; engine.js: positionError)."""
        return f"the {self.family} table starts no round from a position"

    def start_from(self, position: Json) -> None:
        """Start this round (``self.dealer`` dealer, ``self.round_number`` its number) from
        ``position``, which ``position_error`` passed: the twin of ``deal`` for a round an
        example takes up late."""
        raise NotImplementedError(self.family)

    # -- rounds -------------------------------------------------------------------------------

    def first_dealer(self) -> int:
        return int(self.options.get("dealer", 0))

    def new_round(self, seed: int, deal: Json | None = None) -> Json:
        """A new match (or single round): its first round, dealt from ``seed``; or, given
        ``deal`` (``{"pack", "dealer", "round"}``, see ``checked_deal``), from that pack in
        that order, ``dealer`` dealing, as the round-th of a match: an example round's deal
        (the play page's guide). The seed still seeds the computer players."""
        given = None if deal is None else checked_deal(deal, self.cards, self.players)
        if given is not None and given.position is not None:
            why = self.position_error(given.position)
            if why is not None:
                raise PlayError("bad-deal", f"not a position: {why}", [])
        self.round_number = 0
        self.dealer = (self.first_dealer() if given is None else given.dealer) - 1
        self.new_match()
        if given is None:
            return self.next_round(seed)
        self.round_number = given.round - 1
        if given.position is not None:
            return self._deal_next(seed, None, given.position)
        return self._deal_next(seed, list(given.pack or ()))

    def next_round(self, seed: int) -> Json:
        """The next round of the match: the deal passes to the left. ``PlayError``
        (``match-over``) once the match is over: ``new_round`` starts another."""
        if self.round_number and self.match_over():
            raise PlayError("match-over", "the match is over: new_round starts another", [])
        return self._deal_next(seed, None)

    def _deal_next(self, seed: int, pack: list[Card] | None, position: Json | None = None
                   ) -> Json:
        """The next round dealt from ``pack``, or started from ``position``, or dealt from
        the pack shuffled by ``seed``."""
        self.round_number += 1
        self.dealer = (self.dealer + 1) % self.players
        self.seed = seed & 0xFFFFFFFF
        if position is not None:
            self.start_from(position)
            return self.to_json()
        if pack is None:
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
