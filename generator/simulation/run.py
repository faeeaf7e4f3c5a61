"""The game by the numbers: random rounds played through a family's engine, tallied into
figures with 95 % intervals (see ``stats``).

A family describes what to simulate as a ``Simulation`` (what one round is, which figures it
gives); this module plays rounds in batches, with one seed per configuration, until every
figure is tight enough to print or the family's cap is reached. The same model, player
count and seed give the same rounds, figure for figure, on any machine.

Results are kept by a digest of the game's model, the engine's code and the settings
(``cache_key``; store.py), so an unchanged game is not simulated again.
"""

from __future__ import annotations

import hashlib
import inspect
import random
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


@dataclass(frozen=True, slots=True)
class SeatNote:
    """One way the rules set seats apart (who is dealt a card more, who plays first): the
    only reasons random play can favour a seat. ``text`` is a msgid pair, plural by the
    number of ``seats``, with ``%(seats)s`` for them and ``%(other)s`` for ``other``."""

    text: tuple[str, str]
    seats: tuple[int, ...]
    other: int | None = None  # a second seat the sentence names (whom the first draws from)


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
    lengths_mean: tuple[str, str]  # msgids: "A hand lasts about %(num)s draw(s) on average."
    share_label: str  # msgid: what the histogram's height is ("Share of hands")
    seat_notes: tuple[SeatNote, ...] = ()  # what sets the seats apart, if anything

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
