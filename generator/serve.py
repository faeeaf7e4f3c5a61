"""`rulebook serve`: the built site on localhost, rebuilt whenever rules or templates change.

It serves only a folder that a rulebook build made (the marker file says so), answers unknown
paths with the site's own 404 page, lists no folders, and survives every failed rebuild: the
last good site stays online and the findings are printed.
"""

from __future__ import annotations

import http.server
import io
import sys
import threading
import traceback
from pathlib import Path
from typing import Any, BinaryIO
from urllib.parse import unquote, urlsplit

from .build import BuildConfig, BuildError, build
from .diagnostics import format_text
from .publish import MARKER

_NOT_BUILT = (b"<!doctype html><meta charset=utf-8><title>No site yet</title>"
              b"<p>rulebook serve: no site has been built yet. The findings are in the terminal; "
              b"this page is replaced as soon as a build succeeds.")


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    site: Path  # set on the subclass made for each server

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(self.site), **kwargs)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet by default
        pass

    def send_head(self) -> BinaryIO | None:
        if not (self.site / MARKER).is_file():
            return self._page(503, _NOT_BUILT)
        path = unquote(urlsplit(self.path).path)
        if any(ord(c) < 32 for c in path):
            return self._not_found()
        target = Path(self.translate_path(self.path))
        if target.is_dir() and path.endswith("/"):
            target = target / "index.html"
        if not target.exists() or (target.is_dir() and not (target / "index.html").is_file()):
            return self._not_found()
        return super().send_head()

    def list_directory(self, path: Any) -> BinaryIO | None:  # type: ignore[override]
        return self._not_found()  # a folder without index.html is not a page

    def _not_found(self) -> BinaryIO:
        first = unquote(urlsplit(self.path).path).strip("/").split("/", 1)[0]
        lang = [self.site / first / "404.html"] if first.isalpha() else []  # a language folder
        for page in lang + [self.site / "404.html"]:
            if page.is_file():
                return self._page(404, page.read_bytes())
        return self._page(404, b"<!doctype html><title>Not found</title><p>Not found.")

    def _page(self, status: int, body: bytes) -> BinaryIO:
        self.send_response(status)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        return io.BytesIO(body)


def rebuild(config: BuildConfig, *, first: bool = False) -> bool:
    """One build; every failure is reported and none ends the server."""
    kept = "" if first else "; still serving the last good site"
    try:
        result = build(config)
    except BuildError as error:
        print(f"not built: {error}{kept}", file=sys.stderr)
        return False
    except Exception:  # noqa: BLE001 - a bug in one rebuild must not stop the author's server
        traceback.print_exc()
        print(f"not built: the build failed (above){kept}", file=sys.stderr)
        return False
    if result.report.items:
        print(format_text(result.report.sorted()), file=sys.stderr)
    if result.up_to_date:
        return True
    if result.ok:
        print(f"built: {result.written} file(s) written", file=sys.stderr)
    else:
        print(f"not built: {len(result.report.errors)} error(s){kept}", file=sys.stderr)
    return result.ok


def serve(config: BuildConfig, *, host: str = "127.0.0.1", port: int = 8000) -> int:
    from watchfiles import watch

    from .build import refused_output

    if refused_output(config) is not None:  # not a folder of ours: never serve it
        rebuild(config, first=True)  # prints the findings
        return 1
    rebuild(config, first=True)
    handler = type("Handler", (SiteHandler,), {"site": config.out})
    try:
        server = http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as error:
        print(f"rulebook: error: cannot serve on {host}:{port}: {error.strerror}", file=sys.stderr)
        return 3
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving {config.out} at http://{host}:{server.server_address[1]}/ (Ctrl-C stops)",
          file=sys.stderr)
    try:
        for _changes in watch(*[p for p in (config.rules, config.templates) if Path(p).exists()]):
            rebuild(config)
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
    return 0
