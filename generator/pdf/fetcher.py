"""What WeasyPrint may read while it renders a PDF: `data:` URLs and the project's templates.

WeasyPrint's own fetcher opens every protocol, follows redirects and reads local files, so a
`![x](/home/me/secret.png)` or `![x](http://10.0.0.1/)` in prose would be embedded in a
published PDF or would make a request. This fetcher serves only `data:` URLs and regular files
inside the templates folder (fonts, CSS, static images), each at most `MAX_BYTES`, and records
everything else as refused, for the build to report. It never touches the network.
"""

from __future__ import annotations

import mimetypes
import os
import stat
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from weasyprint.urls import URLFetcher, URLFetcherResponse

MAX_BYTES = 20 * 1024 * 1024  # the largest font shipped is under 1 MB


class RefusedResource(ValueError):
    """A URL the PDF renderer may not read."""


def allowed_file(url: str, root: Path) -> Path | None:
    """The regular file inside ``root`` that a ``file:`` URL names, or None."""
    parts = urlsplit(url)
    if parts.scheme != "file" or parts.netloc not in ("", "localhost"):
        return None
    try:
        path = Path(os.path.realpath(unquote(parts.path)))
    except (OSError, ValueError):
        return None
    if not path.is_relative_to(root):
        return None
    try:
        info = path.stat()
    except OSError:
        return None
    return path if stat.S_ISREG(info.st_mode) and info.st_size <= MAX_BYTES else None


class TemplateFetcher(URLFetcher):  # type: ignore[misc]  # WeasyPrint is untyped
    def __init__(self, root: Path) -> None:
        super().__init__(timeout=1, allowed_protocols={"data"}, allow_redirects=False)
        self.root = root.resolve()
        self.refused: list[str] = []

    def fetch(self, url: str, headers: Any = None) -> Any:
        scheme = url.split(":", 1)[0].lower()
        if scheme == "data":
            if len(url) > MAX_BYTES:
                self._refuse(url)
            return super().fetch(url, headers)
        path = allowed_file(url, self.root)
        if path is None:
            self._refuse(url)
        assert path is not None
        kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(path.as_uri(), body=path.read_bytes(),
                                  headers={"Content-Type": kind})

    def _refuse(self, url: str) -> None:
        self.refused.append(url if len(url) < 200 else url[:200] + "...")
        raise RefusedResource(f"not part of the project's templates: {url[:200]}")
