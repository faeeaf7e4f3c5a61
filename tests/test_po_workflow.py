"""The translators' gettext workflow: `rulebook i18n --export po` and `--import po`.

Every test works on a copy of one real game in tmp_path (an import writes language files):
what is true of one game's catalogs is true of every game's.
"""

from __future__ import annotations

import difflib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, unescape, write_po

from conftest import RULES, small_rules
from generator.check.games import check
from generator.cli.main import main
from generator.i18n.yaml_edit import scalar_nodes
from generator.model.source import load_yaml

LANGS = ("ar", "de", "it", "ro", "ru")


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    return small_rules(tmp_path / "rules", games=("hearts",))  # alone: its link to peppa waits


def i18n(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["i18n", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def export(capsys: pytest.CaptureFixture[str], rules: Path, out: Path) -> dict[str, Catalog]:
    code, _, err = i18n(capsys, rules, "--export", "po", "--out", out)
    assert code == 0, err
    catalogs = {}
    for lang in LANGS:
        with (out / f"{lang}.po").open("rb") as handle:
            catalogs[lang] = read_po(handle)
    return catalogs


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


def save(catalog: Catalog, path: Path) -> Path:
    with path.open("wb") as handle:
        write_po(handle, catalog, width=76)
    return path


def set_msgstr(catalog: Catalog, context: str, text: str) -> None:
    message = next(m for m in catalog if m.context == context)
    message.string = text


def test_every_text_of_every_game_is_in_its_languages_catalog_with_context_comment_and_line(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    assert not (tmp_path / "po" / "en.po").exists()  # the source language is the msgids
    answer = next(m for m in de if m.context == "hearts:faq.2.a")
    en = load_yaml(rules / "hearts" / "en.yaml")[0]
    german = load_yaml(rules / "hearts" / "de.yaml")[0]
    assert en is not None and german is not None
    assert answer.id == en.data["faq"][1]["a"]
    assert answer.string == german.data["faq"][1]["a"]
    assert answer.auto_comments == ["hearts: FAQ 2, answer"]
    ((file, line),) = answer.locations
    assert file.endswith("hearts/en.yaml") and line == en.mark(("faq", 1, "a")).line
    assert not answer.fuzzy
    step = next(m for m in de if m.context == "hearts:examples.first-hand.steps.3")
    assert step.id == en.data["examples"]["first-hand"]["steps"][2]
    # every game's every text: as many entries as the games' English scalars
    games = {m.context.split(":")[0] for m in de if m.id}
    assert games == {p.name for p in rules.iterdir() if (p / "en.yaml").is_file()}


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_export_then_import_leaves_every_file_byte_identical(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    export(capsys, rules, tmp_path / "po")
    before = snapshot(rules)
    code, out, err = i18n(capsys, rules, "--import", "po",
                          *(tmp_path / "po" / f"{lang}.po" for lang in LANGS))
    assert code == 0, err
    assert out.startswith("0 text(s) changed in 0 file(s)")
    assert snapshot(rules) == before


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_a_changed_msgstr_replaces_only_that_text_keeping_comments_and_order(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = rules / "hearts" / "de.yaml"
    # the shipped language files have no comments: give this one some, around the texts changed
    for before, after in (("sections:\n", "# the sections of the page\nsections:\n"),
                          ('  - q: "Wann darf ich', '  # when hearts may lead\n  - q: "Wann darf ich'),
                          ("darin keine Punkte.\"\n", "darin keine Punkte.\"  # the first trick\n")):
        text = path.read_text(encoding="utf-8")
        assert text.count(before) == 1, before
        path.write_text(text.replace(before, after), encoding="utf-8")
    de = export(capsys, rules, tmp_path / "po")["de"]
    old = path.read_text(encoding="utf-8")
    new_answer = ("Sobald ein Herz gefallen ist: erst dann, und nur wenn du bedienen kannst, "
                  "musst du es tun; über {end.over} Punkte endet die Partie.")
    set_msgstr(de, "hearts:faq.2.a", new_answer)
    set_msgstr(de, "hearts:quickref.turn.1", "# Kein Kommentar, sondern Text")
    set_msgstr(de, "hearts:sections.objective#1", "Zeile eins: mit Doppelpunkt.")
    code, out, err = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0, err
    assert out.startswith("3 text(s) changed in 1 file(s)")
    text = path.read_text(encoding="utf-8")
    loaded, problems = load_yaml(path)
    assert loaded is not None and not problems
    assert loaded.data["faq"][1]["a"] == new_answer
    assert loaded.data["quickref"]["turn"][0] == "# Kein Kommentar, sondern Text"
    assert loaded.data["sections"]["objective"] == "Zeile eins: mit Doppelpunkt.\n"
    original = load_yaml(rules.parent / "orig.yaml", old)[0]
    assert original is not None
    # everything else is as it was: the other texts, the comments, the key order
    assert loaded.data["faq"][0] == original.data["faq"][0]
    assert loaded.data["faq"][2] == original.data["faq"][2]
    assert list(loaded.data) == list(original.data)
    comments = [line for line in old.splitlines() if line.lstrip().startswith("#")]
    assert len(comments) == 2 and all(line in text.splitlines() for line in comments)
    assert '  # the first trick\n' in text
    # the lines that changed are those of the three texts, nothing else
    nodes = scalar_nodes(old)
    spans = [range(nodes[k].start_mark.line, nodes[k].end_mark.line + 1) for k in
             (("faq", 1, "a"), ("quickref", "turn", 0), ("sections", "objective"))]
    matcher = difflib.SequenceMatcher(None, old.splitlines(), text.splitlines(), autojunk=False)
    changed = [(i1, i2) for tag, i1, i2, _, _ in matcher.get_opcodes() if tag != "equal"]
    assert len(changed) == 3
    assert all(any(i1 in span and i2 - 1 in span for span in spans) for i1, i2 in changed)
    for other in ("it", "ru"):  # other languages' files are not touched
        assert (rules / "hearts" / f"{other}.yaml").read_bytes() == \
            (RULES / "hearts" / f"{other}.yaml").read_bytes()
    result = check([rules], root=rules.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_an_outdated_translation_is_fuzzy_and_fuzzy_entries_are_not_imported(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    en = rules / "hearts" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    assert "Hearts\n" in text.splitlines(keepends=True)[0]
    en.write_text(text.replace("title: Hearts\n", "title: Hearts (the game)\n", 1), encoding="utf-8")
    catalogs = export(capsys, rules, tmp_path / "po")
    for lang in LANGS:
        title = next(m for m in catalogs[lang] if m.context == "hearts:title")
        assert title.fuzzy, lang
        assert title.id == "Hearts (the game)"
        description = next(m for m in catalogs[lang] if m.context == "hearts:description")
        assert not description.fuzzy
    de = catalogs["de"]
    set_msgstr(de, "hearts:title", "Herz (das Spiel)")
    before = snapshot(rules)
    code, out, _ = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0
    assert "1 fuzzy entry not imported" in out
    assert snapshot(rules) == before
    entry_ = next(m for m in de if m.context == "hearts:title")
    entry_.flags.discard("fuzzy")  # the translator took the change in
    code, out, _ = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0 and out.startswith("1 text(s) changed")
    assert (rules / "hearts" / "de.yaml").read_text(encoding="utf-8").startswith(
        "title: Herz (das Spiel)\n")


@pytest.mark.parametrize(("context", "msgstr", "code", "says"), [
    ("hearts:faq.2.a", "Über {end.ovr} Punkte.", "unknown-placeholder", "'{end.ovr}'"),
    ("hearts:faq.2.a", "Über {end.over Punkte.", "broken-placeholder", "brace"),
    ("hearts:faq.99.a", "Text", "unknown-msgctxt", "'faq.99.a'"),
    ("heart:faq.2.a", "Text", "unknown-msgctxt", "did you mean"),
])
def test_bad_msgstrs_and_contexts_are_errors_at_their_line_and_nothing_is_written(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        context: str, msgstr: str, code: str, says: str) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    set_msgstr(de, "hearts:title", "Herz (gut)")  # a good change: not written either
    message = next(m for m in de if m.context == "hearts:faq.2.a")
    if context != message.context:
        de.delete(message.id, context=message.context)
        de.add(message.id, msgstr, context=context)
    else:
        message.string = msgstr
    po = save(de, tmp_path / "de.po")
    line = next(i for i, text in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
                if text == f'msgctxt "{context}"') + 1  # the msgid's line
    before = snapshot(rules)
    status, out, err = i18n(capsys, rules, "--import", "po", po)
    assert status == 1
    assert f"{po}:{line}:1: error[{code}]" in err
    assert says in err
    assert "nothing imported" in err
    assert snapshot(rules) == before


def test_a_catalog_of_an_unknown_language_is_an_error(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    po = tmp_path / "xx.po"
    po.write_bytes((tmp_path / "po" / "de.po").read_bytes().replace(
        b'"Language: de\\n"', b'"Language: xx\\n"'))
    assert de is not None
    before = snapshot(rules)
    status, _, err = i18n(capsys, rules, "--import", "po", po)
    assert status == 1
    assert f"{po}:" in err and "unknown language" in err
    assert snapshot(rules) == before


# Texts a YAML file must hold exactly, whatever their form: quotes, colons, a leading dash or
# hash, paragraphs added or taken away, a final line break dropped or added.
EDITS = (
    lambda s: s + " — «x»: y #z",
    lambda s: "- " + s,
    lambda s: s.replace("\n", "\n\n") if "\n" in s else s + "\nzweite Zeile",
    lambda s: "'" + s + '"',
    lambda s: s.rstrip("\n"),
    lambda s: s + "\n",
    lambda s: " ".join(s.split()) * 2,
    lambda s: "# " + s,
)


# A paragraph, list item or table cell of a section (msgctxt ``...#n``) is one line of words:
# these keep it one, in the forms YAML and Markdown could misread.
PIECE_EDITS = (
    lambda s: s + " — «x»: y #z",
    lambda s: "'" + s + '"',
    lambda s: " ".join(s.split()) * 2,  # longer: wrapped again
    lambda s: "**" + s + "** - 1. # x",
)


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_every_text_changed_in_every_form_reads_back_exactly_and_the_rules_still_check(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    expected, changed = {}, 0
    for i, message in enumerate(m for m in de if m.id and m.string):
        edits = PIECE_EDITS if "#" in message.context else EDITS
        new = edits[i % len(edits)](message.string)
        changed += new != message.string  # dropping a final line break a text has not: no change
        message.string = expected[message.context] = new
    code, out, err = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0, err
    assert changed > 10 * len(EDITS) + 10 * len(PIECE_EDITS)  # each form, many times over
    assert out.startswith(f"{changed} text(s) changed")
    again = export(capsys, rules, tmp_path / "again")["de"]
    assert {m.context: m.string for m in again if m.id} == expected
    result = check([rules], root=rules.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]


# -- catalogs from outside: bounded, and refused when they cannot mean one thing ------------

@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, bytes]:
    """A copy of the rules and its German catalog, made once: the tests below are refused,
    so none of them writes into the rules."""
    base = tmp_path_factory.mktemp("exported")
    small_rules(base / "rules", games=("hearts",))  # one game: a unit test's budget
    assert main(["i18n", str(base / "rules"), "--export", "po", "--out", str(base / "po")]) == 0
    return base / "rules", (base / "po" / "de.po").read_bytes()


def refused(capsys: pytest.CaptureFixture[str], rules: Path, *po: Path) -> list[str]:
    """The import's findings (one line each) when it is refused, having written nothing."""
    before = snapshot(rules)
    status, _, err = i18n(capsys, rules, "--import", "po", *po)
    assert status == 1 and "Traceback" not in err, err
    assert err.splitlines()[-1] == "rulebook: nothing imported: fix the errors above"
    assert snapshot(rules) == before
    return err.splitlines()[:-1]


TITLE = b'msgctxt "hearts:title"\nmsgid "Hearts"\nmsgstr "Hearts (Herzeln)"\n'


def line_of_bytes(data: bytes, needle: bytes, after: int = 0) -> int:
    return data.count(b"\n", 0, data.index(needle, data.index(b"\n", after) if after else 0)) + 1


@pytest.mark.parametrize("count", [200_000_000, 100])
def test_a_plural_count_no_language_has_is_an_error_at_its_line(
        exported: tuple[Path, bytes], tmp_path: Path, count: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A 200-byte catalog saying nplurals=200000000, with one plural entry: Babel would make
    a list of 200 million texts for it. Refused at the header's line before Babel reads it."""
    rules, _ = exported
    po = tmp_path / "de.po"
    po.write_bytes(b'msgid ""\nmsgstr ""\n"Language: de\\n"\n'
                   b'"Plural-Forms: nplurals=%d; plural=n;\\n"\n\n'
                   b'msgid "card"\nmsgid_plural "cards"\nmsgstr[0] "Karte"\n' % count)
    assert refused(capsys, rules, po) == [
        f"{po}:4:1: error[po-syntax]: the Plural-Forms header says nplurals={count}; a "
        "language has 1 to 6 plural forms",
        "  hint: nplurals=2; plural=(n != 1); for most languages (an export writes the "
        "language's own)"]


@pytest.mark.parametrize("special", ["/dev/zero", "fifo", "folder"])
def test_a_catalog_that_is_no_regular_file_is_refused_unread(
        exported: tuple[Path, bytes], tmp_path: Path, special: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """/dev/zero would fill the memory with one endless line, a FIFO hang the import."""
    rules, _ = exported
    po = Path(special)
    if special == "fifo":
        po = tmp_path / "de.po"
        os.mkfifo(po)
    elif special == "folder":
        po = tmp_path / "de.po"
        po.mkdir()
    kind = "a folder" if special == "folder" else "a device, pipe or socket"
    assert refused(capsys, rules, po) == [
        f"{po}:1:1: error[unreadable]: not a regular file but {kind}",
        "  hint: name the .po file that `rulebook i18n --export po` wrote"]


def test_a_catalog_over_the_bound_is_refused_before_it_is_read(
        exported: tuple[Path, bytes], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from generator.i18n import po_read

    rules, de = exported
    monkeypatch.setattr(po_read, "MAX_PO_BYTES", len(de) - 1)  # 64 MB: written, the test's
    po = tmp_path / "de.po"
    po.write_bytes(de)
    (line,) = [x for x in refused(capsys, rules, po) if "error" in x]
    assert line.startswith(f"{po}:1:1: error[too-large]: the catalog is over ")


def test_a_translation_longer_than_a_rules_file_is_refused_at_its_line(
        exported: tuple[Path, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Written, it would make de.yaml a file `check` refuses."""
    from generator.model.source import MAX_FILE_BYTES

    rules, de = exported
    po = tmp_path / "de.po"
    po.write_bytes(de.replace(b'msgstr "Hearts (Herzeln)"',
                              b'msgstr "' + b"x" * (MAX_FILE_BYTES + 1) + b'"'))
    line = line_of_bytes(de, b'msgid "Hearts"\nmsgstr "Hearts (Herzeln)"')
    assert refused(capsys, rules, po)[0] == (
        f"{po}:{line}:1: error[too-large]: hearts:title: the msgstr is over 5 MB, more than a "
        "whole language file may have")


@pytest.mark.parametrize("where", ["one file", "two files"])
def test_two_translations_of_one_text_are_an_error_naming_both(
        exported: tuple[Path, bytes], tmp_path: Path, where: str,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Babel keeps the first of two entries of one msgctxt and drops the second's text: which
    one the translator meant cannot be guessed."""
    rules, de = exported
    first = tmp_path / "de.po"
    second = tmp_path / "more" / "de.po" if where == "two files" else first
    again = TITLE.replace(b"(Herzeln)", b"(Herzen)")
    if where == "one file":
        first.write_bytes(de + b"\n" + again)
    else:
        first.write_bytes(de)
        second.parent.mkdir()
        second.write_bytes(de.replace(TITLE, again))
    at = line_of_bytes(de, b'msgid "Hearts"\nmsgstr "Hearts (Herzeln)"')
    later = de.count(b"\n") + 3 if where == "one file" else at
    assert refused(capsys, rules, *dict.fromkeys([first, second])) == [
        f"{second}:{later}:1: error[conflicting-translations]: hearts:title: translated "
        f"again, differently: {first}:{at} has another text",
        "  hint: keep one of the two entries"]


def test_the_same_translation_twice_is_imported_once(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    set_msgstr(de, "hearts:title", "Herz")
    po = save(de, tmp_path / "de.po")
    po.write_bytes(po.read_bytes() + b'\nmsgctxt "hearts:title"\nmsgid "Hearts"\nmsgstr "Herz"\n')
    status, _, err = i18n(capsys, rules, "--import", "po", po)
    assert status == 0, err
    assert "title: Herz\n" in (rules / "hearts" / "de.yaml").read_text(encoding="utf-8")


def test_a_header_naming_another_language_than_the_file_is_refused(
        exported: tuple[Path, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """de.po saying `Language: it` would rewrite it.yaml with German texts."""
    rules, de = exported
    po = tmp_path / "de.po"
    po.write_bytes(de.replace(b'"Language: de\\n"', b'"Language: it\\n"'))
    assert refused(capsys, rules, po) == [
        f"{po}:{line_of_bytes(de, b'Language: de')}:1: error[language-mismatch]: the header "
        "says 'Language: it', the file's name says 'de'",
        "  hint: rename the file to it.po, or correct the header to 'Language: de'"]


# -- catalogs a translation platform takes as they are ---------------------------------------

def test_a_translation_that_lacks_a_placeholder_is_kept_in_the_msgfmt_check(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = small_rules(tmp_path / "rules", games=("mau-mau",), langs=("ru",))
    ru = rules / "mau-mau" / "ru.yaml"
    text = ru.read_text(encoding="utf-8")
    assert "{players.max}" in text and "{call}" not in text  # the call said in Russian words
    ru.write_text(text.replace("{players.max}", "10", 1), encoding="utf-8")
    code, _, err = i18n(capsys, rules, "--export", "po", "--out", tmp_path / "po")
    assert code == 0, err
    flags = _flags(tmp_path / "po" / "ru.po")  # as written: Babel's reader adds the flag anew
    assert "python-brace-format" in flags["mau-mau:description"]  # lacks {players.max}
    assert "python-brace-format" not in flags["mau-mau:sections.gameplay#7"]  # the call in Russian


def _flags(po: Path) -> dict[str, str]:
    """Each entry's ``#,`` line by its msgctxt, as the file has it."""
    out, flags = {}, ""
    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith("#,"):
            flags = line
        elif line.startswith("msgctxt "):
            out[line[len('msgctxt "'):-1]] = flags
        elif not line.strip():
            flags = ""
    return out


def test_a_translation_lacking_or_misspelling_a_placeholder_is_a_check_finding_at_its_line(
        tmp_path: Path) -> None:
    rules = small_rules(tmp_path / "rules", games=("mau-mau",), langs=("ru",))
    ru = rules / "mau-mau" / "ru.yaml"
    lines = ru.read_text(encoding="utf-8").splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines, 1) if "{players.max}" in line)
    lines[number - 1] = lines[number - 1].replace("{players.max}", "{players.mx}", 1)
    ru.write_text("".join(lines), encoding="utf-8")
    result = check([rules], root=rules.parent)
    found = [d for d in result.report.warnings if d.code == "placeholder-missing"]
    assert len(found) == 1, [d.format() for d in result.report.items]
    said = found[0].format()
    start = next(i for i, line in enumerate(lines, 1) if line.startswith("description:")) + 1
    assert number > start and f"mau-mau/ru.yaml:{start}:" in said  # where the text starts
    assert "the en text has {call}, {players.min}, {players.max}; " in said
    assert "this translation has {players.min}, {players.mx}: " in said
    assert "{players.max} missing" in said
    # the call said in Russian words ({call} is nowhere in ru.yaml) is no finding


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_an_imported_translation_that_lacks_a_placeholder_is_a_warning_at_its_line(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    message = next(m for m in de if m.context == "hearts:description")
    assert "{end.over}" in message.string
    message.string = message.string.replace("{end.over}", "100")
    po = save(de, tmp_path / "de.po")
    line = next(i for i, text in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
                if text == 'msgctxt "hearts:description"') + 1
    status, out, err = i18n(capsys, rules, "--import", "po", po)
    assert status == 0, err
    assert f"{po}:{line}:1: warning[placeholder-missing]" in err
    assert "the msgstr has {points.Q♠}: {end.over} missing" in err
    assert "1 text(s) changed" in out  # imported all the same


def test_an_outdated_entry_carries_the_english_it_was_translated_from(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What Weblate and Pontoon show as the change to review: ``#| msgid``, the previous
    source text, beside the fuzzy flag."""
    en = rules / "hearts" / "en.yaml"
    source = load_yaml(en)[0]
    assert source is not None
    question, answer = source.data["faq"][1]["q"], source.data["faq"][1]["a"]
    text = en.read_text(encoding="utf-8").replace("title: Hearts\n", "title: Hearts (the game)\n", 1)
    at = text.index(answer.split()[-1], text.index(question))  # the answer's last word
    en.write_text(text[:at] + "hearts and nothing else." + text[at + len(answer.split()[-1]):],
                  encoding="utf-8")
    catalogs = export(capsys, rules, tmp_path / "po")
    for lang in LANGS:
        entries = {m.context: m for m in catalogs[lang] if m.id}
        previous = _previous(tmp_path / "po" / f"{lang}.po")  # Babel's reader drops them
        assert entries["hearts:title"].fuzzy and previous["hearts:title"] == "Hearts"
        for part, was in (("q", question), ("a", answer)):  # a FAQ item is recorded whole
            assert entries[f"hearts:faq.2.{part}"].fuzzy, (lang, part)
            assert previous[f"hearts:faq.2.{part}"] == was, (lang, part)
        assert entries["hearts:faq.2.a"].id != answer
        assert "hearts:description" not in previous and not entries["hearts:description"].fuzzy


def _previous(po: Path) -> dict[str, str]:
    """Each entry's ``#| msgid`` (the previous source text) by its msgctxt."""
    out, lines = {}, []
    for line in po.read_text(encoding="utf-8").splitlines():
        if line.startswith("#| msgid "):
            lines = [line[len("#| msgid "):]]
        elif line.startswith('#| "') and lines:
            lines.append(line[len("#| "):])
        elif line.startswith("msgctxt ") and lines:
            out[unescape(line[len("msgctxt "):])] = "".join(map(unescape, lines))
            lines = []
    return out


@pytest.mark.slow  # a round trip of Hearts' six catalogs: over 2 s of CPU since the page grew (issue 39)
def test_clearing_fuzzy_and_importing_records_the_translation_as_current(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What a platform does when a reviewer approves an outdated string: the flag goes, the
    text may stay; the game is then no longer outdated in that language (as after --accept)."""
    en = rules / "hearts" / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace("title: Hearts\n", "title: Hearts (the game)\n", 1),
                  encoding="utf-8")
    de = export(capsys, rules, tmp_path / "po")["de"]
    title = next(m for m in de if m.context == "hearts:title")
    assert title.fuzzy
    title.flags.discard("fuzzy")  # reviewed: the German title still fits
    record = rules / "hearts" / "de.translated-from.yaml"
    others = {p: p.read_bytes() for p in (rules / "hearts").glob("*.translated-from.yaml")
              if p != record}
    code, out, err = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0, err
    assert str(record) in out
    assert "title:\n    digest:" in record.read_text(encoding="utf-8")
    assert "source: Hearts (the game)\n" in record.read_text(encoding="utf-8")
    again = export(capsys, rules, tmp_path / "again")
    assert not next(m for m in again["de"] if m.context == "hearts:title").fuzzy
    assert next(m for m in again["it"] if m.context == "hearts:title").fuzzy  # not reviewed
    assert {p: p.read_bytes() for p in others} == others


# -- a section is a paragraph, a list item, a table cell at a time ---------------------------

def test_a_section_is_exported_a_paragraph_list_item_and_table_cell_at_a_time(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A whole section as one entry gave pofilter a warning for every hard line wrap that
    fell elsewhere in the translation; a piece is one line of words in both."""
    rules = small_rules(tmp_path / "rules", games=("briscola",), langs=("de",))
    code, _, err = i18n(capsys, rules, "--export", "po", "--out", tmp_path / "po")
    assert code == 0, err
    with (tmp_path / "po" / "de.po").open("rb") as handle:
        de = {m.context: m for m in read_po(handle) if m.id}
    en = load_yaml(rules / "briscola" / "en.yaml")[0]
    german = load_yaml(rules / "briscola" / "de.yaml")[0]
    assert en is not None and german is not None
    cards = {c: m for c, m in de.items() if c.startswith("briscola:sections.cards")}
    assert "briscola:sections.cards" not in cards  # no whole section
    assert all("\n" not in m.id and "\n" not in m.string for m in cards.values())
    # the table's cells, the header's too, each an entry; the rule row |---| is none
    cell = next(m for m in cards.values() if m.id == "ace")
    assert cell.string == "As"  # the Italian-suited deck's word in German
    assert cell.auto_comments[0].startswith("briscola: section 'cards', table cell ")
    assert not any(set(m.id) <= set("|-: ") for m in cards.values())
    first = cards["briscola:sections.cards#1"]
    assert first.id == " ".join(en.data["sections"]["cards"].split("\n\n")[0].split())
    assert first.string == " ".join(german.data["sections"]["cards"].split("\n\n")[0].split())
    # the reference is the piece's own line of en.yaml
    setup = de["briscola:sections.setup#2"]  # the second step of the deal
    ((file, line),) = setup.locations
    lines = (rules / "briscola" / "en.yaml").read_text(encoding="utf-8").splitlines()
    assert lines[line - 1].strip().startswith("2. ") and setup.id in " ".join(
        x.strip() for x in lines[line - 1:line + 4]).removeprefix("2. ")
    assert setup.auto_comments == ["briscola: section 'setup', list item 2 of " +
                                   setup.auto_comments[0].rsplit(" of ", 1)[1]]


@pytest.mark.slow  # the whole corpus: five catalogs of 2,400 entries out, checked, and back in
def test_the_corpus_exports_catalogs_msgfmt_accepts_and_imports_them_back_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every catalog of the corpus passes what Weblate, Pontoon or a distribution runs on a
    catalog first: gettext's own check, python-brace-format placeholders included (a spoken
    word such as {call} said in the translation's language, or a fact the translation names
    and the source leaves implicit, takes the entry out of that check; a missing number never
    does). And imported back as exported, they change no byte of the rules (one export for
    both: it is most of the cost)."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    before = snapshot(rules)
    code, _, err = i18n(capsys, rules, "--export", "po", "--out", tmp_path / "po")
    assert code == 0, err
    if shutil.which("msgfmt") is None:
        pytest.fail("msgfmt (gettext) is not installed: `make test` installs it")
    for lang in LANGS:
        checked = subprocess.run(["msgfmt", "-c", "-o", "/dev/null", str(tmp_path / "po" / f"{lang}.po")],
                                 capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
    code, out, err = i18n(capsys, rules, "--import", "po", *sorted((tmp_path / "po").glob("*.po")))
    assert code == 0, err
    assert out.startswith("0 text(s) changed in 0 file(s)")
    assert snapshot(rules) == before


def test_a_changed_paragraph_is_wrapped_in_its_place_and_the_others_keep_their_lines(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = export(capsys, rules, tmp_path / "po")["de"]
    path = rules / "hearts" / "de.yaml"
    old = load_yaml(path)[0]
    assert old is not None
    scoring = old.data["sections"]["scoring"]
    paragraphs = scoring.split("\n\n")
    new = "**Mondschuss.** " + "Wer alles nimmt, schreibt {slam.taker}, alle anderen {slam.others}. " * 3
    set_msgstr(de, "hearts:sections.scoring#2", new.strip())
    code, out, err = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0, err
    assert out.startswith("1 text(s) changed in 1 file(s)")
    loaded = load_yaml(path)[0]
    assert loaded is not None
    now = loaded.data["sections"]["scoring"].split("\n\n")
    assert [now[0], now[2]] == [paragraphs[0], paragraphs[2]]  # byte for byte, wraps and all
    assert " ".join(now[1].split()) == new.strip()
    width = max(len(x) for x in scoring.split("\n"))
    assert now[1].count("\n") >= 2 and all(len(x) <= width for x in now[1].split("\n"))
    result = check([rules], root=rules.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]


@pytest.mark.parametrize(("context", "msgstr"), [
    ("hearts:sections.scoring#2", "- Mondschuss: eine Liste statt eines Absatzes."),
    ("hearts:sections.scoring#2", "Ein Absatz.\n\nUnd noch einer."),
])
def test_a_msgstr_that_would_change_the_sections_structure_is_an_error_at_its_line(
        exported: tuple[Path, bytes], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        context: str, msgstr: str) -> None:
    rules, data = exported
    with (tmp_path / "in.po").open("wb") as handle:
        handle.write(data)
    with (tmp_path / "in.po").open("rb") as handle:
        de = read_po(handle)
    set_msgstr(de, context, msgstr)
    po = save(de, tmp_path / "de.po")
    line = next(i for i, text in enumerate(po.read_text(encoding="utf-8").splitlines(), 1)
                if text == f'msgctxt "{context}"') + 1
    found = refused(capsys, rules, po)
    assert found[0].startswith(f"{po}:{line}:1: error[changes-structure]: {context}: the "
                               "msgstr would not stay one paragraph")


@pytest.mark.slow  # a round trip of Hearts' six catalogs
def test_a_changed_source_paragraph_makes_only_its_piece_fuzzy_with_its_previous_text(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    en = rules / "hearts" / "en.yaml"
    text = en.read_text(encoding="utf-8")
    assert text.count("The player with the lowest total wins.") == 1
    en.write_text(text.replace("The player with the lowest total wins.",
                               "The lowest total wins."), encoding="utf-8")
    catalogs = export(capsys, rules, tmp_path / "po")
    for lang in LANGS:
        scoring = {m.context: m for m in catalogs[lang]
                   if m.context and m.context.startswith("hearts:sections.scoring#")}
        assert sorted(c for c, m in scoring.items() if m.fuzzy) == ["hearts:sections.scoring#3"]
        previous = _previous(tmp_path / "po" / f"{lang}.po")
        was = previous["hearts:sections.scoring#3"]
        assert "\n" not in was and was.endswith("The player with the lowest total wins.")
        assert not any(c.startswith("hearts:sections.scoring") and c != "hearts:sections.scoring#3"
                       for c in previous)
    de = catalogs["de"]
    next(m for m in de if m.context == "hearts:sections.scoring#3").flags.discard("fuzzy")
    code, out, err = i18n(capsys, rules, "--import", "po", save(de, tmp_path / "de.po"))
    assert code == 0, err
    assert str(rules / "hearts" / "de.translated-from.yaml") in out  # the section is current
    again = export(capsys, rules, tmp_path / "again")
    assert not any(m.fuzzy for m in again["de"]
                   if (m.context or "").startswith("hearts:sections.scoring"))
