"""Simulated figures kept between builds: in memory for the process, and in the disk cache
(runtime/cache.py) under a digest of the game's model, the engine's code and the settings
(``run.cache_key``), so an unchanged game is not simulated again by any build of the user.

Many configurations not simulated yet are simulated at once on the worker pool, or on a Dask
cluster (``prefetch``): each has its own seed, so its figures do not depend on which process,
or which machine, plays it, nor in what order. A task is its ``Simulation`` pickled (the
game's model and the engine's play function): it reads no file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Callable

from ..runtime.cache import Cache
from ..runtime.pool import finished, usable_workers, worker_pool
from ..runtime.progress import QUIET, Progress
from .run import DEFAULT_SEED, Numbers, Simulation, cache_key, run
from .stats import Precision

KIND = "numbers"  # the cache's name for these entries
_MEMORY: dict[str, Numbers] = {}  # by cache key: builds in one process (serve, tests) share it


@dataclass
class Store:
    """Simulated figures from the cache when the model and the engine are unchanged, else
    simulated (and cached)."""

    cache: Cache = field(default_factory=lambda: Cache(None))
    seed: int = DEFAULT_SEED
    precision: Precision = Precision()
    simulated: int = 0
    cached: int = 0
    _prefetched: set[str] = field(default_factory=set, repr=False)

    def numbers(self, sim: Simulation) -> Numbers:
        key = cache_key(sim, seed=self.seed, precision=self.precision)
        found = _MEMORY.get(key) or self._read(key)
        if found is not None:
            if key not in self._prefetched:
                self.cached += 1
            _MEMORY[key] = found
            return found
        result = run(sim, seed=self.seed, precision=self.precision)
        self.simulated += 1
        _MEMORY[key] = result
        self._write(key, result)
        return result

    def prefetch(self, sims: list[Simulation], *, workers: int,
                 progress: Progress = QUIET, executor: str | None = None) -> None:
        """Simulate every configuration not in the cache yet: in ``workers`` processes, or
        on the Dask cluster at ``executor`` (dask://host:port), connected to only then."""
        todo: dict[str, Simulation] = {}
        for sim in sims:
            key = cache_key(sim, seed=self.seed, precision=self.precision)
            if key in _MEMORY or key in todo:
                continue
            found = self._read(key)
            if found is not None:
                _MEMORY[key] = found
            else:
                todo[key] = sim
        count = usable_workers(workers, len(todo))
        order = sorted(todo, key=lambda k: -todo[k].players)  # the longest first
        with progress.task("simulating the game by the numbers", len(order)) as task:
            if executor is not None and order:
                self._on_cluster(executor, [(key, todo[key]) for key in order], task.advance)
            elif count < 2 or len(todo) < 2:  # here, one by one
                for key in order:
                    self._keep(key, run(todo[key], seed=self.seed, precision=self.precision))
                    task.advance()
            else:
                with worker_pool(count, name="sim") as pool:
                    futures = {pool.submit(run, todo[key], seed=self.seed,
                                           precision=self.precision): key for key in order}
                    for future in finished(futures, tick=task.tick):
                        self._keep(futures[future], future.result())
                        task.advance()
        # numbers() finds them in memory: count them as simulated, not as read from cache
        self._prefetched |= set(todo)

    def _on_cluster(self, address: str, todo: list[tuple[str, Simulation]],
                    advance: Callable[[], None]) -> None:
        from ..runtime.executors import connect

        with connect(address) as cluster:
            done = cluster.map(_simulate, [sim for _, sim in todo], [self.seed] * len(todo),
                               [self.precision] * len(todo))
            for (key, _), result in zip(todo, done):
                self._keep(key, result)
                advance()

    def _keep(self, key: str, result: Numbers) -> None:
        _MEMORY[key] = result
        self._write(key, result)
        self.simulated += 1

    def _read(self, key: str) -> Numbers | None:
        entry = self.cache.get(KIND, key)
        if entry is None:
            return None
        try:
            return Numbers.from_json(json.loads(entry.data))
        except (ValueError, KeyError, TypeError):
            return None  # an entry of another shape is simulated anew and replaced

    def _write(self, key: str, result: Numbers) -> None:
        self.cache.put(KIND, key, json.dumps(result.to_json(), sort_keys=True).encode())


def _simulate(sim: Simulation, seed: int, precision: Precision) -> Numbers:
    """One configuration's figures, on a worker of the cluster (positional: Dask's map)."""
    return run(sim, seed=seed, precision=precision)
