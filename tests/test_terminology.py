"""One term per idea per language: the UI catalogs and the games' glossaries use the terms of
templates/locale/terms.yaml, and no catalog uses a word the table rejects."""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml
from babel.messages.pofile import read_po

from conftest import ROOT

LOCALE = ROOT / "templates" / "locale"
RULES = ROOT / "rules"
TABLE = yaml.safe_load((LOCALE / "terms.yaml").read_text(encoding="utf-8"))["ideas"]
LANGS = ["it", "de", "ru", "ro", "ar"]
# Arabic short vowels, tanwin, shadda, sukun, dagger alif and tatweel: not written in forms.
ARABIC_MARKS = re.compile("[\u064b-\u065f\u0670\u0640]")


def normal(text: str) -> str:
    return ARABIC_MARKS.sub("", text)


def pattern(form: str) -> re.Pattern[str]:
    if form.startswith("re:"):
        return re.compile(form[3:], re.IGNORECASE)
    body = r"\s+".join(re.escape(word).replace(r"\*", r"\w*") for word in form.split())
    return re.compile(rf"(?<!\w){body}(?!\w)", re.IGNORECASE)


def matches(forms: list[str], text: str) -> list[str]:
    text = normal(text)
    return [m.group(0) for f in forms for m in pattern(normal(f)).finditer(text)]


@cache
def catalog(lang: str) -> dict[str, list[str]]:
    """msgid (singular) -> its msgstr forms, in every context, obsolete entries left out."""
    with (LOCALE / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        cat = read_po(f)
    out: dict[str, list[str]] = {}
    for m in cat:  # a message in its two genders' contexts: the strings of both
        if not m.id:
            continue
        key = m.id if isinstance(m.id, str) else m.id[0]
        out.setdefault(key, []).extend([m.string] if isinstance(m.string, str)
                                       else [s for s in m.string if s])
    return out


def glossary(game: str, lang: str) -> str:
    data = yaml.safe_load((RULES / game / f"{lang}.yaml").read_text(encoding="utf-8"))
    return (data.get("sections") or {}).get("glossary") or ""


GAMES = sorted(p.parent.name for p in RULES.glob("*/en.yaml"))


def test_the_table_is_whole() -> None:
    for idea, entry in TABLE.items():
        assert entry.get("what"), idea
        for lang in LANGS:
            assert entry.get(lang, {}).get("term"), (idea, lang)
            assert entry[lang].get("forms"), (idea, lang)
            for form in entry[lang]["forms"] + entry[lang].get("reject", []):
                pattern(form)  # compiles
            assert matches(entry[lang]["forms"], entry[lang]["term"]), (idea, lang, "term")


def test_the_table_matches_inflected_forms() -> None:
    assert matches(["Stich*"], "keine Stiche")
    assert matches(["сдач*"], "за одну сдачу")
    assert not matches(["кон"], "Конец игры")
    assert matches(["*اتباع اللون"], "من لا يستطيع اتّباع اللون")
    assert matches(["re:лишн\\w*\\s+карт\\w*"], "получить лишнюю карту")


@pytest.mark.parametrize("lang", LANGS)
def test_no_catalog_string_uses_a_rejected_word(lang: str) -> None:
    found = [(idea, msgid, hit)
             for idea, entry in TABLE.items()
             for msgid, strings in catalog(lang).items() for s in strings
             for hit in matches(entry[lang].get("reject", []), s)]
    assert found == [], f"{lang}: rejected terms in the catalog: {found}"


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_strings_of_an_idea_use_its_term(lang: str) -> None:
    missing = []
    for idea, entry in TABLE.items():
        for msgid in entry.get("msgids", []):
            assert msgid in catalog(lang), f"terms.yaml names an unknown msgid: {msgid!r}"
            for s in catalog(lang)[msgid]:
                if not matches(entry[lang]["forms"], s):
                    missing.append((idea, entry[lang]["term"], s))
    assert missing == [], f"{lang}: strings that do not use the table's term: {missing}"


@pytest.mark.parametrize("lang", LANGS)
def test_glossaries_use_the_tables_terms(lang: str) -> None:
    checked, wrong = 0, []
    for game in GAMES:
        english = glossary(game, "en")
        text = glossary(game, lang)
        for idea, entry in TABLE.items():
            if not any(marker in english for marker in entry.get("glossary", [])):
                continue
            checked += 1
            if not matches(entry[lang]["forms"], text):
                wrong.append((game, idea, entry[lang]["term"]))
    assert checked, "no glossary defines any idea of the table"
    assert wrong == [], f"{lang}: glossaries that do not use the table's term: {wrong}"
