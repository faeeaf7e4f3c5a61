"""Simulation benchmarks ("By the numbers"): prints figures, asserts nothing. Run with
`make bench` or `python bench/bench_simulate.py [--cold]`.

- rounds per second of each game's simulation on one core, the base game at four players
  (or the count it fixes): a pairing game's unit is a round, a trick-taking game's a whole
  game of several hands (its hands per second too);
- with --cold: the time to simulate every configuration of every page from an empty cache,
  in one process and in a pool of two, and how many rounds that takes;
- with --cpu [GAME ...]: each game's CPU seconds to simulate every configuration of its
  numbers page in this one process (no cache, the default precision, seed 1), and for each
  configuration the rounds played against the cap and the figures still too wide to print
  when it stopped. CPU, not wall: it stays meaningful on a busy machine.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.check.games import check  # noqa: E402
from generator.families import family_of  # noqa: E402
from generator.runtime.cache import Cache  # noqa: E402
from generator.simulation.configurations import configuration, page_configurations, player_counts  # noqa: E402
from generator.simulation.run import run  # noqa: E402
from generator.simulation.stats import Precision, Tally  # noqa: E402
from generator.simulation.store import Store  # noqa: E402


def bench_units(seconds: float = 2.0) -> None:
    result = check([ROOT / "rules"], root=ROOT)
    for bundle in result.games:
        counts = player_counts(bundle, bundle.rules.engine, family=family_of(bundle))
        players = min(max(4, counts[0]), counts[-1])
        config = configuration(bundle, None, players, family=family_of(bundle))
        if config is None:
            continue
        sim, rng, tally, units = config.simulation, random.Random(1), Tally(), 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _ in range(20):
                sim.play(rng, tally)
            units += 20
        elapsed = time.perf_counter() - start
        unit = "rounds" if "round" in sim.unit[0] else "games"
        extra = ""
        if "hands" in tally.sums:  # a trick-taking game: hands too
            hands = tally.sums["hands"].total
            extra = f" ({hands / elapsed:7.0f} hands/s, {hands / units:.1f} hands a game)"
        print(f"simulate  {bundle.rules.id:<16} {players} players: {units / elapsed:8.0f} {unit}/s"
              + extra)


def bench_cold() -> None:
    result = check([ROOT / "rules"], root=ROOT)
    sims = [c.simulation for b in result.games for c in page_configurations(b, family=family_of(b))]
    for workers in (1, 2):
        with tempfile.TemporaryDirectory() as tmp:
            import generator.simulation.store as stored
            stored._MEMORY.clear()
            store = Store(Cache(Path(tmp)))
            start = time.perf_counter()
            store.prefetch(sims, workers=workers)
            rounds = sum(store.numbers(s).rounds for s in sims)
            elapsed = time.perf_counter() - start
            print(f"every page's figures from an empty cache, {workers} process(es): "
                  f"{elapsed:.1f} s ({len(sims)} configurations, {rounds:,} rounds or games)")


def bench_cpu(games: list[str]) -> None:
    result = check([ROOT / "rules"], root=ROOT)
    precision, total = Precision(), 0.0
    for bundle in result.games:
        if games and bundle.rules.id not in games:
            continue
        game_cpu = 0.0
        for config in page_configurations(bundle, family=family_of(bundle)):
            sim = config.simulation
            start = time.process_time()
            numbers = run(sim, precision=precision)
            cpu = time.process_time() - start
            game_cpu += cpu
            wide = [k for k, f in numbers.figures.items() if not precision.met(f)]
            print(f"  {bundle.rules.id:<16} {sim.players} players: {cpu:6.1f} s CPU, "
                  f"{numbers.rounds:,} of {sim.cap:,} rounds{' (capped)' if numbers.capped else ''}"
                  f"; still wide: {', '.join(wide) or 'none'}", flush=True)
        total += game_cpu
        print(f"simulate  {bundle.rules.id:<16} {game_cpu:6.1f} s CPU", flush=True)
    print(f"simulate  all {total:6.1f} s CPU")


if __name__ == "__main__":
    if "--cpu" in sys.argv:
        bench_cpu(sys.argv[sys.argv.index("--cpu") + 1:])
        sys.exit(0)
    bench_units()
    if "--cold" in sys.argv:
        bench_cold()
