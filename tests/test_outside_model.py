"""An honest boundary (issue 34): a game declares, in game.yaml's ``outside_model``, a rule
its family's engine does not model, with its text in each language. `rulebook check` says in
a note what it does not check because of it; the site publishes nothing the rule makes
unreliable (no score in the examples' results, no score sheet, no numbers page built from the
scores, no play page where the play is affected), and the page says what was checked."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from conftest import RULES, formatted, serve_folder
from generator.check.games import check
from generator.cli.main import main
from generator.pipeline import BuildConfig, build

pytestmark = pytest.mark.slow

RULE = "In this reading each heart costs its spot value (the 7♥ costs 7)."
# the results table's column and a replayed sheet's; not the booklet's blank "Score sheet",
# a page the players fill in by hand
SCORE = re.compile(r"\bScore\b(?! sheet)")


RULE_2 = "In this reading the J♦ takes 10 points off its winner's score."


def hearts(tmp: Path, *, declared: bool, affects: str = "scores, play", two: bool = False) -> Path:
    """Hearts in English alone, with (or without) a rule outside the model (or two)."""
    rules = tmp / ("declared" if declared else "plain") / "rules"
    rules.mkdir(parents=True)
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    shutil.copytree(RULES / "hearts", rules / "hearts")
    for path in (rules / "hearts").glob("*.yaml"):
        if path.name.split(".")[0] not in ("game", "en"):
            path.unlink()
    if declared:
        with open(rules / "hearts" / "game.yaml", "a", encoding="utf-8") as game:
            game.write(f"outside_model:\n  - {{id: spot-hearts, affects: [{affects}]}}\n")
            if two:
                game.write(f"  - {{id: jack-of-diamonds, affects: [{affects}]}}\n")
        with open(rules / "hearts" / "en.yaml", "a", encoding="utf-8") as en:
            en.write(f"outside_model:\n  spot-hearts: \"{RULE}\"\n")
            if two:
                en.write(f"  jack-of-diamonds: \"{RULE_2}\"\n")
    return rules


def test_check_says_what_it_does_not_check_and_passes(tmp_path: Path, capsys) -> None:
    rules = hearts(tmp_path, declared=True)
    result = check([rules], root=rules.parent)
    assert result.ok and formatted(result.report.warnings) == []
    notes = {(Path(d.mark.path).name, d.mark.line): d.message for d in result.report.notes}
    assert all(d.code == "outside-model" for d in result.report.notes)
    game = next(m for (f, _), m in notes.items() if f == "game.yaml")
    assert game == ("'spot-hearts' is a rule the tricks engine does not model: the examples' "
                    "scores are neither computed nor checked, and no score is published "
                    "(results, play page, numbers); no page to play it against the computer")
    # each example's scores, and the score sheet, said not checked at their own lines
    assert {f for f, _ in notes} == {"game.yaml", "first-hand.yaml", "shooting-the-moon.yaml",
                                     "to-a-hundred.yaml"}
    assert main(["check", str(rules)]) == 0
    assert "4 note(s) of what was not checked" in capsys.readouterr().err


def test_a_wrong_score_is_not_an_error_once_the_scores_are_outside_the_model(
        tmp_path: Path) -> None:
    rules = hearts(tmp_path, declared=True)
    script = rules / "hearts" / "examples" / "first-hand.yaml"
    script.write_text(script.read_text(encoding="utf-8").replace(
        "scores: {Anna: 13,", "scores: {Anna: 99,"), encoding="utf-8")
    assert check([rules], root=rules.parent).ok
    plain = hearts(tmp_path / "control", declared=False)
    plain_script = plain / "hearts" / "examples" / "first-hand.yaml"
    plain_script.write_text(script.read_text(encoding="utf-8"), encoding="utf-8")
    assert [d.code for d in check([plain], root=plain.parent).report.errors] == ["wrong-points"]


def test_the_site_publishes_no_computed_score_and_says_what_was_checked(tmp_path: Path) -> None:
    plain = build(BuildConfig(hearts(tmp_path, declared=False), RULES.parent / "templates",
                              tmp_path / "plain-site", pdf=False, search=False, workers=1))
    declared = build(BuildConfig(hearts(tmp_path, declared=True, two=True),
                                 RULES.parent / "templates",
                                 tmp_path / "site", pdf=True, search=False, workers=1))
    assert plain.ok and declared.ok
    control = (tmp_path / "plain-site" / "en" / "hearts" / "index.html").read_text("utf-8")
    assert SCORE.search(control)  # the scores the engine computes, where they are modelled
    site = tmp_path / "site"
    game = (site / "en" / "hearts" / "index.html").read_text("utf-8")
    assert not SCORE.search(game)
    assert not (site / "en" / "hearts" / "play").exists()
    assert not (site / "en" / "hearts" / "numbers").exists()  # its figures come from scores
    for page in site.rglob("*.html"):
        text = page.read_text("utf-8")
        assert "hearts/play/" not in text and "hearts/numbers/" not in text, page
    assert "In this reading each heart costs its spot value" in game  # the rule, in About
    assert "On this page, what rules outside rulebook's model decide is not checked:" in \
        html.unescape(game)
    assert 'href="#about"' in game
    # what the two rules leave out is said once, after both rules, not after each
    about = html.unescape(game)
    assert about.count('<li id="outside-') == 2 and "takes 10 points off its winner" in about
    assert about.count("There is no page to play this game against the computer.") == 1
    assert about.count("There are no figures from simulated rounds for this game.") == 1
    booklet = " ".join(p.extract_text() for p in PdfReader(
        site / "en" / "hearts" / "hearts.pdf").pages)
    assert not SCORE.search(booklet)
    assert "There is no page to play this game against the computer." in " ".join(
        booklet.split())


def test_the_play_page_keeps_no_score_when_the_scores_are_outside_the_model(
        tmp_path: Path, browser: Any) -> None:
    """With the play still the engine's and only the scores outside the model, the game is
    played hand by hand with no score sheet, no running total and no winner of a game."""
    rules = hearts(tmp_path, declared=True, affects="scores")
    assert build(BuildConfig(rules, RULES.parent / "templates", tmp_path / "site", pdf=False,
                             search=False, workers=1)).ok
    httpd, url = serve_folder(tmp_path / "site")
    page = browser.new_page(viewport={"width": 390, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/en/hearts/play/index.html?pace=0&seed=4")
        page.click("#play-start")
        for _ in range(60):  # the reader's moves; the computer's come at once (pace 0)
            page.wait_for_function("(() => { const s = window.rulebook.state();"
                                   " return s.over || s.turn === 0; })()")
            state = page.evaluate("window.rulebook.state()")
            if state["over"]:
                break
            assert page.query_selector(".play-sheet") is None  # never, not even at the start
            if state["passing"]:
                for i in range(3):  # each click draws the hand anew: a locator finds it again
                    page.locator(".play-card").nth(i).click()
                page.click(".play-pass")
            else:
                page.click(".play-card:not(.is-illegal)")
        assert page.evaluate("window.rulebook.state().over")
        assert errors == []  # a script error at the end left no end to wait for
        page.wait_for_selector(".play-end")
        assert page.inner_text(".play-result h2") == "The hand is over."  # and no score
        text = page.inner_text("main")
        assert page.query_selector(".play-sheet") is None and "Score sheet" not in text
        assert "Next hand" not in text and "The game is over" not in text
        assert errors == []
    finally:
        page.close()
        httpd.shutdown()
