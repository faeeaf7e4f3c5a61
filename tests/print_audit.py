"""The printed page as a typographer reads it, from the PDF alone (pdfium: the characters, the
drawings, the tagged structure tree, the rendered page), not from the CSS meant to make it:

- a heading is followed on its page (or card) by at least two lines;
- no page of a booklet is under half full but its last: its lowest line of text (or rule, on a
  page for notes) measured against the page's text area (the A5 page less its margins);
- no page of a booklet is blank;
- every line of every card lies inside that card's text area (its cell on the sheet less the
  card's margins), on every copy of the card that a sheet or a player aid carries: a line is
  judged by its glyphs' boxes across and by its baseline down the card (Arabic glyphs' boxes
  are taller than their line);
- every QR code has a quiet zone of four modules: no ink, no cut line, no paper edge in it;
- every card (an A6 card, each card of a sheet) has body type of 9 pt or more, and its text
  spans at least 70 % of the card's height.

``audit(path, kind)`` lists what one PDF breaks, in words; ``python tests/print_audit.py SITE``
prints it for every PDF of a built site, with the figures (pages, body size, fill, quiet
zones, blank pages). Running heads and page numbers are the PDF's margin boxes: their text is
marked content outside the structure tree, so it is not counted as the page's content.
"""

from __future__ import annotations

import ctypes
import functools
import statistics
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pypdfium2 as pdfium
import pypdfium2.raw as raw

MM = 72 / 25.4
FLOOR_PT = 9.0  # the smallest body type of a card
CARD_FILL = 0.70  # of a card's height, the least its text may span
PAGE_FILL = 1 / 2  # of a booklet's text area, the least a page (not the last) fills
# The text area of each kind of page or card, in mm from its edges (top, right, bottom, left):
# print.css's @page booklet and @page card margins, a sheet's cell's and a player aid card's
# padding.
TEXT_AREA_MM = {"booklet": (14, 13, 16, 13), "card": (7, 7.5, 9, 7.5), "sheet": (7, 8.5, 7, 8.5),
                "aid": (3.5, 3.5, 3, 3.5)}
CELL_TOLERANCE = 0.5 * MM  # the render's own (pdf/overflow.py): layout rounding, hairlines
# Characters on one baseline this close are one line; farther apart, two (a player aid's
# neighbouring cards are 7 mm apart, text to text: an Arabic card's bullet joined the next card's
# line at 30 mm)
JOIN = 6 * MM
QUIET_MODULES = 4
LINES_AFTER_HEADING = 2
HEADINGS = {"H", "H1", "H2", "H3", "H4", "H5", "H6"}
QUIET_DPI = 200  # the resolution the quiet zones are measured at


@dataclass(frozen=True)
class Box:
    """A rectangle in PDF points, top-down (y grows down the page, as a reader reads)."""

    left: float
    top: float
    right: float
    bottom: float

    def grow(self, by: float) -> Box:
        return Box(self.left - by, self.top - by, self.right + by, self.bottom + by)

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.bottom

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass
class Line:
    """One line of text: the content characters on one baseline."""

    baseline: float
    top: float
    bottom: float
    left: float
    right: float
    heading: str | None  # the heading (H1, H2, ...) its characters belong to, if any
    text: str = ""
    sizes: Counter[float] = field(default_factory=Counter)  # its characters by size (pt)


@dataclass
class QrCode:
    box: Box  # its dark modules
    module: float  # pt
    quiet: float = 0.0  # the free ring around it, in modules, on the rendered page


@dataclass
class PageFacts:
    number: int
    width: float
    height: float
    lines: list[Line]
    ink: list[Box]  # the content's marks: its characters and drawings
    qr: list[QrCode]
    marks: list[Box]  # crop marks


@dataclass
class Figures:
    """What the audit measured of one PDF, for the before/after tables."""

    pages: int = 0
    blank: list[int] = field(default_factory=list)
    body_pt: list[float] = field(default_factory=list)  # per card, or the booklet's body
    fill: list[float] = field(default_factory=list)  # per card, or per page of a booklet
    quiet: list[float] = field(default_factory=list)  # per QR code, in modules


# -- reading a PDF ------------------------------------------------------------------------------

def read(path: Path) -> list[PageFacts]:
    """What each page of ``path`` holds; a file read once a process while it is unchanged (the
    corpus's booklets are audited by several tests on one worker). Read it, never change it."""
    stat = path.stat()
    return _read(path.resolve(), stat.st_ino, stat.st_size, stat.st_mtime_ns)


@functools.lru_cache(maxsize=512)
def _read(path: Path, inode: int, size: int, mtime_ns: int) -> list[PageFacts]:
    pdf = pdfium.PdfDocument(path)
    try:
        return [_page(n, pdf[n - 1]) for n in range(1, len(pdf) + 1)]
    finally:
        pdf.close()


def _page(number: int, page: Any) -> PageFacts:
    width, height = page.get_size()
    levels = _structure(page)
    lines = _lines(page, levels, height)
    ink = [Box(ln.left, ln.top, ln.right, ln.bottom) for ln in lines]
    qr: list[QrCode] = []
    marks: list[Box] = []
    for obj in _objects(page.raw):
        if raw.FPDFPageObj_GetType(obj) != raw.FPDF_PAGEOBJ_PATH:
            continue
        box, stroked, fill, stroke = _path(obj, height)
        code = _qr_code(obj, box, stroked, stroke, height)
        if code is not None:
            qr.append(code)
        elif _is_crop_mark(box, fill):
            marks.append(box)
        elif (stroked and stroke[3] and stroke[:3] != (255, 255, 255)) or \
                (fill is not None and fill[3] and fill[:3] != (255, 255, 255)):
            ink.append(box)
    if qr:
        _measure_quiet_zones(page, qr, marks, Box(0, 0, width, height))
    return PageFacts(number, width, height, lines, ink, qr, marks)


def _structure(page: Any) -> dict[int, str | None]:
    """Marked-content id -> the heading it is part of (None: content, not a heading). Ids
    that are not in the tree are the margin boxes' (running heads, page numbers)."""
    levels: dict[int, str | None] = {}

    def walk(element: Any, heading: str | None) -> None:
        kind = _type(element)
        heading = kind if kind in HEADINGS else heading
        for i in range(raw.FPDF_StructElement_GetMarkedContentIdCount(element)):
            levels[raw.FPDF_StructElement_GetMarkedContentIdAtIndex(element, i)] = heading
        for i in range(raw.FPDF_StructElement_CountChildren(element)):
            child = raw.FPDF_StructElement_GetChildAtIndex(element, i)
            if child:
                walk(child, heading)

    tree = raw.FPDF_StructTree_GetForPage(page.raw)
    if tree:
        for i in range(raw.FPDF_StructTree_CountChildren(tree)):
            walk(raw.FPDF_StructTree_GetChildAtIndex(tree, i), None)
        raw.FPDF_StructTree_Close(tree)
    return levels


def _type(element: Any) -> str:
    size = raw.FPDF_StructElement_GetType(element, None, 0)
    buffer = ctypes.create_string_buffer(size)
    raw.FPDF_StructElement_GetType(element, buffer, size)
    return buffer.raw.decode("utf-16-le").rstrip("\0")


def _lines(page: Any, levels: dict[int, str | None], height: float) -> list[Line]:
    textpage = page.get_textpage()
    rect, matrix = raw.FS_RECTF(), raw.FS_MATRIX()
    out: list[Line] = []
    try:
        for i in range(textpage.count_chars()):
            text = chr(raw.FPDFText_GetUnicode(textpage.raw, i))
            if text == " " and out:
                out[-1].text += text
            obj = raw.FPDFText_GetTextObject(textpage.raw, i)
            mcid = raw.FPDFPageObj_GetMarkedContentID(obj) if obj else -1
            if not text.strip() or mcid not in levels:
                continue
            raw.FPDFText_GetLooseCharBox(textpage.raw, i, rect)
            raw.FPDFText_GetMatrix(textpage.raw, i, matrix)
            size = round(raw.FPDFText_GetFontSize(textpage.raw, i)
                         * (abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5), 1)
            top, bottom, baseline = height - rect.top, height - rect.bottom, height - matrix.f
            line = next((ln for ln in reversed(out[-8:]) if abs(ln.baseline - baseline) < size * 0.4
                         and rect.left < ln.right + JOIN and rect.right > ln.left - JOIN), None)
            if line is None:
                line = Line(baseline, top, bottom, rect.left, rect.right, levels[mcid])
                out.append(line)
            line.top, line.bottom = min(line.top, top), max(line.bottom, bottom)
            line.left, line.right = min(line.left, rect.left), max(line.right, rect.right)
            line.text += text
            line.heading = line.heading or levels[mcid]
            line.sizes[size] += 1
    finally:
        textpage.close()
    return sorted(out, key=lambda ln: (ln.baseline, ln.left))


def _objects(container: Any, form: bool = False) -> Iterator[Any]:
    """Every page object, those inside form XObjects too."""
    count = raw.FPDFFormObj_CountObjects(container) if form else raw.FPDFPage_CountObjects(container)
    for i in range(count):
        obj = raw.FPDFFormObj_GetObject(container, i) if form else raw.FPDFPage_GetObject(container, i)
        if raw.FPDFPageObj_GetType(obj) == raw.FPDF_PAGEOBJ_FORM:
            yield from _objects(obj, form=True)
        else:
            yield obj


def _rgba(getter: Any, obj: Any) -> tuple[int, int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj, r, g, b, a)
    return r.value, g.value, b.value, a.value


def _path(obj: Any, height: float) -> tuple[Box, bool, tuple[int, int, int, int] | None,
                                             tuple[int, int, int, int]]:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    fill_mode, stroked = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill_mode, stroked)
    fill = _rgba(raw.FPDFPageObj_GetFillColor, obj) if fill_mode.value else None
    return (Box(left.value, height - top.value, right.value, height - bottom.value), bool(stroked.value),
            fill, _rgba(raw.FPDFPageObj_GetStrokeColor, obj))


def _qr_code(obj: Any, box: Box, stroked: bool, stroke: tuple[int, int, int, int],
             height: float) -> QrCode | None:
    """segno's QR code: one black path of many strokes one module thick."""
    segments = raw.FPDFPath_CountSegments(obj)
    if not stroked or stroke[:3] != (0, 0, 0) or segments < 40:
        return None
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    matrix = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, matrix)
    module = width.value * (abs(matrix.a * matrix.d - matrix.b * matrix.c) ** 0.5)
    xs, ys = [], []
    x, y = ctypes.c_float(), ctypes.c_float()
    for i in range(segments):
        raw.FPDFPathSegment_GetPoint(raw.FPDFPath_GetPathSegment(obj, i), x, y)
        xs.append(matrix.a * x.value + matrix.c * y.value + matrix.e)
        ys.append(height - (matrix.b * x.value + matrix.d * y.value + matrix.f))
    # horizontal strokes: exact ends, half a module above and below each
    dark = Box(min(xs), min(ys) - module / 2, max(xs), max(ys) + module / 2)
    if abs((dark.right - dark.left) - dark.height) > module:  # not square: not a QR code
        return None
    return QrCode(dark, module)


def _is_crop_mark(box: Box, fill: tuple[int, int, int, int] | None) -> bool:
    w, h = box.right - box.left, box.height
    return fill is not None and fill[:3] == (0, 0, 0) and min(w, h) < 1 and 2 * MM < max(w, h) < 12 * MM


def _measure_quiet_zones(page: Any, codes: list[QrCode], marks: list[Box], paper: Box) -> None:
    """Each code's quiet zone on the page as printed (pdfium's rendering: what a border's
    clipping hides is not ink, what a background paints is): the widest ring, in quarter
    modules, that holds no ink, crosses no cut line and stays on the paper."""
    from PIL import ImageDraw

    scale = QUIET_DPI / 72
    image = page.render(scale=scale, grayscale=True).to_pil().convert("L")
    xs = [(m.left + m.right) / 2 for m in marks if m.right - m.left < 1]  # a mark stands for
    ys = [(m.top + m.bottom) / 2 for m in marks if m.bottom - m.top < 1]  # its whole cut line
    for code in codes:
        dark = image.copy()
        # the code is not its own quiet zone's ink (one pixel more: its anti-aliased edge)
        ImageDraw.Draw(dark).rectangle([code.box.left * scale - 1, code.box.top * scale - 1,
                                        code.box.right * scale + 1, code.box.bottom * scale + 1],
                                       fill=255)
        dark = dark.point(lambda v: 255 if v < 230 else 0)
        quarters = 0
        while quarters < 4 * 8:
            zone = code.box.grow((quarters + 1) * code.module / 4)
            if (zone.left < paper.left or zone.top < paper.top or zone.right > paper.right
                    or zone.bottom > paper.bottom or any(zone.left < x < zone.right for x in xs)
                    or any(zone.top < y < zone.bottom for y in ys)):
                break
            if dark.crop((round(zone.left * scale), round(zone.top * scale),
                          round(zone.right * scale), round(zone.bottom * scale))).getbbox():
                break
            quarters += 1
        code.quiet = quarters / 4


# -- the checks ---------------------------------------------------------------------------------

def cards_of(page: PageFacts) -> list[Box]:
    """The cards a page is cut into, between its crop marks (the page itself when it has none):
    those that carry text."""
    xs = sorted({round((m.left + m.right) / 2, 1) for m in page.marks if m.right - m.left < 1})
    ys = sorted({round((m.top + m.bottom) / 2, 1) for m in page.marks if m.bottom - m.top < 1})
    if not xs and not ys:
        return [Box(0, 0, page.width, page.height)]
    # a single cut through the middle: the cards reach the paper's edges
    xs = [0.0, xs[0], page.width] if len(xs) == 1 else xs
    ys = [0.0, ys[0], page.height] if len(ys) == 1 else ys
    cells = [Box(x0, y0, x1, y1) for y0, y1 in zip(ys, ys[1:]) for x0, x1 in zip(xs, xs[1:])]
    return [c for c in cells if any(c.contains((ln.left + ln.right) / 2, ln.baseline) for ln in page.lines)]


def lines_in(page: PageFacts, box: Box) -> list[Line]:
    return [ln for ln in page.lines if box.contains((ln.left + ln.right) / 2, ln.baseline)]


def body_size(lines: list[Line]) -> float:
    """The size most characters of these lines (headings aside) are set in."""
    sizes: Counter[float] = Counter()
    for ln in lines:
        if not ln.heading:
            sizes.update(ln.sizes)
    return sizes.most_common(1)[0][0] if sizes else 0.0


def _rules_below(page: PageFacts, box: Box, y: float) -> int:
    """Horizontal rules under ``y`` (the lines of a notes page, a sheet's rows): lines too."""
    wide = box.right - box.left
    return len({round(b.top) for b in page.ink if b.height < 1.5 and b.right - b.left > 0.3 * wide
                and box.contains(b.left + 1, b.top) and b.top > y})


def text_area(cell: Box, kind: str) -> Box:
    """The part of a card (or a booklet's page) that its text may take: less its margins."""
    top, right, bottom, left = (v * MM for v in TEXT_AREA_MM[kind])
    return Box(cell.left + left, cell.top + top, cell.right - right, cell.bottom - bottom)


def outside_problems(page: PageFacts, cell: Box, kind: str, where: str) -> list[str]:
    """The lines of a card that leave its text area: beside it by their glyphs, below it by
    their baseline, or out of the card (its cell, the paper) by any part."""
    area, tol = text_area(cell, kind), CELL_TOLERANCE
    out = []
    for line in lines_in(page, cell):
        sides = {"left": area.left - line.left, "right": line.right - area.right,
                 "bottom": line.baseline - area.bottom,
                 "bottom of the card": line.bottom - cell.bottom, "top of the card": cell.top - line.top}
        past = {side: by for side, by in sides.items() if by > tol}
        if past:
            side, by = max(past.items(), key=lambda item: item[1])
            out.append(f"{where}: the line {line.text.strip()[:50]!r} ends {by / MM:.1f} mm past "
                       f"the {side if 'card' in side else side + ' edge of the text area'}")
    return out


def heading_problems(page: PageFacts, box: Box, where: str, *, continues: bool) -> list[str]:
    """A heading at the foot of a page with fewer than two lines under it, when what it heads
    goes on overleaf (``continues``: the next page does not open with a heading)."""
    lines = lines_in(page, box)
    out = []
    for i, line in enumerate(lines):
        if not line.heading or (i + 1 < len(lines) and lines[i + 1].heading == line.heading):
            continue  # a heading of two lines: its last line is judged
        after = len(lines) - i - 1 + _rules_below(page, box, line.bottom)
        if after == 0 or (after < LINES_AFTER_HEADING and continues):
            out.append(f"{where}: the heading {line.text.strip()!r} is followed by {after} "
                       "line(s) on its page")
    return out


def audit(path: Path, kind: str, *, figures: Figures | None = None) -> list[str]:
    """What ``path`` (a PDF of ``kind``: card, sheet, aid or booklet) breaks, in words."""
    pages = read(path)
    figures = figures if figures is not None else Figures()
    figures.pages = len(pages)
    problems: list[str] = []
    if kind == "card" and len(pages) > 1:
        problems.append(f"{path.name}: the card takes {len(pages)} sides, not one")
    for page in pages:
        for code in page.qr:
            figures.quiet.append(code.quiet)
            if code.quiet < QUIET_MODULES:
                problems.append(f"{path.name} page {page.number}: a QR code's quiet zone is "
                                f"{code.quiet:g} modules, not {QUIET_MODULES}")
        if kind == "booklet":
            following = pages[page.number] if page.number < len(pages) else None
            continues = following is not None and bool(following.lines) and \
                not following.lines[0].heading
            problems += heading_problems(page, Box(0, 0, page.width, page.height),
                                         f"{path.name} page {page.number}", continues=continues)
            continue
        cells = cards_of(page)
        for n, cell in enumerate(cells, start=1):
            where = f"{path.name} page {page.number}" + (f" card {n}" if len(cells) > 1 else "")
            problems += heading_problems(page, cell, where, continues=False)
            problems += outside_problems(page, cell, kind, where)
            lines = lines_in(page, cell)
            body = body_size(lines)
            fill = (max(ln.bottom for ln in lines) - min(ln.top for ln in lines)) / cell.height \
                if lines else 0.0
            figures.body_pt.append(body)
            figures.fill.append(round(fill, 3))
            if body < FLOOR_PT:
                problems.append(f"{where}: body type {body:g} pt, under {FLOOR_PT:g} pt")
            if fill < CARD_FILL:
                problems.append(f"{where}: the text spans {fill:.0%} of the card's height, "
                                f"under {CARD_FILL:.0%}")
    if kind == "booklet":
        problems += _booklet_pages(path.name, pages, figures)
    return problems


def booklet_fill(page: PageFacts) -> float:
    """How far down a booklet page's text area its lowest line of text (or its lowest rule,
    the lines of a page for notes) reaches: 0 at the top, 1 at the foot."""
    area = text_area(Box(0, 0, page.width, page.height), "booklet")
    wide = area.right - area.left
    bottoms = [ln.bottom for ln in page.lines] + [
        b.bottom for b in page.ink if b.height < 1.5 and b.right - b.left > 0.3 * wide]
    return max(0.0, (max(bottoms) - area.top) / area.height) if bottoms else 0.0


def _booklet_pages(name: str, pages: list[PageFacts], figures: Figures) -> list[str]:
    if not any(p.ink for p in pages):
        return [f"{name}: no page has content"]
    figures.body_pt.append(body_size([ln for p in pages for ln in p.lines]))
    problems = []
    for i, page in enumerate(pages):
        if not page.ink:
            figures.blank.append(page.number)
            problems.append(f"{name} page {page.number}: blank")
            continue
        fill = booklet_fill(page)
        figures.fill.append(round(fill, 3))
        if fill < PAGE_FILL and i + 1 < len(pages):
            problems.append(f"{name} page {page.number} of {len(pages)}: {fill:.0%} full, "
                            f"under {PAGE_FILL:.0%}, and not the last page")
    return problems


# -- the command line: every PDF of a built site ------------------------------------------------

def kind_of(path: Path) -> str | None:
    """A PDF's kind from its name (None: the imposed booklet, made of the A5 pages)."""
    for suffix, kind in (("-card.pdf", "card"), ("-sheet.pdf", "sheet"),
                         ("-player-aid.pdf", "aid"), ("-booklet-a4.pdf", None)):
        if path.name.endswith(suffix):
            return kind
    return "booklet"


def _span(values: list[float], fmt: str = "{:g}") -> str:
    if not values:
        return "-"
    low, high = min(values), max(values)
    return fmt.format(low) if low == high else f"{fmt.format(low)}-{fmt.format(high)}"


def main(site: Path) -> int:
    table: dict[str, list[Figures]] = {}
    failing = 0
    for path in sorted(site.glob("*/*/*.pdf")):
        kind = kind_of(path)
        if kind is None:
            continue
        figures = Figures()
        problems = audit(path, kind, figures=figures)
        table.setdefault(kind, []).append(figures)
        print(f"{path.relative_to(site)}: {figures.pages} page(s), body {_span(figures.body_pt)} pt, "
              f"fill {_span(figures.fill, '{:.0%}')}, quiet zones {_span(figures.quiet)} modules, "
              f"blank pages {figures.blank or 'none'}")
        for problem in problems:
            print("   ", problem)
        failing += bool(problems)
    print()
    for kind, rows in table.items():
        fills = [f for r in rows for f in r.fill]
        print(f"{kind}: {len(rows)} PDFs, {_span([r.pages for r in rows])} pages, "
              f"body {_span([b for r in rows for b in r.body_pt])} pt, fill min {min(fills):.0%} "
              f"median {statistics.median(fills):.0%}, quiet zones "
              f"{_span([q for r in rows for q in r.quiet])} modules, "
              f"{sum(len(r.blank) for r in rows)} blank pages")
    print(f"{failing} of {sum(len(r) for r in table.values())} PDFs break a rule")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1])))
