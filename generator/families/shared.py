"""What every example script has, whatever the game family: its replay context, seats,
hands of cards and the walk over each language's narration.

Each family's replay reads seat names and ``{seat: cards}`` mappings through these, so that
all report unknown variants and seats, missing hands, cards not in the game and duplicated
cards the same way.
"""

from __future__ import annotations

from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Generic, Iterable, Iterator, Mapping, Sequence, TypeVar

from ..core.cards import Card, card_name, cards_name
from ..core.diagnostics import Report
from ..core.hints import did_you_mean
from ..core.languages import SOURCE_LANGUAGE
from ..model.game import Engine, Example, GameBundle, LanguageText
from ..model.schema import Affects, ExampleText, ScriptSpec
from ..model.source import Key, Source
from ..model.tokens import parse_cards_at
from ..runtime.cache import Cache
from .reading import Reading
from .remembered import Remembered

Groups = Sequence[tuple[Key, dict[int, tuple[Card, ...]]]]
G = TypeVar("G", bound=Engine)  # a family's game
S = TypeVar("S", bound=ScriptSpec)  # a family's example script


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
        mark = self.src.key_mark(key) if on_key else self.src.mark(key)
        self.report.error(mark, "unknown-seat", f"'{name}' is not one of the seats "
                          f"({', '.join(self.names)})", hint=did_you_mean(name, self.names))
        return None

    def mapping(self, key: Key, *, every_seat: bool = True) -> dict[int, str] | None:
        """The seats of a ``{seat: ...}`` mapping at ``key``: seat index -> the name written."""
        mapping: dict[str, object] = self.src.get(key) or {}
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


@dataclass(frozen=True)
class ReplayContext(Generic[G, S]):
    """One example being replayed: what every step of its replay needs, in one object."""

    bundle: GameBundle
    name: str  # the example's
    spec: S
    src: Source
    game: G  # the example's game: its variant's, or the base game
    seats: Seats
    report: Report

    @property
    def names(self) -> list[str]:
        return self.seats.names

    def outside_model(self, affects: Affects) -> str | None:
        """The id of a rule the game declares outside its family's model that makes
        ``affects`` unreliable (its scores, its play), if it declares one."""
        return next((rule.id for rule in self.bundle.rules.spec.outside_model
                     if affects in rule.affects), None)


def open_script(bundle: GameBundle, example: Example, spec: S, game_type: type[G],
                report: Report) -> ReplayContext[G, S] | None:
    """The checks every script starts with (a known variant, no seat twice) and its context;
    None after reporting a script that cannot be replayed."""
    src = example.source
    game = bundle.rules.engine
    if spec.variant is not None:
        if spec.variant not in bundle.rules.variants:
            known = list(bundle.rules.variants)
            report.error(src.mark(("variant",)), "unknown-variant",
                         f"unknown variant '{spec.variant}'",
                         hint=did_you_mean(spec.variant, known) or
                         f"known: {', '.join(known) or 'none'}")
            return None
        game = bundle.rules.variants[spec.variant]
    names = tuple(spec.seats)
    first_at: dict[str, int] = {}  # linear: a script may list 100,000 seats
    for i, name in enumerate(names):
        if first_at.setdefault(name, i) != i:
            report.error(src.mark(("seats", i)), "duplicate-seat", f"seat '{name}' is listed twice")
            return None
    if not isinstance(game, game_type):
        raise TypeError(f"{example.name}: a {type(game).__name__} is not a {game_type.__name__}")
    return ReplayContext(bundle, example.name, spec, src, game, Seats(names, src, report), report)


def check_genders(ctx: ReplayContext[G, S]) -> None:
    """Every seat of ``genders`` is a seat; and when the game has a language other than
    English, every seat has a gender: each of the site's other languages gives the words
    said of a player ("draws", "dealer", "is out") a feminine or a masculine form, and
    without one the masculine would be said of everyone. Checked of a script that replays
    (one with too many seats is reported for that alone)."""
    bundle, spec, seats = ctx.bundle, ctx.spec, ctx.seats
    seats.mapping(("genders",), every_seat=False)
    needing = [lang for lang in bundle.languages if lang != SOURCE_LANGUAGE]
    if not needing:
        return
    src, given = seats.src, spec.genders
    missing = [(i, name) for i, name in enumerate(seats.names) if name not in given]
    for i, name in missing:
        seats.report.warning(
            src.mark(("seats", i)), "missing-gender",
            f"no gender for '{name}': {', '.join(needing)} "
            f"{'say' if len(needing) > 1 else 'says'} the words of a player in a feminine or a "
            "masculine form, and without one the masculine is said",
            hint=f"add it to the script's genders ({name}: f or {name}: m): the form the "
            "languages use of this player")


def parse_hands(ctx: ReplayContext[G, S], key: Key, *, every_seat: bool = True
                ) -> dict[int, tuple[Card, ...]] | None:
    """A ``{seat: cards}`` mapping, every card parsed; None after reporting a problem."""
    seats, src, report = ctx.seats, ctx.src, ctx.report
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


def check_in_play(ctx: ReplayContext[G, S], groups: Groups, *, every_card: bool = False) -> bool:
    """No card outside the game and none twice across the groups of hands; with
    ``every_card``, no card of the game missing either."""
    game, seats, src, report = ctx.game, ctx.seats, ctx.src, ctx.report
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


def check_hands_after(ctx: ReplayContext[G, S], claimed: Iterable[str] | None,
                      after: Mapping[str, Sequence[Card]], key: Key, i: int, *,
                      move: str = "it") -> None:
    """The hands a script says the players hold after its move ``i`` (``key``'s ``hands``),
    each against what the engine left them: a difference is a false claim at the hand."""
    for name in claimed or {}:
        hkey = key + ("hands", name)
        if ctx.seats.index(name, hkey, on_key=True) is None:
            continue
        cards = parse_cards_at(ctx.src, hkey, ctx.report)
        if cards is not None and Counter(cards) != Counter(after[name]):
            ctx.report.error(ctx.src.mark(hkey), "false-claim",
                             f"move {i + 1}: after {move} '{name}' holds "
                             f"{cards_name(after[name]) or 'no cards'}; the script says "
                             f"{cards_name(cards) or 'no cards'}")


def _numbers(found: range, *, shown: int = 10) -> str:
    """Numbers for a message: all of a few, or the first ones, the last one and a count."""
    if len(found) <= shown:
        return ", ".join(map(str, found))
    return (", ".join(map(str, found[:shown - 1])) + f", ... {found[-1]} "
            f"({len(found):,} in all)")


_REMEMBERED = Remembered()


@contextmanager
def narrations_remembered(disk: Cache | None = None, code: str = "", *, forget: bool = False
                          ) -> Iterator[None]:
    """Within: the check of one language's narration of an example is remembered by all it
    reads, and a check of the same again is what it found then (its findings and readings,
    in their place). A save changes one language: the others are not read again. The
    family's code is the same in one process (serve starts again when it changes); with
    ``disk``, what the block found is kept there for the next process too, under ``code``
    (what checks: the build's toolchain digest), and an earlier process's is taken from it.
    With ``forget``, this process keeps nothing of it in memory after the block."""
    was = (_REMEMBERED.on, _REMEMBERED.disk, _REMEMBERED.salt)
    _REMEMBERED.on = True
    if disk is not None and disk.folder is not None:
        _REMEMBERED.disk, _REMEMBERED.salt = disk, code
    try:
        yield
    finally:
        _REMEMBERED.flush()
        if forget:
            _REMEMBERED.forget()
        _REMEMBERED.on, _REMEMBERED.disk, _REMEMBERED.salt = was


def narrations_kept() -> None:
    """What the block's checks found so far, kept on its disk now (a worker's memory goes
    with it, and what it checked is not the block's to write at its end)."""
    _REMEMBERED.flush()


def narrations(ctx: ReplayContext[G, S], *, steps: int, unit: str, seats: Sequence[str]
               ) -> Iterator[tuple[str, Source, Key, list[str], ExampleText, Reading]]:
    """Each language's narration of an example, after the checks every family shares: seat
    names that exist, and one text per step. Yields (lang, source, key, step texts, text, the
    record of what is read in it); once the caller has checked a language, its unread
    sentences are warnings (reading.py). A language whose check is remembered (within
    ``narrations_remembered``) is not yielded: its findings and readings are added as found."""
    bundle, example, report = ctx.bundle, ctx.name, ctx.report
    for lang, text in bundle.languages.items():
        narration = text.spec.examples.get(example)
        if narration is None:
            continue  # reported as missing example text by the loader
        # all the check of one language reads: the game's rules, the example's script, the
        # language's text, the example, the family, the step count, whether unread sentences
        # are warnings
        key = _REMEMBERED.key(str(bundle.folder), (bundle.rules.source, ctx.src, text.source),
                              lang, str(steps), unit, "\0".join(seats), bundle.rules.spec.family,
                              example, str(report.unread))
        found = _REMEMBERED.get(key) if key is not None else None
        if found is not None:
            items, readings = found
            report.extend(items)
            report.readings.extend(readings)
            continue
        found_before, read_before = len(report.items), len(report.readings)
        yield from _narration(ctx, lang, text, narration, steps=steps, unit=unit)
        if key is not None:
            _REMEMBERED.keep(key, report.items[found_before:], report.readings[read_before:])


def _narration(ctx: ReplayContext[G, S], lang: str, text: LanguageText, narration: ExampleText,
               *, steps: int, unit: str
               ) -> Iterator[tuple[str, Source, Key, list[str], ExampleText, Reading]]:
    """One language's narration of the example, checked by the caller between the yield and
    the next step of this generator."""
    bundle, example, seats, report = ctx.bundle, ctx.name, ctx.names, ctx.report
    src = text.source
    base: Key = ("examples", example)
    for name in narration.seats:
        if name not in seats:
            report.error(src.key_mark(base + ("seats", name)), "unknown-seat",
                         f"'{name}' is not one of the seats ({', '.join(seats)})",
                         hint=did_you_mean(name, seats))
    texts = narration.steps
    if len(texts) != steps:
        where = src.key_mark(base + ("steps",)) if src.get(base + ("steps",)) is not None \
            else src.key_mark(base)
        absent = _numbers(range(len(texts) + 1, steps + 1))
        detail = (f"missing the text of {unit}(s) {absent}" if len(texts) < steps
                  else f"{len(texts) - steps} text(s) too many")
        report.error(where, "narration-steps",
                     f"{lang}: the narration of '{example}' has {len(texts)} step "
                     f"text(s) for {steps} {unit}(s): {detail}")
    names = {s: narration.seats.get(s, s) for s in seats}
    reading = Reading(report=report, src=src, lang=lang, game=bundle.rules.id,
                      example=example, base=base, narration=narration, names=names)
    yield lang, src, base, texts, narration, reading
    reading.finish()
