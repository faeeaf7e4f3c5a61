"""A draft example (`draft: true`, as a hand downloaded from the play page is): replayed and
checked like any example, never published, and it asks the language files for no text."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import RULES, formatted
from generator.check.games import check
from generator.pipeline import BuildConfig, build

FIRST = (RULES / "hearts" / "examples" / "first-hand.yaml").read_text(encoding="utf-8")


def hearts(tmp: Path, draft: str, game: str = "hearts") -> Path:
    """A game (Hearts) in English alone, with examples/played.yaml (not in game.yaml's
    `order`)."""
    rules = tmp / "rules"
    rules.mkdir()
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / game, rules / game)
    for path in (rules / game).glob("*.yaml"):
        if path.name.split(".")[0] not in ("game", "en"):
            path.unlink()
    (rules / game / "examples" / "played.yaml").write_text(draft, encoding="utf-8")
    return rules


def first_example(game: str) -> str:
    name = "first-hand" if game == "hearts" else "a-whole-hand"
    return (RULES / game / "examples" / f"{name}.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", ["hearts", "whist"])  # examples by file name, and in `order`
def test_a_draft_checks_clean_with_a_note_at_its_line(tmp_path: Path, game: str) -> None:
    script = first_example(game)
    rules = hearts(tmp_path, script + "draft: true\n", game)
    result = check([rules], root=rules.parent)
    assert result.ok and formatted(result.report.warnings) == [], [d.format() for d in result.report.items]
    notes = [d for d in result.report.notes if d.code == "draft-example"]
    assert [(Path(d.mark.path).name, d.mark.line) for d in notes] == [
        ("played.yaml", script.count("\n") + 1)]
    assert "played" in next(iter(result.games)).examples  # loaded and replayed


def test_a_draft_is_checked_like_any_example(tmp_path: Path) -> None:
    wrong = FIRST  # the same hand, with a card dealt twice
    anna = next(line for line in wrong.splitlines() if line.startswith("  Anna:"))
    wrong = wrong.replace(anna, anna.replace("K♠", "2♣"), 1)
    rules = hearts(tmp_path, wrong + "draft: true\n")
    result = check([rules], root=rules.parent)
    mine = [d for d in result.report.errors if d.mark.path.endswith("played.yaml")]
    assert mine and not result.ok
    assert {d.code for d in result.report.errors} - {d.code for d in mine} == set()


@pytest.mark.parametrize(("game", "missing"), [
    ("hearts", {"missing-example-text"}),  # no `order`: the examples by file name
    ("whist", {"missing-example-text", "missing-example"})])
def test_without_draft_the_hand_needs_its_text_and_its_place(tmp_path: Path, game: str,
                                                             missing: set[str]) -> None:
    """The negative control: the same hand, not a draft, is an example to publish."""
    script = first_example(game)
    rules = hearts(tmp_path, script, game)
    codes = {d.code for d in check([rules], root=rules.parent).report.errors}
    assert codes == missing


@pytest.mark.slow
def test_a_draft_is_not_published(tmp_path: Path) -> None:
    rules = hearts(tmp_path, FIRST + "draft: true\n")
    out = tmp_path / "site"
    result = build(BuildConfig(rules, RULES.parent / "templates", out, pdf=False, search=False,
                               quiet=True))
    assert result.ok, [d.format() for d in result.report.errors]
    page = (out / "en" / "hearts" / "index.html").read_text(encoding="utf-8")
    assert 'id="example-first-hand"' in page and "example-played" not in page
