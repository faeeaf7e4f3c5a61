"""Progress off a terminal (issue 40): a long step says how far it is at least every
``EVERY`` seconds while it advances, and once when it ends; quick work says nothing."""

from __future__ import annotations

import io

import pytest

from generator.runtime import progress


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
