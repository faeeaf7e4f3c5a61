"""What serve remembers between two checks of a game: its narration checks (families/shared.py,
``narrations_remembered``: a game checked again after one of its languages changed reports
exactly what a fresh check reports, having read again only that language), and its parsed
files (model/source.py, ``parsed_remembered``: never changed by the builds that use them)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from conftest import RULES
from generator.check.games import check_game
from generator.core.diagnostics import Report
from generator.families import shared
from generator.families.remembered import Remembered

GAMES = ("uomo-nero", "hearts", "macao")  # one game of each family


def _checked(folder: Path) -> tuple[list[Any], list[Any], dict[str, int]]:
    report = Report(unread=True)
    bundle, _ = check_game(folder, report, root=folder.parent.parent)
    assert bundle is not None
    return report.items, report.readings, dict(bundle.claims_checked)


def _counting_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The languages whose narration the check reads from now on, example by example."""
    read: list[str] = []
    narration = shared._narration

    def counted(ctx: Any, lang: str, *args: Any, **kwargs: Any) -> Any:
        read.append(lang)
        return narration(ctx, lang, *args, **kwargs)

    monkeypatch.setattr(shared, "_narration", counted)
    return read


@pytest.mark.unit
@pytest.mark.parametrize("game", GAMES)
def test_a_game_checked_again_reports_what_a_fresh_check_does(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "rules" / game
    shutil.copytree(RULES / game, folder)
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    read = _counting_reads(monkeypatch)
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


@pytest.mark.unit
def test_outside_its_block_nothing_is_remembered(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    folder = tmp_path / "rules" / "uomo-nero"
    shutil.copytree(RULES / "uomo-nero", folder)
    _checked(folder)
    assert shared._REMEMBERED.found == {}


@pytest.mark.site  # builds
def test_a_remembered_file_is_never_changed_by_the_build_that_uses_it(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch
                                                                     ) -> None:
    """serve's builds parse a file whose text is unchanged once (model/source.py,
    ``parsed_remembered``), and every later build uses that Source as it is: checked, rendered
    and built again, each stays what a fresh parse of its text makes."""
    from conftest import ROOT, small_rules
    from generator.model import source
    from generator.pipeline import BuildConfig, build

    monkeypatch.setattr(source, "_PARSED", source._Parsed())
    rules = small_rules(tmp_path / "rules", games=("uomo-nero", "hearts", "macao"))
    config = BuildConfig(rules, ROOT / "templates", tmp_path / "out" / "site", pdf=False,
                         search=False, keep_games=True, workers=1)
    assert build(config).ok
    (rules / "hearts" / "en.yaml").write_text(
        (rules / "hearts" / "en.yaml").read_text(encoding="utf-8") + "\n# edited\n",
        encoding="utf-8")
    assert build(config).ok
    remembered = source._PARSED.found
    assert len(remembered) > 20  # the three games' files, and both texts of the one edited
    for (shown, text), (parsed, problems) in remembered.items():
        fresh, fresh_problems = source._parse(text, shown)
        assert parsed is not None and fresh is not None
        assert (parsed.data, parsed.value_marks, parsed.key_marks, parsed.scalar_shift,
                parsed.spans, problems) == (fresh.data, fresh.value_marks, fresh.key_marks,
                                            fresh.scalar_shift, fresh.spans, fresh_problems), shown


@pytest.mark.unit
@pytest.mark.parametrize("game", GAMES)
def test_a_new_process_takes_the_narration_checks_of_the_last_from_the_disk(
        game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A one-edit `rulebook build` is a new process: what the last one's check of each
    language found comes from the disk cache (one entry a game, JSON), equal to what a fresh
    check finds, for the code that found it only."""
    from generator.runtime.cache import Cache

    folder = tmp_path / "rules" / game
    shutil.copytree(RULES / game, folder)
    cache = Cache.opened(tmp_path / "cache")
    read = _counting_reads(monkeypatch)
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    fresh = _checked(folder)
    languages = set(read)
    with shared.narrations_remembered(cache, "code 1", forget=True):
        assert _checked(folder) == fresh
    assert len(list((tmp_path / "cache" / "narrations").iterdir())) == 1
    assert shared._REMEMBERED.found == {}  # forgotten: a new process has nothing in memory

    read.clear()
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())  # a new process
    with shared.narrations_remembered(cache, "code 1", forget=True):
        assert _checked(folder) == fresh  # every language from the disk, the same in all
    assert read == []

    lang = folder / "de.yaml"  # one language edited: only it is read again
    lang.write_text(lang.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    edited = _checked(folder)
    read.clear()
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    with shared.narrations_remembered(cache, "code 1", forget=True):
        assert _checked(folder) == edited
    assert set(read) == {"de"}

    read.clear()
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    with shared.narrations_remembered(cache, "code 2", forget=True):  # another generator
        assert _checked(folder) == edited
    assert set(read) == languages

    for entry in (tmp_path / "cache" / "narrations").iterdir():  # edited: not as signed
        raw = entry.read_bytes()
        entry.write_bytes(raw[:-1] + bytes([raw[-1] ^ 1]))
    read.clear()
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())
    with shared.narrations_remembered(cache, "code 2", forget=True):
        assert _checked(folder) == edited
    assert set(read) == languages


@pytest.mark.site  # builds
def test_a_clean_build_with_a_warm_cache_reads_no_narration_and_makes_the_same_site(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The build's workers keep each game's narration checks on the disk as they check it; a
    clean build into another folder, with that cache, reads no narration again and makes the
    same site, byte for byte, and the same report."""
    from conftest import ROOT, cache_without_pdfs, small_rules
    from generator.pipeline import BuildConfig, build

    rules = small_rules(tmp_path / "rules", games=GAMES)
    cache = cache_without_pdfs(tmp_path / "cache")  # the numbers simulated, no narration

    def config(name: str, workers: int) -> BuildConfig:
        return BuildConfig(rules, ROOT / "templates", tmp_path / name / "site", pdf=False,
                           search=False, workers=workers, cache=cache)

    from generator.pipeline import games as games_step

    monkeypatch.setattr(games_step, "CHECKED_PER_WORKER", 1)  # three games: two workers
    first = build(config("one", workers=2))  # checked in the pool's workers
    assert first.ok
    assert len(list((cache / "narrations").iterdir())) == len(GAMES)

    read = _counting_reads(monkeypatch)
    monkeypatch.setattr(shared, "_REMEMBERED", Remembered())  # a new process
    second = build(config("two", workers=1))  # in this process: its reads are counted
    assert second.ok and read == []
    assert [d.format() for d in second.report.sorted()] == [d.format() for d in first.report.sorted()]
    one, two = tmp_path / "one" / "site", tmp_path / "two" / "site"
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    assert all((one / f).read_bytes() == (two / f).read_bytes() for f in files)
