"""Print that never loses a line, read back from the PDFs: no box off its page, only the
project's fonts, crop marks a printer can print, a folded booklet in order, a QR code that
leads back to the page."""

from __future__ import annotations

import datetime
import functools
import io
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pdfplumber
import pypdfium2 as pdfium
import pytest
from fontTools.ttLib import TTFont
from pdf_fonts import fonts_of
from pypdf import PdfReader

from conftest import ROOT, RULES, corpus
from generator.core.diagnostics import Report
from generator.pdf.imposition import sheet_order
from generator.pdf.overflow import Overflow, overflows, report_overflows
from generator.runtime.theme import Theme
from generator.web.qr import rules_changed, short_address
from generator.web.site import DocKind, Document, plan

TEMPLATES = ROOT / "templates"
FIXTURES = Path(__file__).parent / "fixtures" / "print"
MM = 72 / 25.4
DOCUMENTS = plan(corpus().games).documents
BASE_URL = "https://rulebook.example/"  # rules/site.yaml


def doc(kind: DocKind, game: str, lang: str) -> Document:
    return next(d for d in DOCUMENTS if d.kind is kind and d.game == game and d.lang == lang)


# -- overflow ---------------------------------------------------------------------------------

def render_fixture(name: str) -> list[Overflow]:
    from weasyprint import HTML

    html = (FIXTURES / name).read_text(encoding="utf-8")
    return overflows(HTML(string=html, base_url=(TEMPLATES / "print").as_uri() + "/").render())


@pytest.mark.parametrize(("lang", "side"), [("en", "right"), ("ar", "left")])
def test_overflow_check_fails_on_mains_hearts_booklet(lang: str, side: str) -> None:
    """main's score sheet was A4 wide on A5: Dario's column was lost (on the left in Arabic)."""
    found = render_fixture(f"hearts-booklet-main-{lang}.html")
    sheet = [o for o in found if o.element == "table.sheet"]
    assert sheet and sheet[0].side == side and sheet[0].by_mm > 50
    assert any("داريو" in o.outside or "Dario" in o.outside for o in found), found


def test_a_caption_left_at_the_foot_of_a_page_is_found() -> None:
    from weasyprint import HTML

    html = ("<style>@page { size: A6; margin: 10mm } body { margin: 0 }</style>"
            '<div style="height: 118mm"></div><table><caption>Score sheet</caption>'
            '<tr><td style="height: 20mm">1</td></tr><tr><td>2</td></tr></table>')
    found = overflows(HTML(string=html).render())
    assert [o.describe() for o in found] == [
        "page 1: <caption> 'Score sheet' is left without its table, which starts on the next page"]


def test_overflows_are_findings_with_document_page_and_element() -> None:
    report = Report()
    lost = Overflow(page=7, element="table.sheet", side="right", by_mm=88.0, outside=("Dario", "0 (0)"))
    booklet = doc(DocKind.BOOKLET, "hearts", "en")
    report_overflows(report, {booklet.path: [lost]}, [booklet], Path("rules"))
    assert [d.format() for d in report.errors] == [
        "rules/hearts/en.yaml:1:1: error[pdf-overflow]: en/hearts/hearts.pdf, page 7: <table.sheet> ends "
        "88.0 mm past the right edge of the page's content area; outside: 'Dario', '0 (0)'\n"
        "  hint: content outside the page is lost in print: shorten it or fix the print CSS"]


@pytest.mark.parametrize("fits_from", [None, 0, 1, 4, 8])
def test_copy_fitting_finds_the_largest_size_that_fits_the_floor_included(
        monkeypatch: pytest.MonkeyPatch, fits_from: int | None) -> None:
    """A card that fits one side only at the floor is laid out at the floor, found as fitting
    (it was not: the search never tried the floor, and the card lost its optional lines and
    said "1/1"); one that fits from a size up is set at that size; one that never fits, none."""
    from generator.pdf import render

    sizes = render.fit_sizes()
    monkeypatch.setattr(render, "_parse", lambda html: html)
    monkeypatch.setattr(render, "_render_parsed", lambda parsed, rules: float(
        re.search(r"font-size: ([\d.]+)pt", "".join(rules)).group(1)))  # type: ignore[union-attr]
    monkeypatch.setattr(render, "_fits", lambda size: fits_from is not None and size <= sizes[fits_from])
    size, best = render._largest_on_one_page("<p>", render.CARD_BODY)
    if fits_from is None:
        assert best is None and size == sizes[0]
    else:
        assert size == best == sizes[fits_from]


@pytest.mark.site  # builds a site of its own
def test_a_pdf_that_loses_a_line_is_not_written(tmp_path: Path) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(TEMPLATES, templates)
    with (templates / "print" / "print.css").open("a", encoding="utf-8") as css:
        css.write("\n.doc-card .qr-block ul { margin-inline-end: -30mm; }\n")  # lines run off the card
    from generator.cli.main import main
    out = tmp_path / "pdf"
    code = main(["pdf", "uomo-nero", "--lang", "en", "--rules", str(RULES), "--templates", str(templates),
                 "--out", str(out)])
    assert code == 1
    assert not list(out.glob("*.pdf"))


def test_no_pdf_of_the_corpus_loses_a_box(built: Path) -> None:
    """The session's build asserts it for every PDF; here one document of each kind is laid out
    again and walked, so the check itself is seen to run on real output."""
    from weasyprint import HTML

    from generator.check.site_spec import load_site_spec
    from generator.web.render import Renderer, SiteConfig

    checked = corpus()
    spec = load_site_spec(RULES, Report())
    assert spec is not None
    site = plan(checked.games)
    renderer = Renderer(SiteConfig(Theme.layered(TEMPLATES), spec.base_url, spec.name), site, checked.replays)
    for kind in (DocKind.CARD, DocKind.SHEET):
        html = renderer.render_document(doc(kind, "hearts", "ru"))
        document = HTML(string=html, base_url=(TEMPLATES / "print").as_uri() + "/").render()
        assert overflows(document) == [], kind


# -- copy-fitting on less than the whole document ---------------------------------------------

@functools.cache
def print_html(kind: DocKind, game: str, lang: str) -> str:
    """A document's HTML as the PDF worker lays it out."""
    from generator.check.site_spec import load_site_spec
    from generator.pdf.render import keep_numbers_with_words
    from generator.web.render import Renderer, SiteConfig

    spec = load_site_spec(RULES, Report())
    assert spec is not None
    renderer = Renderer(SiteConfig(Theme.layered(TEMPLATES), spec.base_url, spec.name), plan(corpus().games),
                        corpus().replays)
    return keep_numbers_with_words(renderer.render_document(doc(kind, game, lang)))


@pytest.mark.parametrize(("kind", "copies", "tag"), [(DocKind.SHEET, 4, '<div class="cell cell-'),
                                                     (DocKind.AID, 9, '<section class="aid aid-')])
def test_the_first_copy_of_a_sheet_keeps_one_card_and_the_crop_marks(kind: DocKind, copies: int,
                                                                      tag: str) -> None:
    from generator.pdf.render import first_copy_only

    html = print_html(kind, "hearts", "ar")
    first = first_copy_only(html)
    assert first is not None and html.count(tag) == copies and first.count(tag) == 1
    assert f"{tag}1" in first if kind is DocKind.SHEET else f"{tag}0" in first
    assert first.count('class="mark ') == html.count('class="mark ') > 0
    assert first_copy_only(print_html(DocKind.CARD, "hearts", "ar")) is None


def test_the_back_cover_alone_is_the_booklets_back_cover_and_nothing_else() -> None:
    from generator.pdf.render import back_cover_alone

    html = print_html(DocKind.BOOKLET, "hearts", "en")
    alone = back_cover_alone(html)
    back = html[html.index('<section class="back-cover">'):]
    assert alone.endswith(back) and '<body class="doc-booklet back-only">' in alone
    for gone in ('class="cover"', 'class="game"', 'class="filler'):
        assert gone in html and gone not in alone


@pytest.mark.pdf  # four layouts of a whole sheet and of its first card, each
# (Whist's aid, not Hearts': Hearts' aid, which now says its passes and its end at 100 too, is
# set at the floor, and the search is to be seen above it)
@pytest.mark.parametrize(("kind", "game", "lang"),
                         [(DocKind.SHEET, "hearts", "ar"), (DocKind.AID, "whist", "en")])
def test_a_sheet_is_fitted_on_its_first_card_at_the_size_the_whole_sheet_fits(
        kind: DocKind, game: str, lang: str) -> None:
    from generator.pdf import render
    from generator.pdf.assets import collect

    html = print_html(kind, game, lang)
    first = render.first_copy_only(html)
    assert first is not None
    print_dir = TEMPLATES / "print"
    assets = collect(TEMPLATES)
    setup = render._WorkerSetup(base_url=print_dir.resolve().as_uri() + "/",
                                root=str(print_dir.parent.resolve()), assets=assets.digest)
    render._WORKER.update(render._worker_state(setup, assets))
    try:
        on_first, _ = render._largest_on_one_page(first, render.CARD_BODY)
        whole, document = render._largest_on_one_page(html, render.CARD_BODY)
    finally:
        render._WORKER.clear()
    assert on_first == whole and document is not None
    assert render.FIT_FLOOR < whole  # a search, not the floor by default


# -- fonts --------------------------------------------------------------------------------------

def project_fonts() -> dict[str, str]:
    """PostScript name -> file name of every font in templates/fonts/."""
    return {TTFont(p)["name"].getDebugName(6): p.name for p in (TEMPLATES / "fonts").glob("*.ttf")}


def style_words(name: str) -> set[str]:
    return {w for w in re.split(r"[-\s]|(?<=[a-z])(?=[A-Z])", name)
            if w in {"Bold", "Italic", "Oblique", "Light", "Medium", "Black"}}


def page_fonts(resources: Any) -> Iterator[Any]:
    """The fonts of a page, also those of the A5 pages an imposed side draws as forms."""
    resources = resources.get_object()
    for font in resources.get("/Font", {}).values():
        yield font.get_object()
    for form in resources.get("/XObject", {}).values():
        form = form.get_object()
        if form.get("/Subtype") == "/Form" and "/Resources" in form:
            yield from page_fonts(form["/Resources"])


def test_every_font_in_every_pdf_is_one_of_the_projects(built: Path) -> None:
    """A pdffonts read-back: each embedded font's file is one of templates/fonts/ (by the
    PostScript name in its name table), in the style it was made in: no system fallback,
    no synthetic bold or slant (WeasyPrint names a font by the style it was asked for). Every
    PDF's fonts are listed (pdffonts); a font's file is read from the first PDF that embeds a
    font of its name (pypdf), since one name is one file of the project's."""
    ours = project_fonts()
    files: dict[str, str] = {}  # a font's name, without its subset tag -> its PostScript name
    for d in DOCUMENTS:
        for row in fonts_of(built / d.path):
            if row.family not in files:
                files.update(embedded_files(built / d.path))
            postscript = files[row.family]
            assert postscript in ours, f"{d.path}: {row.family} embeds {postscript}, not a project font"
            assert style_words(row.family) == style_words(postscript.split("-", 1)[-1]), \
                f"{d.path}: {row.family} is a synthetic style of {ours[postscript]}"
    assert {"NotoSans-Regular", "NotoSansArabic-Regular", "NotoSansMath-Regular"} <= set(files.values())


def embedded_files(path: Path) -> dict[str, str]:
    """A PDF's fonts by name (without the subset tag) -> the PostScript name of the file each
    embeds."""
    found: dict[str, str] = {}
    for page in PdfReader(path).pages:
        for font in page_fonts(page["/Resources"]):
            base = str(font["/BaseFont"]).split("+", 1)[-1]
            if base not in found:
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"].get_object()
                data = descriptor["/FontFile2"].get_object().get_data()
                found[base] = TTFont(io.BytesIO(data))["name"].getDebugName(6)
    return found


# -- the four-up sheet ----------------------------------------------------------------------------

def test_crop_marks_are_printable_and_the_boxes_are_set(built: Path) -> None:
    for lang in ("en", "ar"):
        path = built / doc(DocKind.SHEET, "black-peter", lang).path
        page = PdfReader(path).pages[0]
        media = [round(float(v) / MM, 1) for v in page.mediabox]
        assert media == [0, 0, 210, 297]
        for box in ("/TrimBox", "/BleedBox"):  # the cards reach the paper edges: all three are A4
            assert [round(float(v) / MM, 1) for v in page[box]] == media
        with pdfplumber.open(path) as pdf:
            marks = [r for r in pdf.pages[0].rects if min(r["width"], r["height"]) < 1]
        assert len(marks) == 6
        for r in marks:
            edges_mm = (r["x0"] / MM, r["top"] / MM, 210 - r["x1"] / MM, 297 - r["bottom"] / MM)
            assert round(min(edges_mm), 3) >= 6, edges_mm


# -- the booklet ------------------------------------------------------------------------------

def page_texts(path: Path) -> list[str]:
    """Each page's text, its white space made single (read by PDFium: pdfplumber took a second
    and a half a booklet)."""
    pdf = pdfium.PdfDocument(path)
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in pdf]
    finally:
        pdf.close()


def half_texts(path: Path) -> list[tuple[str, str]]:
    """Each side of a sheet's text, its left half and its right half."""
    out = []
    pdf = pdfium.PdfDocument(path)
    try:
        for page in pdf:
            width, height = page.get_size()
            text = page.get_textpage()
            left, right = (" ".join(text.get_text_bounded(a, 0, b, height).split())
                           for a, b in ((0, width / 2), (width / 2, width)))
            out.append((left, right))
    finally:
        pdf.close()
    return out


def test_sheet_order_folds_into_reading_order() -> None:
    assert sheet_order(4) == [(4, 1), (2, 3)]
    assert sheet_order(12)[:2] == [(12, 1), (2, 11)]
    assert sheet_order(12, rtl=True)[:2] == [(1, 12), (11, 2)]
    assert sorted(n for side in sheet_order(16) for n in side) == list(range(1, 17))
    with pytest.raises(ValueError):
        sheet_order(10)


@pytest.mark.parametrize(("game", "lang"), [("hearts", "en"), ("uomo-nero", "it"), ("hearts", "ar")])
def test_imposed_booklet_holds_the_pages_in_folding_order(built: Path, game: str, lang: str) -> None:
    pages = page_texts(built / doc(DocKind.BOOKLET, game, lang).path)
    n = len(pages)
    assert n % 4 == 0 and n >= 8
    title = next(b for b in corpus().games if b.rules.id == game).languages[lang].spec.title
    assert title in pages[0]
    halves = half_texts(built / doc(DocKind.IMPOSED, game, lang).path)
    assert len(halves) == n // 2
    rtl = lang == "ar"
    # Sheet 1: pages n and 1 on the front, 2 and n-1 on the back (mirrored when bound on the right).
    front, back = ((1, n), (n - 1, 2)) if rtl else ((n, 1), (2, n - 1))
    assert halves[0] == (pages[front[0] - 1], pages[front[1] - 1])
    assert halves[1] == (pages[back[0] - 1], pages[back[1] - 1])
    for side, (left, right) in zip(halves, sheet_order(n, rtl=rtl)):
        assert side == (pages[left - 1], pages[right - 1])


def test_booklet_cover_has_the_facts_and_pages_are_numbered_left_to_right(built: Path) -> None:
    pages = page_texts(built / doc(DocKind.BOOKLET, "hearts", "en").path)
    cover = pages[0]
    for word in ("Hearts", "Players", "3–6 players", "Duration", "Difficulty", "Easy",
                 "rulebook.example/en/hearts", "Rules as of"):
        assert word in cover, word
    assert not re.search(r"\d+ / \d+", cover)  # no number on the cover
    # Arabic: the number of the page first, then the count, as everywhere ("2 / 9", not "9 / 2").
    with pdfplumber.open(built / doc(DocKind.BOOKLET, "hearts", "ar").path) as pdf:
        page = pdf.pages[1]
        foot = sorted((c for c in page.chars if c["top"] > page.height - 16 * MM), key=lambda c: c["x0"])
        number = "".join(c["text"] for c in foot).replace(" ", "")
        content_pages = sum(1 for p in pdf.pages if p.chars)
    assert number == f"2/{content_pages}"


def test_arabic_cover_labels_do_not_overlap(built: Path) -> None:
    """main's Arabic facts labels were printed on top of each other."""
    for game in ("black-peter", "hearts"):
        with pdfplumber.open(built / doc(DocKind.BOOKLET, game, "ar").path) as pdf:
            chars = [c for c in pdf.pages[0].chars if c["x1"] - c["x0"] > 0.5 and c["text"].strip()]
        for i, a in enumerate(chars):
            for b in chars[i + 1:]:
                overlap_x = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
                overlap_y = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                smaller = min((a["x1"] - a["x0"]) * (a["bottom"] - a["top"]),
                              (b["x1"] - b["x0"]) * (b["bottom"] - b["top"]))
                assert not (overlap_x > 0 and overlap_y > 0 and overlap_x * overlap_y > smaller / 2), \
                    (game, a["text"], b["text"], a["top"])


def test_trick_lines_are_sentences(built: Path) -> None:
    reader = PdfReader(built / doc(DocKind.BOOKLET, "hearts", "en").path)
    text = " ".join(" ".join(p.extract_text().split()) for p in reader.pages)
    # the second trick, as printed: the cards in the order played, then who takes it, in words
    assert "1 Anna 2♦ 2 Bruno 5♦ 3 Carla 8♦ 4 Dario A♥ Carla takes the trick. 1 point." in text


def test_imposed_booklet_is_linked_next_to_the_a5_file(built: Path) -> None:
    page = (built / "en" / "hearts" / "index.html").read_text(encoding="utf-8")
    a5, a4 = page.index('href="hearts.pdf"'), page.index('href="hearts-booklet-a4.pdf"')
    assert a5 < a4 and "to print on both sides and fold" in page[a4:a4 + 200]


# -- QR code and date -----------------------------------------------------------------------------

@pytest.mark.skipif(not shutil.which("pdftoppm"), reason="pdftoppm (poppler-utils) is missing")
@pytest.mark.parametrize(("game", "lang", "slug"), [("hearts", "en", "hearts"),
                                                    ("uomo-nero", "it", "uomo-nero"),
                                                    ("black-peter", "ar", "black-peter")])
def test_card_qr_code_decodes_to_its_page(built: Path, tmp_path: Path, game: str, lang: str,
                                          slug: str) -> None:
    import zxingcpp
    from PIL import Image

    card = built / doc(DocKind.CARD, game, lang).path
    subprocess.run(["pdftoppm", "-r", "200", "-png", "-f", "1", "-l", "1", "-singlefile", str(card),
                    str(tmp_path / "card")], check=True)
    codes = zxingcpp.read_barcodes(Image.open(tmp_path / "card.png"))
    assert [c.text for c in codes] == [f"{BASE_URL}{lang}/{slug}/"]
    text = " ".join(page_texts(card))
    assert short_address(codes[0].text) in text


def test_rules_date_is_the_last_commit_or_else_the_files(tmp_path: Path) -> None:
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "game.yaml").write_text("id: x\n", encoding="utf-8")
    stamp = datetime.datetime(2024, 3, 5, 12, tzinfo=datetime.timezone.utc).timestamp()
    os.utime(folder / "game.yaml", (stamp, stamp))
    assert rules_changed(folder) == datetime.date(2024, 3, 5)  # not a repository: the files
    if shutil.which("git"):
        env = os.environ | {"GIT_COMMITTER_DATE": "2023-01-02T10:00:00+00:00",
                            "GIT_AUTHOR_DATE": "2023-01-02T10:00:00+00:00"}
        for args in (["init", "-q"], ["add", "."],
                     ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "rules"]):
            subprocess.run(["git", *args], cwd=tmp_path, check=True, env=env)
        assert rules_changed(folder) == datetime.date(2023, 1, 2)  # the commit, whatever the mtime


def test_no_print_template_has_a_style_element_that_would_beat_print_css() -> None:
    """print.css is handed to WeasyPrint parsed once per worker, as a user style sheet: an
    author <style> in a print template would win over it whatever its selectors."""
    templates = sorted((ROOT / "templates" / "print").rglob("*.j2"))
    assert templates
    assert [t.name for t in templates if "<style" in t.read_text(encoding="utf-8")] == []
