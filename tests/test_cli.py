"""The `rulebook` command: exit codes 0 clean, 1 findings, 2 usage; text and JSON output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import ROOT, RULES
from generator.cli import main


def test_clean_corpus_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(RULES)]) == 0
    err = capsys.readouterr().err
    assert "0 error(s)" in err


def test_findings_exit_1_with_compiler_style_lines(broken, capsys) -> None:
    broken("uomo-nero", {"examples/anna-bruno-carla.yaml": [("loser: Anna", "loser: Bruno")]})
    assert main(["check", str(broken.tmp / "rules")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.endswith("error[wrong-result]: 'Anna' loses; the script says 'Bruno'")
               and ":22:10:" in line for line in out), out


def test_json_format(broken, capsys) -> None:
    broken("uomo-nero", {"examples/anna-bruno-carla.yaml": [("loser: Anna", "loser: Bruno")]})
    assert main(["check", "--format", "json", str(broken.tmp / "rules")]) == 1
    [item] = json.loads(capsys.readouterr().out)
    assert item["code"] == "wrong-result" and item["line"] == 22 and item["col"] == 10
    assert item["severity"] == "error" and item["path"].endswith("anna-bruno-carla.yaml")


def test_usage_errors_exit_2(capsys) -> None:
    with pytest.raises(SystemExit) as info:
        main(["check", "--format", "xml"])
    assert info.value.code == 2
    with pytest.raises(SystemExit) as info:
        main(["frobnicate"])
    assert info.value.code == 2


def test_missing_path_is_a_finding(tmp_path, capsys) -> None:
    assert main(["check", str(tmp_path / "nope")]) == 1
    assert "error[no-such-path]" in capsys.readouterr().out


def test_console_script_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "generator.cli", "check", "rules"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
