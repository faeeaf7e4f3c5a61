"""Benchmarks of hostile inputs: prints figures, asserts nothing. Run with `make bench`.

The tests prove what these inputs give (a finding, no replay, ids in linear steps); how long
they take is measured here, where a busy machine makes a slow figure and not a red suite.

- nesting: `load_yaml` of the nested documents of tests/test_bad_input.py;
- seats: one example with 100,000 seats, loaded and then checked (it took 67 s when each
  seat was looked for in the list of seats);
- headings: 40,000 identical headings given their ids (113 s when each counted up from 1);
- fuzz: `rulebook check` of a game folder with random bytes in one file.
"""

from __future__ import annotations

import io
import random
import shutil
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.check.load import load_game  # noqa: E402
from generator.cli.main import main  # noqa: E402
from generator.core import markup  # noqa: E402
from generator.core.diagnostics import Report  # noqa: E402
from generator.families import get_family  # noqa: E402
from generator.model.source import load_yaml  # noqa: E402

GAME = "black-peter"
END = "examples/endgame.yaml"


def timed(what: str, run: Callable[[], object]) -> None:
    wall, cpu = time.perf_counter(), time.process_time()
    run()
    print(f"{what:<58} {time.perf_counter() - wall:7.3f} s wall {time.process_time() - cpu:7.3f} s CPU")


def bench_nesting() -> None:
    for name, text in (("flow, 600 deep", "a: " + "[" * 600 + "]" * 600 + "\n"),
                       ("flow with an error, 5,000 deep", "a: " + "[" * 5000 + "]" * 4999 + "\n"),
                       ("mappings, 2,000 deep", "a: " + "{a: " * 2000 + "}" * 2000 + "\n"),
                       ("block, 700 deep", "".join(" " * i + "a:\n" for i in range(700)))):
        timed(f"load_yaml, nesting {name}", lambda text=text: load_yaml("f.yaml", text))  # type: ignore[misc]


def bench_seats(tmp: Path, seats: int = 100_000) -> None:
    rules = tmp / "rules"
    shutil.copytree(ROOT / "rules" / GAME, rules / GAME)
    script = rules / GAME / END
    many = ", ".join(f'"s{i}"' for i in range(seats))
    script.write_text(script.read_text(encoding="utf-8").replace(
        'seats: ["1", "2", "3"]', f'seats: ["1", "2", "3", {many}]', 1), encoding="utf-8")
    report = Report()
    loaded: list[object] = []
    timed(f"{seats:,} seats: the game loaded", lambda: loaded.append(
        load_game(rules / GAME, report, root=tmp)))
    bundle = loaded[0]
    family = get_family(bundle.rules.spec.family)  # type: ignore[attr-defined]
    timed(f"{seats:,} seats: the example checked", lambda: family.check_example(
        bundle, bundle.examples["endgame"], Report()))  # type: ignore[attr-defined]


def bench_headings(headings: int = 40_000) -> None:
    def run() -> None:
        with markup.page_ids({"a"}):
            markup.render("## a\n\n" * headings)
    timed(f"{headings:,} identical headings rendered with their ids", run)


def bench_fuzz(tmp: Path, runs: int = 40) -> None:
    folder = tmp / "fuzz" / GAME
    shutil.copytree(ROOT / "rules" / GAME, folder)
    original = (folder / "en.yaml").read_bytes()
    rng = random.Random(1)

    def run() -> None:
        for _ in range(runs):
            data = bytearray(original)
            at = rng.randrange(len(data))
            data[at:at + rng.randrange(40)] = rng.randbytes(rng.randrange(40))
            (folder / "en.yaml").write_bytes(bytes(data))
            with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
                main(["check", str(folder)])
    timed(f"rulebook check, random bytes spliced into en.yaml ({runs} runs)", run)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        bench_nesting()
        bench_seats(Path(tmp))
        bench_headings()
        bench_fuzz(Path(tmp))
