"""What the play tables share to play an example script (families/guide.py): the script's
seats and cards read as a table reads them, and the error of a script a table cannot play.
Each family's table turns a script into a start, a pack or a position (``example_start``,
``example_moves`` in its play.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from .moves import Json, PlayError


class GuideError(ValueError):
    """An example round the play table cannot play as its script writes it."""


def cards_of(text: Any) -> list[str]:
    """A script's cards (``"K♠ 6♠"`` or ``["K♠", "6♠"]``) as a list."""
    if text is None:
        return []
    return text.split() if isinstance(text, str) else [str(c) for c in text]


@dataclass
class Script:
    """An example script as a play table reads it: the script, its seats, the game's options
    for play, and the table it is played on."""

    script: Json  # the example's spec, as YAML would give it (aliases: "from", "pass")
    seats: list[str]
    options: Json
    table: Any = None  # the PlayTable it is played on

    def seat(self, name: str) -> int:
        if name not in self.seats:
            raise GuideError(f"{name!r} is not one of the seats {self.seats}")
        return self.seats.index(name)

    def hands(self) -> list[list[str]]:
        deal = self.script.get("deal")
        if not deal:
            raise GuideError("the example deals no cards (only how many, or a score sheet)")
        return [cards_of(deal.get(name)) for name in self.seats]

    def position(self) -> list[list[str]] | None:
        """What each seat holds where the script starts from a position, else None."""
        held = self.script.get("position")
        return None if held is None else [cards_of(held.get(name)) for name in self.seats]

    def rest(self, used: Sequence[str]) -> list[str]:
        """The cards in play the script does not place, in deck order (a stock's bottom)."""
        seen = set(used)
        return [c for c in self.options["cards"] if c not in seen]

    def play(self, move: Json) -> Json:
        """``move`` played on the table; ``GuideError`` when the table refuses it."""
        try:
            event: Json = self.table.play(move)
            return event
        except PlayError as err:
            raise GuideError(f"the table refuses {move} ({err.code}: {err})") from None


def round_robin(hands: list[list[str]], dealer: int, count: int) -> list[str]:
    """The pack that deals ``hands`` one card at a time from the dealer's left, ``count``
    cards in all; a hand that runs out before its turn is not such a deal."""
    n = len(hands)
    taken = [0] * n
    pack = []
    for i in range(count):
        seat = (dealer + 1 + i) % n
        if taken[seat] >= len(hands[seat]):
            raise GuideError("the hands are not dealt one card at a time from the dealer's left")
        pack.append(hands[seat][taken[seat]])
        taken[seat] += 1
    return pack
