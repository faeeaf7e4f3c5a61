"""What the check of one language's narration of one example found, remembered by all it read
(families/shared.py, ``narrations_remembered``), in this process and, given a disk cache, for
the next: a one-edit `rulebook build` changes one language, and the check of the five others
is what the last process found; a clean build with a warm cache reads no narration at all
(the narration is two thirds of the check: 0.1 s a game).

On disk, one entry a game holds what its last check found, as JSON (zlib: 15-40 KB a game):
the findings, and the readings (claims and unread sentences) with every field they have, so
that what is taken from it equals what the check makes. Its key holds the generator's code
and the libraries' versions (the build's toolchain digest): the code that found it. Each
process that checks a game writes its entry (a build's worker too), once the game is
checked."""

from __future__ import annotations

import hashlib
import json
import zlib
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, card_name, parse_card
from ..core.diagnostics import Diagnostic, Mark, Severity
from ..core.readings import Claim, ClaimKind, TextReading, Unread
from ..runtime.cache import Cache

if TYPE_CHECKING:
    from ..model.source import Source

Found = tuple[list[Diagnostic], list[TextReading]]
KIND = "narrations"  # the disk cache's entries of this module
FORMAT = 3  # of an entry: raise it when what is written changes


class Remembered:
    """The narration checks found in this block (and, with ``disk``, in earlier processes)."""

    MAX = 4096  # languages of examples: a few hundred games' (then it starts again)

    def __init__(self) -> None:
        self.on = False
        self.found: dict[str, Found] = {}
        self.disk: Cache | None = None
        self.salt = ""  # the code that checks (the build's toolchain digest)
        self._raw: dict[str, Any] = {}  # read from the disk, made into Found when asked for
        self._used: dict[str, set[str]] = {}  # a game's entry -> the checks asked for of it
        self._stored: dict[str, set[str]] = {}  # a game's entry -> the checks it holds

    def key(self, folder: str, sources: tuple[Source, ...], *parts: str) -> str | None:
        """All the check of one language reads: ``sources`` (each by its path and content) and
        ``parts`` (the example, the family, the step count...), under the game's ``folder``.
        None when a text is not known."""
        if not self.on or not all(src.text for src in sources):
            return None
        h = hashlib.sha256()
        for part in (self.salt, *parts, *(f"{src.path}\0{src.text}" for src in sources)):
            h.update(part.encode())
            h.update(b"\0\1")
        key = h.hexdigest()
        if self.disk is not None:
            game = hashlib.sha256(f"{FORMAT}\0{self.salt}\0{folder}".encode()).hexdigest()
            self._read(game)
            self._used.setdefault(game, set()).add(key)
        return key

    def get(self, key: str) -> Found | None:
        found = self.found.get(key)
        if found is None and key in self._raw:
            try:
                found = self.found[key] = _found(self._raw.pop(key))
            except (ValueError, KeyError, TypeError, IndexError):
                return None  # signed, so written by a rulebook whose format differs
        return found

    def keep(self, key: str, items: list[Diagnostic], readings: list[TextReading]) -> None:
        if len(self.found) >= self.MAX:
            self.found.clear()
        self.found[key] = (items, readings)

    def flush(self) -> None:
        """Each game whose check found what its entry does not hold: its entry written anew,
        with what this block's checks of it found (an older text's findings go)."""
        if self.disk is None:
            return
        for game, keys in self._used.items():
            if keys <= self._stored.get(game, set()):
                continue
            held = {key: self.found.get(key) for key in sorted(keys)}
            if all(found is not None for found in held.values()):
                data = {key: _as_json(found) for key, found in held.items() if found is not None}
                # a fifth of the size (a game's narration is 70-170 KB of JSON), in 1-2 ms
                self.disk.put(KIND, game, zlib.compress(json.dumps(data).encode(), 1))
                self._stored[game] = set(keys)
        self._used.clear()

    def forget(self) -> None:
        """Nothing remembered in memory (what is on the disk stays there)."""
        self.found.clear()
        self._raw.clear()
        self._stored.clear()
        self._used.clear()

    def _read(self, game: str) -> None:
        if self.disk is None or game in self._stored:
            return
        self._stored[game] = set()
        entry = self.disk.get(KIND, game)
        if entry is None:
            return
        try:
            data = json.loads(zlib.decompress(entry.data))
        except (ValueError, zlib.error):
            return
        if isinstance(data, dict):
            self._raw.update((k, v) for k, v in data.items() if k not in self.found)
            self._stored[game] = set(data)


# -- JSON ------------------------------------------------------------------------------------------

def _as_json(found: Found) -> list[Any]:
    items, readings = found
    return [[[d.mark.path, d.mark.line, d.mark.col, d.code, d.message, str(d.severity), d.hint]
             for d in items],
            [[r.path, r.line, r.col, r.game, r.example, r.lang, r.part, r.text,
              [[str(c.kind), c.at, list(c.covers), list(c.seats), _card(c.card), c.value, c.ok]
               for c in r.claims],
              [[u.at, u.line, u.col, u.sentence, list(u.holds)] for u in r.unread], r.marked]
             for r in readings]]


def _found(data: list[Any]) -> Found:
    items, readings = data
    return ([Diagnostic(Mark(path, line, col), code, message, Severity(severity), hint)
             for path, line, col, code, message, severity, hint in items],
            [TextReading(path, line, col, game, example, lang, part, text,
                         [Claim(ClaimKind(kind), at, tuple(covers), tuple(seats),
                                _card_of(card), value, ok)
                          for kind, at, covers, seats, card, value, ok in claims],
                         [Unread(at, u_line, u_col, sentence, tuple(holds))
                          for at, u_line, u_col, sentence, holds in unread], marked)
             for path, line, col, game, example, lang, part, text, claims, unread, marked
             in readings])


def _card(card: Card | None) -> str | None:
    return card_name(card) if card is not None else None


def _card_of(name: str | None) -> Card | None:
    return parse_card(name) if name is not None else None  # CardError: a ValueError
