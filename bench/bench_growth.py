"""How a build grows with the corpus: prints figures, asserts nothing.

The synthetic corpus of bench_site.py at 50, 260 and 1,300 games (the ten real games and 4,
25 and 129 copies of each, every copy's prose its own), each built as a `rulebook build`
command into a new folder with a warm disk cache of the run's own (the simulations made once,
before the figures), with search and without PDFs; then one sentence of one game changed and
built again. Each line: wall time, CPU time and peak memory: GNU time's maximum resident set
(of the command or its largest worker), and the peak of all its processes at once (sampled).

    python bench/bench_growth.py [--copies 4,25,129]
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import edit_one_sentence, synthetic_corpus  # noqa: E402
from compare import timed, timed_tree  # noqa: E402


def main(copies: list[int]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cache = {"RULEBOOK_CACHE": str(Path(tmp) / "cache")}
        for n in copies:
            folder = Path(tmp) / f"corpus-{n}"
            folder.mkdir()
            rules = synthetic_corpus(folder, n)
            games = len(list(rules.glob("*/game.yaml")))

            def command(out: Path) -> list[str]:
                return [sys.executable, "-m", "generator", "build", "--no-pdf", "--quiet",
                        "--rules", str(rules), "--out", str(out)]

            timed(command(folder / "warm-up"), ROOT, cache)  # the simulations, once
            shutil.rmtree(folder / "warm-up")
            out = folder / "site"
            wall, cpu, peak, total = timed_tree(command(out), ROOT, cache)
            pages = sum(1 for _ in out.rglob("*.html"))
            print(f"{games:5} games, {pages:6} pages: clean build {wall:6.1f} s wall, "
                  f"{cpu:6.1f} s CPU, {peak:5.0f} MB peak of a process, {total:5.0f} MB of all")
            edit_one_sentence(rules, 1)
            wall, cpu, peak, total = timed_tree(command(out), ROOT, cache)
            print(f"{games:5} games, one-sentence edit: {wall:6.2f} s wall, {cpu:6.2f} s CPU, "
                  f"{peak:5.0f} MB peak of a process, {total:5.0f} MB of all")
            shutil.rmtree(folder)  # a 1,300-game site is gigabytes


if __name__ == "__main__":
    arg = sys.argv[sys.argv.index("--copies") + 1] if "--copies" in sys.argv else "4,25,129"
    main([int(c) for c in arg.split(",")])
