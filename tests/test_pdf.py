"""Printable PDFs: read back with pypdf, rendered to PNG with pdftoppm, reproducible."""

from __future__ import annotations

import copy
import ctypes
import dataclasses
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_raw
import pytest
from pdf_fonts import fonts_of
from pypdf import PdfReader

from conftest import DEEP, ROOT, RULES, cache_without_pdfs, card_as_shown, corpus, own_copy, pages_in_turn
from generator.pipeline import BuildConfig, build
from generator.pipeline.export import export_name, export_pdfs
from generator.web.site import DocKind, plan

TEMPLATES = ROOT / "templates"
MM = 72 / 25.4
SIZES = {DocKind.CARD: (105, 148), DocKind.SHEET: (210, 297), DocKind.BOOKLET: (148, 210),
         DocKind.IMPOSED: (297, 210), DocKind.AID: (210, 297)}
CHECKED = corpus()
DOCUMENTS = plan(CHECKED.games).documents
RENDERED = [d for d in DOCUMENTS if d.kind is not DocKind.IMPOSED]  # the imposed ones are made from PDFs


def checked_as_once(*args: object, **kwargs: object) -> Any:
    """``check`` for an export of the corpus: the session's check (the same rules, the same
    result), with a report of its own (the export adds its findings to it: the session's
    stays as it was)."""
    return dataclasses.replace(CHECKED, report=copy.deepcopy(CHECKED.report))


def catalog_language(pdf: Any) -> str:
    """The document's /Lang, as PDFium reads it from the catalog."""
    size = pdfium_raw.FPDFCatalog_GetLanguage(pdf.raw, None, 0)
    buffer = ctypes.create_string_buffer(size)
    pdfium_raw.FPDFCatalog_GetLanguage(pdf.raw, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), size)
    return buffer.raw.decode("utf-16-le").rstrip("\0")


def test_every_document_has_its_paper_size_title_language_and_tags(built: Path) -> None:
    """Read by PDFium (the catalog, the first page's box, the metadata): pypdf's object
    streams made this walk over the corpus's PDFs cost a minute."""
    assert DOCUMENTS
    titles = {(b.rules.id, lang): t.spec.title for b in CHECKED.games for lang, t in b.languages.items()}
    for doc in DOCUMENTS:
        pdf = pdfium.PdfDocument(built / doc.path)
        try:
            width, height = pdf[0].get_size()
            assert (round(width / MM), round(height / MM)) == SIZES[doc.kind], doc.path
            if doc.kind is DocKind.CARD:
                assert len(pdf) <= 2, doc.path
            assert catalog_language(pdf) == doc.lang, doc.path
            if doc.kind is not DocKind.IMPOSED:  # a print layout of the tagged A5 booklet
                # /MarkInfo /Marked true, and a structure tree: a tagged PDF
                assert pdfium_raw.FPDFCatalog_IsTagged(pdf.raw), doc.path
            assert pdf.get_metadata_dict().get("Title") == titles[(doc.game, doc.lang)], doc.path
        finally:
            pdf.close()


@pytest.mark.deep
def test_fonts_are_embedded_and_subset(built: Path) -> None:
    """make test: the documents of each game in one language in three; make test-deep: every
    document."""
    # a document's path starts with its lang/slug/; an imposed booklet's fonts are its A5
    # pages' (test_print.py)
    walked = set(pages_in_turn([d.path for d in RENDERED], 3))
    for doc in (d for d in RENDERED if d.path in walked):
        fonts = fonts_of(built / doc.path)
        assert fonts, doc.path
        for font in fonts:
            assert font.embedded, f"{doc.path}: {font.name} is not embedded"
            assert font.subset and "+" in font.name, f"{doc.path}: {font.name} is not a subset"


def test_card_shows_title_and_odd_card(built: Path) -> None:
    for doc in DOCUMENTS:
        if doc.kind is not DocKind.CARD:
            continue
        bundle = next(b for b in CHECKED.games if b.rules.id == doc.game)
        pages = PdfReader(built / doc.path).pages
        text = "".join(p.extract_text() for p in pages)
        # a card on one side numbers no page ("1/1" said nothing); on two, "1/2" and "2/2"
        assert ("1/1" not in text.replace(" ", "")) if len(pages) == 1 else ("2/2" in text), doc.path
        odd = getattr(bundle.rules.engine.options, "odd_card", None)
        if odd is not None:
            assert card_as_shown(odd, doc.lang) in text.replace(" ", ""), doc.path
        if doc.lang != "ar":
            # a number and its word are joined by a no-break space in print ("32\u00a0carte")
            assert bundle.languages[doc.lang].spec.title in text.replace("\u00a0", " "), doc.path


def test_arabic_card_text_extracts_in_reading_order(built: Path) -> None:
    card = next(d for d in DOCUMENTS if d.kind is DocKind.CARD and d.lang == "ar" and d.game == "black-peter")
    text = PdfReader(built / card.path).pages[0].extract_text()
    assert "بيتر الأسود" in text  # the title, logical order (visual order would read backwards)
    assert "مستبعدة من الرزمة" in text
    assert "J♣" in text.replace(" ", "")


def test_pdfs_are_linked_from_game_and_quickref_pages(built: Path) -> None:
    game = (built / "it" / "uomo-nero" / "index.html").read_text(encoding="utf-8")
    quickref = (built / "it" / "uomo-nero" / "quickref" / "index.html").read_text(encoding="utf-8")
    for name in ("uomo-nero-card.pdf", "uomo-nero-sheet.pdf", "uomo-nero.pdf", "uomo-nero-booklet-a4.pdf",
                 "uomo-nero-player-aid.pdf"):
        assert f'href="{name}"' in game and f'href="../{name}"' in quickref


@pytest.mark.deep
@pytest.mark.parametrize(("game", "lang"), [("hearts", "ru"), ("uomo-nero", "ar"),
                                           *([("peppa", "it")] if DEEP else [])])
def test_same_input_gives_byte_identical_pdfs(built: Path, tmp_path: Path, game: str,
                                              lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rendered anew (in this process, a cache without PDFs), a game's PDFs are the site's
    (rendered by the build's pool), byte for byte: both families, right to left and Cyrillic
    in make test, and the Italian deck in make test-deep. The export takes the corpus as
    checked once a session (the same rules: the same result) instead of checking it again;
    test_pdf_command_writes_one_game checks."""
    from generator.pipeline import export

    monkeypatch.setattr(export, "check", checked_as_once)
    out = tmp_path / "pdf"
    cache = cache_without_pdfs(tmp_path / "cache")
    result, written = export_pdfs(BuildConfig(RULES, TEMPLATES, out, workers=1, cache=cache),
                                  game=game, lang=lang)
    documents = [d for d in DOCUMENTS if d.game == game and d.lang == lang]
    assert result.ok and result.pdfs.rendered == len([d for d in documents if d in RENDERED])
    assert sorted(p.name for p in written) == sorted(export_name(d.path, lang) for d in documents)
    for doc in documents:
        assert (out / export_name(doc.path, lang)).read_bytes() == (built / doc.path).read_bytes(), \
            doc.path


def test_a_rebuild_with_nothing_changed_renders_no_pdf(built: Path, tmp_path: Path) -> None:
    built = own_copy(built, tmp_path)  # with the state its build left beside it
    assert build(BuildConfig(RULES, TEMPLATES, built)).up_to_date
    for state in built.parent.glob(".site*.json"):
        state.unlink()  # force the full pipeline: every PDF must come from the cache
    # in this process: a pool's start would cost more CPU than it shares out here
    result = build(BuildConfig(RULES, TEMPLATES, built, workers=1))
    assert result.ok and result.pdfs.rendered == 0 and result.pdfs.cached == len(RENDERED)
    assert result.written == 0


@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm (poppler-utils) is missing")
def test_render_previews_to_png(built: Path, screenshots: Path) -> None:
    card = next(d for d in DOCUMENTS if d.kind is DocKind.CARD and d.lang == "ar")
    booklet = next(d for d in DOCUMENTS if d.kind is DocKind.BOOKLET and d.lang == "en")
    for doc, name in ((card, "card-ar"), (booklet, "booklet-en")):
        subprocess.run(["pdftoppm", "-png", "-r", "100", "-f", "1", "-l", "1", "-singlefile",
                        str(built / doc.path), str(screenshots / name)], check=True)
        png = screenshots / f"{name}.png"
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000


@pytest.mark.site  # builds a site of its own
def test_pdf_command_writes_one_game(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    from generator.cli.main import main
    from generator.pipeline import export
    code = main(["pdf", "uomo-nero", "--lang", "it", "--rules", str(RULES), "--templates", str(TEMPLATES),
                 "--out", str(tmp_path)])
    assert code == 0
    assert sorted(p.name for p in tmp_path.glob("*.pdf")) == [
        "uomo-nero-booklet-a4.it.pdf", "uomo-nero-card.it.pdf", "uomo-nero-player-aid.it.pdf",
        "uomo-nero-sheet.it.pdf", "uomo-nero.it.pdf"]
    # an unknown language: the rules as the first run checked them (not checked again)
    monkeypatch.setattr(export, "check", checked_as_once)
    assert main(["pdf", "uomo-nero", "--lang", "xx", "--rules", str(RULES), "--templates",
                 str(TEMPLATES), "--out", str(tmp_path)]) == 1
    assert "error[no-such-document]" in capsys.readouterr().out
