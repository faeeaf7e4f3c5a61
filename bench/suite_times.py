"""Where the test suite's time goes: prints figures, asserts nothing.

    RULEBOOK_TEST_TIMES=/tmp/times.jsonl make test    # one JSON line per test (tests/conftest.py)
    python bench/suite_times.py /tmp/times.jsonl [N]

It prints each worker's busy time against the run's span (a worker idle while the other works
is wall time nobody spends), the test files by wall and by CPU, and the N tests that wait the
most (wall over CPU: a sleep, a poll, a lock, a browser's CPU counted elsewhere). "tree" is the
CPU of the worker and of every process under it (the session's Chromium, a build's pool):
what the test cost the machine, where the record has it.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path


def main(path: Path, top: int) -> None:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not rows:
        print("no test recorded")
        return
    start = min(r["end"] - r["wall"] for r in rows)
    span = max(r["end"] for r in rows) - start
    print(f"{len(rows)} tests over {span:.0f} s (first start to last end)")
    workers: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        workers[r["worker"]].append(r)
    for name, own in sorted(workers.items()):
        busy, cpu = sum(r["wall"] for r in own), sum(r["cpu"] for r in own)
        tree = sum(_tree(r) for r in own)
        last = max(r["end"] for r in own) - start
        print(f"  worker {name}: {len(own)} tests, busy {busy:.0f} s, CPU {cpu:.0f} s "
              f"(tree {tree:.0f} s), done at {last:.0f} s")
    files: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0, 0])
    for r in rows:
        f = files[r["test"].split("::")[0]]
        f[0] += r["wall"]
        f[1] += r["cpu"]
        f[2] += _tree(r)
        f[3] += 1
    print(f"\nthe {top} costliest files (wall s, CPU s, tree CPU s, tests)")
    for name, (wall, cpu, tree, n) in sorted(files.items(), key=lambda kv: -kv[1][0])[:top]:
        print(f"  {wall:7.1f} {cpu:7.1f} {tree:7.1f} {n:5d}  {name}")
    print(f"\nthe {top} tests that wait the most (wall − tree CPU, wall, CPU, tree CPU)")
    for r in sorted(rows, key=lambda r: _tree(r) - r["wall"])[:top]:
        print(f"  {r['wall'] - _tree(r):7.1f} {r['wall']:7.1f} {r['cpu']:7.1f} {_tree(r):7.1f}  {r['test']}")


def _tree(row: dict) -> float:
    """The test's CPU with its live descendants' (records before "tree" have the worker's only)."""
    return float(row.get("tree", row["cpu"]))


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 30)
