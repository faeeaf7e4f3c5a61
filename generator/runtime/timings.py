"""Where a build's time goes, step by step (``rulebook build --timings``, the benchmarks):
each step's wall seconds and CPU seconds, the CPU of the build's own process and of the
processes it waited for in that step (its workers, Pagefind's services; a Dask cluster's
workers are on other machines and are not counted)."""

from __future__ import annotations

import os
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterator


def cpu_seconds() -> float:
    """CPU seconds of this process and of its children waited for, so far."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


@dataclass(frozen=True, slots=True)
class StepTime:
    step: str  # what the step does, in words ("checking the games")
    wall: float
    cpu: float


@dataclass
class Timings:
    """The steps of one build, in the order they ran."""

    steps: list[StepTime] = field(default_factory=list)

    @contextmanager
    def step(self, name: str) -> Iterator[None]:
        wall, cpu = time.perf_counter(), cpu_seconds()
        try:
            yield
        finally:
            self.steps.append(StepTime(name, time.perf_counter() - wall, cpu_seconds() - cpu))

    def table(self) -> str:
        """The steps as aligned lines, with their total."""
        if not self.steps:
            return ""
        total = StepTime("all the steps", sum(s.wall for s in self.steps),
                         sum(s.cpu for s in self.steps))
        width = max(len(s.step) for s in [*self.steps, total])
        head = f"{'where the time went':<{width}}  {'wall s':>8}  {'CPU s':>8}"
        rows = [f"{s.step:<{width}}  {s.wall:8.2f}  {s.cpu:8.2f}" for s in [*self.steps, total]]
        return "\n".join([head, *rows])
