"""Site benchmarks: prints figures, asserts nothing. Run with `make bench`.

- HTML pages per second: the whole corpus rendered in memory, and a full build of a
  synthetic corpus of many games (copies of the real ones under new ids and slugs);
- a no-op rebuild (nothing changed), in-process and as a whole command.
"""

from __future__ import annotations

import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.build import BuildConfig, build, render_site  # noqa: E402
from generator.check import check  # noqa: E402
from generator.diagnostics import Report  # noqa: E402
from generator.model import load_site_spec  # noqa: E402

TEMPLATES = ROOT / "templates"


def synthetic_corpus(target: Path, copies: int) -> Path:
    """rules/ with every real game copied ``copies`` times under new ids and slugs."""
    rules = target / "rules"
    shutil.copytree(ROOT / "rules", rules)
    games = [p.parent for p in (ROOT / "rules").glob("*/game.yaml")]
    for i in range(copies):
        for game in games:
            new = rules / f"{game.name}-copy{i}"
            shutil.copytree(game, new)
            text = (new / "game.yaml").read_text(encoding="utf-8")
            text = re.sub(r"^id: .*$", f"id: {new.name}", text, flags=re.M)
            text = re.sub(r"^(  [a-z]{2}: )([a-z0-9-]+)$", rf"\g<1>\g<2>-copy{i}", text, flags=re.M)
            (new / "game.yaml").write_text(text, encoding="utf-8")
    return rules


def bench_render(seconds: float = 2.0) -> None:
    checked = check([ROOT / "rules"], root=ROOT)
    spec = load_site_spec(ROOT / "rules", Report())
    assert spec is not None
    # the output is never written; the web fonts' cache beside it is (cut once, then read)
    config = BuildConfig(ROOT / "rules", TEMPLATES, Path(tempfile.mkdtemp()) / "site", pdf=False)
    pages, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        files = render_site(config, checked, spec)
        pages += sum(1 for p in files if p.endswith(".html"))
    elapsed = time.perf_counter() - start
    print(f"HTML render, real corpus ({sum(1 for p in files if p.endswith('.html'))} pages): "
          f"{pages / elapsed:7.0f} pages/s")


def bench_build(copies: int = 25) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        rules = synthetic_corpus(Path(tmp), copies)
        out = Path(tmp) / "output" / "site"
        config = BuildConfig(rules, TEMPLATES, out, pdf=False)
        start = time.perf_counter()
        result = build(config)
        elapsed = time.perf_counter() - start
        assert result.ok, [d.format() for d in result.report.errors][:5]
        print(f"full build, synthetic corpus ({len(list(rules.glob('*/game.yaml')))} games, "
              f"{result.pages} pages, check included): {elapsed:.2f} s, "
              f"{result.pages / elapsed:.0f} pages/s")
        times = []
        for _ in range(5):
            start = time.perf_counter()
            assert build(config).up_to_date
            times.append(time.perf_counter() - start)
        print(f"no-op rebuild in-process, same corpus: median {statistics.median(times) * 1000:.1f} ms")
        times = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "generator.cli", "build", "--no-pdf", "--rules", str(rules),
                            "--templates", str(TEMPLATES), "--out", str(out)], cwd=ROOT,
                           check=True, capture_output=True)
            times.append(time.perf_counter() - start)
        print(f"no-op `rulebook build` command, same corpus: median {statistics.median(times):.3f} s "
              "(start-up included)")


if __name__ == "__main__":
    bench_render()
    bench_build()
