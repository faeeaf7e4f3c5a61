"""serve's remembered narration checks (families/shared.py, ``narrations_remembered``): a game
checked again after one of its languages changed reports exactly what a fresh check reports,
findings and readings in their order, having read again only the language that changed."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import RULES
from generator.check.games import check_game
from generator.core.diagnostics import Report
from generator.families import shared

pytestmark = pytest.mark.unit

GAMES = ("uomo-nero", "hearts", "macao")  # one game of each family


def _checked(folder: Path) -> tuple[list[Any], list[Any], dict[str, int]]:
    report = Report(unread=True)
    bundle, _ = check_game(folder, report, root=folder.parent.parent)
    assert bundle is not None
    return report.items, report.readings, dict(bundle.claims_checked)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_checked_again_reports_what_a_fresh_check_does(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "rules" / game
    shutil.copytree(RULES / game, folder)
    monkeypatch.setattr(shared, "_REMEMBERED", shared._Remembered())
    read: list[str] = []  # the languages whose narration was read, example by example
    narration = shared._narration

    def counted(ctx: Any, lang: str, *args: Any, **kwargs: Any) -> Any:
        read.append(lang)
        return narration(ctx, lang, *args, **kwargs)

    monkeypatch.setattr(shared, "_narration", counted)
    fresh = _checked(folder)
    languages = set(read)
    assert len(languages) == 6 and read
    read.clear()
    with shared.narrations_remembered():
        assert _checked(folder) == fresh  # the first check inside: every language read
        assert set(read) == languages
        read.clear()
        assert _checked(folder) == fresh  # again: nothing read, the same findings and readings
        assert read == []

        # one language changed (its text, not what it says): only it is read again
        lang = folder / "it.yaml"
        lang.write_text(lang.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
        again = _checked(folder)
        assert set(read) == {"it"}
    read.clear()
    assert again == _checked(folder)  # a fresh check of the changed folder
    assert set(read) == languages


def test_outside_its_block_nothing_is_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "_REMEMBERED", shared._Remembered())
    folder = tmp_path / "rules" / "uomo-nero"
    shutil.copytree(RULES / "uomo-nero", folder)
    _checked(folder)
    assert shared._REMEMBERED.found == {}
