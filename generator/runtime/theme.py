"""The theme a build reads: a site's own templates folder over the built-in theme, one file at
a time (as MkDocs' ``custom_dir`` and Hugo's theme lookup do).

A site's templates folder (``./templates``, or ``--templates DIR``) holds only the files it
overrides: one template (``partials/footer.html.j2``), one stylesheet (``static/custom.css``),
the logo, a catalog. Every other file comes from the built-in theme. A folder that is a whole
copy of the theme overrides everything, and works as before.

Everything that reads the theme goes through ``Theme``: the jinja2 loader, the static files
copied to the site, the fonts, the PDFs' stylesheets, the UI catalogs, the build graph.

    theme.find("partials/footer.html.j2")  the winning file (the site's, else the built-in's)
    theme.files()                           every relative path -> its winning file
    theme.candidates(rel)                   what a render that reads ``rel`` depends on: the
                                            winner and every layer's path above it (a file
                                            missing there now, which, once added, wins)

``builtin_theme()`` is the one place that knows where the built-in theme is.
"""

from __future__ import annotations

import difflib
import posixpath
from dataclasses import dataclass
from pathlib import Path

from . import deps
from .files import walk_once

# A file of a site's templates folder that the built-in theme has not is used as a new file
# (an image, a partial its overrides include); when a theme file's name is this close, the
# build says so (a typo overrides nothing).
NEAR = 0.8
OUTSIDE = "(outside the theme)"  # the folder of no file: where a path that climbs out points


def builtin_theme() -> Path:
    """The folder of the theme rulebook comes with: inside the installed package
    (``rulebook/theme``, put there by the wheel: setup.py), else the checkout's ``templates/``
    when rulebook runs from its source."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "theme", package.parent / "templates"):
        if (folder / "base.html.j2").is_file():
            return folder
    return package / "theme"  # neither: the error names where an install puts it


@dataclass(frozen=True)
class Stray:
    """A file of the site's templates folder that overrides nothing, and the theme's file
    whose name is nearest to it."""

    path: Path
    rel: str
    nearest: str


@dataclass(frozen=True)
class Theme:
    """Folders of theme files, the first that has a file wins; the last is the built-in."""

    layers: tuple[Path, ...]

    @classmethod
    def layered(cls, site: Path | None = None, *, builtin: Path | None = None) -> Theme:
        """``site``'s files over the built-in theme's (``site`` may be missing: no overrides;
        it may be the built-in folder itself, as in rulebook's own checkout)."""
        base = builtin if builtin is not None else builtin_theme()
        if site is None or _same_folder(site, base):
            return cls((base,))
        return cls((site, base))

    @classmethod
    def alone(cls, folder: Path) -> Theme:
        """The files of ``folder`` alone, over nothing (a bundle unpacked on a worker)."""
        return cls((folder,))

    @property
    def builtin(self) -> Path:
        return self.layers[-1]

    @property
    def site(self) -> Path | None:
        """The site's own folder of overrides (None: the built-in theme alone)."""
        return self.layers[0] if len(self.layers) > 1 else None

    def find(self, rel: str) -> Path | None:
        """The file that wins for ``rel`` (``static/site.css``), or None when no layer has it
        (or ``rel`` climbs out of the theme)."""
        clean = normalized(rel)
        if clean is None:
            return None
        for layer in self.layers:
            path = layer / clean
            if path.is_file():
                return path
        return None

    def path(self, rel: str) -> Path:
        """The winning file for ``rel``, else where the built-in theme would have it (for a
        message that names a missing file); a path that climbs out of the theme names no
        file (print.css's ``url(../../x.ttf)`` is a missing font, never a file outside)."""
        found = self.find(rel)
        if found is not None:
            return found
        clean = normalized(rel)
        return self.builtin / clean if clean is not None else \
            self.builtin / OUTSIDE / posixpath.basename(rel)

    def candidates(self, rel: str) -> tuple[Path, ...]:
        """The files a render that reads ``rel`` depends on: each layer's, down to the
        winner's (a site's file added or removed there changes what it reads)."""
        clean = normalized(rel)
        if clean is None:
            return ()
        out = []
        for layer in self.layers:
            out.append(layer / clean)
            if out[-1].is_file():
                break
        return tuple(out)

    def read(self, rel: str) -> bytes:
        """The winning file's bytes, recorded (runtime/deps.py) as an input of the output being
        rendered; OSError when no layer has it."""
        for path in self.candidates(rel):
            deps.file(path)
        return self.path(rel).read_bytes()

    def files(self, under: str = "") -> dict[str, Path]:
        """Every file of the theme (under the folder ``under``: ``static``), by its relative
        path, in order: the site's where it has one, else the built-in's."""
        found: dict[str, Path] = {}
        for layer in reversed(self.layers):
            found |= _files_of(layer, under)
        return dict(sorted(found.items()))

    def overrides(self) -> dict[str, Path]:
        """The site's own files, by relative path (none for the built-in theme alone)."""
        return _files_of(self.site, "") if self.site is not None else {}

    def strays(self) -> list[Stray]:
        """The site's files the built-in theme has not, whose name is near one it has: a
        typo, which overrides nothing."""
        if self.site is None:
            return []
        known = _files_of(self.builtin, "")
        out = []
        for rel, path in self.overrides().items():
            if rel in known:
                continue
            near = difflib.get_close_matches(rel, list(known), n=1, cutoff=NEAR)
            if near:
                out.append(Stray(path, rel, near[0]))
        return out


def normalized(rel: str) -> str | None:
    """``rel`` as a relative POSIX path inside the theme ('print/../fonts/x.ttf' is
    'fonts/x.ttf'); None for one that is absolute or climbs out."""
    if not rel or rel.startswith("/") or "\\" in rel:
        return None
    clean = posixpath.normpath(rel)
    if clean == "." or clean == ".." or clean.startswith("../"):
        return None
    return clean


def _files_of(layer: Path, under: str) -> dict[str, Path]:
    """The files of one layer (under ``under``), by relative path; hidden files (an editor's
    swap file, .DS_Store) and __pycache__ are none of the theme's."""
    root = layer / under if under else layer
    found: dict[str, Path] = {}
    for dirpath, filenames in walk_once(
            root, set(), lambda d: not d.startswith(".") and d != "__pycache__"):
        for name in filenames:
            path = Path(dirpath, name)
            if not name.startswith(".") and path.is_file():
                found[path.relative_to(layer).as_posix()] = path
    return found


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False
