"""The check on every core: games checked in worker processes come back whole (pickled), and
the build reports and publishes exactly what a check in one process does, its findings in the
folders' order."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import DEEP, RULES, TEMPLATES, small_rules
from generator.check.games import CHECKED_PER_WORKER
from generator.pipeline import BuildConfig, BuildResult, build

# builds of many games: make test every other game of the corpus (each family's, and the
# sixteen folders two check workers take), make test-deep every game
pytestmark = [pytest.mark.site, pytest.mark.deep]

GAMES = sorted(p.parent.name for p in RULES.glob("*/game.yaml"))[::1 if DEEP else 2]


def _corpus(tmp: Path) -> Path:
    """The real games and a copy of each under an id and slugs of its own, in English and
    Arabic (the pages of the other languages are made alike, and cost a build each)."""
    rules = small_rules(tmp / "rules", games=tuple(GAMES), langs=("ar",))
    for game in GAMES:
        copy = rules / f"{game}-again"
        shutil.copytree(rules / game, copy)
        text = (copy / "game.yaml").read_text(encoding="utf-8")
        text = re.sub(r"^id: .*$", f"id: {copy.name}", text, flags=re.M)
        text = re.sub(r"^(  [a-z]{2}: )([a-z0-9-]+)$", r"\g<1>\g<2>-again", text, flags=re.M)
        text = re.sub(r"^(  [a-z]{2}: \[)([a-z0-9-]+)\]$", r"\g<1>\g<2>-again]", text, flags=re.M)
        (copy / "game.yaml").write_text(text, encoding="utf-8")
    assert len(GAMES) * 2 >= 2 * CHECKED_PER_WORKER  # enough games for two workers
    return rules


def _build(rules: Path, out: Path, workers: int) -> BuildResult:
    return build(BuildConfig(rules, TEMPLATES, out, pdf=False, search=False, workers=workers))


def _files(out: Path) -> dict[str, bytes]:
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in out.rglob("*")
            if p.is_file() and ".rulebook" not in p.relative_to(out).as_posix()}


def test_a_build_checked_on_two_cores_is_the_build_checked_on_one(tmp_path: Path) -> None:
    rules = _corpus(tmp_path)
    one, two = _build(rules, tmp_path / "one", 1), _build(rules, tmp_path / "two", 2)
    assert one.ok and two.ok, [d.format() for d in two.report.items]
    assert [d.format() for d in one.report.items] == [d.format() for d in two.report.items]
    files = _files(tmp_path / "two")
    assert files == _files(tmp_path / "one")
    again = [p for p in files if re.fullmatch(r"[a-z]{2}/[a-z0-9-]+-again/index\.html", p)]
    assert len(again) >= len(GAMES), again


def test_the_findings_of_games_checked_apart_come_back_in_order(tmp_path: Path) -> None:
    """Two copies with an unknown placeholder each: both builds refuse, write nothing, and say
    both findings in the folders' order, at the same places."""
    rules = _corpus(tmp_path)
    for game in (GAMES[0], GAMES[-1]):
        prose = rules / f"{game}-again" / "en.yaml"
        text = prose.read_text(encoding="utf-8")
        planted = re.sub(r"^(description: >-\n  )", r"\1{nosuch} ", text, count=1, flags=re.M)
        assert planted != text
        prose.write_text(planted, encoding="utf-8")
    reports = []
    for workers in (1, 2):
        result = _build(rules, tmp_path / f"out{workers}", workers)
        assert not result.ok and not (tmp_path / f"out{workers}").exists()
        reports.append([d.format() for d in result.report.errors])
    assert reports[0] == reports[1]
    wrong = [line for line in reports[1] if "nosuch" in line]
    assert len(wrong) == 2 and f"{GAMES[0]}-again/en.yaml:" in wrong[0] \
        and f"{GAMES[-1]}-again/en.yaml:" in wrong[1]
