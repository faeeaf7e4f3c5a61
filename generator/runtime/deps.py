"""What one output file was made from: the recorder every render step reports its inputs to.

A build renders each output file inside ``recording()``; whatever the step reads, it declares:

    deps.file(path)     a file it read (a template, a catalog, site.yaml, a font, ...)
    deps.game(game_id)  one game's folder: every file under it
    deps.game(game_id, lang)  the same without the prose of the other languages
    deps.uses(name)     a named value of the whole site that the build computes for every
                        build (see graph.site_values): the plan of pages, the games listed
                        in one language, ...

The next build renders an output again only when one of these changed (by content digest);
an output that declared a name the build does not know is always rendered again, so a step
that forgets to register its value is slow, never wrong. Outside a build nothing is recorded.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator


@dataclass
class Deps:
    files: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    values: set[str] = field(default_factory=set)

    def key(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
        """The same inputs give the same key (outputs share their lists in the saved graph)."""
        return tuple(sorted(self.files)), tuple(sorted(self.games)), tuple(sorted(self.values))


_CURRENT: ContextVar[Deps | None] = ContextVar("rulebook_deps", default=None)


@contextmanager
def recording(*, files: tuple[Path, ...] = ()) -> Iterator[Deps]:
    """Record what the code inside reads; ``files`` are inputs of the output whatever it reads."""
    deps = Deps(files={str(p) for p in files})
    token = _CURRENT.set(deps)
    try:
        yield deps
    finally:
        _CURRENT.reset(token)


def file(path: Path) -> None:
    deps = _CURRENT.get()
    if deps is not None:
        deps.files.add(str(path))


def game(game_id: str, lang: str | None = None) -> None:
    """The game's folder; with ``lang``, all of it but the other languages' prose files."""
    deps = _CURRENT.get()
    if deps is not None:
        deps.games.add(f"{game_id}/{lang}" if lang else game_id)


def uses(name: str) -> None:
    deps = _CURRENT.get()
    if deps is not None:
        deps.values.add(name)
