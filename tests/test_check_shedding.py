"""`rulebook check` on a shedding game (tests/fixtures/shedding, a small Macao): the example
replays clean, and one mistake of each kind written into its script is found at its line
and column, with a hint."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from generator.check.games import check
from generator.families import REGISTRY

FIXTURE = ROOT / "tests" / "fixtures" / "shedding"
GAME = "mini-macao"
SCRIPT = "examples/a-whole-hand.yaml"


def copy(tmp_path: Path) -> Path:
    rules = tmp_path / "rules"
    shutil.copytree(FIXTURE, rules)
    return rules


def test_the_fixture_replays_clean_to_its_end() -> None:
    result = check([FIXTURE / GAME], root=FIXTURE.parent)
    assert [d.format() for d in result.report.sorted()] == []
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
