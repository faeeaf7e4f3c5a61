"""`rulebook serve`: how long after saving an edit the open page shows it. Prints figures,
asserts nothing. Needs Debian's chromium and playwright (both installed by `make test`).

    python bench/bench_serve.py [--copies N] [--edits 5] [--pause-ms 2000] [--pdf]

The rules are a copy of rules/ (with --copies N, the synthetic corpus of bench_site.py); the
page is a game page in Chromium; each edit changes the game's title in its language file and
two times are taken from the file's save: to the reloaded page's first paint, as the page
itself records it (``performance`` entries; the browser and this script share the machine's
clock), and to the moment Playwright sees the new title (its polling adds some 60 ms). The
server rebuilds, the page's event stream says so, the page reloads itself.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import corpus_rules  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
# the page's first paint, in the machine's clock (milliseconds since the epoch)
_PAINTED = """() => { const p = performance.getEntriesByName('first-paint')[0];
  return p ? performance.timeOrigin + p.startTime : null; }"""


def _option(name: str, default: int) -> int:
    return int(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def main() -> None:
    from playwright.sync_api import sync_playwright

    copies, edits = _option("--copies", 0), _option("--edits", 5)
    pause = _option("--pause-ms", 2000)  # from a save shown to the next save
    pdf = "--pdf" in sys.argv  # serve as it is by default, the PDFs made too (after the pages)
    with tempfile.TemporaryDirectory() as tmp:
        rules = corpus_rules(Path(tmp), copies)
        games = len(list(rules.glob("*/game.yaml")))
        out = Path(tmp) / "out" / "site"
        proc = subprocess.Popen(
            [sys.executable, "-m", "generator", "serve", *([] if pdf else ["--no-pdf"]), "--port", "0",
             "--rules", str(rules), "--templates", str(ROOT / "templates"), "--out", str(out)],
            cwd=ROOT, stderr=subprocess.PIPE, text=True)
        try:
            assert proc.stderr is not None
            port = None
            while port is None:
                line = proc.stderr.readline()
                if not line:
                    raise SystemExit("serve stopped before it served")
                found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
                port = found.group(1) if found else None
            built: list[float] = []  # when serve said each pages pass was done

            def read_log() -> None:
                assert proc.stderr is not None
                for line in proc.stderr:
                    if line.startswith("built:"):
                        built.append(time.perf_counter())

            threading.Thread(target=read_log, daemon=True).start()
            lang = rules / "uomo-nero" / "it.yaml"
            good = lang.read_text(encoding="utf-8")
            times, rebuilt, painted = [], [], []
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=[
                    "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
                page = browser.new_page()
                page.goto(f"http://127.0.0.1:{port}/it/uomo-nero/")
                page.wait_for_timeout(500)  # the event stream is open
                for n in range(edits):
                    title = f"Uomo Nero {n}"
                    lang.write_text(good.replace("title: Uomo Nero", f"title: {title}", 1),
                                    encoding="utf-8")
                    saved, saved_at = time.perf_counter(), time.time() * 1000
                    page.wait_for_function(
                        f"document.querySelector('h1').textContent === {title!r}", timeout=120_000)
                    times.append(time.perf_counter() - saved)
                    page.wait_for_function(_PAINTED, timeout=120_000)
                    painted.append((page.evaluate(_PAINTED) - saved_at) / 1000)
                    deadline = time.monotonic() + 120  # serve says "built:" once it published
                    while not (built and built[-1] > saved) and time.monotonic() < deadline:
                        time.sleep(0.01)
                    rebuilt.append(built[-1] - saved if built and built[-1] > saved else float("nan"))
                    page.wait_for_timeout(pause)  # (the search index of the language follows)
                browser.close()
        finally:
            proc.terminate()
            proc.wait(timeout=30)
        print(f"serve{' (PDFs on)' if pdf else ''}, {games} games: the reloaded page paints a "
              f"saved edit after median "
              f"{statistics.median(painted):.3f} s ({' / '.join(f'{t:.3f}' for t in painted)}); "
              f"Playwright sees it after median "
              f"{statistics.median(times):.2f} s ({' / '.join(f'{t:.2f}' for t in times)}); "
              f"the pages were rebuilt and published after median {statistics.median(rebuilt):.2f} s "
              "(the rest: the page's reload in the browser)")


if __name__ == "__main__":
    main()
