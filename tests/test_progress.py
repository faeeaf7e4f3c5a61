"""Progress off a terminal (issue 40): a long step says how far it is at least every
``EVERY`` seconds while it runs (also while one long unit of it keeps it from advancing), and
once when it ends; quick work says nothing."""

from __future__ import annotations

import io
import threading
from concurrent.futures import Future

import pytest

from generator.runtime import pool, progress


class Clock:
    """``time.perf_counter`` as the test sets it."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    fake = Clock()
    monkeypatch.setattr(progress.time, "perf_counter", fake)
    return fake


def test_a_long_step_off_a_terminal_says_how_far_it_is_every_ten_seconds(clock: Clock) -> None:
    out = io.StringIO()
    with progress.Progress(out, terminal=False).task("simulating the games", 16) as task:
        for _ in range(15):
            clock.now += 4  # a game every 4 s: a line at 12 s, 24 s, 36 s, 48 s, 60 s
            task.advance()
        clock.now += 4
        task.advance()
    lines = out.getvalue().splitlines()
    assert lines == ["simulating the games: 3 of 16 (12 s so far)",
                     "simulating the games: 6 of 16 (24 s so far)",
                     "simulating the games: 9 of 16 (36 s so far)",
                     "simulating the games: 12 of 16 (48 s so far)",
                     "simulating the games: 15 of 16 (60 s so far)",
                     "simulating the games: 16 of 16 (64.0 s)"]


def test_a_unit_longer_than_ten_seconds_does_not_silence_the_step(clock: Clock) -> None:
    """Macao's longest configurations took 18 s each on an idle machine, and the first build
    printed nothing between two configurations: the waiting loop ticks, and a due line comes."""
    out = io.StringIO()
    with progress.Progress(out, terminal=False).task("simulating the games", 3) as task:
        task.advance()
        for _ in range(25):  # the next configuration takes 25 s; the pool ticks every second
            clock.now += 1
            task.tick()
        task.advance(2)
    assert out.getvalue().splitlines() == ["simulating the games: 1 of 3 (10 s so far)",
                                           "simulating the games: 1 of 3 (20 s so far)",
                                           "simulating the games: 3 of 3 (25.0 s)"]


def test_the_pool_ticks_while_it_waits_for_a_task(monkeypatch: pytest.MonkeyPatch) -> None:
    """``pool.finished`` calls ``tick`` while no task is done: here each future is done only
    by the second tick after the one before, so without ticks the loop would wait for ever."""
    monkeypatch.setattr(pool, "WAKE", 0.001)
    futures: list[Future[int]] = [Future(), Future()]
    ticks: list[int] = []

    def tick() -> None:
        ticks.append(len(ticks) + 1)
        waiting = [f for f in futures if not f.done()]
        if waiting and len(ticks) % 2 == 0:
            waiting[0].set_result(len(ticks))

    def unstick() -> None:  # were there no ticks, the test would fail, not hang
        for f in futures:
            if not f.done():
                f.set_result(-1)

    timer = threading.Timer(30, unstick)
    timer.start()
    try:
        assert [f.result() for f in pool.finished(futures, tick=tick)] == [2, 4]
    finally:
        timer.cancel()


def test_quick_work_off_a_terminal_says_nothing(clock: Clock) -> None:
    out = io.StringIO()
    with progress.Progress(out, terminal=False).task("cutting the web fonts", 3) as task:
        for _ in range(3):
            clock.now += 0.2
            task.advance()
    assert out.getvalue() == ""


def test_the_pdf_callback_reports_too(clock: Clock) -> None:
    """The PDF renderer calls the task with (done, total) as each document is written."""
    out = io.StringIO()
    with progress.Progress(out, terminal=False).task("printing the PDFs", 1) as task:
        for done in range(1, 41):
            clock.now += 1
            task(done, 40)
    assert out.getvalue().splitlines() == ["printing the PDFs: 10 of 40 (10 s so far)",
                                           "printing the PDFs: 20 of 40 (20 s so far)",
                                           "printing the PDFs: 30 of 40 (30 s so far)",
                                           "printing the PDFs: 40 of 40 (40.0 s)"]


def test_quiet_shows_nothing_however_long(clock: Clock, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    with progress.Progress.for_stderr(quiet=True).task("simulating the games", 16) as task:
        for _ in range(16):
            clock.now += 30
            task.advance()
    assert capsys.readouterr() == ("", "")
