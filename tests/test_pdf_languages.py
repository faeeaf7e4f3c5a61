"""`rulebook pdf GAME --lang L --out D`: the languages of one game exported into one folder
never overwrite each other (Macao is makao in Russian and in Arabic): each file's name carries
its language, and each file is in its language."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import RULES, TEMPLATES
from generator.cli.main import main
from generator.pipeline.export import export_name

pytestmark = pytest.mark.pdf  # renders a game's PDFs in three languages

GAME = "macao"
KINDS = ("{slug}.{lang}.pdf", "{slug}-booklet-a4.{lang}.pdf", "{slug}-card.{lang}.pdf",
         "{slug}-player-aid.{lang}.pdf", "{slug}-sheet.{lang}.pdf")
SLUGS = {"en": "macao", "ru": "makao", "ar": "makao"}
SCRIPTS = {"en": "LATIN", "ru": "CYRILLIC", "ar": "ARABIC"}


def _scripts(pdf: Path) -> set[str]:
    """The scripts of the letters of a PDF's text."""
    text = "".join(page.extract_text() or "" for page in PdfReader(pdf).pages)
    return {unicodedata.name(c, "").split(" ")[0] for c in text if c.isalpha()}


def test_three_languages_into_one_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Each run takes the corpus as checked once a session (the same rules: the same result)
    instead of checking it again; test_pdf.py's test_pdf_command_writes_one_game checks."""
    from test_pdf import checked_as_once

    from generator.pipeline import export

    monkeypatch.setattr(export, "check", checked_as_once)
    out = tmp_path / "pdf"
    for lang in SLUGS:
        assert main(["pdf", GAME, "--lang", lang, "--rules", str(RULES), "--templates",
                     str(TEMPLATES), "--out", str(out), "--quiet"]) == 0, capsys.readouterr()
    printed = capsys.readouterr().out.split()
    expected = {kind.format(slug=SLUGS[lang], lang=lang) for lang in SLUGS for kind in KINDS}
    assert {p.name for p in out.glob("*.pdf")} == expected
    assert sorted(Path(p).name for p in printed) == sorted(expected)  # what each run wrote
    contents = {path.read_bytes() for path in out.glob("*.pdf")}
    assert len(contents) == len(expected)  # none written over another
    for lang, script in SCRIPTS.items():
        for kind in KINDS:
            found = _scripts(out / kind.format(slug=SLUGS[lang], lang=lang))
            assert script in found, (lang, kind, found)
            assert not ({"CYRILLIC", "ARABIC"} - {script}) & found, (lang, kind, found)


def test_export_names_carry_the_language() -> None:
    assert export_name("ru/makao/makao.pdf", "ru") == "makao.ru.pdf"
    assert export_name("ar/makao/makao-booklet-a4.pdf", "ar") == "makao-booklet-a4.ar.pdf"
    assert export_name("en/macao/macao-card.pdf", "en") == "macao-card.en.pdf"
