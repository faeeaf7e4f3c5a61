"""What the figures say, in sentences computed from them: which seats lose most and least
and whether that difference is real, why seats can differ at all (what the rules say, not a
guess), and how long a round lasts. Each sentence goes through the UI catalogs.

Two figures differ measurably when their 95 % intervals do not overlap; seats whose
intervals overlap are said not to differ. (Overlapping intervals can still hide a real but
small difference: the sentence says "not measurably", which is what the figures support.)"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, Sequence

from babel.lists import format_list

from ..core.languages import Messages, _n_, _np_
from ..simulation.run import SeatNote
from ..simulation.stats import Figure

SAME = _n_("The seats' chances of losing, from %(low)s to %(high)s, do not differ measurably: "
           "every seat's 95%% interval overlaps the others', so the differences may be chance.")
MOST = _np_("%(seats)s loses most often (%(share)s).", "%(seats)s lose most often (%(share)s).")
LEAST = _np_("%(seats)s loses least often (%(share)s).", "%(seats)s lose least often (%(share)s).")
WHY = _n_("Shuffled cards and random moves treat every seat alike; only the deal and the "
          "order of play set them apart.")
# The same of a game of taking, whose figures say who wins (the by-seat share "wins").
SAME_WINS = _n_("The seats' chances of winning, from %(low)s to %(high)s, do not differ "
                "measurably: every seat's 95%% interval overlaps the others', so the "
                "differences may be chance.")
MOST_WINS = _np_("%(seats)s wins most often (%(share)s).", "%(seats)s win most often (%(share)s).")
LEAST_WINS = _np_("%(seats)s wins least often (%(share)s).",
                  "%(seats)s win least often (%(share)s).")
SPREAD = _n_("Nine in ten of them last from %(low)s to %(high)s.")


class Words(Protocol):
    """How a language writes what the sentences hold (numbers.Formatter)."""

    lang: str
    msgs: Messages

    def share(self, p: float, decimals: int = 1) -> str: ...

    def whole(self, n: int) -> str: ...

    def seat_short(self, seat: int) -> str: ...


@dataclass(frozen=True, slots=True)
class SeatGroups:
    """Seats by their chance of losing: ``differ`` when the highest and the lowest intervals
    do not overlap; then ``most`` are the seats measurably above the lowest one and not below
    the highest one, ``least`` the reverse (each in seat order)."""

    differ: bool
    most: tuple[int, ...]
    least: tuple[int, ...]


def overlap(a: Figure, b: Figure) -> bool:
    return a.low <= b.high and b.low <= a.high


def seat_groups(figures: Sequence[Figure]) -> SeatGroups:
    """``figures``: one seat's figure each, in seat order."""
    seats = range(len(figures))
    top = max(seats, key=lambda s: (figures[s].estimate, -s))
    bottom = min(seats, key=lambda s: (figures[s].estimate, s))
    if overlap(figures[top], figures[bottom]):
        return SeatGroups(False, (), ())
    most = tuple(s for s in seats if overlap(figures[s], figures[top])
                 and not overlap(figures[s], figures[bottom]))
    least = tuple(s for s in seats if overlap(figures[s], figures[bottom])
                  and not overlap(figures[s], figures[top]))
    return SeatGroups(True, most, least)


def seat_name(seat: int, w: Words) -> str:
    """A seat as the subject of a sentence: "the dealer", "seat +2"."""
    if seat == 0:
        return w.msgs.gettext("the dealer")
    return w.msgs.gettext("seat %(num)s") % {"num": w.seat_short(seat)}


def seats_named(seats: Sequence[int], w: Words) -> str:
    return format_list([seat_name(s, w) for s in seats], locale=w.lang)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _shares(figures: Sequence[Figure], w: Words) -> str:
    """One share, or the range of several."""
    values = sorted(f.estimate for f in figures)
    if w.share(values[0]) == w.share(values[-1]):
        return w.share(values[0])
    return w.msgs.gettext("%(low)s to %(high)s") % {"low": w.share(values[0]),
                                                     "high": w.share(values[-1])}


def seat_sentences(figures: Sequence[Figure], w: Words, *, wins: bool = False) -> list[str]:
    """What the chart of losing (or, ``wins``, of winning) by seat shows: who loses (wins)
    most and least, or that the seats do not differ measurably."""
    if len(figures) < 2:
        return []
    groups = seat_groups(figures)
    if not groups.differ:
        values = sorted(f.estimate for f in figures)
        return [w.msgs.gettext(SAME_WINS if wins else SAME) % {
            "low": w.share(values[0]), "high": w.share(values[-1])}]
    out = []
    most, least = (MOST_WINS, LEAST_WINS) if wins else (MOST, LEAST)
    for msgids, seats in ((most, groups.most), (least, groups.least)):
        text = w.msgs.ngettext(*msgids, len(seats)) % {
            "seats": seats_named(seats, w), "share": _shares([figures[s] for s in seats], w)}
        out.append(capitalised(text))
    return out


def why_sentences(notes: Sequence[SeatNote], w: Words) -> list[str]:
    """Why seats can differ: the rules' own reasons (the simulation's seat notes)."""
    if not notes:
        return []
    out = [w.msgs.gettext(WHY)]
    for note in notes:
        values = {"seats": seats_named(note.seats, w)}
        if note.other is not None:
            values["other"] = seat_name(note.other, w)
        out.append(capitalised(w.msgs.ngettext(*note.text, len(note.seats)) % values))
    return out


def percentile(counts: dict[int, int], share: float) -> int:
    """The least value at or below which ``share`` of the counted units lie."""
    total, seen = sum(counts.values()), 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= share * total:
            return value
    return max(counts)


def length_sentences(mean: Figure | None, counts: dict[int, int], lengths_mean: tuple[str, str],
                     w: Words) -> list[str]:
    """How long a round lasts on average, and the range nine in ten stay within; nothing
    where every round lasts as long (Briscola's one hand, Oh Hell's fixed run of hands): the
    rules say that, and "about 1 hand on average" would say it badly."""
    if mean is None or mean.sd == 0:
        return []
    about = round(mean.estimate)
    out = [w.msgs.ngettext(*lengths_mean, about) % {"num": w.whole(about)}]
    if counts:
        low, high = percentile(counts, 0.05), percentile(counts, 0.95)
        if low != high:
            out.append(w.msgs.gettext(SPREAD) % {"low": w.whole(low), "high": w.whole(high)})
    return out
