"""Translations that know when they are stale: the records beside each language file,
`rulebook i18n` (outdated texts with a word diff, --strict, JSON), `--accept`, and the notice
an outdated section carries on the site."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import html5lib
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, RULES, corpus
from generator.check.games import check
from generator.cli.main import main
from generator.core.diagnostics import Report
from generator.i18n.report import report
from generator.i18n.staleness import Op, TextState, format_change, text_states, word_diff
from generator.model.translated_from import SUFFIX, Recorded, TranslatedFrom, digest, dump, load, units
from generator.pipeline import BuildConfig, build

TEMPLATES = ROOT / "templates"
GAME = "black-peter"
OLD = "1. Ask the player on your left to fan out their cards face down."
NEW = "1. Ask the player on your left to hold out their cards face down, fanned."
TRANSLATIONS = ("it", "de", "ru", "ro", "ar")
# where black-peter's page is in each language (game.yaml's slugs)
SLUGS = {"en": "black-peter", "it": "black-peter", "de": "black-peter",
         "ru": "chyorny-peter", "ro": "black-peter", "ar": "black-peter"}


@pytest.fixture
def rules(tmp_path: Path) -> Path:
    """A rules folder with site.yaml and one game, copied with its translation records."""
    root = tmp_path / "rules"
    root.mkdir()
    shutil.copy(RULES / "site.yaml", root / "site.yaml")
    shutil.copytree(RULES / GAME, root / GAME)
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def i18n(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["i18n", *args])
    out, err = capsys.readouterr()
    return code, out, err


def notices(site: Path, lang: str) -> dict[str, list[tuple[str, str]]]:
    """On the game page in ``lang``: for each section (and "intro"), its notices' link and hreflang."""
    page = site / lang / SLUGS[lang] / "index.html"
    tree = html5lib.parse(page.read_text(encoding="utf-8"), namespaceHTMLElements=False)
    found: dict[str, list[tuple[str, str]]] = {}
    for parent in tree.iter():
        for child in parent:
            if child.tag == "p" and "stale-notice" in (child.get("class") or "").split():
                where = parent.get("id") or ("intro" if "game-header" in (parent.get("class") or "")
                                             else "?")
                link = child.find("a")
                assert link is not None and child.get("role") == "note"
                found.setdefault(where, []).append((link.get("href") or "", link.get("hreflang") or ""))
    return found


def built(rules: Path, out: Path) -> Path:
    result = build(BuildConfig(rules, TEMPLATES, out, pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    return out


# -- the corpus ---------------------------------------------------------------------------------

def test_every_shipped_translation_is_recorded_current_and_its_record_round_trips() -> None:
    checked = corpus()  # the real rules, checked once a process
    assert checked.ok
    for bundle in checked.games:
        source = units(bundle.languages["en"].spec)
        assert set(bundle.translated_from) == set(TRANSLATIONS), bundle.rules.id
        for lang in TRANSLATIONS:
            states = text_states(bundle, lang, "en")
            assert {s.state for s in states} == {TextState.CURRENT}, (bundle.rules.id, lang)
            record = bundle.translated_from[lang]
            # the file keeps each source text exactly as the source file has it
            assert {k: r.text for k, r in record.texts.items()} == source


def test_units_are_the_texts_a_translator_translates_one_by_one() -> None:
    bundle = next(b for b in check([RULES / GAME], root=ROOT).games)
    keys = list(units(bundle.languages["en"].spec))
    assert keys[:4] == ["title", "description", "family_name", "sections.objective"]
    assert "steps.1" in keys and "faq.1" in keys and "quickref.turn" in keys
    assert any(k.startswith("examples.") and ".steps." in k for k in keys)
    assert not any("seats" in k for k in keys)  # seat names are not prose
    faq = bundle.languages["en"].spec.faq[0]
    assert units(bundle.languages["en"].spec)["faq.1"] == f"{faq.q}\n\n{faq.a}"  # one item


def test_the_digest_is_short_blind_to_line_wrapping_and_sees_every_word() -> None:
    text = "Draw one card,\nwithout seeing it.\n\nThen pass."
    assert len(digest(text)) == 12
    assert digest(text) == digest("Draw one card, without\n  seeing it.\n\n\nThen pass.\n")
    assert digest(text) != digest("Draw one card, without seeing it. Then pass.")  # a paragraph
    assert digest(text) != digest(text.replace("one", "a"))


def test_the_word_diff_shows_what_changed_with_a_few_words_around_it() -> None:
    changes = word_diff(OLD + " Then draw one card.", NEW + " Then draw one card.")
    assert [format_change(c) for c in changes] == [
        "… player on your left to [-fan-] {+hold+} out their cards face [-down.-] "
        "{+down, fanned.+} Then draw one card."]
    far = " ".join(f"w{i}" for i in range(40))
    changes = word_diff(far, far.replace("w3 ", "x3 ").replace("w30 ", "x30 "))
    assert [format_change(c) for c in changes] == [  # far apart: two stretches
        "w0 w1 w2 [-w3-] {+x3+} w4 w5 w6 w7 w8 …",
        "… w25 w26 w27 w28 w29 [-w30-] {+x30+} w31 w32 w33 w34 w35 …"]
    assert [format_change(c) for c in word_diff("a b", "a\nb")] == []  # wrapping is no change


# -- an English sentence edited -----------------------------------------------------------------

@pytest.mark.site  # builds a site of its own
def test_an_edited_english_sentence_makes_five_languages_outdated_and_accept_clears_one(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(rules / GAME / "en.yaml", OLD, NEW)
    folder = str(rules)

    code, out, _ = i18n(capsys, folder)
    assert code == 0
    for lang in TRANSLATIONS:
        assert f"  {GAME} {lang}: outdated: sections.gameplay: the source changed:" in out
    assert out.count("[-fan-] {+hold+} out their cards face [-down.-] {+down, fanned.+}") == 5
    assert "0 of 6" not in out and "1 of 6 game pages complete" in out  # en, the source

    code, out, _ = i18n(capsys, folder, "--format", "json")
    rows = {r["lang"]: r for r in json.loads(out)}
    assert rows["en"]["source"] is True and rows["en"]["outdated"] == []
    for lang in TRANSLATIONS:
        (outdated,) = rows[lang]["outdated"]
        assert outdated["key"] == "sections.gameplay" and not rows[lang]["complete"]
        assert OLD in outdated["source_was"] and NEW in outdated["source_is"]
        removed = [s["text"] for c in outdated["segments"] for s in c if s["op"] == "removed"]
        added = [s["text"] for c in outdated["segments"] for s in c if s["op"] == "added"]
        assert (removed, added) == (["fan", "down."], ["hold", "down, fanned."])
        assert rows[lang]["current"] == len(units(check([rules / GAME]).games[0]
                                                  .languages[lang].spec)) - 1

    site = built(rules, tmp_path / "site")
    for lang in TRANSLATIONS:  # the notice on five pages, linking the English section
        assert notices(site, lang) == {"gameplay": [(f"../../en/{SLUGS['en']}/index.html#gameplay", "en")]}
    assert notices(site, "en") == {}
    assert "Questa sezione è stata tradotta da una versione precedente dell&#39;originale (inglese)" in \
        (site / "it" / SLUGS["it"] / "index.html").read_text(encoding="utf-8")

    record = rules / GAME / f"it{SUFFIX}"
    before = record.read_text(encoding="utf-8")
    code, out, _ = i18n(capsys, folder, "--accept", GAME, "it")
    assert code == 0 and "newly: sections.gameplay" in out
    # the record's change is the gameplay text, nothing else: what a reviewer reads
    changed = set(before.splitlines()) ^ set(record.read_text(encoding="utf-8").splitlines())
    assert changed and all("fan" in line or "hold" in line or "digest" in line for line in changed)
    states = {s.lang: s for s in report(check([rules / GAME]).games)}
    assert states["it"].outdated == [] and states["it"].complete
    assert all(len(states[lang].outdated) == 1 for lang in ("de", "ru", "ro", "ar"))

    site = built(rules, tmp_path / "site")  # rebuilt: the record is an input of the page
    assert notices(site, "it") == {}
    assert all(notices(site, lang) for lang in ("de", "ru", "ro", "ar"))


def test_strict_fails_on_outdated_texts_as_on_missing_ones(
        rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = str(rules)
    assert i18n(capsys, folder, "--strict")[0] == 0
    edit(rules / GAME / "en.yaml", OLD, NEW)
    assert i18n(capsys, folder, "--strict")[0] == 1
    assert i18n(capsys, folder, "--strict", "--format", "json")[0] == 1
    assert i18n(capsys, folder)[0] == 0  # a report, not a gate, without --strict
    for lang in TRANSLATIONS[:-1]:
        assert i18n(capsys, folder, "--accept", GAME, lang, "sections.gameplay")[0] == 0
        assert i18n(capsys, folder, "--strict")[0] == 1  # one language still outdated
    assert i18n(capsys, folder, "--accept", GAME, "ar", "sections")[0] == 0  # a group of keys
    assert i18n(capsys, folder, "--strict")[0] == 0


@pytest.mark.site  # builds a site of its own
def test_a_title_or_quickref_change_puts_the_notice_in_the_header_or_on_the_quickref_page(
        rules: Path, tmp_path: Path) -> None:
    en = rules / GAME / "en.yaml"
    edit(en, "title: Black Peter\n", "title: Black Peter (32 cards)\n")
    quickref = units(check([rules / GAME]).games[0].languages["en"].spec)["quickref.turn"]
    first = quickref.splitlines()[0]
    edit(en, first, first + " Then wait.")
    site = built(rules, tmp_path / "site")
    assert notices(site, "de") == {"intro": [(f"../../en/{SLUGS['en']}/index.html", "en")]}
    text = (site / "de" / SLUGS["de"] / "quickref" / "index.html").read_text(encoding="utf-8")
    assert "Diese Kurzübersicht wurde aus einer früheren Fassung des Originals (Englisch)" in text
    assert f'href="../../../en/{SLUGS["en"]}/quickref/index.html" hreflang="en"' in text


@pytest.mark.site  # builds a site of its own
def test_a_changed_fact_never_makes_a_translation_stale(rules: Path, tmp_path: Path) -> None:
    # facts reach the prose through placeholders filled from game.yaml ({duration.hand} in
    # the FAQ): the texts are the same, so no translation is outdated and no page is marked
    edit(rules / GAME / "game.yaml", "duration: {hand: 10, game: 40,", "duration: {hand: 12, game: 40,")
    result = check([rules / GAME])
    assert result.ok and result.games[0].rules.spec.duration.hand == 12
    assert all(s.complete for s in report(result.games))
    site = built(rules, tmp_path / "site")
    assert all(notices(site, lang) == {} for lang in TRANSLATIONS)
    page = (site / "de" / SLUGS["de"] / "index.html").read_text(encoding="utf-8")
    assert "zwischen fünf und 12 Minuten" in page


# -- a new game, another source language ---------------------------------------------------------

@pytest.mark.site  # builds a site of its own
def test_a_game_with_no_records_is_unrecorded_strict_fails_and_the_site_marks_nothing(
        rules: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for path in (rules / GAME).glob(f"*{SUFFIX}"):
        path.unlink()
    assert check([rules]).ok  # a new game checks and builds: nothing is known to be stale
    code, out, _ = i18n(capsys, str(rules))
    assert code == 0
    assert f"{GAME} it: unrecorded: " in out and f"rulebook i18n --accept {GAME} it" in out
    assert i18n(capsys, str(rules), "--strict")[0] == 1
    site = built(rules, tmp_path / "site")
    assert all(notices(site, lang) == {} for lang in TRANSLATIONS)
    for lang in TRANSLATIONS:
        assert i18n(capsys, str(rules), "--accept", GAME, lang)[0] == 0
    assert i18n(capsys, str(rules), "--strict")[0] == 0


def test_the_source_language_is_set_in_site_yaml(rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (rules / "site.yaml").open("a", encoding="utf-8") as f:
        f.write("source_language: it\n")
    code, out, _ = i18n(capsys, str(rules), "--format", "json")
    rows = {r["lang"]: r for r in json.loads(out)}
    assert rows["it"]["source"] is True
    # the records say en: against it, nothing is recorded yet
    assert rows["en"]["unrecorded"] and rows["de"]["unrecorded"] and not rows["de"]["outdated"]
    assert i18n(capsys, str(rules), "--accept", GAME, "en")[0] == 0
    assert "language: it" in (rules / GAME / f"en{SUFFIX}").read_text(encoding="utf-8")


def test_an_unknown_source_language_is_a_located_error(
        rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with (rules / "site.yaml").open("a", encoding="utf-8") as f:
        f.write("source_language: eng\n")
    assert main(["check", str(rules)]) == 1
    err = capsys.readouterr().out
    line = (rules / "site.yaml").read_text(encoding="utf-8").count("\n")  # the line written last
    assert f"site.yaml:{line}:18: error[unknown-language]: unknown source_language 'eng'" in err
    assert "hint: did you mean 'en'?" in err


# -- --accept refuses what does not match ---------------------------------------------------------

@pytest.mark.parametrize(("args", "message", "hint"), [
    (["blak-peter", "it"], "no game 'blak-peter'", "did you mean 'black-peter'?"),
    ([GAME, "itt"], "unknown language 'itt'", "did you mean 'it'?"),
    ([GAME, "en"], "'en' is the source language", None),
    ([GAME, "it", "sections.gamplay"], "no text 'sections.gamplay' in the source",
     "did you mean 'sections.gameplay'?"),
    ([GAME], "--accept takes GAME LANG [KEY ...]", None),
])
def test_accept_refuses_unknown_names_with_the_nearest_one(
        rules: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str,
        hint: str | None) -> None:
    before = {p: p.read_bytes() for p in (rules / GAME).glob(f"*{SUFFIX}")}
    code, out, err = i18n(capsys, str(rules), "--accept", *args)
    assert code == 2 and out == ""
    assert f"rulebook: error: {message}" in err
    if hint:
        assert f"hint: {hint}" in err
    assert {p: p.read_bytes() for p in (rules / GAME).glob(f"*{SUFFIX}")} == before


def test_accept_records_only_what_is_translated(rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    de = rules / GAME / "de.yaml"
    data = yaml.safe_load(de.read_text(encoding="utf-8"))
    del data["sections"]["tips"]  # not translated (yet)
    de.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    code, _, err = i18n(capsys, str(rules), "--accept", GAME, "de", "sections.tips")
    assert code == 2 and "'sections.tips' is not translated in de yet" in err
    code, out, _ = i18n(capsys, str(rules), "--accept", GAME, "de")
    assert code == 0 and "1 not translated yet, not recorded" in out
    assert "sections.tips" not in (rules / GAME / f"de{SUFFIX}").read_text(encoding="utf-8")


# -- a broken record is a located error, never a traceback ----------------------------------------

RECORD = f"{GAME}/it{SUFFIX}"


@pytest.mark.parametrize(("change", "where", "code", "message"), [
    (lambda t: t.replace("texts:\n", "texts: [\n", 1), (6, 11), "yaml-syntax",
     "expected ',' or ']', but got ':'"),
    (lambda t: t.replace("language: en", "language: english", 1), (3, 11), "unknown-language",
     "unknown source language 'english'"),
    (lambda t: t.replace("texts:", "textz:", 1), (4, 1), "unknown-key", "unknown key 'textz'"),
    (lambda t: t.replace("    digest: ", "    digest: x", 1), (6, 13), "bad-value", "string should match"),
    (lambda t: t.replace("    source: Black Peter", "    source: Black Pete", 1), (6, 13),
     "digest-mismatch", "the digest of 'title' is not the digest of its recorded text"),
    (lambda t: t.replace("    source: Black Peter\n", "    source: 32\n", 1), (7, 13),
     "wrong-type", "expected text; found the number 32"),
    (lambda t: "", (1, 1), "missing-key", "missing key 'language' at the top"),
])
@pytest.mark.site  # builds a site of its own
def test_a_broken_record_is_an_error_at_its_line(rules: Path, capsys: pytest.CaptureFixture[str],
                                                  change, where, code, message) -> None:  # type: ignore[no-untyped-def]
    path = rules / RECORD
    path.write_text(change(path.read_text(encoding="utf-8")), encoding="utf-8")
    assert main(["check", str(rules)]) == 1
    out = capsys.readouterr().out
    line, col = where
    assert f"{path}:{line}:{col}: error[{code}]: {message}" in out, out
    assert "Traceback" not in out
    assert build(BuildConfig(rules, TEMPLATES, rules.parent / "site", pdf=False)).report.errors
    # the whole record can be written afresh; single texts cannot be added to a broken one
    code_, _, err = i18n(capsys, str(rules), "--accept", GAME, "it", "title")
    assert code_ == 2 and "has errors" in err
    assert i18n(capsys, str(rules), "--accept", GAME, "it")[0] == 0
    assert main(["check", str(rules)]) == 0


def test_a_record_of_an_unknown_or_absent_language_is_reported(
        rules: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shutil.copy(rules / RECORD, rules / GAME / f"fr{SUFFIX}")
    (rules / GAME / "ro.yaml").unlink()
    assert main(["check", str(rules)]) == 1
    out = capsys.readouterr().out
    assert f"fr{SUFFIX}:1:1: error[unknown-language]" in out
    assert f"ro{SUFFIX}:1:1: warning[orphan-record]: 'ro{SUFFIX}' records the sources of ro.yaml, " \
           "which is not there" in out


# -- in a real browser -----------------------------------------------------------------------------

def test_the_notice_is_seen_in_the_readers_direction_and_leads_to_the_english_section(
        rules: Path, tmp_path: Path, browser: Any) -> None:
    edit(rules / GAME / "en.yaml", OLD, NEW)
    site = built(rules, tmp_path / "site")
    page = browser.new_page(viewport={"width": 390, "height": 800})
    for lang in ("ar", "ru"):
        page.goto((site / lang / SLUGS[lang] / "index.html").as_uri())
        notice = page.locator("#gameplay .stale-notice")
        assert notice.count() == 1 and notice.is_visible()
        # the notice's bar is on the side a line starts from: right in Arabic
        widths = notice.evaluate("e => { const s = getComputedStyle(e); return "
                                 "[s.borderLeftWidth, s.borderRightWidth]; }")
        assert widths == (["1px", "4px"] if lang == "ar" else ["4px", "1px"])
        box = notice.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    notice.locator("a").click()
    page.wait_for_load_state()
    assert page.url.endswith(f"/en/{SLUGS['en']}/index.html#gameplay")
    assert page.evaluate("document.documentElement.lang") == "en"
    top = page.locator("#gameplay").bounding_box()
    assert top is not None and abs(top["y"]) < 100  # scrolled to the section
    assert page.locator(".stale-notice").count() == 0
    page.close()


# -- properties ----------------------------------------------------------------------------------

_TEXTS = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\ufeff"),
                 max_size=80).filter(lambda t: t.strip())


@settings(max_examples=150, deadline=None)
@given(st.lists(_TEXTS, min_size=1, max_size=4))
def test_a_record_reads_back_exactly_what_was_written(tmp_path_factory: pytest.TempPathFactory,
                                                      texts: list[str]) -> None:
    folder = tmp_path_factory.mktemp("record")
    record = TranslatedFrom("it", "en", {f"steps.{i}": Recorded(digest(t), t)
                                         for i, t in enumerate(texts, 1)})
    path = folder / f"it{SUFFIX}"
    path.write_text(dump(record, game="g"), encoding="utf-8")
    problems = Report()
    assert load(path, problems, display=str(path)) == record, [d.format() for d in problems.items]


_WORDS_LISTS = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), max_size=30)


@settings(max_examples=300, deadline=None)
@given(_WORDS_LISTS, _WORDS_LISTS)
def test_the_word_diff_holds_both_texts(old: list[str], new: list[str]) -> None:
    changes = word_diff(" ".join(old), " ".join(new), context=1000)  # one stretch: the whole
    assert len(changes) == (0 if old == new else 1)
    for change in changes:
        kept = [t for op, t in change.segments if op is not Op.ADDED]
        made = [t for op, t in change.segments if op is not Op.REMOVED]
        assert " ".join(kept).split() == old and " ".join(made).split() == new


def test_a_rule_outside_the_model_changed_in_the_source_is_outdated_in_each_translation(
        tmp_path: Path) -> None:
    """A rule outside the model is a text of About like a reading: recorded by --accept, and
    outdated in every translation when the English changes (it once was not)."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES / "macao", rules / "macao")
    folder = rules / "macao"
    with open(folder / "game.yaml", "a", encoding="utf-8") as game:
        game.write("outside_model:\n  - {id: two-packs, affects: [play]}\n"
                   "  - {id: runs, affects: [play]}\n")
    for lang in ("en", "de", "ar"):
        with open(folder / f"{lang}.yaml", "a", encoding="utf-8") as text:
            text.write(f"outside_model:\n  two-packs: Two packs ({lang}).\n"
                       f"  runs: Runs of one suit ({lang}).\n")
    for lang in ("de", "ar"):
        assert main(["i18n", str(rules), "--accept", "macao", lang]) == 0
    en = folder / "en.yaml"
    en.write_text(en.read_text(encoding="utf-8").replace(
        "Two packs (en).", "Two packs shuffled together (en)."), encoding="utf-8")
    bundle = check([folder], root=tmp_path).games[0]
    for lang in ("de", "ar"):
        states = {s.key: s.state for s in text_states(bundle, lang, "en")}
        assert states["outside_model.two-packs"] is TextState.OUTDATED
        assert states["outside_model.runs"] is TextState.CURRENT
