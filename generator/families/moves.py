"""What the play tables (pairs/play.py, tricks/play.py) share: the refusal of a move."""

from __future__ import annotations

from typing import Any

from ..core.cards import Card, card_name, parse_card

Json = dict[str, Any]


class PlayError(ValueError):
    """A move refused: ``code`` is the engine's fault (the finding code of `rulebook check`:
    ``revoke``, ``illegal-lead``, ...), ``legal`` the moves allowed instead."""

    def __init__(self, code: str, message: str, legal: list[Json]) -> None:
        super().__init__(message)
        self.code = code
        self.legal = legal

    def to_json(self) -> Json:
        return {"error": self.code, "message": str(self), "legal": self.legal}


def seat_of(value: object, players: int) -> int:
    """A seat number of a JSON move: a whole number, 0 to players - 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise ValueError(f"seat {value!r} is not one of 0 to {players - 1}")
    return value


def card_of(value: object) -> Card:
    """A card of a JSON move, in the canonical notation only ("10♥", not "th"): the browser
    compares cards as text."""
    card = parse_card(str(value))
    if not isinstance(value, str) or card_name(card) != value:
        raise ValueError(f"{value!r} is not a card in the notation of the scripts")
    return card
