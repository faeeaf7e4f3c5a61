"""From a played hand to an example round: engine.js turns the record of a hand into the
data of an example script (the page writes it as YAML), and `rulebook check` replays it.

Hands of every game (and of the variants that change the play) are played with the JS
engine under node, written as examples/played.yaml in a copy of the game's folder, and
checked with the real checker: the script is a draft (`draft: true`), which replays without
a finding but the note that says it is one, and the game checks clean as it is (exit 0): the
narration a published example needs is for its author to write.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from conftest import HANG, ROOT, RULES, corpus, formatted
from generator.check.games import check
from generator.families.play import play_options

NODE = shutil.which("node")
DRIVER = ROOT / "tests" / "js" / "play_driver.js"
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Giulia", "Marco"]
GENDERS = ["f", "m", "f", "m", "f", "m", "f", "m"]  # the languages' words agree with them

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (`make test` installs "
                                "nodejs); the browser engine cannot be run without it")

# (game, variant, players, rounds played: the script is made of the last)
CASES = [
    ("black-peter", None, 3, 1), ("old-maid", None, 4, 1), ("old-maid", "joker", 5, 1),
    ("uomo-nero", "hidden", 3, 1), ("uomo-nero", "reversed", 4, 1), ("uomo-nero", None, 2, 1),
    ("schwarzer-peter", None, 4, 1), ("somarone", None, 3, 1), ("peppa-tencia", None, 6, 1),
    ("hearts", None, 4, 1), ("hearts", None, 4, 2), ("hearts", "three-players", 3, 3),
    ("hearts", "jack-of-diamonds", 4, 4), ("peppa", None, 4, 1), ("peppa", "standard", 4, 2),
    ("chat-noir", None, 4, 1), ("peppa-scivolosa", None, 4, 3),
    ("crazy-eights", None, 3, 1), ("crazy-eights", "action-cards", 4, 2),
    ("mau-mau", None, 4, 1), ("mau-mau", "counting-points", 2, 3), ("mau-mau", "aces-again", 3, 1),
]


def played_scripts(cases: list[tuple[str, str | None, int, int]],
                   deals: list[Any] | None = None) -> list[dict[str, Any]]:
    """The last round of each case as engine.js writes it; ``deals``: each case's first
    round given (an example's deal or position), or None to shuffle."""
    bundles = {b.rules.id: b for b in corpus().games}
    options = [play_options(bundles[g], v, n) for g, v, n, _ in cases]
    jobs = [{"opt": i, "seed": 1000 + i, "rounds": rounds, "bots": list(range(i % 2, n)),
             "script": NAMES[:n], "genders": GENDERS[:n]}
            for i, (_g, _v, n, rounds) in enumerate(cases)]
    for job, deal in zip(jobs, deals or []):
        job["deal"] = deal
    assert NODE is not None
    answer = subprocess.run([NODE, str(DRIVER)], input=json.dumps(
        {"options": options, "jobs": jobs}, ensure_ascii=False) + "\n", capture_output=True,
        text=True, encoding="utf-8", check=True, timeout=HANG).stdout
    return [job["rounds"][-1]["script"] for job in json.loads(answer)]


@pytest.fixture(scope="module")
def scripts() -> list[dict[str, Any]]:
    return played_scripts(CASES)


@pytest.mark.parametrize("index", range(len(CASES)),
                         ids=[f"{g}-{v or 'base'}-{n}p-hand{r}" for g, v, n, r in CASES])
def test_a_played_hand_is_an_example_the_checker_accepts(scripts: list[dict[str, Any]],
                                                         index: int, tmp_path: Path) -> None:
    game = CASES[index][0]
    folder = tmp_path / "rules" / game
    shutil.copytree(RULES / game, folder)
    script = scripts[index]
    text = yaml.safe_dump(script, allow_unicode=True, sort_keys=False, width=200)
    (folder / "examples" / "played.yaml").write_text(text, encoding="utf-8")
    result = check([folder], root=tmp_path)
    own = [d for d in result.report.items if d.mark.path.endswith("played.yaml")]
    assert [d.code for d in own] == ["draft-example"], "\n".join(d.format() for d in own) + "\n" + text
    assert result.report.errors == [] and formatted(result.report.warnings) == [], [
        d.format() for d in result.report.items]
    assert "played" in next(iter(result.games)).examples  # it was loaded and replayed


def test_the_script_says_what_happened(scripts: list[dict[str, Any]]) -> None:
    hearts = scripts[CASES.index(("hearts", None, 4, 2))]
    assert hearts["hand"] == 2 and hearts["pass_to"] == "right"
    assert len(hearts["tricks"]) == 13 and set(hearts["result"]["scores"]) == set(NAMES[:4])
    peter = scripts[0]
    assert peter["moves"] and peter["result"]["loser"] in NAMES[:3]
    assert set(peter["deal"]) == set(NAMES[:3])


# Rounds started from an example's position (docs/play.md, "A round from a position"): what
# each seat holds, and in a trick game the cards taken before, the stock, the turned card
# and the bids. The hand is played on by the computer and random players, not by the script.
POSITIONS = [("black-peter", "endgame"), ("black-peter", "full-pack"), ("chat-noir", "minus-twenty"),
             ("peppa-scivolosa", "last-four"), ("oh-hell", "no-trumps"), ("whist", "the-turned-card"),
             ("briscola", "stock-runs-out")]


def test_a_hand_played_from_a_position_is_an_example_the_checker_accepts(tmp_path: Path) -> None:
    from generator.families.guide import scripted_round
    bundles = {b.rules.id: b for b in corpus().games}
    played = [scripted_round(bundles[g], name, play_options) for g, name in POSITIONS]
    cases = [(g, p.variant, p.players, 1) for (g, _), p in zip(POSITIONS, played)]
    scripts = played_scripts(cases, [p.deal for p in played])
    for (game, name), script in zip(POSITIONS, scripts):
        assert "position" in script and "deal" not in script, name
        folder = tmp_path / name / "rules" / game
        shutil.copytree(RULES / game, folder)
        text = yaml.safe_dump(script, allow_unicode=True, sort_keys=False, width=200)
        (folder / "examples" / "played.yaml").write_text(text, encoding="utf-8")
        result = check([folder], root=tmp_path / name)
        own = [d for d in result.report.items if d.mark.path.endswith("played.yaml")]
        assert [d.code for d in own] == ["draft-example"], "\n".join(d.format() for d in own) + "\n" + text
