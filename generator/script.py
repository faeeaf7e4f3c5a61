"""What every example script has, whatever the game family: seats and hands of cards.

The replays of each family (replay.py for pairing games, replay_tricks*.py for trick-taking
games) read seat names and ``{seat: cards}`` mappings through these, so that both report
unknown seats, missing hands, cards not in the game and duplicated cards the same way.
"""

from __future__ import annotations

import difflib
from typing import Any, Iterable, Iterator, Protocol, Sequence

from .cards import Card, Deck, card_name, cards_name
from .diagnostics import Report
from .model import GameBundle, parse_cards_at
from .source import Key, Source

Groups = Sequence[tuple[Key, dict[int, tuple[Card, ...]]]]


class CardsInPlay(Protocol):
    @property
    def deck(self) -> Deck: ...

    @property
    def removed(self) -> tuple[Card, ...]: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...


def quoted(names: Iterable[str]) -> str:
    """``'Anna', 'Bruno'``: seat names as messages quote them."""
    return ", ".join(f"'{n}'" for n in names)


class Seats:
    """Seat names in a script, with checks that report unknown names."""

    def __init__(self, names: Sequence[str], src: Source, report: Report) -> None:
        self.names = list(names)
        self.src, self.report = src, report
        self._at = {name: i for i, name in reversed(list(enumerate(self.names)))}

    def index(self, name: str | None, key: Key, *, on_key: bool = False) -> int | None:
        if name is None:
            return None
        if name in self._at:
            return self._at[name]
        near = difflib.get_close_matches(name, self.names, n=1)
        mark = self.src.key_mark(key) if on_key else self.src.mark(key)
        self.report.error(mark, "unknown-seat", f"'{name}' is not one of the seats "
                          f"({', '.join(self.names)})",
                          hint=f"did you mean '{near[0]}'?" if near else None)
        return None

    def mapping(self, key: Key, *, every_seat: bool = True) -> dict[int, str] | None:
        """The seats of a ``{seat: ...}`` mapping at ``key``: seat index -> the name written."""
        mapping = self.src.get(key) or {}
        out: dict[int, str] = {}
        ok = True
        for name in mapping:
            seat = self.index(str(name), key + (name,), on_key=True)
            if seat is None:
                ok = False
            else:
                out[seat] = name
        missing = [n for n in self.names if n not in mapping] if every_seat else []
        if missing:
            ok = False
            self.report.error(self.src.mark(key), "missing-key",
                              f"no entry for {quoted(missing)} in '{key[-1]}'")
        return out if ok else None


def parse_hands(key: Key, seats: Seats, src: Source, report: Report, *, every_seat: bool = True
                ) -> dict[int, tuple[Card, ...]] | None:
    """A ``{seat: cards}`` mapping, every card parsed; None after reporting a problem."""
    written = seats.mapping(key, every_seat=every_seat)
    if written is None:
        return None
    hands: dict[int, tuple[Card, ...]] = {}
    ok = True
    for seat, name in written.items():
        cards = parse_cards_at(src, key + (name,), report)
        if cards is None:
            ok = False
        else:
            hands[seat] = cards
    return hands if ok else None


def check_in_play(game: CardsInPlay, groups: Groups, seats: Seats, src: Source, report: Report,
                  *, every_card: bool = False) -> bool:
    """No card outside the game and none twice across the groups of hands; with
    ``every_card``, no card of the game missing either."""
    ok = True
    seen: dict[Card, str] = {}
    for key, hands in groups:
        for seat, hand in hands.items():
            who = seats.names[seat]
            for c in hand:
                if c not in game.cards:
                    ok = False
                    why = "is removed from" if c in game.removed else "is not in"
                    without = f", without {cards_name(game.removed)}" if game.removed else ""
                    report.error(src.mark(key + (who,)), "deal-mismatch",
                                 f"{card_name(c)} {why} this game's deck ({game.deck.name}{without})")
                elif c in seen:
                    ok = False
                    report.error(src.mark(key + (who,)), "duplicate-card",
                                 f"{card_name(c)} is given to '{who}' and also to '{seen[c]}'"
                                 if seen[c] != who else f"{card_name(c)} appears twice for '{who}'")
                else:
                    seen[c] = who
    missing = [c for c in game.cards if c not in seen]
    if every_card and ok and missing:
        ok = False
        report.error(src.key_mark(groups[0][0]), "deal-mismatch",
                     f"{len(missing)} card(s) of the deck are nowhere: {cards_name(missing)}")
    return ok


def narrations(bundle: GameBundle, example: str, seats: Sequence[str], *, steps: int, unit: str,
               report: Report) -> Iterator[tuple[str, Source, Key, list[str], Any]]:
    """Each language's narration of an example, after the checks every family shares: seat
    names that exist, and one text per step. Yields (lang, source, key, step texts, text)."""
    for lang, text in bundle.languages.items():
        narration = text.spec.examples.get(example)
        if narration is None:
            continue  # reported as missing example text by the loader
        src = text.source
        base: Key = ("examples", example)
        for name in narration.seats:
            if name not in seats:
                near = difflib.get_close_matches(name, list(seats), n=1)
                report.error(src.key_mark(base + ("seats", name)), "unknown-seat",
                             f"'{name}' is not one of the seats ({', '.join(seats)})",
                             hint=f"did you mean '{near[0]}'?" if near else None)
        texts = narration.steps
        if len(texts) != steps:
            where = src.key_mark(base + ("steps",)) if src.get(base + ("steps",)) is not None \
                else src.key_mark(base)
            absent = ", ".join(str(n) for n in range(len(texts) + 1, steps + 1))
            detail = (f"missing the text of {unit}(s) {absent}" if len(texts) < steps
                      else f"{len(texts) - steps} text(s) too many")
            report.error(where, "narration-steps",
                         f"{lang}: the narration of '{example}' has {len(texts)} step "
                         f"text(s) for {steps} {unit}(s): {detail}")
        yield lang, src, base, texts, narration
