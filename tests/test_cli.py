"""The `rulebook` command: exit codes 0 clean, 1 findings, 2 usage; text and JSON output."""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, RULES, small_rules
from generator.cli.main import main


def test_clean_corpus_exits_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # two games of the real rules: the whole corpus is checked clean in test_check_findings
    assert main(["check", str(small_rules(tmp_path / "rules"))]) == 0
    err = capsys.readouterr().err
    assert "0 error(s)" in err


def test_findings_exit_1_with_compiler_style_lines(broken, capsys) -> None:
    broken("uomo-nero", {"examples/anna-bruno-carla.yaml": [("loser: Anna", "loser: Bruno")]})
    assert main(["check", str(broken.tmp / "rules")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.endswith("error[wrong-result]: 'Anna' loses; the script says 'Bruno'")
               and ":23:10:" in line for line in out), out


def test_json_format(broken, capsys) -> None:
    broken("uomo-nero", {"examples/anna-bruno-carla.yaml": [("loser: Anna", "loser: Bruno")]})
    assert main(["check", "--format", "json", str(broken.tmp / "rules")]) == 1
    [item] = json.loads(capsys.readouterr().out)
    assert item["code"] == "wrong-result" and item["line"] == 23 and item["col"] == 10
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


@pytest.mark.site  # rulebook in a process of its own
def test_console_script_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "generator", "check", "rules"], cwd=ROOT,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.site  # builds a site of its own
def test_build_without_search_then_with_it(tmp_path: Path, capsys) -> None:
    """--no-search leaves the search as the last build made it (none, the first time); the
    next build without the option indexes the pages."""
    import shutil

    rules = tmp_path / "rules"
    shutil.copytree(RULES / "black-peter", rules / "black-peter")
    shutil.copy(RULES / "site.yaml", rules / "site.yaml")
    (rules / "black-peter" / "game.yaml").write_text(
        re.sub(r"^related:\n(  .*\n|    .*\n)*", "", (rules / "black-peter" / "game.yaml")
               .read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    out = tmp_path / "site"
    common = ["build", "--no-pdf", "--rules", str(rules), "--templates", str(ROOT / "templates"),
              "--out", str(out)]
    assert main([*common, "--no-search"]) == 0, capsys.readouterr()
    assert (out / "en" / "index.html").is_file() and not (out / "pagefind").exists()
    assert main(common) == 0, capsys.readouterr()
    assert (out / "pagefind" / "pagefind-entry.json").is_file()


def test_build_timings_say_where_the_time_went(tmp_path: Path, capsys) -> None:
    """--timings ends the build with each step's wall and CPU seconds and their total; a build
    with nothing to do has only the steps that found so."""
    rules = small_rules(tmp_path / "rules", games=("schwarzer-peter",), langs=("it",))
    args = ["build", "--no-pdf", "--no-search", "--quiet", "--timings", "--rules", str(rules),
            "--templates", str(ROOT / "templates"), "--out", str(tmp_path / "site")]

    def table() -> dict[str, tuple[float, float]]:
        lines = capsys.readouterr().err.splitlines()
        start = next(i for i, line in enumerate(lines) if line.startswith("where the time went"))
        rows = {}
        for line in lines[start + 1:]:
            name, wall, cpu = re.fullmatch(r"(.+?)\s+(\d+\.\d\d)\s+(\d+\.\d\d)", line).groups()
            rows[name] = (float(wall), float(cpu))
        return rows

    assert main(args) == 0
    steps = table()
    assert list(steps) == ["reading the last build's graph and the inputs",
                           "finding whether anything changed", "checking the games",
                           "planning the site", "simulating the game by the numbers",
                           "rendering the pages", "cutting the web fonts", "indexing the search",
                           "publishing the output folder", "saving the build's graph",
                           "all the steps"]
    assert steps["all the steps"][1] > 0 and steps["checking the games"][1] > 0
    assert main(args) == 0  # up to date
    assert list(table()) == ["reading the last build's graph and the inputs",
                             "finding whether anything changed", "all the steps"]


# The commands that show no progress: nothing they do is long work.
NO_PROGRESS = {"i18n", "new", "init", "docs", "schema"}


def _commands() -> dict[str, argparse.ArgumentParser]:
    from generator.cli.main import _parser

    [sub] = [a for a in _parser()._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(sub.choices)


def test_every_command_that_shows_progress_takes_quiet() -> None:
    """The README says --quiet hides the progress of long work: every command but those that
    show none takes it (simulate once refused it), and its --help says so. A new command is
    one or the other."""
    commands = _commands()
    assert NO_PROGRESS < set(commands)
    required = {"pdf": ["hearts", "--lang", "en"], "simulate": ["hearts"]}
    for name, command in commands.items():
        takes = any("--quiet" in a.option_strings for a in command._actions)
        assert takes is (name not in NO_PROGRESS), name
        if takes:
            assert command.parse_args([*required.get(name, []), "--quiet"]).quiet is True, name
            assert re.search(r"--quiet\s+no progress on stderr", command.format_help()), name


def test_check_quiet_shows_the_summary_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.runtime import progress

    monkeypatch.setattr(progress, "WORTH_A_LINE", 0.0)  # a line for work of any length
    rules = small_rules(tmp_path / "rules")
    assert main(["check", str(rules)]) == 0
    assert "checking the games" in capsys.readouterr().err
    assert main(["check", "--quiet", str(rules)]) == 0
    # no progress, the summary alone (the warning, the copied site.yaml's placeholder address,
    # is on stdout)
    [summary] = capsys.readouterr().err.splitlines()
    assert re.fullmatch(r"checked 2 game\(s\), \d+ example\(s\): 0 error\(s\), 1 warning\(s\); "
                        r"\d+ claim\(s\) of the narration read(, \d+ sentence\(s\) not read "
                        r"\(--explain lists them\))?", summary), summary


def test_simulate_bot_quiet_prints_nothing_on_stderr(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.runtime import progress

    monkeypatch.setattr(progress, "WORTH_A_LINE", 0.0)
    argv = ["simulate", "uomo-nero", "--players", "3", "--rounds", "20", "--players-as", "bot"]
    assert main([*argv, "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "the computer player at seat 1" in out
    assert main(argv) == 0
    assert "playing the computer player's games" in capsys.readouterr().err


def test_simulate_quiet_prints_nothing_on_stderr(capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli.main import main
    from generator.runtime import progress

    monkeypatch.setattr(progress, "WORTH_A_LINE", 0.0)  # a line for work of any length

    assert main(["simulate", "uomo-nero", "--players", "2", "--rounds", "50", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert err == "" and "50 simulated rounds" in out
    assert main(["simulate", "uomo-nero", "--players", "2", "--rounds", "50"]) == 0
    assert "simulating" in capsys.readouterr().err  # the progress, unless quiet


@pytest.mark.site  # rulebook in a process of its own
def test_a_reader_that_goes_away_ends_the_command_quietly() -> None:
    """`rulebook check --explain | head`: once the reader has closed the pipe, the command ends
    as one killed by SIGPIPE ends (141), without a traceback."""
    with subprocess.Popen([sys.executable, "-m", "generator", "check", "--explain", "--quiet",
                           "rules/hearts", "rules/whist"], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        assert process.stdout.read(10)  # it has started to write; more than a pipe holds
        process.stdout.close()
        said = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert code == 141, said
    assert "Traceback" not in said and "Exception ignored" not in said, said
