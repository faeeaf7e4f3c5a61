"""Bad input, careless or hostile: each a clear finding at its place, never a traceback, a
hang, a silent defect or the content of a file outside the rules folder."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from conftest import HANG, RULES, findings, line_of
from generator.check.games import check
from generator.check.load import load_game
from generator.cli.main import main
from generator.core.diagnostics import MAX_SHOWN, Diagnostic, Mark, Report, format_json
from generator.core.languages import load_messages
from generator.families import get_family
from generator.model.source import MAX_DEPTH, load_yaml
from generator.runtime.theme import Theme

END = "examples/endgame.yaml"


def codes(result) -> list[tuple[str, int, str]]:
    return [f for f in findings(result) if f[2] not in ("unstated-out", "replay-stopped")]


# -- site.yaml -------------------------------------------------------------------------------

@pytest.mark.parametrize("url", ["https://x.example/?q=1#frag/", "https://x.example/#top",
                                 "https://x.example/\"<>'", "https://x.example/]]>",
                                 "ftp://x.example/", "/relative/", "https://:80/"])
def test_base_url_must_be_an_absolute_http_address(broken, url: str) -> None:
    broken("black-peter", {})
    rules = broken.tmp / "rules"
    (rules / "site.yaml").write_text(f"name: x\nbase_url: {json.dumps(url)}\n", encoding="utf-8")
    result = check([rules], root=broken.tmp)
    assert [(d.mark.path, d.mark.line, d.code) for d in result.report.errors] == [
        ("rules/site.yaml", 2, "bad-value")]


def test_site_yaml_errors_are_counted_once(broken, capsys) -> None:
    broken("black-peter", {})
    rules = broken.tmp / "rules"
    (rules / "site.yaml").write_text("name: x\nbase_url: 5\nfoo: 1\n", encoding="utf-8")
    assert main(["check", str(rules), str(rules)]) == 1
    captured = capsys.readouterr()
    assert len([line for line in captured.out.splitlines() if ": error[" in line]) == 2
    assert "2 error(s)" in captured.err


# -- YAML beyond what a rules file can be -----------------------------------------------------

@pytest.mark.parametrize("text", [
    "a: " + "[" * 600 + "]" * 600 + "\n",            # flow, libyaml composes it
    "a: " + "[" * 5000 + "]" * 4999 + "\n",           # flow with an error: PyYAML composes
    "a: " + "{a: " * 2000 + "}" * 2000 + "\n",
    "".join(" " * i + "a:\n" for i in range(700)),    # block
])
def test_nesting_too_deep_is_a_finding_at_its_place(text: str) -> None:
    src, problems = load_yaml("f.yaml", text)  # how fast: bench/bench_inputs.py
    assert src is None
    [problem] = problems
    assert problem.code == "too-large" and (problem.mark.line, problem.mark.col) != (1, 1)
    assert problem.message == f"nested more than {MAX_DEPTH} levels deep"


def test_nesting_within_the_limit_loads() -> None:
    depth = MAX_DEPTH - 1
    src, problems = load_yaml("f.yaml", "a: " + "[" * depth + "]" * depth + "\n")
    assert problems == [] and src is not None


def test_a_number_of_5000_digits_is_a_finding_not_an_abort(broken) -> None:
    result = broken("black-peter", {"game.yaml": [("duration: {hand: 10", "duration: {hand: " + "9" * 5000)],
                                    END: [('loser: "2"', 'loser: "4"')]})
    line = line_of("black-peter", "game.yaml", "duration: {hand: 10")
    assert ("rules/black-peter/game.yaml", line, "bad-value") in codes(result)
    [d] = [d for d in result.report.errors if d.code == "bad-value"]
    assert d.message.startswith("a whole number of 5,000 characters; at most 4,300 digits")


def test_a_long_number_in_a_finding_is_shortened(broken) -> None:
    result = broken("black-peter", {"game.yaml": [("deck: skat-32", "deck: " + "9" * 4000)]})
    [d] = [d for d in result.report.errors if d.code == "wrong-type"]
    assert d.message == "expected text; found the number 99999999999999999999... (4,000 digits)"


def test_an_impossible_date_is_a_finding() -> None:
    _, problems = load_yaml("f.yaml", "a: 1\nb: 2026-13-45\n")
    assert [(p.code, p.mark.line, p.mark.col) for p in problems] == [("bad-value", 2, 4)]


def test_a_slug_too_long_for_a_file_name(broken) -> None:
    result = broken("black-peter", {"game.yaml": [("en: black-peter", "en: " + "a" * 300)]})
    line = line_of("black-peter", "game.yaml", "en: black-peter")
    assert ("rules/black-peter/game.yaml", line, "bad-value") in codes(result)
    assert not result.ok


def test_a_slug_windows_cannot_name_a_folder(broken) -> None:
    result = broken("black-peter", {"game.yaml": [("de: black-peter", "de: con")]})
    line = line_of("black-peter", "game.yaml", "de: black-peter")
    assert codes(result) == [("rules/black-peter/game.yaml", line, "bad-value")]


def test_catalog_problems_reach_the_renderer(tmp_path: Path) -> None:
    from generator.web.render import Renderer, SiteConfig
    from generator.web.site import plan
    po = tmp_path / "locale" / "it" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    result = check([RULES / "uomo-nero"], root=RULES.parent)
    renderer = Renderer(SiteConfig(Theme.layered(tmp_path), "https://x.example/"),
                        plan(result.games), result.replays)
    assert [d.mark.line for d in renderer.catalog_problems()] == [9, 11, 16]


# -- files that are not rules files -------------------------------------------------------------

def example_path(broken) -> Path:
    broken("black-peter", {})
    return broken.tmp / "rules" / "black-peter" / "examples" / "endgame.yaml"


def refused(broken, capsys) -> str:
    """The findings about the example, printed as `rulebook check` prints them."""
    assert main(["check", str(broken.tmp / "rules" / "black-peter")]) == 1
    return capsys.readouterr().out


@pytest.mark.parametrize("target", ["/etc/passwd", "/dev/zero", "/dev/stdin"])
def test_a_link_out_of_the_rules_folder_is_not_read(broken, capsys, target: str) -> None:
    path = example_path(broken)
    path.unlink()
    path.symlink_to(target)
    out = refused(broken, capsys)
    assert "endgame.yaml:1:1: error[unreadable]: this is a link to a file outside the rules " \
           "folder; only files inside it are read" in out
    assert "root:" not in out and "\x00" not in out


def test_a_link_inside_the_rules_folder_is_read(broken) -> None:
    path = example_path(broken)
    other = path.parent.parent / "endgame.txt"
    path.rename(other)
    path.symlink_to(Path("..") / "endgame.txt")
    assert codes(check([path.parent.parent], root=broken.tmp)) == []


def test_a_fifo_does_not_hang_the_check(broken, capsys) -> None:
    path = example_path(broken)
    path.unlink()
    os.mkfifo(path)
    done: list[str] = []
    checking = threading.Thread(target=lambda: done.append(refused(broken, capsys)), daemon=True)
    checking.start()
    checking.join(HANG)
    if checking.is_alive():  # waiting for a writer: give it one, so the run goes on
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        raise AssertionError("the check opened the pipe and waited for a writer")
    [out] = done
    assert "endgame.yaml:1:1: error[unreadable]: not a regular file but a device, pipe or socket" in out


def test_a_folder_named_like_a_file(broken, capsys) -> None:
    path = example_path(broken)
    path.unlink()
    path.mkdir()
    assert "endgame.yaml:1:1: error[unreadable]: not a regular file but a folder" in refused(broken, capsys)


def test_a_file_over_the_size_limit(broken, capsys) -> None:
    path = example_path(broken)
    with path.open("a", encoding="utf-8") as f:
        f.write(("# " + "x" * 1000 + "\n") * 5300)
    assert "endgame.yaml:1:1: error[too-large]: the file is over 5 MB, the most a rules file " \
           "may have" in refused(broken, capsys)


def test_an_encoding_error_is_placed_at_its_line_and_column(broken) -> None:
    path = example_path(broken)
    data = path.read_bytes()
    bad = data.replace(b'dealer: "1"', b'dealer: "\xff1"')
    path.write_bytes(bad)
    result = check([path.parent.parent], root=broken.tmp)
    line = line_of("black-peter", END, 'dealer: "1"')
    assert [(d.mark.line, d.mark.col, d.code) for d in result.report.errors] == [(line, 10, "encoding")]


def test_an_example_that_fails_to_load_is_not_missing_in_every_language(broken) -> None:
    broken("black-peter", {})
    (broken.tmp / "rules" / "black-peter" / "examples" / "new.yaml").write_text(
        "seats: [a, b\n", encoding="utf-8")
    result = check([broken.tmp / "rules" / "black-peter"], root=broken.tmp)
    # the file's own error, and (since the game orders its examples) that it is not in
    # 'order'; no language is said to lack its narration
    game = (broken.tmp / "rules" / "black-peter" / "game.yaml").read_text(encoding="utf-8")
    order = next(i for i, row in enumerate(game.splitlines(), 1) if row.startswith("order:"))
    assert codes(result) == [("rules/black-peter/examples/new.yaml", 2, "yaml-syntax"),
                             ("rules/black-peter/game.yaml", order, "missing-example")]


# -- what findings show -----------------------------------------------------------------------

def test_control_characters_are_shown_escaped(broken, capsys) -> None:
    broken("black-peter", {"game.yaml": [("deck: skat-32", 'deck: "\\e[2J\\rgone\\u202e"')]})
    assert main(["check", str(broken.tmp / "rules" / "black-peter")]) == 1
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out and "\u202e" not in out
    assert "\\x1b[2J\\rgone\\u202e" in out
    assert main(["check", "--format", "json", str(broken.tmp / "rules" / "black-peter")]) == 1
    assert "\\u001b[2J\\rgone\u202e" in capsys.readouterr().out  # JSON as JSON escapes it


def test_a_newline_in_a_value_stays_on_the_finding_line() -> None:
    d = Diagnostic(Mark("f.yaml", 2, 3), "bad-value", "found text 'a\nb'", hint="x\ny")
    assert d.format() == "f.yaml:2:3: error[bad-value]: found text 'a\\nb'\n  hint: x\\ny"
    assert '"message": "found text \'a\\nb\'"' in format_json([d])


def check_lines(broken, capsys) -> tuple[list[str], str]:
    assert main(["check", str(broken.tmp / "rules" / "black-peter")]) == 1
    captured = capsys.readouterr()
    return [line for line in captured.out.splitlines() if ": error[" in line], captured.err


def test_many_findings_of_one_kind_are_capped_and_counted(broken, capsys) -> None:
    broken("black-peter", {END: [('"3": J♣', '"3": J♣ ' + "Zz " * 1000)]})  # 1,000 findings
    lines, summary = check_lines(broken, capsys)
    bad = [line for line in lines if "error[bad-card]" in line]
    assert len(bad) == MAX_SHOWN + 1
    assert bad[-1].endswith(f"error[bad-card]: ... and {1000 - MAX_SHOWN:,} more [bad-card] "
                            "error(s) in this file, from here on, not shown")
    assert f": {len(lines) - 1 + 1000 - MAX_SHOWN} error(s)" in summary


def test_one_card_repeated_is_one_finding_counted_once(broken, capsys) -> None:
    broken("black-peter", {END: [('"1": 8♠ K♦', '"1": 8♠ K♦' + " 7♥" * 1000)]})
    lines, summary = check_lines(broken, capsys)
    assert len([line for line in lines if "error[duplicate-card]" in line]) == 1
    assert f": {len(lines)} error(s)" in summary


def test_a_report_keeps_each_finding_once() -> None:
    report = Report()
    for _ in range(3):
        report.error(Mark("f.yaml", 1, 1), "false-claim", "same")
    report.extend([Diagnostic(Mark("f.yaml", 1, 1), "false-claim", "same")])
    assert len(report.errors) == len(report.sorted()) == 1


def test_a_placeholder_in_a_block_is_marked_at_its_own_line(tmp_path, broken) -> None:
    broken("black-peter", {"en.yaml": [("For {players.min} to", "For {players.mim} to")]})
    result = check([broken.tmp / "rules" / "black-peter"], root=broken.tmp)
    [d] = [d for d in result.report.errors if d.code == "unknown-placeholder"]
    line = line_of("black-peter", "en.yaml", "For {players.min} to")
    col = (broken.tmp / "rules/black-peter/en.yaml").read_text(encoding="utf-8").splitlines()[
        line - 1].index("{players.mim}") + 1
    assert (d.mark.line, d.mark.col) == (line, col)


# -- seats ---------------------------------------------------------------------------------------

def replay_many_seats(broken, seats: str, monkeypatch: pytest.MonkeyPatch) -> tuple[Report, int]:
    """The example replayed with many seats, and how many rounds the engine began (how fast
    the seats are checked: bench/bench_inputs.py)."""
    broken("black-peter", {END: [('seats: ["1", "2", "3"]', f'seats: ["1", "2", "3", {seats}]')]})
    report = Report()
    bundle = load_game(broken.tmp / "rules" / "black-peter", report, root=broken.tmp)
    assert bundle is not None and report.errors == []
    engine = type(bundle.rules.engine)
    rounds: list[object] = []
    new_round = engine.new_round
    monkeypatch.setattr(engine, "new_round", lambda *a, **k: rounds.append(a) or new_round(*a, **k))
    get_family(bundle.rules.spec.family).check_example(bundle, bundle.examples["endgame"], report)
    return report, len(rounds)


# A hundred thousand seats take seconds to read from YAML alone: the slow tier's.
MANY_SEATS = [1_000, pytest.param(100_000, marks=pytest.mark.slow)]


@pytest.mark.parametrize("many", MANY_SEATS)
def test_a_hundred_thousand_seats_are_checked_and_not_replayed(broken, monkeypatch, many: int) -> None:
    report, rounds = replay_many_seats(broken, ", ".join(f'"s{i}"' for i in range(many)), monkeypatch)
    assert rounds == 0  # the engine deals to the players the game allows: nothing to replay
    line = line_of("black-peter", END, "seats:")
    assert [(d.mark.line, d.code, d.message) for d in report.items] == [
        (line, "bad-value", f"{many + 3} seats; this game is for 2 to 6 players")]


@pytest.mark.parametrize("many", MANY_SEATS)
def test_a_duplicate_among_many_seats(broken, monkeypatch, many: int) -> None:
    report, rounds = replay_many_seats(
        broken, ", ".join(f'"s{i}"' for i in range(many)) + ', "2"', monkeypatch)
    assert rounds == 0
    assert [d.message for d in report.items] == ["seat '2' is listed twice"]


# -- UI catalogs ---------------------------------------------------------------------------------

PO = """\
msgid ""
msgstr ""
"Language: it\\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\\n"

msgid "Players"
msgstr "Giocatori"

this line is no gettext

msgid "%(num)s player"
msgid_plural "%(num)s players"
msgstr[0] "%(nmu)s giocatore"
msgstr[1] "%(num)s giocatori"

msgid "Score"
msgstr "100% punti"
"""


def test_a_broken_catalog_gives_findings_not_babel_s_prints(tmp_path: Path, capsys) -> None:
    po = tmp_path / "locale" / "it" / "LC_MESSAGES" / "messages.po"
    po.parent.mkdir(parents=True)
    po.write_text(PO, encoding="utf-8")
    messages = load_messages(tmp_path, "it")
    assert capsys.readouterr().out == ""
    assert [(d.mark.line, d.code) for d in messages.problems] == [
        (9, "bad-catalog"), (11, "bad-catalog"), (16, "bad-catalog")]
    assert messages.problems[1].message == \
        "the translation uses the placeholder %(nmu)s, which the msgid has not"
    # a translation that cannot be filled falls back to English instead of failing the page
    assert messages.ngettext("%(num)s player", "%(num)s players", 2) % {"num": 2} == "2 players"
    assert messages.gettext("Score") == "Score" and messages.gettext("Players") == "Giocatori"
