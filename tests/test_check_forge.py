"""`rulebook check --format github | sarif`: each mistake of a broken game is one finding, at
its line and column, in the form a forge shows in code review; the exit codes are text's."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import RULES
from generator.cli.main import main
from generator.core.diagnostics import Diagnostic, Mark, Severity
from generator.core.findings import ROWS
from generator.core.forges import escape_data, escape_property, forge_path, github_command

GAME = "uomo-nero"
EXAMPLE = "examples/anna-bruno-carla.yaml"
DRAFT = "examples/rank-only-jacks.yaml"

# ::error file=P,line=L,col=C,title=CODE::MESSAGE (GitHub's workflow command, one a line)
COMMAND = re.compile(r"^::(error|warning|notice) file=([^,:]+),line=(\d+),col=(\d+),"
                     r"title=([a-z0-9-]+)::(.+)$")


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _place(path: Path, needle: str, at: str) -> tuple[int, int]:
    """(line, column) from 1 of ``at`` on the first line holding ``needle``."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return number, line.index(at) + 1
    raise AssertionError(f"{needle!r} not in {path}")


@pytest.fixture
def broken_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> set[tuple[str, str, int, int, str]]:
    """A copy of one game in ``tmp_path/rules`` with four mistakes (two errors, a warning, a
    note), the current folder ``tmp_path`` as a CI job's checkout root; the findings expected:
    (severity, path, line, column, code)."""
    game = tmp_path / "rules" / GAME
    shutil.copytree(RULES / GAME, game)
    _edit(game / EXAMPLE, "loser: Anna", "loser: Bruno")  # the replay says Anna loses
    _edit(game / EXAMPLE, "genders: {Anna: f, Bruno: m, Carla: f}", "genders: {Anna: f, Bruno: m}")
    _edit(game / "game.yaml", "\ndeck: french-52\n", "\ndeck: french-52\ncolour: red\n")
    with (game / DRAFT).open("a", encoding="utf-8") as script:
        script.write("draft: true\n")
    monkeypatch.chdir(tmp_path)
    rel = f"rules/{GAME}"
    return {
        ("error", f"{rel}/{EXAMPLE}", *_place(game / EXAMPLE, "loser: Bruno", "Bruno"),
         "wrong-result"),
        ("error", f"{rel}/game.yaml", *_place(game / "game.yaml", "colour: red", "colour"),
         "unknown-key"),
        ("warning", f"{rel}/{EXAMPLE}", *_place(game / EXAMPLE, "seats:", "Carla"),
         "missing-gender"),
        ("note", f"{rel}/{DRAFT}", *_place(game / DRAFT, "draft: true", "draft"),
         "draft-example"),
    }


def _github(out: str) -> list[tuple[str, str, int, int, str, str]]:
    found = []
    for line in out.splitlines():
        match = COMMAND.match(line)
        assert match, f"not a workflow command: {line!r}"
        kind, path, row, col, code, message = match.groups()
        found.append((kind, path, int(row), int(col), code, message))
    return found


def test_github_format_one_annotation_per_mistake_at_its_place(
        broken_site: set[tuple[str, str, int, int, str]], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "github", "--quiet", "rules"]) == 1
    out, err = capsys.readouterr()
    everything = _github(out)
    found = [f for f in everything if f[4] != "unread-narration"]
    command = {"error": "error", "warning": "warning", "note": "notice"}
    assert {(k, p, r, c, code) for k, p, r, c, code, _ in found} == {
        (command[s], p, r, c, code) for s, p, r, c, code in broken_site}
    assert len(found) == len(broken_site)
    assert _unread_for_carla({(f[1], f[4]) for f in everything if f not in found})
    messages = {code: message for *_, code, message in found}
    assert messages["wrong-result"] == "'Anna' loses; the script says 'Bruno'"
    assert messages["unknown-key"].startswith("unknown key 'colour'%0Ahint: known keys here: ")
    # the summary stays in the job's log
    assert f"2 error(s), {1 + len(everything) - len(found)} warning(s), 1 note(s)" in err


def _unread_for_carla(unread: set[tuple[str, str]]) -> bool:
    """The genders without Carla's leave a sentence whose pronoun stands for her unread (a
    warning, since `check` warns of unread sentences) in each language that says "she"."""
    return unread == {(f"rules/{GAME}/{lang}.yaml", "unread-narration")
                      for lang in ("en", "de", "ru", "ro", "ar")}


def test_github_format_without_warnings(broken_site: set[tuple[str, str, int, int, str]],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "github", "--no-warnings", "--quiet", "rules"]) == 1
    assert {f[0] for f in _github(capsys.readouterr().out)} == {"error"}


def test_sarif_format_one_result_per_mistake_described_by_the_registry(
        broken_site: set[tuple[str, str, int, int, str]], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--format", "sarif", "--quiet", "rules"]) == 1
    log = json.loads(capsys.readouterr().out)
    assert log["version"] == "2.1.0" and "sarif-2.1.0" in log["$schema"]
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "rulebook" and re.fullmatch(r"\d+\.\d+.*", driver["version"])
    meanings = {code: row.meaning for row in ROWS for code in row.codes}
    assert {r["id"]: r["shortDescription"]["text"] for r in driver["rules"]} == meanings
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == Path.cwd().as_uri() + "/"
    found, unread = set(), set()
    for result in run["results"]:
        rule = driver["rules"][result["ruleIndex"]]
        assert rule["id"] == result["ruleId"] and result["message"]["text"]
        [location] = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        region = location["physicalLocation"]["region"]
        assert artifact["uriBaseId"] == "%SRCROOT%"
        if result["ruleId"] == "unread-narration":
            unread.add((artifact["uri"], result["ruleId"]))
            continue
        found.add((result["level"], artifact["uri"], region["startLine"], region["startColumn"],
                   result["ruleId"]))
    assert found == broken_site and len(run["results"]) == len(broken_site) + len(unread)
    assert _unread_for_carla(unread)
    unknown = next(r for r in run["results"] if r["ruleId"] == "unknown-key")
    assert unknown["message"]["text"].startswith("unknown key 'colour'\nhint: known keys here: ")


@pytest.mark.parametrize("form", ["github", "sarif"])
def test_a_clean_game_exits_0_with_no_finding(form: str, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(RULES / GAME, tmp_path / "rules" / GAME)
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", form, "--quiet", "rules"]) == 0
    out = capsys.readouterr().out
    assert (out == "") if form == "github" else (json.loads(out)["runs"][0]["results"] == [])


def test_a_missing_path_exits_1_in_each_forge_format(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["check", "--format", "github", "nope"]) == 1
    assert capsys.readouterr().out == (
        "::error file=nope,line=1,col=1,title=no-such-path::no such file or folder\n")
    assert main(["check", "--format", "sarif", "nope"]) == 1
    [result] = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert result["ruleId"] == "no-such-path" and result["level"] == "error"


def test_workflow_command_escaping() -> None:
    """GitHub's toolkit escapes %, CR and LF in a message, and also : and , in a property."""
    assert escape_data("100%\r\n:,") == "100%25%0D%0A:,"
    assert escape_property("100%\r\n:,") == "100%25%0D%0A%3A%2C"
    finding = Diagnostic(Mark("rules/a,b:c/en.yaml", 3, 4), "bad-value", "50% off:\nnow, \x1b[2J",
                         Severity.WARNING, hint="less, please")
    assert github_command(finding, cwd="/ci") == (
        "::warning file=rules/a%2Cb%3Ac/en.yaml,line=3,col=4,title=bad-value::"
        "50%25 off:%0Anow, \\x1b[2J%0Ahint: less, please")


def test_forge_paths_are_relative_to_the_checkout_root() -> None:
    assert forge_path("./rules//macao/en.yaml", cwd="/ci") == "rules/macao/en.yaml"
    assert forge_path("/ci/rules/macao/en.yaml", cwd="/ci") == "rules/macao/en.yaml"
    assert forge_path("/elsewhere/en.yaml", cwd="/ci") == "/elsewhere/en.yaml"
    assert forge_path("/ci-other/en.yaml", cwd="/ci") == "/ci-other/en.yaml"
    assert forge_path("../ci-other/en.yaml", cwd="/ci") == "/ci-other/en.yaml"
    assert forge_path("rules", cwd="/ci") == "rules"


def test_the_documented_workflow_is_yaml_whose_rulebook_commands_parse() -> None:
    """docs/authoring.md's GitHub Actions workflow: valid YAML, and each `rulebook` command of
    its steps (the SARIF steps included) is one the command line takes."""
    import shlex

    import yaml

    from conftest import ROOT
    from generator.cli.main import _parser

    text = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    start = text.index("    # .github/workflows/check.yml")
    workflow = yaml.safe_load("\n".join(line[4:] for line in
                                        text[start:text.index("\n\n", start)].splitlines()))
    steps = workflow["jobs"]["check"]["steps"]
    start = text.index("          - run: rulebook check --format sarif")
    steps += yaml.safe_load("\n".join(line[10:] for line in
                                      text[start:text.index("\n\n", start)].splitlines()))
    commands = [shlex.split(s["run"].split(">")[0]) for s in steps
                if s.get("run", "").startswith("rulebook ")]
    assert [c[:4] for c in commands] == [["rulebook", "check", "--format", "github"],
                                         ["rulebook", "check", "--format", "sarif"]]
    for command in commands:
        assert _parser().parse_args(command[1:]).quiet is True
