"""The game by the numbers: random rounds played through a family's engine, tallied into
figures with 95 % intervals (see ``stats``).

A family describes what to simulate as a ``Simulation`` (what one round is, which figures it
gives); this module plays rounds in batches, with one seed per configuration, until every
figure is tight enough to print or the family's cap is reached. The same model, player
count and seed give the same rounds, figure for figure, on any machine.

Results are cached by a digest of the game's model, the engine's code and the settings
(``Store``): in memory for the process, and as ``<digest>.numbers.json`` files in a
folder (the build's cache beside the output), so an unchanged game is not simulated again.
"""

from __future__ import annotations

import ctypes
import hashlib
import inspect
import json
import multiprocessing
import os
import random
import signal
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Mapping

from ..runtime import collector
from .stats import Figure, Precision, Tally

NUMBERS_VERSION = "1"  # part of the cache key: raise it when what a result holds changes
DEFAULT_SEED = 1
BATCH = 500  # rounds between two looks at the intervals
PACKAGE_DIR = Path(__file__).resolve().parent.parent  # the generator package


@dataclass(frozen=True, slots=True)
class Metric:
    """One figure a simulation gives: ``key`` (``key.<seat>`` when per seat), its label (a
    msgid of the UI catalogs) and, for a mean, the decimals it is printed with."""

    key: str
    label: str
    per_seat: bool = False
    decimals: int = 1


@dataclass(frozen=True)
class Simulation:
    """What a family simulates for one game and player count.

    ``play`` plays one unit (a round, or a whole game of several hands) with random choices
    and adds what happened to the tally. Seats are counted from the dealer: seat 0 deals,
    seat 1 sits at the dealer's left, and so on."""

    model: str  # everything the figures depend on, as canonical text (for the cache key)
    players: int
    play: Callable[[random.Random, Tally], object]  # picklable: it may run in a worker
    metrics: tuple[Metric, ...]
    code: tuple[Path, ...]  # the engine's source files (for the cache key)
    cap: int  # at most this many units
    unit: tuple[str, str]  # msgids, singular and plural: "%(num)s simulated round(s)"
    by_seat: str  # the per-seat share charted by seat (the chance of losing)
    lengths: str  # the histogram charted as a distribution
    lengths_label: str  # msgid: what the histogram counts, as a column head ("Draws")
    lengths_title: str  # msgid: the chart's title ("How many draws a hand lasts")

    def keys(self) -> list[str]:
        return [f"{m.key}.{s}" if m.per_seat else m.key
                for m in self.metrics for s in (range(self.players) if m.per_seat else [0])]


@dataclass(frozen=True)
class Numbers:
    """The figures of one configuration, as simulated."""

    players: int
    rounds: int
    seed: int
    capped: bool  # the cap was reached before every interval was tight enough
    figures: dict[str, Figure]
    histograms: dict[str, dict[int, int]] = field(default_factory=dict)

    def to_json(self) -> dict[str, object]:
        return {"players": self.players, "rounds": self.rounds, "seed": self.seed,
                "capped": self.capped,
                "figures": {k: f.to_json() for k, f in sorted(self.figures.items())},
                "histograms": {k: {str(x): c for x, c in sorted(h.items())}
                               for k, h in sorted(self.histograms.items())}}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> Numbers:
        figures, histograms = data["figures"], data["histograms"]
        if not isinstance(figures, dict) or not isinstance(histograms, dict):
            raise ValueError("figures and histograms must be mappings")
        return cls(int(str(data["players"])), int(str(data["rounds"])), int(str(data["seed"])),
                   bool(data["capped"]),
                   {str(k): Figure.from_json(v) for k, v in figures.items()},
                   {str(k): {int(x): int(c) for x, c in h.items()} for k, h in histograms.items()})


def config_seed(sim: Simulation, seed: int) -> int:
    """The seed of one configuration: the same model and player count, the same rounds."""
    text = f"{seed}\0{sim.players}\0{sim.model}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


def run(sim: Simulation, *, seed: int = DEFAULT_SEED, rounds: int | None = None,
        precision: Precision = Precision()) -> Numbers:
    """Play ``rounds`` units, or, when None, batches until every figure is tight enough to
    print (``precision``) or the simulation's cap is reached."""
    with collector.resumed():  # an engine's rounds may leave cycles behind (see collector)
        return _run(sim, seed, rounds, precision)


def _run(sim: Simulation, seed: int, rounds: int | None, precision: Precision) -> Numbers:
    rng = random.Random(config_seed(sim, seed))
    tally = Tally()
    target = rounds if rounds is not None else sim.cap
    played = 0
    while played < target:
        for _ in range(min(BATCH, target - played)):
            sim.play(rng, tally)
        played += min(BATCH, target - played)
        if rounds is None and all(precision.met(f) for f in tally.figures().values()):
            break
    figures = tally.figures()
    capped = rounds is None and not all(precision.met(f) for f in figures.values())
    return Numbers(sim.players, played, seed, capped, figures,
                   {k: dict(sorted(h.items())) for k, h in sorted(tally.histograms.items())})


@lru_cache(maxsize=None)
def code_digest(paths: tuple[Path, ...]) -> str:
    """The code the figures depend on: the engine's files, cards and stats, and how rounds
    are seeded and batched here (not the rest of this module: the pool, the cache)."""
    h = hashlib.sha256(f"{NUMBERS_VERSION}\0{BATCH}\0".encode())
    h.update(inspect.getsource(run).encode() + inspect.getsource(config_seed).encode())
    for path in sorted({*paths, PACKAGE_DIR / "simulation" / "stats.py", PACKAGE_DIR / "core" / "cards.py"}):
        h.update(path.name.encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def cache_key(sim: Simulation, *, seed: int, precision: Precision) -> str:
    text = (f"{code_digest(sim.code)}\0{sim.model}\0{sim.players}\0{seed}\0{sim.cap}\0"
            f"{precision.share}\0{precision.mean}")
    return hashlib.sha256(text.encode()).hexdigest()


SHARED_CACHE = "RULEBOOK_NUMBERS_CACHE"  # a folder every output shares (the tests' builds)
_MEMORY: dict[str, Numbers] = {}  # by cache key: builds in one process (serve, tests) share it


@dataclass
class Store:
    """Simulated figures from the cache when the model and the engine are unchanged, else
    simulated (and cached). ``folder`` None: kept in memory only."""

    folder: Path | None = None
    seed: int = DEFAULT_SEED
    precision: Precision = Precision()
    simulated: int = 0
    cached: int = 0
    _prefetched: set[str] = field(default_factory=set, repr=False)

    @classmethod
    def beside(cls, folder: Path | None) -> Store:
        """A store in ``folder``, or in the folder RULEBOOK_NUMBERS_CACHE names when set."""
        shared = os.environ.get(SHARED_CACHE)
        return cls(Path(shared) if shared else folder)

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

    def prefetch(self, sims: list[Simulation], *, workers: int) -> None:
        """Simulate, in ``workers`` processes, every configuration not in the cache yet.

        Each configuration has its own seed, so the figures do not depend on which process
        plays it or in what order."""
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
        workers = max(1, min(workers, len(todo), os.cpu_count() or 1))
        if len(todo) < 2 or workers < 2:
            return  # numbers() simulates them in this process, one by one
        # as the PDF pool does (pdf.py): workers start with Ctrl-C held back and then ignore
        # it (the parent stops them), die with the parent, and are killed on any error
        context = multiprocessing.get_context("fork") if sys.platform == "linux" else None
        order = sorted(todo, key=lambda k: -todo[k].players)  # the longest first
        pool: ProcessPoolExecutor | None = None
        try:
            previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
            try:
                pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                           initargs=(os.getpid(),))
                futures = {key: pool.submit(run, todo[key], seed=self.seed,
                                            precision=self.precision) for key in order}
            finally:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)
            for key, future in futures.items():
                result = future.result()
                _MEMORY[key] = result
                self._write(key, result)
                self.simulated += 1
            pool.shutdown()
        except BaseException:
            if pool is not None:
                _stop(pool)
            raise
        # numbers() finds them in memory: count them as simulated, not as read from cache
        self._prefetched |= set(todo)

    def _path(self, key: str) -> Path | None:
        return self.folder / f"{key}.numbers.json" if self.folder is not None else None

    def _read(self, key: str) -> Numbers | None:
        path = self._path(key)
        if path is None or not path.is_file():
            return None
        try:
            return Numbers.from_json(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None  # a damaged cache file is simulated anew and replaced

    def _write(self, key: str, result: Numbers) -> None:
        path = self._path(key)
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(result.to_json(), sort_keys=True), encoding="utf-8")
        os.replace(tmp, path)


WORKER_NAME = b"rulebook-sim"  # the name a simulation worker shows in `ps` (Linux)


def _init_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops us
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG: the kernel kills us with the parent
        libc.prctl(15, WORKER_NAME)  # PR_SET_NAME
    if os.getppid() != parent:  # the parent was gone before the line above
        os._exit(1)


def _stop(pool: ProcessPoolExecutor) -> None:
    """End the pool now (Ctrl-C, an error): kill the workers rather than wait for them."""
    processes = list(getattr(pool, "_processes", {}).values())  # no public way to reach them
    for process in processes:
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
    for process in processes:
        process.join(5)
