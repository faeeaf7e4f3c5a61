"""The translation report, and the rule that every shipped game is complete in every language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from conftest import corpus, small_rules
from generator.check.games import check
from generator.cli.main import main
from generator.core.languages import LANGUAGES
from generator.i18n.report import report

CORPUS = corpus()


def test_report_finds_missing_texts_steps_and_copies(broken) -> None:
    broken("uomo-nero", {})
    folder = broken.tmp / "rules" / "uomo-nero"
    en = yaml.safe_load((folder / "en.yaml").read_text(encoding="utf-8"))
    it = yaml.safe_load((folder / "it.yaml").read_text(encoding="utf-8"))
    del it["sections"]["tips"]  # a text missing
    it["sections"]["history"] = en["sections"]["history"]  # a text copied, not translated
    it["examples"]["anna-bruno-carla"]["steps"].pop()  # a narration step missing
    (folder / "it.yaml").write_text(yaml.safe_dump(it, allow_unicode=True), encoding="utf-8")
    result = check([folder], root=broken.tmp)
    assert [d.code for d in result.report.errors] == ["narration-steps"]
    states = {s.lang: s for s in report(result.games)}
    assert states["it"].missing == ["sections.tips"]
    assert states["it"].narration_missing == ["anna-bruno-carla: step 7"]
    assert states["it"].unchanged == ["sections.history (same as en)"]
    assert states["it"].translated == states["it"].expected - 1 and not states["it"].complete
    (folder / "de.yaml").unlink()
    states = {s.lang: s for s in report(check([folder], root=broken.tmp).games)}
    assert states["de"].present is False and states["de"].missing == ["(no file)"]


def test_report_command_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["i18n", "--format", "json", str(small_rules(tmp_path / "rules"))]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["lang"] for r in rows} == set(LANGUAGES)
    assert all(0 <= r["share"] <= 1 for r in rows)


@pytest.mark.parametrize("game", sorted(b.rules.id for b in CORPUS.games))
def test_every_shipped_game_is_complete_in_every_language(game: str) -> None:
    bundle = next(b for b in CORPUS.games if b.rules.id == game)
    incomplete = [f"{s.lang}: " + "; ".join(s.missing + s.narration_missing + s.unchanged)
                  for s in report([bundle]) if not s.complete]
    assert incomplete == []
