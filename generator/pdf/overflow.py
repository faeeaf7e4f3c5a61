"""No line lost in print: every box of a laid-out document inside its page's content area.

Text that runs off a page is still in the PDF (a text extractor finds it), so only the layout
can tell that a reader never sees it. The check walks WeasyPrint's boxes right after
``render()``, in the worker, and reports each box that leaves the content area of its page
(inside the page margins), or the content area of an ancestor that clips it (``overflow:
hidden``: a cell of the four-up sheet, a card of the player aid, whose padding is the card's
margin, where a cut a millimetre off would take the text with it). Every copy of a sheet's
card is walked, not only the first. Margin boxes (running title, page numbers) live in the page
margins by design and are not checked.

An overflow is reported once, at its outermost box, with the text of what is cut: "the table
ends 21.5 mm past the right edge; 'Dario', '0 (0)' are outside".
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator

if TYPE_CHECKING:
    from ..core.diagnostics import Report

PX_PER_MM = 96 / 25.4  # WeasyPrint lays out in CSS pixels
# Half a millimetre, invisible on paper: layout rounding, hairline borders, and shaped Arabic
# lines that end up to 0.3 mm wider than WeasyPrint measured them when breaking the line.
TOLERANCE = 0.5 * PX_PER_MM


@dataclass(frozen=True)
class Rect:
    left: float
    top: float
    right: float
    bottom: float

    def intersect(self, other: Rect) -> Rect:
        return Rect(max(self.left, other.left), max(self.top, other.top),
                    min(self.right, other.right), min(self.bottom, other.bottom))

    def beyond(self, box: Rect) -> dict[str, float]:
        """How far ``box`` reaches past each side of this rectangle, in px (sides it crosses)."""
        out = {"left": self.left - box.left, "right": box.right - self.right,
               "top": self.top - box.top, "bottom": box.bottom - self.bottom}
        return {side: by for side, by in out.items() if by > TOLERANCE}


@dataclass(frozen=True)
class Overflow:
    """One element that is (partly) outside the area it may print in."""

    page: int  # counted from 1
    element: str  # 'table.sheet', 'td', 'p.lead' ...
    side: str  # the side it crosses most: left, right, top or bottom
    by_mm: float
    outside: tuple[str, ...]  # the texts that are cut off, first few
    area: str = "content area"  # or "clipping box": inside the margins of an ancestor that clips

    def describe(self) -> str:
        if self.side == "apart":
            return (f"page {self.page}: <{self.element}> {', '.join(repr(t) for t in self.outside)} "
                    "is left without its table, which starts on the next page")
        where = ("the page's content area" if self.area == "content area"
                 else "the text area of the card (the box that clips it, less its margins)")
        text = (f"page {self.page}: <{self.element}> ends {self.by_mm:.1f} mm past the {self.side} "
                f"edge of {where}")
        if self.outside:
            text += "; outside: " + ", ".join(repr(t) for t in self.outside)
        return text


def report_overflows(report: Report, found: dict[str, list[Overflow]], documents: Iterable[Any],
                     rules: Path) -> None:
    """Each lost box as an error at the language file the document is made from: the build
    then refuses to publish."""
    from ..core.diagnostics import Mark

    for doc in documents:
        for overflow in found.get(doc.path, []):
            report.error(Mark(str(rules / doc.game / f"{doc.lang}.yaml")), "pdf-overflow",
                         f"{doc.path}, {overflow.describe()}",
                         hint="content outside the page is lost in print: shorten it or fix the print CSS")


def overflows(document: Any) -> list[Overflow]:
    """Every overflow of a rendered WeasyPrint ``Document``, page by page."""
    found: list[Overflow] = []
    for number, page in enumerate(document.pages, start=1):
        page_box = page._page_box
        area = Rect(page_box.content_box_x(), page_box.content_box_y(),
                    page_box.content_box_x() + page_box.width,
                    page_box.content_box_y() + page_box.height)
        for child in page_box.children:
            if not _is_margin_box(child):
                found.extend(_walk(child, area, "content area", number))
                found.extend(_lone_captions(child, number))
    return found


def _lone_captions(box: Any, page: int) -> Iterator[Overflow]:
    """A table caption at the foot of a page whose rows all went to the next one: lost to the
    reader as surely as a cut column (main's Hearts booklet had one)."""
    if getattr(box, "is_table_wrapper", False):
        captions = [c for c in box.children if type(c).__name__ == "TableCaptionBox"]
        tables = [c for c in box.children if type(c).__name__ == "TableBox"]
        body_rows = sum(len(group.children) for table in tables for group in table.children
                        if not group.is_header and not group.is_footer)
        if captions and not body_rows:
            text = " ".join(" ".join(t.text for t in _text_boxes(captions[0])).split())
            yield Overflow(page, "caption", "apart", 0.0, (text,))
        return
    for child in getattr(box, "children", ()):
        yield from _lone_captions(child, page)


def _walk(box: Any, area: Rect, area_name: str, page: int, *, in_line: bool = False
          ) -> Iterator[Overflow]:
    rect = _border_rect(box)
    if rect is not None:
        beyond = area.beyond(rect)
        if in_line:  # an inline box is as tall as its font, not its line: the line box is checked
            beyond.pop("top", None), beyond.pop("bottom", None)
        if beyond and _has_ink(box):
            side, by = max(beyond.items(), key=lambda item: item[1])
            texts = tuple(dict.fromkeys(t for t in _texts_outside(box, area) if t))[:4]
            yield Overflow(page, _name(box), side, round(by / PX_PER_MM, 1), texts, area_name)
            return  # its descendants are cut with it: one finding for the element
    if rect is not None and box.style["overflow"] != "visible":
        area, area_name = area.intersect(_content_rect(box)), "clipping box"
    in_line = in_line or type(box).__name__ == "LineBox"
    for child in getattr(box, "children", ()):
        yield from _walk(child, area, area_name, page, in_line=in_line)


def _is_margin_box(box: Any) -> bool:
    return type(box).__name__ == "MarginBox"


def _border_rect(box: Any) -> Rect | None:
    try:
        x, y = box.border_box_x(), box.border_box_y()
        return Rect(x, y, x + box.border_width(), y + box.border_height())
    except (AttributeError, TypeError):  # a box that was never laid out
        return None


def _content_rect(box: Any) -> Rect:
    x, y = box.content_box_x(), box.content_box_y()
    return Rect(x, y, x + box.width, y + box.height)


def _has_ink(box: Any) -> bool:
    """Empty boxes (a zero-width line end, an empty anonymous block) lose nothing."""
    if type(box).__name__ == "TextBox":
        return bool(box.text.strip())
    if getattr(box, "children", None):
        return any(_has_ink(child) for child in box.children)
    style = box.style
    return bool(type(box).__name__.endswith("ReplacedBox") or any(
        style[f"border_{side}_width"] for side in ("top", "right", "bottom", "left"))
        or style["background_color"].alpha)


def _texts_outside(box: Any, area: Rect) -> Iterator[str]:
    """The texts of the box that do not fit the area, in document order: whole lines below or
    above it, single words beside it."""
    kind = type(box).__name__
    rect = _border_rect(box)
    if kind == "LineBox" and rect is not None and set(area.beyond(rect)) & {"top", "bottom"}:
        yield " ".join(" ".join(t.text for t in _text_boxes(box)).split())
        return
    if kind == "TextBox":
        if rect is not None and set(area.beyond(rect)) & {"left", "right"}:
            yield " ".join(box.text.split())
        return
    for child in getattr(box, "children", ()):
        yield from _texts_outside(child, area)


def _text_boxes(box: Any) -> Iterator[Any]:
    if type(box).__name__ == "TextBox":
        yield box
    for child in getattr(box, "children", ()):
        yield from _text_boxes(child)


def _name(box: Any) -> str:
    """The element a box belongs to, as a CSS-like selector: ``td``, ``table.sheet``."""
    element = getattr(box, "element", None)
    tag = (box.element_tag or "").split("::")[0] or "box"
    classes = element.get("class", "").split() if element is not None else []
    return tag + "".join(f".{c}" for c in classes[:2])
