"""What WeasyPrint may read while it renders a PDF: `data:` URLs and the templates' assets.

WeasyPrint's own fetcher opens every protocol, follows redirects and reads local files, so a
`![x](/home/me/secret.png)` or `![x](http://10.0.0.1/)` in prose would be embedded in a
published PDF or would make a request. This fetcher serves only `data:` URLs and the files of
the bundle (assets.py: the templates folder's stylesheets, fonts and images, read by the build
before any PDF is rendered), and records everything else as refused, for the build to report.
It reads no file and never touches the network, so it serves the same on any machine.
"""

from __future__ import annotations

import mimetypes
import posixpath
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

from .assets import MAX_BYTES, Assets


class RefusedResource(ValueError):
    """A URL the PDF renderer may not read."""


def asset_name(url: str, root: str) -> str | None:
    """The bundle's name (``fonts/x.ttf``) of the ``file:`` URL ``url`` when it names a path
    inside the folder ``root`` (an absolute POSIX path), else None."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    path = posixpath.normpath(unquote(parts.path))  # no '..' left to climb out with
    if not path.startswith(root.rstrip("/") + "/"):
        return None
    return path[len(root.rstrip("/")) + 1:]


class AssetFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint is untyped
    """Serves ``data:`` URLs and the files of ``assets``, which the URLs name as paths in the
    folder ``root`` (where the build found them)."""

    def __init__(self, assets: Assets, root: str) -> None:
        super().__init__(timeout=1, allowed_protocols={"data"}, allow_redirects=False)
        self.assets = assets
        self.root = root
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> Any:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "data":
            if len(url) > MAX_BYTES:
                self._refuse(url)
            return super().fetch(url, headers)
        name = asset_name(url, self.root)
        body = self.assets.files.get(name) if name is not None else None
        if name is None or body is None:
            self._refuse(url)
        assert name is not None and body is not None
        kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
        return URLFetcherResponse(PurePosixPath(self.root, name).as_uri(), body=body,
                                  headers={"Content-Type": kind})

    def _refuse(self, url: str) -> None:
        self.refused.append(url if len(url) < 200 else url[:200] + "...")
        raise RefusedResource(f"not part of the project's templates: {url[:200]}")
