"""What a PDF may read besides its HTML: the templates folder's print stylesheets, fonts and
images, read once by the build into one bundle named by the sha256 of its content.

WeasyPrint is served from the bundle (fetcher.py), never from the disk, wherever it runs: in
the build's own workers, or on a Dask cluster whose workers cannot see the project. The
bundle travels to each of those once (runtime/executors.py: ``Cluster.share``), and its digest
is part of every PDF's cache key, and a named value of the build's graph (``pdf-assets``), so
a font or an image added, changed or removed renders the PDFs anew.

The page templates (``*.j2``) and the catalogs are not in it: they make the HTML, which the
task carries already.
"""

from __future__ import annotations

from pathlib import Path

from ..runtime.bundle import Bundle, BundleError, bundle_digest, read_files, regular_files

__all__ = ["AssetError", "Assets", "asset_files", "bundle_digest", "collect"]

MAX_BYTES = 20 * 1024 * 1024  # a file larger than this is left out (the largest font: < 1 MB)
# What WeasyPrint can use from a file: a stylesheet (of print/ only: the site's own would make
# every edit of the web's look render the PDFs again), a font, an image.
STYLESHEETS = ("print",)
SUFFIXES = frozenset({".css", ".ttf", ".otf", ".woff", ".woff2",
                      ".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp"})


class AssetError(Exception):
    """A file of the bundle that cannot be read: said with its path and what to do."""


class Assets(Bundle):
    """The files a PDF may name, by their path in the templates folder (``fonts/x.ttf``)."""


def asset_files(root: Path) -> list[Path]:
    """The print stylesheets, fonts and images under ``root``: regular files (a link is followed
    only while it stays inside ``root``), each at most ``MAX_BYTES``."""
    root = root.resolve()
    found = []
    for path, info in regular_files(root):
        suffix = path.suffix.lower()
        if suffix not in SUFFIXES or suffix == ".css" and path.relative_to(root).parts[0] \
                not in STYLESHEETS:
            continue
        if info.st_size <= MAX_BYTES:
            found.append(path)
    return found


def collect(root: Path) -> Assets:
    """The bundle of ``asset_files(root)``, by their paths in ``root``."""
    root = root.resolve()
    try:
        return Assets(read_files(root, asset_files(root),
                                 read_by="the PDFs' fonts, images and stylesheets are read from"))
    except BundleError as error:
        raise AssetError(str(error)) from None
