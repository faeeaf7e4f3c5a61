"""`rulebook check` on a shedding game (tests/fixtures/shedding, a small Macao): the example
replays clean, and one mistake of each kind written into its script is found at its line
and column, with a hint."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, formatted
from generator.check.games import check
from generator.families import REGISTRY
from generator.runtime.theme import Theme

FIXTURE = ROOT / "tests" / "fixtures" / "shedding"
GAME = "mini-macao"
SCRIPT = "examples/a-whole-hand.yaml"


def copy(tmp_path: Path) -> Path:
    rules = tmp_path / "rules"
    shutil.copytree(FIXTURE, rules)
    return rules


def test_the_fixture_replays_clean_to_its_end() -> None:
    result = check([FIXTURE / GAME], root=FIXTURE.parent)
    assert formatted(result.report.sorted()) == []
    replay = result.replays[(GAME, "a-whole-hand")]
    assert replay.complete and replay.winner == "Anna"
    assert replay.scores == {"Anna": 0, "Bruno": 64}
    assert [s.kind for s in replay.steps].count("draw") == 2
    assert replay.steps[1].pending == 3 and replay.steps[2].pending == 5  # stacked
    assert replay.steps[4].asked is not None and replay.steps[4].asked.value == "♠"
    assert replay.steps[6].announced and not replay.steps[6].penalty


# name: (old text of the script, new text, code, the token the finding points at)
MISTAKES = {
    "an illegal card on the pile": (
        "{by: Bruno, draw: 6♣}", "{by: Bruno, play: 8♦}", "illegal-card", "8♦"),
    "a draw not taken": (
        "{by: Bruno, draw: A♣ 10♦ 4♦ 8♦ 7♠}", "{by: Bruno, play: K♦}", "draw-not-taken", "K♦"),
    "a card that does not follow the suit named": (
        "{by: Bruno, play: 7♠}", "{by: Bruno, play: 7♥}", "wrong-suit", "7♥"),
    "a wild card without its suit": (
        "{by: Anna, play: J♣, suit: ♠}", "{by: Anna, play: J♣}", "suit-not-named", "J♣"),
    "a suit that is no suit": (
        "{by: Anna, play: J♣, suit: ♠}", "{by: Anna, play: J♣, suit: x}", "bad-suit", "x}"),
    "a missed call without its penalty": (
        "{by: Anna, play: 9♠, announce: true}", "{by: Anna, play: 9♠}", "missed-penalty", "{by"),
    "a wrong score": (
        "scores: {Anna: 0, Bruno: 64}", "scores: {Anna: 0, Bruno: 60}", "wrong-score", "60"),
    "wrong cards drawn": (
        "{by: Bruno, draw: 6♣}", "{by: Bruno, draw: 7♣}", "false-claim", "7♣"),
}


@pytest.mark.parametrize("case", sorted(MISTAKES))
def test_each_mistake_is_found_at_its_line_and_column(case: str, tmp_path: Path) -> None:
    old, new, code, token = MISTAKES[case]
    rules = copy(tmp_path)
    path = rules / GAME / SCRIPT
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    line = next(i for i, s in enumerate(lines, 1) if new in s)
    col = lines[line - 1].index(token, lines[line - 1].index(new) if token != "{by" else 0) + 1
    result = check([rules / GAME], root=tmp_path)
    found = [(d.mark.line, d.mark.col, d.hint) for d in result.report.sorted() if d.code == code]
    assert found, [d.format() for d in result.report.sorted()]
    assert (found[0][0], found[0][1]) == (line, col), [d.format() for d in result.report.sorted()]
    assert found[0][2], f"{code} has no hint"
    assert not result.ok


def test_a_draw_past_the_stock_given_is_found(tmp_path: Path) -> None:
    rules = copy(tmp_path)
    path = rules / GAME / SCRIPT
    path.write_text(path.read_text(encoding="utf-8").replace(
        "stock: A♣ 10♦ 4♦ 8♦ 7♠ 6♣", "stock: A♣ 10♦ 4♦"), encoding="utf-8")
    result = check([rules / GAME], root=tmp_path)
    assert "stock-unknown" in {d.code for d in result.report.sorted()}


def test_placeholders_of_the_fixture_are_documented() -> None:
    family = REGISTRY["shedding"]
    result = check([FIXTURE / GAME], root=FIXTURE.parent)
    bundle = result.games[0]
    for name in family.placeholders(bundle.rules.engine):
        pattern = name.split(".")[0] + (".<n>" if "." in name and name.startswith("dealt")
                                        else "." + name.split(".", 1)[1] if "." in name else "")
        assert pattern in family.placeholder_docs, name


def test_the_example_renders_the_pile_the_hands_the_stock_and_the_suit_asked() -> None:
    import html5lib

    from generator.families import get_family
    from generator.families.view import ExampleView
    from generator.web.render import Renderer, SiteConfig
    from generator.web.site import plan

    result = check([FIXTURE / GAME], root=FIXTURE.parent)
    bundle = result.games[0]
    renderer = Renderer(SiteConfig(Theme.layered(), "https://example.org/", "rulebook",
                                   pdf=False), plan(result.games), result.replays)
    family = get_family("shedding")
    view = ExampleView("a-whole-hand", bundle, "en",
                       bundle.languages["en"].spec.examples["a-whole-hand"], renderer.messages("en"))
    context = family.example_context(result.replays[(GAME, "a-whole-hand")], view)
    html = renderer.env("en").get_template(family.example_partial).render(ex=context)
    doc = html5lib.parse(html, namespaceHTMLElements=False)
    steps = [el for el in doc.iter() if "tv-step" in (el.get("class") or "").split()]
    assert len(steps) == 11  # the deal, then the ten moves
    text = re.sub(r"\s+", " ", "".join(steps[5].itertext()))  # the J♣ names spades
    assert "Suit named: ♠" in text and "Suit asked for: ♠" in text and "Stock:" in text
    body = re.sub(r"\s+", " ", "".join(doc.find(".//body").itertext()))
    assert "Anna has no cards left and wins the hand." in body


def test_a_narration_naming_a_card_nobody_involved_holds_is_found(tmp_path: Path) -> None:
    rules = copy(tmp_path)
    path = rules / GAME / "en.yaml"
    text = path.read_text(encoding="utf-8").replace("- Bruno follows with the 7♠.",
                                                    "- Bruno follows with the 9♠.")
    path.write_text(text, encoding="utf-8")
    result = check([rules / GAME], root=tmp_path)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "with the 9♠" in s)
    assert [(d.mark.line, d.code) for d in result.report.sorted()] == [(line, "narration-card")]


def test_the_wrong_player_is_found_at_by(tmp_path: Path) -> None:
    rules = copy(tmp_path)
    path = rules / GAME / SCRIPT
    text = path.read_text(encoding="utf-8").replace("{by: Bruno, play: 3♥}", "{by: Anna, play: 3♥}")
    path.write_text(text, encoding="utf-8")
    result = check([rules / GAME], root=tmp_path)
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "{by: Anna, play: 3♥}" in s)
    found = [(d.mark.line, d.code) for d in result.report.sorted() if d.code == "wrong-player"]
    assert found == [(line, "wrong-player")]


@pytest.mark.parametrize(("written", "wrong", "message"), [
    ("- Bruno follows with the 7♠.", "- Anna follows with the 7♠.",
     "en: step 6 says 'Anna' plays 7♠; in the replay 'Bruno' does"),
    ("- Anna plays the 9♠ and says \"Macao\".", "- Anna plays the 5♠ and says \"Macao\".",
     "en: step 7 says 'Anna' plays 5♠; in the replay 'Anna' plays 9♠"),
    ("- Bruno cannot play and draws the 6♣.", "- Bruno cannot play and draws the K♦.",
     "en: step 8 says 'Bruno' draws K♦; in the replay 'Bruno' draws 6♣"),
])
def test_who_plays_or_draws_which_card_is_read(written: str, wrong: str, message: str,
                                               tmp_path: Path) -> None:
    rules = copy(tmp_path)
    path = rules / GAME / "en.yaml"
    text = path.read_text(encoding="utf-8")
    assert written in text
    path.write_text(text.replace(written, wrong), encoding="utf-8")
    result = check([rules / GAME], root=tmp_path)
    line = next(i for i, s in enumerate(text.replace(written, wrong).splitlines(), 1) if wrong[2:] in s)
    claims = [(d.mark.line, d.message) for d in result.report.sorted() if d.code == "narration-claim"]
    assert claims == [(line, message)]


@pytest.mark.parametrize("true", [
    "- Bruno could not follow with the 7♥ and plays the 7♠.",  # a supposition claims nothing
    "- Bruno follows Anna's jack with the 7♠.",  # Anna named as an owner, not as a player
])
def test_a_true_sentence_of_another_shape_is_no_finding(true: str, tmp_path: Path) -> None:
    rules = copy(tmp_path)
    path = rules / GAME / "en.yaml"
    text = path.read_text(encoding="utf-8").replace("- Bruno follows with the 7♠.", true)
    path.write_text(text, encoding="utf-8")
    result = check([rules / GAME], root=tmp_path)
    assert formatted(result.report.items) == []
