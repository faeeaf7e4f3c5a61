"""What a PDF may read besides its HTML: the theme's print stylesheets (and the site's
custom.css), fonts and images, read once by the build into one bundle named by the sha256 of its content.

WeasyPrint is served from the bundle (fetcher.py), never from the disk, wherever it runs: in
the build's own workers, or on a Dask cluster whose workers cannot see the project. The
bundle travels to each of those once (runtime/executors.py: ``Cluster.share``), and its digest
is part of every PDF's cache key, and a named value of the build's graph (``pdf-assets``), so
a font or an image added, changed or removed renders the PDFs anew.

The page templates (``*.j2``) and the catalogs are not in it: they make the HTML, which the
task carries already.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..runtime.bundle import Bundle, BundleError, bundle_digest, read_named
from ..runtime.theme import Theme

__all__ = ["AssetError", "Assets", "asset_files", "bundle_digest", "collect"]

MAX_BYTES = 20 * 1024 * 1024  # a file larger than this is left out (the largest font: < 1 MB)
# What WeasyPrint can use from a file: a stylesheet (of print/, and the site's custom.css, which
# sets the colours of both; the theme's site.css would make every edit of the web's look
# render the PDFs again), a font, an image.
STYLESHEETS = ("print",)
OWN_STYLESHEET = "static/custom.css"
SUFFIXES = frozenset({".css", ".ttf", ".otf", ".woff", ".woff2",
                      ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"})


class AssetError(Exception):
    """A file of the bundle that cannot be read: said with its path and what to do."""


class Assets(Bundle):
    """The files a PDF may name, by their path in the theme (``fonts/x.ttf``)."""


def asset_files(theme: Theme) -> dict[str, Path]:
    """The print stylesheets, fonts and images of the theme (each the file that wins: the
    site's, else the built-in one's), by relative path: regular files (a link is followed
    only while it stays inside its layer), each at most ``MAX_BYTES``."""
    found = {}
    for rel, path in theme.files().items():
        suffix = path.suffix.lower()
        if suffix not in SUFFIXES or suffix == ".css" and rel.split("/")[0] not in STYLESHEETS \
                and rel != OWN_STYLESHEET:
            continue
        layer = next(layer for layer in theme.layers if path.is_relative_to(layer))
        real = Path(os.path.realpath(path))
        try:
            info = real.stat()
        except OSError:
            continue
        if real.is_relative_to(layer.resolve()) and stat.S_ISREG(info.st_mode) \
                and info.st_size <= MAX_BYTES:
            found[rel] = path
    return found


def collect(theme: Theme | Path) -> Assets:
    """The bundle of ``asset_files(theme)``, by their relative paths (a folder: its own)."""
    theme = Theme.alone(theme) if isinstance(theme, Path) else theme
    try:
        return Assets(read_named(asset_files(theme),
                                 read_by="the PDFs' fonts, images and stylesheets are read from"))
    except BundleError as error:
        raise AssetError(str(error)) from None
