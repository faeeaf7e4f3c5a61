"""Progress of long work (checking, simulating, pages, fonts, search, PDFs), on stderr.

On a terminal each piece of work shows a bar while it runs (rich, redrawn only when the work
advances: no thread, so nothing is held when a worker pool forks); elsewhere (CI, a pipe, a
log) it is a line every ``EVERY`` seconds while it runs, so that a long first build (the
simulations, the PDFs) is never silent for minutes, and one line when it ends, when it took
long enough to be worth a line. Work whose units can each take longer than ``EVERY`` (one
configuration's simulation, a booklet) calls ``tick`` while it waits for them (``pool.finished``
does), so the line comes on time when nothing was done since the last. ``quiet`` shows
nothing.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterator, TextIO

WORTH_A_LINE = 1.0  # seconds: quicker work is not reported off a terminal
EVERY = 10.0  # seconds: off a terminal, the longest silence while work runs


@dataclass
class Task:
    """One piece of work of ``total`` units; ``advance`` as units are done."""

    description: str
    total: int
    done: int = 0
    _bar: Any = field(default=None, repr=False)
    _id: Any = field(default=None, repr=False)
    _lines: TextIO | None = field(default=None, repr=False)  # off a terminal: where lines go
    _said: float = field(default=0.0, repr=False)  # when the last line was printed
    _started: float = field(default=0.0, repr=False)

    def advance(self, units: int = 1) -> None:
        self.update(self.done + units)

    def tick(self) -> None:
        """Nothing more done yet: the line that is due (off a terminal) comes all the same."""
        self.update(self.done)

    def update(self, done: int) -> None:
        self.done = done
        if self._bar is not None:
            self._bar.update(self._id, completed=done)
            self._bar.refresh()
        elif self._lines is not None and done < self.total:
            now = time.perf_counter()
            if now - self._said >= EVERY:
                self._said = now
                print(f"{self.description}: {done} of {self.total} "
                      f"({now - self._started:.0f} s so far)", file=self._lines, flush=True)

    def __call__(self, done: int, total: int) -> None:
        """As a callback of (done, total), which the PDF renderer takes."""
        self.total = total
        if self._bar is not None:
            self._bar.update(self._id, total=total)
        self.update(done)


@dataclass
class Progress:
    """Where the progress of a command goes: a terminal's bars, lines, or nowhere."""

    stream: TextIO | None = None  # None: nothing is shown
    terminal: bool = False

    @classmethod
    def for_stderr(cls, *, quiet: bool = False) -> Progress:
        if quiet:
            return cls()
        return cls(sys.stderr, sys.stderr.isatty())

    @contextmanager
    def task(self, description: str, total: int) -> Iterator[Task]:
        """Report the work done in the block; nothing for work of no units."""
        task = Task(description, total)
        if self.stream is None or total <= 0:
            yield task
            return
        started = time.perf_counter()
        if not self.terminal:
            task._lines, task._said, task._started = self.stream, started, started
        if self.terminal:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bars

            task._bar = Bars(TextColumn("{task.description}"), BarColumn(),
                             MofNCompleteColumn(), TimeElapsedColumn(),
                             console=Console(file=self.stream), transient=True,
                             auto_refresh=False)
            task._id = task._bar.add_task(description, total=total)
            task._bar.start()
        try:
            yield task
        finally:
            if task._bar is not None:
                task._bar.stop()
            took = time.perf_counter() - started
            if not self.terminal and took >= WORTH_A_LINE:
                print(f"{description}: {task.done} of {task.total} ({took:.1f} s)",
                      file=self.stream, flush=True)


QUIET = Progress()
