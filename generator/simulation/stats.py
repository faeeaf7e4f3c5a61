"""Statistics of simulated rounds: running tallies and their 95 % intervals.

A proportion gets the Wilson score interval (it stays inside 0..1 and behaves for events
that are rare or nearly certain, where the normal approximation does not); a mean gets the
normal interval of the mean (the simulation stops only after hundreds of rounds, where
Student's t and the normal quantile agree to the printed digit).
"""

from __future__ import annotations

import enum
import math
from collections import Counter
from dataclasses import dataclass, field

Z95 = 1.959963984540054  # the two-sided 95 % quantile of the standard normal


class Kind(enum.StrEnum):
    SHARE = "share"  # each observation is 0 or 1: a proportion
    MEAN = "mean"  # each observation is a number: its mean and spread


@dataclass(frozen=True, slots=True)
class Figure:
    """One statistic with its 95 % interval."""

    kind: Kind
    n: int  # observations
    estimate: float
    low: float
    high: float
    sd: float  # the spread of one observation (standard deviation)

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind.value, "n": self.n, "estimate": self.estimate,
                "low": self.low, "high": self.high, "sd": self.sd}

    @classmethod
    def from_json(cls, data: dict[str, object]) -> Figure:
        def num(key: str) -> float:
            value = data[key]
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{key}: expected a finite number, found {value!r}")
            return float(value)
        return cls(Kind(str(data["kind"])), int(num("n")), num("estimate"), num("low"),
                   num("high"), num("sd"))


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / n``."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    # at 0 or n successes the bound is exactly 0 or 1; floating point leaves a trace
    low = 0.0 if successes == 0 else max(0.0, centre - spread)
    high = 1.0 if successes == n else min(1.0, centre + spread)
    return low, high


def mean_interval(n: int, total: float, squares: float, z: float = Z95
                  ) -> tuple[float, float, float, float]:
    """Mean, interval and the sample standard deviation, from running sums."""
    if n == 0:
        return 0.0, 0.0, 0.0, 0.0
    mean = total / n
    variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
    sd = math.sqrt(variance)
    half = z * sd / math.sqrt(n)
    return mean, mean - half, mean + half, sd


@dataclass
class _Sums:
    n: int = 0
    total: float = 0.0
    squares: float = 0.0


@dataclass
class Tally:
    """Observations as they come: running sums per statistic, counts per histogram.

    Observations are whole numbers (draws, points, 0/1), so the sums are exact and the
    order in which rounds are added does not change a digit of the result."""

    kinds: dict[str, Kind] = field(default_factory=dict)
    sums: dict[str, _Sums] = field(default_factory=dict)
    histograms: dict[str, Counter[int]] = field(default_factory=dict)

    def share(self, key: str, happened: bool) -> None:
        self._add(key, Kind.SHARE, 1 if happened else 0)

    def value(self, key: str, x: int) -> None:
        self._add(key, Kind.MEAN, x)

    def count(self, histogram: str, x: int) -> None:
        self.histograms.setdefault(histogram, Counter())[x] += 1

    def _add(self, key: str, kind: Kind, x: int) -> None:
        sums = self.sums.get(key)
        if sums is None:
            self.kinds[key] = kind
            sums = self.sums[key] = _Sums()
        sums.n += 1
        sums.total += x
        sums.squares += x * x

    def figure(self, key: str) -> Figure:
        s, kind = self.sums[key], self.kinds[key]
        mean, low, high, sd = mean_interval(s.n, s.total, s.squares)
        if kind is Kind.SHARE:
            low, high = wilson(int(s.total), s.n)
        return Figure(kind, s.n, mean, low, high, sd)

    def figures(self) -> dict[str, Figure]:
        return {key: self.figure(key) for key in sorted(self.sums)}


@dataclass(frozen=True, slots=True)
class Precision:
    """How tight an interval must be to be printed: a share to ``share`` (0.01: one
    percentage point either way), a mean to ``mean`` of itself (0.01: one per cent)."""

    share: float = 0.01
    mean: float = 0.01

    def met(self, figure: Figure) -> bool:
        if figure.kind is Kind.SHARE:
            return figure.half_width <= self.share
        return figure.half_width <= self.mean * max(abs(figure.estimate), 1.0)
