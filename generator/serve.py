"""`rulebook serve`: the built site on localhost, rebuilt whenever rules or templates change."""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from .build import BuildConfig, build
from .diagnostics import format_text


class _Handler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet by default
        pass


def rebuild(config: BuildConfig) -> bool:
    result = build(config)
    if result.report.items:
        print(format_text(result.report.sorted()), file=sys.stderr)
    if result.up_to_date:
        return True
    if result.ok:
        print(f"rebuilt: {result.written} file(s) written", file=sys.stderr)
    else:
        print(f"not rebuilt: {len(result.report.errors)} error(s); still serving the last good "
              "site", file=sys.stderr)
    return result.ok


def serve(config: BuildConfig, *, host: str = "127.0.0.1", port: int = 8000) -> int:
    from watchfiles import watch

    rebuild(config)
    config.out.mkdir(parents=True, exist_ok=True)
    # Serve the output folder by name, so that a swapped-in new build is seen at once.
    handler = functools.partial(_Handler, directory=str(config.out))
    server = http.server.ThreadingHTTPServer((host, port), handler)
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
