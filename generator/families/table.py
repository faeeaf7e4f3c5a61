"""The table view of an example step, whatever the family: the seats around a table with
their hands, what changed at this step, and the rules the step shows. Each family fills it
from its replay's records, so what the page draws is what the engine proved.

Seats are placed on a physical table seen from above, the first seat at the bottom and the
others clockwise (bottom, left, top, right for four). The table is not mirrored on
right-to-left pages: play that goes clockwise goes clockwise in every language; only the
lines of text around it read right to left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypedDict

from markupsafe import Markup

from ..core.cards import Card
from ..core.markup import card_html

# Places on a 3×3 grid, clockwise from the bottom, for 2 to 8 seats.
_PLACES: dict[int, tuple[str, ...]] = {
    2: ("s", "n"),
    3: ("s", "nw", "ne"),
    4: ("s", "w", "n", "e"),
    5: ("s", "w", "nw", "ne", "e"),
    6: ("s", "sw", "nw", "n", "ne", "se"),
    7: ("s", "sw", "w", "nw", "ne", "e", "se"),
    8: ("s", "sw", "w", "nw", "n", "ne", "e", "se"),
}


def places(count: int) -> tuple[str, ...]:
    """Where each of ``count`` seats sits on the table; more than 8 share the bottom row."""
    return _PLACES.get(count, tuple("s" for _ in range(count)))


class TableSeat(TypedDict):
    key: str  # the script's seat name: a stable handle for the page's script and tests
    name: str  # the seat's name in this language
    place: str  # s, sw, w, nw, n, ne, e, se
    dealer: str  # the dealer's badge, in the dealer's gender; "" for the other seats
    role: str  # what this seat does at this step, in words ("" for nothing)
    active: bool  # the seat that moves or wins at this step
    changed: bool  # its hand changed at this step
    out: str  # "out" in the seat's gender when it has no cards left, else ""
    hand: Markup  # the cards held, the new ones marked
    count: int
    played: Markup | None  # a trick: the card this seat played
    order: int  # a trick: when it played (1 = led), 0 when it did not play
    wins: str  # a trick: "takes the trick" in the seat's gender for its winner, else ""
    points: int | None  # a trick: points taken in the hand so far; None when not shown


class ExampleBase(TypedDict):
    """What every family's example round gives its partial template (each family adds its
    own: the pairs laid down, the passes, the totals, ...)."""

    id: str
    rtl: bool
    title: str
    play: str  # "Play goes clockwise." or counter-clockwise
    rotation: str  # "clockwise" or "counter-clockwise", for the table's arrow
    table: list[TableStep]
    intro_html: Markup
    start_html: Markup
    result_html: Markup


class TableStep(TypedDict):
    id: str  # "<example id>-<n>": the step's own address
    number: int  # 1..n within the example
    label: str  # "Step 3" / "Trick 3"
    rules: list[Markup]  # the rules this step shows, as short callouts
    narration: Markup | None
    move: Markup  # the move in one line
    notes: list[Markup]  # what follows from the move: a pair down, who is out, the points
    center: Markup  # what lies in the middle of the table
    seats: list[TableSeat]
    show_hands: bool  # a trick's hands go in a list under the table, not in the seats


@dataclass(frozen=True)
class Callout:
    """A rule a step shows, as a short callout. ``rule`` names the rule and is the same at
    every step where it applies; ``matters`` is set where, this time, the rule changes the
    play (the family says when, from what its engine recorded)."""

    rule: str
    html: Markup
    matters: bool = False


def first_callouts(steps: Sequence[Sequence[Callout]]) -> list[list[Markup]]:
    """Each step's callouts: a rule is shown the first time it applies in an example, and
    after that only where it changes the play. Repeated at every step it applies to ("A
    player who cannot follow suit may play any card" on 14 of 17 Hearts tricks), a rule
    buries the callouts that teach something new."""
    seen: set[str] = set()
    out: list[list[Markup]] = []
    for callouts in steps:
        shown = [c.html for c in callouts if c.matters or c.rule not in seen]
        seen.update(c.rule for c in callouts)
        out.append(shown)
    return out


def hand_html(cards: Sequence[Card], new: Sequence[Card] = ()) -> Markup:
    """The cards of a hand, each as the site's card; the ones just received in ``<ins>``, so
    that the change is told by more than a colour."""
    parts = [Markup('<ins class="tv-new">{}</ins>').format(Markup(card_html(c))) if c in new
             else Markup(card_html(c)) for c in cards]
    return Markup(" ").join(parts)


def direction_word(step: int) -> str:
    """``clockwise`` or ``counter-clockwise`` for a seat step of +1 or -1 (seats are listed
    clockwise)."""
    return "clockwise" if step > 0 else "counter-clockwise"
