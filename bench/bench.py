"""Benchmarks: prints figures, asserts nothing. Run with `make bench`.

- random_round: rounds per second of 3-player uomo-nero on one core;
- check: wall time of `rulebook check` on the whole corpus, start-up included.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.check.games import check  # noqa: E402


def bench_random_rounds(seconds: float = 3.0) -> None:
    result = check([ROOT / "rules"], root=ROOT)
    games = {b.rules.id: b.rules.engine for b in result.games}
    for name, players in (("uomo-nero", 3), ("uomo-nero", 6), ("black-peter", 3)):
        game, rng = games[name], random.Random(1)
        rounds, draws = 0, 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(200):
                draws += game.random_round(rng, players).draws
            rounds += 200
        elapsed = time.perf_counter() - start
        print(f"random_round  {name:<12} {players} players: {rounds / elapsed:8.0f} rounds/s "
              f"({draws / rounds:.1f} draws a round)")


def bench_check(runs: int = 7) -> None:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "generator", "check", "rules"], cwd=ROOT,
                       check=True, capture_output=True)
        times.append(time.perf_counter() - start)
    print(f"rulebook check on the corpus: median {statistics.median(times):.3f} s, "
          f"best {min(times):.3f} s over {runs} runs (start-up included)")


def bench_tricks_hands(seconds: float = 3.0) -> None:
    """Random hands per second of the trick-taking engine: deal, pass, 13 tricks, score."""
    result = check([ROOT / "rules"], root=ROOT)
    for bundle in result.games:
        if bundle.rules.spec.family != "tricks":
            continue
        game, rng = bundle.rules.engine, random.Random(1)
        hands, hand = 0, 1
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(100):
                game.random_round(rng, hand=hand)
                hand = hand % 12 + 1  # every hand of the passing schedule in turn
            hands += 100
        elapsed = time.perf_counter() - start
        print(f"random_round  {bundle.rules.id:<16} {game.players} players: "
              f"{hands / elapsed:8.0f} hands/s")


if __name__ == "__main__":
    bench_random_rounds()
    bench_check()
    bench_tricks_hands()
