"""The garbage collector is paused while a build runs and back as it was afterwards; code that
makes cyclic garbage (WeasyPrint, the engines' rounds) runs with it on."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from generator.check.games import check
from generator.runtime import collector


@pytest.fixture(autouse=True)
def _collector_on() -> object:
    was_on = gc.isenabled()
    gc.enable()
    yield
    (gc.enable if was_on else gc.disable)()


def test_paused_and_resumed_nest_and_restore() -> None:
    with collector.paused():
        assert not gc.isenabled()
        with collector.resumed():
            assert gc.isenabled()
        assert not gc.isenabled()
        with collector.paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_inside_restores_the_collector() -> None:
    with pytest.raises(RuntimeError), collector.paused():
        raise RuntimeError("a build that fails")
    assert gc.isenabled()


def test_a_check_runs_paused_and_leaves_it_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.check.games as check_module

    seen: list[bool] = []
    real = check_module.check_game

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(check_module, "check_game", spy)
    result = check([Path(__file__).resolve().parent.parent / "rules" / "hearts"])
    assert result.ok and seen == [False]
    assert gc.isenabled()


def test_a_pdf_renders_with_the_collector_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.pdf import render as pdf

    seen: list[bool] = []
    monkeypatch.setattr(pdf, "_render_one", lambda task: seen.append(gc.isenabled()))
    with collector.paused():
        pdf._render(("<p>x</p>", 1))
        assert not gc.isenabled()
    assert seen == [True]


def test_what_a_pause_leaves_is_old_and_still_collected() -> None:
    gc.collect()
    with collector.paused():
        cycles = []
        for _ in range(2000):
            a: list[object] = []
            a.append(a)
            cycles.append(a)
        del cycles, a
        young = gc.get_count()[0]
        assert young >= 2000  # counted, not collected, while paused
    assert gc.get_count()[0] < young  # nothing young is left for the next collection
    assert gc.collect() >= 2000  # a full collection still finds the garbage
