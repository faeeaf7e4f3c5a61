"""What each card is worth, said shortly for the player aid: the family's values from the
engine (``card_values``), gathered as a player reads them, the largest first:

    a whole suit at one value             ♥: 1 each
    ranks at one value in every suit      J Q K: 10 each
    number cards worth their number       2–7 9 10: the number on the card
    a run of one suit at one value        2♥–9♥: 1 each
    a run of one suit worth its number    2♥–10♥: minus the number on the card
    a single card                         Q♠ 13
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from markupsafe import Markup, escape

from ..core import markup
from ..core.cards import Card, Rank, Suit
from ..core.cardwords import rank_letter
from ..core.languages import Messages

_NUMBERS = {r: int(r.value) for r in Rank if r.value.isdigit()}
_LOW_TO_HIGH = sorted(Rank, key=lambda r: r.high)
_SHORTEST_RUN = 3  # fewer cards are said one by one


@dataclass(frozen=True)
class Worth:
    """One line: the cards and what each is worth."""

    kind: str  # "suit", "ranks", "numbers" (every suit), "run" (one suit) or "card"
    cards: tuple[Card, ...]
    value: int  # for "numbers" and a numbered run: +1 or -1, the number's sign
    numbered: bool = False  # each card worth (plus or minus) its number


def gather(values: Mapping[Card, int], deck: Sequence[Card]) -> list[Worth]:
    """The lines for ``values`` (cards not in it count nothing)."""
    left = {c: v for c, v in values.items() if v}
    out: list[Worth] = []

    def take(worth: Worth) -> None:
        out.append(worth)
        for c in worth.cards:
            del left[c]

    for suit in Suit:  # a whole suit at one value: Hearts' hearts
        cards = tuple(c for c in deck if c.suit is suit)
        if len(cards) >= _SHORTEST_RUN and all(c in left for c in cards) \
                and len({left[c] for c in cards}) == 1:
            take(Worth("suit", cards, left[cards[0]]))
    whole = {r: cs for r in Rank if (cs := tuple(c for c in deck if c.rank is r))
             and all(c in left for c in cs) and len({left[c] for c in cs}) == 1}
    numbers = [r for r in _LOW_TO_HIGH if r in whole and left[whole[r][0]] == _NUMBERS.get(r)]
    if len(numbers) >= _SHORTEST_RUN:  # the number cards at their number: Macao's
        take(Worth("numbers", tuple(c for r in numbers for c in whole.pop(r)), 1, True))
    by_value: dict[int, list[Card]] = {}
    for cs in whole.values():  # ranks at one value in every suit
        by_value.setdefault(left[cs[0]], []).extend(cs)
    for value, ranked in by_value.items():
        take(Worth("ranks", tuple(ranked), value))
    for suit in Suit:  # runs of one suit: numbered, or at one value
        of_suit = sorted((c for c in left if c.suit is suit),
                         key=lambda c: c.rank.high if c.rank else 0)
        for run in _runs(of_suit, lambda c: _sign(c, left[c])):
            if len(run) >= _SHORTEST_RUN:
                take(Worth("run", tuple(run), _sign(run[0], left[run[0]]) or 1, True))
        for run in _runs([c for c in of_suit if c in left], lambda c: left[c]):
            if len(run) >= 2:
                take(Worth("run", tuple(run), left[run[0]]))
    out.extend(Worth("card", (c,), v) for c, v in left.items())
    order = {c: i for i, c in enumerate(deck)}
    return sorted(out, key=lambda w: (w.numbered, -abs(w.value), order.get(w.cards[0], 0)))


def _sign(card: Card, value: int) -> int | None:
    """+1 or -1 when ``card`` is worth its number (or minus it), else None."""
    number = _NUMBERS.get(card.rank) if card.rank is not None else None
    return None if number is None else 1 if value == number else -1 if value == -number else None


def _runs(cards: list[Card], key: Callable[[Card], int | None]) -> list[list[Card]]:
    """Stretches of consecutive ranks (cards of one suit, low to high) with one key, not None."""
    runs: list[list[Card]] = []
    for c in cards:
        k = key(c)
        last = runs[-1] if runs else None
        if k is not None and last and key(last[-1]) == k and _next(last[-1], c):
            last.append(c)
        elif k is not None:
            runs.append([c])
    return runs


def _next(low: Card, high: Card) -> bool:
    return low.rank is not None and high.rank is not None \
        and _LOW_TO_HIGH.index(high.rank) == _LOW_TO_HIGH.index(low.rank) + 1


def _letters(ranks: list[Rank], lang: str, local: bool) -> str:
    """Ranks low to high; three or more consecutive number ranks as a range: "2–7 9 10"."""
    groups: list[list[Rank]] = []
    for r in sorted(ranks, key=lambda r: r.high):
        if groups and _LOW_TO_HIGH.index(r) == _LOW_TO_HIGH.index(groups[-1][-1]) + 1:
            groups[-1].append(r)
        else:
            groups.append([r])
    parts: list[str] = []
    for g in groups:
        letters = [rank_letter(r, lang, local=local) for r in g]
        numbered = all(r in _NUMBERS for r in g)
        parts.extend([f"{letters[0]}–{letters[-1]}"] if numbered and len(g) >= _SHORTEST_RUN
                     else letters)
    return " ".join(parts)


def _signed(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)  # a true minus sign


def lines(worths: Sequence[Worth], msgs: Messages, lang: str, *, local: bool) -> list[Markup]:
    """Each line as the aid prints it, in the page's card style."""
    out = []
    for w in worths:
        if w.kind == "card":
            out.append(Markup("%s %s") % (Markup(markup.cards_html(w.cards)), _signed(w.value)))
            continue
        label: Markup
        if w.kind == "suit":
            colour = "card-red" if w.cards[0].colour == "red" else "card-black"
            label = Markup('<span class="%s">%s</span>') % (colour, w.cards[0].suit or "")
        elif w.kind == "run":
            label = Markup("%s–%s") % (Markup(markup.card_html(w.cards[0])),
                                       Markup(markup.card_html(w.cards[-1])))
        else:
            ranks = list(dict.fromkeys(c.rank for c in w.cards if c.rank is not None))
            label = Markup('<b dir="ltr">%s</b>') % _letters(ranks, lang, local)
        if not w.numbered:
            text = msgs.gettext("%(cards)s: %(num)s each")
        elif w.value > 0:
            text = msgs.gettext("%(cards)s: the number on the card")
        else:
            text = msgs.gettext("%(cards)s: minus the number on the card")
        out.append(Markup(escape(text) % {"cards": label, "num": _signed(w.value)}))
    return out
