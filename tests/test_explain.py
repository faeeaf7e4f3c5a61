"""What the narration reader read, said (issue 36): `rulebook check --explain` lists each
text's claims and the sentences not read, its JSON carries the same under documented keys,
`rulebook check` makes each sentence not read an `unread-narration` warning at its line and
column (by default since the corpus reads clean; `--unread` is kept as an alias)
(silent for a sentence marked ((...)), which the page shows without the marks), and the
page counts the claims it checked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, formatted
from generator.check.games import CheckResult, check
from generator.cli.main import main
from generator.core.languages import load_messages
from generator.families.reading import strip_marks
from generator.families.view import ExampleView

JACKS = Path(__file__).parent / "fixtures" / "jacks"
EXAMPLE = "last-two-tricks"
# en.yaml's step 1, whose second sentence holds a card no claim covers: Anna's J♣ is named
# as held (read: she holds it), and as "in" Bruno's trick, which says nothing the reader
# reads of who played it
UNREAD = "Anna has only the J♣ left in clubs, so Bruno takes the trick with the J♣ in it"


def jacks(tmp_path: Path, old: str = "", new: str = "", *, unread: bool = False) -> CheckResult:
    """The test game, with one text of en.yaml changed when ``old`` is given."""
    rules = tmp_path / "rules"
    shutil.copytree(JACKS, rules)
    if old:
        path = rules / "jacks" / "en.yaml"
        text = path.read_text(encoding="utf-8")
        assert old in text, old
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return check([rules], root=tmp_path, unread=unread)


def explain(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
            *extra: str) -> str:
    shutil.copytree(JACKS, tmp_path / "rules")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "rules/jacks", "--explain", "--quiet", *extra]) == 0
    return capsys.readouterr().out


def test_explain_lists_each_steps_claims_and_the_sentences_not_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    out = explain(tmp_path, monkeypatch, capsys)
    assert """rules/jacks/en.yaml:30:9: last-two-tricks, step 1 (en)
  ok  takes         'Bruno' takes the trick
  ok  trick-points  the trick holds 4 points
  ok  plays         'Bruno' plays A♣
  ok  owns          J♣ belongs to 'Anna'
  ok  cards         in play: A♣ J♣
  ??? not read      32:43 \"""" + UNREAD + """\": the card J♣
rules/jacks/en.yaml:33:9: last-two-tricks, step 2 (en)
  ok  takes         'Carla' takes the trick
  ok  plays         'Bruno' plays 8♥
  ok  plays         'Carla' plays K♥
  ok  plays         'Dario' plays J♥
  ok  plays         'Anna' plays 7♥
  ok  cards         in play: 8♥ K♥ J♥ 7♥
rules/jacks/en.yaml:36:13: last-two-tricks, result (en)
  ok  score         'Bruno' gets 8
  ok  score         'Carla' gets 2
""" in out, out
    assert "rules/jacks/ru.yaml" in out and "(ar)" in out  # every language
    # listed, and (since the corpus reads clean) warned of by `rulebook check` by default
    assert "rules/jacks/en.yaml:32:43: warning[unread-narration]" in out


def test_explain_in_json_carries_the_same_under_documented_keys(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(explain(tmp_path, monkeypatch, capsys, "--format", "json"))
    # the findings: the sentences not read, each a warning (every language's, the jacks')
    assert set(data) == {"findings", "narration"} and data["findings"]
    assert {f["code"] for f in data["findings"]} == {"unread-narration"}
    step = next(t for t in data["narration"] if (t["lang"], t["step"]) == ("en", "step 2"))
    assert set(step) == {"path", "line", "col", "game", "example", "lang", "step", "text",
                         "claims", "unread", "marked"}
    assert (step["path"], step["line"], step["game"], step["example"]) == (
        "rules/jacks/en.yaml", 33, "jacks", EXAMPLE)
    assert step["claims"][0] == {"kind": "takes", "offset": step["claims"][0]["offset"],
                                 "says": "'Carla' takes the trick", "ok": True,
                                 "players": ["Carla"]}
    assert {"kind": "plays", "offset": step["text"].index("K♥"), "says": "'Carla' plays K♥",
            "ok": True, "players": ["Carla"], "card": "K♥"} in step["claims"]
    first = next(t for t in data["narration"] if (t["lang"], t["step"]) == ("en", "step 1"))
    assert first["unread"] == [{"offset": first["text"].rindex("J♣"), "line": 32, "col": 43,
                                "sentence": UNREAD, "holds": ["the card J♣"]}]


def test_a_wrong_claim_is_listed_with_its_error(tmp_path: Path) -> None:
    result = jacks(tmp_path, "Carla takes\n        the trick", "Bruno takes\n        the trick")
    step = next(r for r in result.report.readings if (r.lang, r.part) == ("en", "step 2"))
    taken = [c for c in step.claims if c.kind == "takes"]
    assert [(c.seats, c.ok) for c in taken] == [(("Bruno",), False)]
    assert "  ERR takes         'Bruno' takes the trick" in step.format()
    assert [d.code for d in result.report.errors] == ["narration-claim"]


def test_check_warns_of_a_sentence_not_read_by_default_and_keeps_unread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copytree(JACKS, tmp_path / "rules")
    monkeypatch.chdir(tmp_path)
    assert main(["check", "rules/jacks", "--quiet"]) == 0  # a warning: the check passes
    plain = capsys.readouterr()
    assert "rules/jacks/en.yaml:32:43: warning[unread-narration]" in plain.out
    unread = plain.out.count("warning[unread-narration]")
    assert f"{unread} sentence(s) not read (--explain lists them)" in plain.err
    assert main(["check", "rules/jacks", "--quiet", "--unread"]) == 0  # the old flag: the same
    assert capsys.readouterr().out == plain.out
    assert main(["check", "rules/jacks", "--quiet", "--no-warnings"]) == 0
    assert "unread-narration" not in capsys.readouterr().out


def test_unread_warns_of_a_sentence_not_read_at_its_line_and_column(tmp_path: Path) -> None:
    result = jacks(tmp_path, unread=True)
    found = sorted((d for d in result.report.warnings if d.mark.path.endswith("en.yaml")),
                   key=lambda d: d.mark.line)
    # (the intro's "Bruno has won the last trick and leads" is read since issue 36: Bruno
    # leads the example's first trick)
    assert [d.format().split("\n")[0] for d in found] == [
        "rules/jacks/en.yaml:32:43: warning[unread-narration]: en: step 1 of 'last-two-tricks': "
        f"the reader reads no claim of the card J♣ in \"{UNREAD}\""]
    assert "((...))" in (found[0].hint or "")
    assert result.ok  # a warning: the check passes
    # the library's check() warns only when asked (the command line always asks)
    assert not formatted(jacks(tmp_path / "plain").report.items)


def test_a_sentence_marked_as_no_claim_is_silent(tmp_path: Path) -> None:
    old = "Anna has only the J♣ left in clubs,\n        so Bruno takes the trick with the J♣ in it"
    assert old in (JACKS / "jacks" / "en.yaml").read_text(encoding="utf-8")
    result = jacks(tmp_path, old, "((" + old + "))", unread=True)
    assert not [d for d in result.report.warnings if d.message.startswith("en: step 1")], \
        [d.format() for d in result.report.warnings]
    step = next(r for r in result.report.readings if (r.lang, r.part) == ("en", "step 1"))
    assert (step.unread, step.marked) == ([], 1)
    assert "--  marked        1 sentence(s) marked as no claim" in step.format()


def test_a_claim_inside_the_marks_is_read_as_it_was(tmp_path: Path) -> None:
    # the marks say a sentence needs no reading; its claims are still checked
    result = jacks(tmp_path, "Carla takes\n        the trick", "((Bruno takes\n        the trick))")
    assert [d.code for d in result.report.errors] == ["narration-claim"]


def test_the_page_shows_a_marked_sentence_without_its_marks(tmp_path: Path) -> None:
    assert strip_marks("Dario leads. ((A quiet start.)) Anna follows.") == \
        "Dario leads. A quiet start. Anna follows."
    assert strip_marks("(a remark) and (another)") == "(a remark) and (another)"
    bundle = jacks(tmp_path).games[0]
    text = bundle.languages["en"].spec.examples[EXAMPLE]
    view = ExampleView(EXAMPLE, bundle, "en", text, load_messages(ROOT / "templates", "en"))
    assert str(view.md("Dario leads. ((A quiet start.))")) == "<p>Dario leads. A quiet start.</p>\n"


def test_the_claims_checked_are_counted_for_the_page(tmp_path: Path) -> None:
    result = jacks(tmp_path)
    bundle = result.games[0]
    en = [r for r in result.report.readings if r.lang == "en"]
    # 12: with the intro's "Bruno has won the last trick and leads" (issue 36)
    assert bundle.claims_checked["en"] == sum(len(r.read) for r in en) == 12
    assert set(bundle.claims_checked) == set(bundle.languages)


def test_the_script_serve_adds_to_a_page_is_valid_javascript(tmp_path: Path) -> None:
    """The script that lists a page's unread sentences (and follows the rebuilds) parses: a
    newline written into it by mistake once stopped it on every page."""
    from generator.cli.serve import with_live_script

    served = with_live_script(b"<html><body></body></html>", 7).decode("utf-8")
    script = served[served.index("<script>") + len("<script>"):served.index("</script>")]
    (tmp_path / "live.js").write_text(script, encoding="utf-8")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    import subprocess
    checked = subprocess.run([node, "--check", str(tmp_path / "live.js")], capture_output=True,
                             text=True)
    assert checked.returncode == 0, checked.stderr
    assert "rulebook-unread" in script


def _footer(result: CheckResult, lang: str = "en") -> str:
    """The footer of the test game's page in ``lang``, as its reader reads it."""
    import html5lib

    from generator.runtime.theme import Theme
    from generator.web.render import Renderer, SiteConfig
    from generator.web.site import Kind, plan

    site = plan(result.games)
    page = next(p for p in site.pages if p.kind is Kind.GAME and p.lang == lang)
    renderer = Renderer(SiteConfig(Theme.layered(), "https://example.org/", "rulebook", pdf=False),
                        site, result.replays)
    doc = html5lib.parse(renderer.render(page), namespaceHTMLElements=False)
    footer = doc.find(".//footer")
    assert footer is not None
    return " ".join("".join(footer.itertext()).split())


def test_the_footer_says_what_the_check_read_of_the_page_and_what_it_could_not(tmp_path: Path) -> None:
    # the rounds replayed, the claims of their text checked, and the sentences left unread
    # (issue 36: "the footer says exactly what was checked")
    result = jacks(tmp_path / "as-is")
    unread = sum(len(r.unread) for r in result.report.readings if r.lang == "en")
    assert result.games[0].claims_unread["en"] == unread == 1  # step 1's second sentence
    assert _footer(result) == (
        "Every example round on this page is replayed and checked by rulebook, and so are the 12 "
        "claims its text makes about them. 1 sentence of that text could not be read and is not "
        "checked.")
    old = "Anna has only the J♣ left in clubs,\n        so Bruno takes the trick with the J♣ in it"
    marked = jacks(tmp_path / "marked", old, "((" + old + "))")  # said to be no claim
    assert marked.games[0].claims_unread["en"] == 0
    assert _footer(marked) == ("Every example round on this page is replayed and checked by "
                               "rulebook, and so are the 12 claims its text makes about them.")
    ru = _footer(marked, "ru")  # the page's own language, its number's own plural
    assert ru.startswith("Каждый пример розыгрыша на этой странице rulebook заново проигрывает"), ru
