"""Print set like a book, read back from the PDFs by tests/print_audit.py: headings kept with
what follows, no page under a third full but a chapter's last, no blank booklet page, QR codes
with their four-module quiet zone, cards in type of 9 pt or more that fill them; and what the
render does for it (copy-fitting, the booklet's fill pages and back cover, numbers kept with
their word)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from pdf_render import as_a_worker, render_as_built
from print_audit import PAGE_FILL, audit, body_size, booklet_fill, cards_of, kind_of, lines_in, read

from conftest import ROOT, corpus
from generator.pdf.render import (
    BOOKLET_BODY,
    BOOKLET_FARTHEST,
    BOOKLET_SIZE,
    BOOKLET_TRIES,
    CARD_BODY,
    FIT_CEILING,
    FIT_FLOOR,
    booklet_sizes,
    fit_sizes,
    keep_numbers_with_words,
    size_rule,
)
from generator.web.qr import qr_svg
from generator.web.site import DocKind, Document, plan

PRINT = ROOT / "templates" / "print"
DOCUMENTS = plan(corpus().games).documents


def doc(kind: DocKind, game: str, lang: str) -> Document:
    return next(d for d in DOCUMENTS if d.kind is kind and d.game == game and d.lang == lang)


def render(html: str, path: Path) -> Path:
    """A tagged PDF of ``html`` with the print style sheet, as the build makes one."""
    from weasyprint import HTML

    HTML(string=html, base_url=PRINT.as_uri() + "/").write_pdf(path, pdf_variant="pdf/ua-1")
    return path


def page(kind: str, body: str, lang: str = "en") -> str:
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>t</title>'
            f'<link rel="stylesheet" href="print.css"></head><body class="doc-{kind}">{body}</body></html>')


# -- the audit finds what it is meant to find --------------------------------------------------

@pytest.mark.pdf  # renders a five-page booklet: 2.4 to 3.2 s of CPU on a busy machine
def test_the_audit_finds_a_heading_at_the_foot_a_short_page_and_a_blank_page(tmp_path: Path) -> None:
    para = "<p>" + "A line of the rules that goes on for a while. " * 6 + "</p>"
    body = (f'<div style="height: 165mm"></div><h2>Scoring</h2>'  # the heading: last on its page
            f'<div style="break-before: page">{para}</div>'  # overleaf: its text, a short page
            f'<div style="break-before: page">{para * 14}</div>'
            '<div style="break-before: page"></div>')  # and a blank page
    problems = audit(render(page("booklet", body), tmp_path / "b.pdf"), "booklet")
    assert any("the heading 'Scoring' is followed by 0 line(s)" in p for p in problems), problems
    assert any("page 2 of 5:" in p and "full, under 50%, and not the last page" in p
               for p in problems), problems
    assert [p for p in problems if p.endswith(": blank")] == ["b.pdf page 5: blank"], problems


def test_the_audit_measures_a_qr_codes_quiet_zone_and_a_cards_type_and_fill(tmp_path: Path) -> None:
    # a rule through the code's quiet zone (the card header before flow-root), small type, a card
    # two-thirds empty
    body = (f'<article><div style="border-block-end: 1.2pt solid #000; margin-block-end: 3mm">'
            f'<div class="qr-code" style="float: right; margin-block-end: -6mm">{qr_svg("https://rulebook.example/en/hearts/")}</div>'
            '<h1>Hearts</h1></div><p style="font-size: 8pt">Pass three cards.</p></article>')
    problems = audit(render(page("card", body), tmp_path / "c.pdf"), "card")
    assert any("quiet zone is" in p and "not 4" in p for p in problems), problems
    assert any("body type 8 pt, under 9 pt" in p for p in problems), problems
    assert any("of the card's height, under 70%" in p for p in problems), problems


@pytest.mark.pdf
def test_the_audit_finds_a_line_past_the_margin_of_one_copy_on_the_sheet(tmp_path: Path) -> None:
    """Each copy's cell is read, not only the first: the fourth card's text runs into its
    bottom margin (the cell's padding, which does not clip it) and down to the paper's edge."""
    card = "<p>A line of the card.</p>" * 4
    cells = "".join(f'<div class="cell cell-{n}">{card * (9 if n == 4 else 1)}</div>' for n in range(1, 5))
    marks = ('<div class="mark mark-v" style="left: 105mm; top: 6mm"></div>'
             '<div class="mark mark-h" style="left: 6mm; top: 148.5mm"></div>')
    problems = audit(render(page("sheet", f'<div class="sheet">{cells}{marks}</div>'), tmp_path / "s.pdf"),
                     "sheet")
    outside = [p for p in problems if "past the" in p]
    assert outside and all(p.startswith("s.pdf page 1 card 4: the line 'A line of the card.'")
                           for p in outside), problems
    assert any("past the bottom edge of the text area" in p for p in outside), outside


# -- what the render does ----------------------------------------------------------------------

def test_numbers_keep_their_word_in_text_not_in_tags() -> None:
    html = ('<head><title>52 cards</title></head><body class="x">'
            '<p class="x2 y" title="52 cards">52 ورقة, 3 players and 3 4</p><svg d="M4 4h7"></svg>')
    assert keep_numbers_with_words(html) == (
        '<head><title>52 cards</title></head><body class="x">'
        '<p class="x2 y" title="52 cards">52\u00a0ورقة, 3\u00a0players and 3 4</p><svg d="M4 4h7"></svg>')


def test_copy_fitting_tries_sizes_from_the_floor_to_the_ceiling() -> None:
    sizes = fit_sizes()
    assert sizes[0] == FIT_FLOOR == 9 and sizes[-1] == FIT_CEILING and sizes == sorted(sizes)
    assert size_rule(CARD_BODY, 9.25) == ".doc-card, .cell, .aid { font-size: 9.25pt; }"


def test_the_booklet_search_reaches_the_size_that_fills_the_italian_peppa_scivolosas_last_page() -> None:
    """Its six pages of rules left the last 19 % full at 9 pt; no smaller size pulled the tail
    back (what moves whole left room on the pages before), 9.25 pt filled it to 42 %, 9.5 pt
    made a page more with one under half: 9.4 pt fills it to 54 %, a quarter point's steps
    never tried it."""
    sizes = booklet_sizes(6, 0.19)
    assert 9.4 in sizes and len(sizes) <= BOOKLET_TRIES
    assert sizes[0] < BOOKLET_SIZE < sizes[1]  # pulled back first (the nearer), then filled
    for pages, tail in [(3, 0.05), (4, 0.45), (8, 0.9), (12, 0.3), (1, 0.2)]:
        tried = booklet_sizes(pages, tail)
        assert tried and len(tried) == len(set(tried)) <= BOOKLET_TRIES, (pages, tail, tried)
        assert all(0 < abs(size - BOOKLET_SIZE) <= BOOKLET_FARTHEST + 1e-9 for size in tried), tried
    assert booklet_sizes(8, 0.9)[:2] == [8.9, 9.1]  # a page before the last short: a tenth either way


@pytest.mark.pdf  # renders a one-page booklet at two sizes
def test_the_colophons_type_follows_the_rules_type(tmp_path: Path) -> None:
    """The search sets the rules' type; the colophon, often the tail it pulls back, must move
    with it (at 7.5 pt whatever the rules' size, it stayed on its page)."""
    body = ('<article class="game"><section class="section"><h2>Rules</h2><p>Deal them all.</p></section>'
            '<section class="colophon section-about"><h2>About these rules</h2>'
            '<p>Every claim was checked.</p></section></article>')
    for size, colophon in [(BOOKLET_SIZE, 7.5), (8.1, 6.75)]:
        sized = f"<style>{size_rule(BOOKLET_BODY, size)}</style></head>"
        html = page("booklet", body).replace("</head>", sized)
        (facts,) = read(render(html, tmp_path / f"b{size}.pdf"))
        by_text = {ln.text.replace("\u00a0", " "): ln.sizes.most_common(1)[0][0] for ln in facts.lines}
        assert by_text["Deal them all."] == pytest.approx(size, abs=0.05), by_text
        assert by_text["Every claim was checked."] == pytest.approx(colophon, abs=0.05), by_text


def render_booklet(html: str, path: Path) -> Path:
    return render_as_built(html, path, multiple=4)


def example_booklet(last_step_mm: int, *, steps: int = 5) -> str:
    """A booklet whose rules are an example round: an introduction and ``steps`` short steps
    (five fill under half a page), a last step ``last_step_mm`` tall (its table of seats), the result, the
    outcome and the scan to the other rounds, then a section of variants; the pages for notes
    that make up four pages, and the back cover."""
    short = "".join(f'<li class="step tv-step"><h4 class="tv-label">Step {n}</h4>'
                    f'<div class="tv-narration"><p>Anna draws a card from Bruno. {"It makes no pair. " * 3}'
                    '</p></div></li>' for n in range(1, steps + 1))
    last = (f'<li class="step tv-step"><h4 class="tv-label">Step {steps + 1}</h4><div class="tv-narration">'
            '<p>Bruno draws the last card.</p></div><div class="tv-table">'
            f'<div style="height: {last_step_mm}mm"></div><p>The seats after it.</p></div></li>')
    example = ('<div class="example"><h3>A round for three</h3><p>Three players, clockwise.</p>'
               f'<ol class="steps tv-steps">{short}{last}</ol>'
               '<p class="result">Carla is left with the odd card and loses.</p><p>Carla loses the round.</p>'
               f'</div><div class="more-examples"><div class="qr-code">{qr_svg("https://rulebook.example/en/x#examples")}'
               '</div><p>The other example rounds are on the game\'s page.</p></div>')
    filler = "<p>" + "A line of the variants that goes on for a while. " * 8 + "</p>"
    body = ('<section class="cover"><h1>A game</h1><div class="cover-link"><div class="qr-code">'
            f'{qr_svg("https://rulebook.example/en/x")}</div><p>rulebook.example/en/x</p></div></section>'
            '<article class="game">'
            f'<section class="section section-examples"><h2>Example round</h2>{example}</section>'
            f'<section class="section section-variants"><h2>Variants</h2>{filler * 5}</section></article>'
            + "".join(f'<section class="filler filler-{n}"><h2>Notes</h2><table class="notes-lines"><tbody>'
                      f'{"<tr><td></td></tr>" * 22}</tbody></table></section>' for n in (1, 2, 3))
            + '<section class="back-cover"><h2>Quick reference</h2><p>Draw, pair, pass.</p></section>')
    return page("booklet", body)


@pytest.mark.pdf  # three to a dozen layouts of a four-page booklet
def test_an_example_rounds_kept_end_leaves_no_page_under_half_full(tmp_path: Path) -> None:
    """Issue 39: the last step, the result, the outcome and the scan to the other rounds are
    kept with each other; moved whole to the next page, they left the one before half empty
    (ar Schwarzer Peter's page 7), and no size of the rules' type pulled them back. The render
    lets the last step go from the result there: the step fills its page, the result opens the
    next with the outcome and the scan."""
    pages = read(render_booklet(example_booklet(80), tmp_path / "b.pdf"))
    fills = [booklet_fill(p) for p in pages]
    assert all(fill >= PAGE_FILL for fill in fills[:-1]), fills
    text = [" ".join(ln.text for ln in p.lines) for p in pages]
    at = {words: next(n for n, t in enumerate(text, 1) if words in t)
          for words in ("Step 6", "Carla is left", "Carla loses the round", "other example rounds")}
    assert at["Step 6"] == 2 and at["Carla is left"] == at["Carla loses the round"] == \
        at["other example rounds"] == 3, at


@pytest.mark.pdf
def test_an_example_rounds_end_stays_whole_where_it_costs_no_page(tmp_path: Path) -> None:
    """Where moving the chain whole leaves its page full enough (seven steps before it fill
    more than half), the last step and the result stay together on the next page."""
    pages = read(render_booklet(example_booklet(80, steps=7), tmp_path / "b.pdf"))
    assert booklet_fill(pages[1]) >= PAGE_FILL
    text = [" ".join(ln.text for ln in p.lines) for p in pages]
    assert [n for n, t in enumerate(text, 1) if "Step 8" in t] == \
        [n for n, t in enumerate(text, 1) if "Carla is left" in t] == [3], text


@pytest.mark.pdf  # two layouts of a four-page booklet, each case
@pytest.mark.parametrize(("last_step_mm", "steps", "skipped"), [
    (80, 5, False),  # the chain moved whole to page 3 (the case above): letting it go moves it
    (40, 9, False), (5, 12, False),  # a last step at a page's head that would fit the page before
    (80, 7, True),  # at a page's head, but too tall for the room left on the page before
    (20, 2, True), (20, 5, True), (60, 3, True)])  # in the middle of a page
def test_the_try_that_lets_the_chain_go_is_skipped_only_where_it_would_move_nothing(
        last_step_mm: int, steps: int, skipped: bool) -> None:
    """The booklet's search skips the try that lets the example's chain go where the layout
    without it shows it would move nothing (render.py: ``_loose_chain_moves_nothing``): there
    the loose layout is the same (each page as full, each step ending where it did), and where
    the loose layout differs (the chain moved whole, a last step pushed over) it is made."""
    from generator.pdf import render
    from generator.pdf.pagefill import feet, page_fills

    with as_a_worker():
        parsed = render._parse(keep_numbers_with_words(example_booklet(last_step_mm, steps=steps)))
        kept = render._render_parsed(parsed, [])
        loose = render._render_parsed(parsed, [render.LOOSE_CHAIN])
        steps_laid = [e for e in parsed[0].etree_element.iter() if "tv-step" in e.get("class", "").split()]
        same = page_fills(kept) == page_fills(loose) and feet(kept, steps_laid) == feet(loose, steps_laid)
        assert render._loose_chain_moves_nothing(parsed, kept) is skipped
    # exactly here; in general the render may make a try that moves nothing, never skip one that moves
    assert same is skipped


def text_booklet(paragraphs: int) -> str:
    """A booklet of ``paragraphs`` paragraphs of rules between its cover and back cover, with
    the fill pages of the template (a score sheet, two pages for notes)."""
    rules = "".join(("<h2>A part</h2>" if n % 10 == 0 else "") + "<p>" + "A sentence of the rules. " * 5
                    + "</p>" for n in range(paragraphs))
    body = ('<section class="cover"><h1>A game</h1><div class="cover-link"><div class="qr-code">'
            f'{qr_svg("https://rulebook.example/en/x")}</div><p>rulebook.example/en/x</p></div></section>'
            f'<article class="game"><section class="section">{rules}</section></article>'
            '<section class="filler filler-1"><h2>Score sheet</h2><table class="notes-lines"><tbody>'
            f'{"<tr><td></td></tr>" * 22}</tbody></table></section>'
            + "".join(f'<section class="filler filler-{n}"><h2>Notes</h2><table class="notes-lines"><tbody>'
                      f'{"<tr><td></td></tr>" * 22}</tbody></table></section>' for n in (2, 3))
            + '<section class="back-cover"><h2>Quick reference</h2><p>Draw, pair, pass.</p></section>')
    return page("booklet", body)


@pytest.mark.pdf  # one to seven layouts of a twelve-page booklet
def test_a_booklet_one_page_past_four_is_set_a_page_shorter_not_filled_with_three(tmp_path: Path) -> None:
    """Issue 39: a booklet whose rules end one page past a multiple of four took three fill
    pages, a score sheet and two pages for notes (ar Old Maid: pages 13 to 15 of 16). Its
    rules' type is set a few tenths smaller where that saves the sheet of paper: seven pages
    of rules, the last 72 % full at 9 pt, go on six, and the booklet takes eight pages."""
    pages = read(render_booklet(text_booklet(112), tmp_path / "b.pdf"))
    fills = [booklet_fill(p) for p in pages]
    text = [" ".join(ln.text for ln in p.lines) for p in pages]
    assert len(pages) == 8 and not any("Notes" in t for t in text), text
    assert all(fill >= PAGE_FILL for fill in fills[:-1]), fills
    assert BOOKLET_SIZE - BOOKLET_FARTHEST - 1e-9 <= body_size([ln for p in pages for ln in p.lines]) \
        < BOOKLET_SIZE


# -- the corpus --------------------------------------------------------------------------------

def test_every_pdf_of_the_corpus_is_set_like_a_book(built: Path) -> None:
    problems = []
    for path in sorted(built.glob("*/*/*.pdf")):
        kind = kind_of(path)
        if kind is not None:
            problems += [f"{path.relative_to(built)}: {p}" for p in audit(path, kind)]
    assert not problems, "\n".join(problems)


def _headings(path: Path) -> list[tuple[str, int]]:
    """The booklet's headings as its outline (bookmarks) gives them, and their pages from 1
    (read by PDFium: pypdf's object streams cost half a second a booklet)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path)
    try:
        out = []
        for mark in pdf.get_toc():
            dest = mark.get_dest()
            assert dest is not None, f"{path.name}: the bookmark {mark.get_title()!r} leads nowhere"
            out.append((" ".join(mark.get_title().replace("\u00a0", " ").split()), dest.get_index() + 1))
        return out
    finally:
        pdf.close()


def test_booklets_are_set_as_a_reference(built: Path) -> None:
    """Every booklet of the corpus: no page under half full but the last (its lowest line, or a
    notes page's lowest rule, against the page's text area), and the rules in steps on its
    first or second page, as second on the game's page (its title read from there)."""
    import re

    from print_audit import PAGE_FILL, booklet_fill

    problems = []
    booklets = [d for d in DOCUMENTS if d.kind is DocKind.BOOKLET]
    for d in booklets:
        path = built / d.path
        pages = read(path)
        fills = [booklet_fill(p) for p in pages]
        problems += [f"{d.path}: page {n} of {len(pages)} is {fill:.0%} full"
                     for n, fill in enumerate(fills[:-1], start=1) if fill < PAGE_FILL]
        html = (path.parent / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<h2 id="steps-h">([^<]*)', html)
        if found is None:
            continue  # a game without the rules in steps
        steps = " ".join(found.group(1).replace("\u00a0", " ").split())
        headings = _headings(path)
        at = [i for i, (title, _) in enumerate(headings) if title == steps]
        if not at or headings[at[0]][1] > 2:
            problems.append(f"{d.path}: {steps!r} is on page {headings[at[0]][1] if at else None}, "
                            "not 1 or 2")
        elif at[0] + 1 < len(headings):  # the steps whole on their page: what follows opens the next
            first, after = headings[at[0]][1], headings[at[0] + 1][1]
            if after > first and not (pages[after - 1].lines and pages[after - 1].lines[0].heading):
                problems.append(f"{d.path}: {steps!r} runs from page {first} over to page {after}")
    assert len(booklets) >= 60
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(("game", "lang", "words"), [
    ("hearts", "en", ("How to print this booklet", "hearts-booklet-a4.pdf", "both sides", "short edge")),
    ("hearts", "de", ("Dieses Heft drucken", "beidseitig", "kurzen Kante")),
    ("hearts", "ru", ("Как напечатать эту брошюру", "по короткому краю")),
    ("uomo-nero", "ar", ("طباعة", "الورقة")),  # extraction reorders Arabic and its file name
])
def test_the_imposed_sheet_says_how_to_print_it_in_the_readers_language(
        built: Path, game: str, lang: str, words: tuple[str, ...]) -> None:
    """The back cover is the first side's half beside the cover: the note is what it shows."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(built / doc(DocKind.IMPOSED, game, lang).path)
    try:
        first_side = " ".join(pdf[0].get_textpage().get_text_range().replace("\u00a0", " ").split())
    finally:
        pdf.close()
    for word in words:
        assert word in first_side, (word, first_side[-400:])


def test_booklet_pages_are_never_blank_and_the_footers_count_them(built: Path) -> None:
    for lang in ("en", "ru", "de", "ar"):
        path = built / doc(DocKind.BOOKLET, "hearts", lang).path
        with pdfplumber.open(path) as pdf:
            n = len(pdf.pages)
            assert n % 4 == 0
            for number, p in enumerate(pdf.pages[1:], start=2):
                foot = "".join(c["text"] for c in sorted(
                    (c for c in p.chars if c["top"] > p.height - 16 * 72 / 25.4), key=lambda c: c["x0"]))
                assert foot.replace(" ", "") == f"{number}/{n}", (lang, number, foot)


@pytest.mark.parametrize(("game", "lang"), [("hearts", "en"), ("hearts", "ru"), ("uomo-nero", "ar"),
                                            ("schwarzer-peter", "de")])
def test_the_player_aid_is_nine_poker_size_cards_with_the_turn_and_the_end(
        built: Path, game: str, lang: str) -> None:
    mm = 72 / 25.4
    (side,) = read(built / doc(DocKind.AID, game, lang).path)
    cards = cards_of(side)
    assert len(cards) == 9
    for card in cards:
        assert (round((card.right - card.left) / mm, 1), round(card.height / mm, 1)) == (63, 88)
        assert len(lines_in(side, card)) >= 6  # the title, two headings and their lines
    for mark in side.marks:  # where an office printer prints
        assert min(mark.left, mark.top, side.width - mark.right, side.height - mark.bottom) >= 6 * mm - 0.01
    text = " ".join(ln.text for ln in lines_in(side, cards[0]))
    turn = {"en": "THE TURN", "ru": "ХОД"}.get(lang)
    if turn:
        assert turn in text, text


def test_the_booklet_prints_one_example_round_and_leads_to_the_others(built: Path) -> None:
    """Hearts has three example rounds: the booklet plays out the first and gives the page's
    examples by a QR code and their address; a game with two has 'one more'."""
    from pypdf import PdfReader

    def text(game: str, lang: str) -> str:
        pdf = PdfReader(built / doc(DocKind.BOOKLET, game, lang).path)
        return " ".join(" ".join(p.extract_text().split()) for p in pdf.pages)

    hearts = text("hearts", "en")
    assert "The first hand of a game" in hearts
    assert "Nine tricks have been played" not in hearts and "A game up to 100" not in hearts
    assert "The other example rounds, played step by step, are on the game's page:" in hearts
    assert "rulebook.example/en/hearts#examples" in hearts
    two = sorted(b.rules.id for b in corpus().games if len(b.examples) == 2)[0]
    assert "One more example round" in text(two, "en")
    assert "#examples" in text(two, "ar")
