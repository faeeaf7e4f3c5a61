"""One edit as a command: prints figures, asserts nothing.

The synthetic corpus of bench_site.py (``--copies`` copies of today's games: 15 make 256; 0
the real rules alone) is built into two output folders, one with the search and one without,
by `rulebook build` commands. Then one sentence of one game's English text is changed again
and again (bench_site.edit_one_sentence), and after each change `rulebook build --timings` is
run as a new process, as an author runs it: wall and CPU of the whole command (start-up and
imports included), and the CPU of each of its steps. The first edit after the clean build is
shown apart: it is the first command to check that game in a process of its own (the check of
its other languages is in the disk cache from then on, web/environments.py, families/
remembered.py).

    python bench/bench_edit.py [--copies 15] [--edits 7] [--no-search-only]

Issue 40's bounds at 260 games: at most 0.6 s without the search, 2.0 s with it.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from bench_site import corpus_rules, edit_one_sentence  # noqa: E402
from compare import step_cpu  # noqa: E402

TEMPLATES = ROOT / "templates"


def command(rules: Path, out: Path, search: bool) -> list[str]:
    return [sys.executable, "-m", "generator", "build", "--no-pdf", "--quiet", "--timings",
            "--rules", str(rules), "--templates", str(TEMPLATES), "--out", str(out),
            *([] if search else ["--no-search"])]


def run(cmd: list[str]) -> tuple[float, float, str]:
    """Wall and CPU seconds of ``cmd`` (its children's too), and what it said on stderr."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, done.stderr


def spread(values: list[float]) -> str:
    return (f"median {statistics.median(values):.3f} s ({min(values):.3f}-{max(values):.3f}, "
            f"{len(values)} runs)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=15)
    parser.add_argument("--edits", type=int, default=7)
    parser.add_argument("--no-search-only", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        rules = corpus_rules(Path(tmp), args.copies)
        games = len(list(rules.glob("*/game.yaml")))
        game = "black-peter-copy3" if args.copies >= 4 else "black-peter"
        edit = 0
        for search in (False,) if args.no_search_only else (False, True):
            words = "with the search" if search else "without the search"
            out = Path(tmp) / ("search" if search else "bare") / "site"
            wall, cpu, _ = run(command(rules, out, search))
            print(f"{games} games, clean build {words}: {wall:.1f} s wall, {cpu:.1f} s CPU")
            walls, cpus, steps = [], [], []
            for n in range(args.edits + 1):
                edit += 1
                edit_one_sentence(rules, edit, game)
                wall, cpu, said = run(command(rules, out, search))
                if n == 0:
                    print(f"  first edit after it: {wall:.3f} s wall, {cpu:.3f} s CPU")
                    continue
                walls.append(wall)
                cpus.append(cpu)
                steps.append(step_cpu(said))
            print(f"  one edit as a command {words}: wall {spread(walls)}; CPU {spread(cpus)}")
            names = [k for k in steps[0] if k != "all the steps"]
            print("  CPU by step (median): " + ", ".join(
                f"{k} {statistics.median(s.get(k, 0.0) for s in steps) * 1000:.0f} ms"
                for k in names if statistics.median(s.get(k, 0.0) for s in steps) >= 0.005))
            total = statistics.median(s.get("all the steps", 0.0) for s in steps)
            print(f"  the steps together {total * 1000:.0f} ms of CPU; start-up, imports and "
                  f"the rest {(statistics.median(cpus) - total) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
