"""`rulebook serve`'s rebuild after a save, in serve's own process and without a browser: how
long from the rebuild's start until the open page is ready to be shown (``Live.early``), and
until the rebuild has published the site. Prints figures, asserts nothing.

    python bench/bench_serve_steps.py [--copies N] [--edits 7]

The rules are a copy of rules/ (with --copies N, the synthetic corpus of bench_site.py); serve
is set up as `rulebook serve --no-pdf` sets itself up (warmed, its games and graph kept), the
Italian page of Uomo Nero counts as open, and each edit changes that game's title in its
Italian file. bench_serve.py measures the same in a real browser, from the save to the paint.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import corpus_rules  # noqa: E402

from generator.cli import serve  # noqa: E402
from generator.pipeline import BuildConfig, GraphMemory  # noqa: E402

OPEN = "it/uomo-nero/index.html"


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main() -> None:
    copies, edits = _option("--copies", 0), _option("--edits", 7)
    with tempfile.TemporaryDirectory() as tmp:
        rules = corpus_rules(Path(tmp), copies)
        games = len(list(rules.glob("*/game.yaml")))
        config = replace(BuildConfig(rules, ROOT / "templates", Path(tmp) / "out" / "site",
                                     pdf=False, quiet=True),
                         keep_games=True, unread=True, memory=GraphMemory())
        serve.EARLY_WAIT = 0.0  # no browser reloads the page: nothing to wait for
        live = serve.Live()
        live.opened(OPEN, 1)
        serve._warm(config)
        serve.rebuild(config, first=True, live=live)
        shown_at: list[float] = []
        early = live.early

        def timed(pages: dict[str, bytes]) -> None:
            shown_at.append(time.perf_counter())
            early(pages)

        live.early = timed  # type: ignore[method-assign]
        lang = rules / "uomo-nero" / "it.yaml"
        good = lang.read_text(encoding="utf-8")
        ready, done = [], []
        try:
            for n in range(edits):
                lang.write_text(good.replace("title: Uomo Nero", f"title: Uomo Nero {n}", 1),
                                encoding="utf-8")
                start = time.perf_counter()
                serve.rebuild(config, live=live)
                done.append(time.perf_counter() - start)
                ready.append(shown_at[-1] - start if shown_at and shown_at[-1] > start
                             else float("nan"))
        finally:
            lang.write_text(good, encoding="utf-8")

        def said(times: list[float]) -> str:
            return (f"median {statistics.median(times) * 1000:.0f} ms "
                    f"({' / '.join(f'{t * 1000:.0f}' for t in times)})")

        print(f"serve's rebuild of a saved title, {games} games, in its process: the open page "
              f"ready after {said(ready)}; the site published after {said(done)} (the first "
              "save of a process first)", file=sys.stderr)


if __name__ == "__main__":
    main()
