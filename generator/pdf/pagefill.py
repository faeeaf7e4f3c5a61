"""How full each page of a laid-out document is: where its lowest line of text (or its lowest
rule, the lines of a notes page) ends, as a share of the page's content area, from WeasyPrint's
boxes right after ``render()``.

A booklet set as a reference leaves no page under half full but its last: a page that holds
the tail of a chapter (three lines of the colophon) reads as a page left out. The render lays a
booklet out again, its rules' type a few tenths of a point smaller or larger, where one is
(render.py: ``_booklet_fitted``).
"""

from __future__ import annotations

from typing import Any, Iterable, Iterator

from .overflow import _border_rect, _has_ink, _is_margin_box

HALF = 0.5  # the least a booklet's page fills, but its last


def page_fills(document: Any) -> list[float]:
    """Each page's fill, from 0 (nothing on it) to 1 (a line at the foot of its content area)."""
    fills = []
    for page in document.pages:
        box = page._page_box
        top, height = box.content_box_y(), box.height
        bottoms = [bottom for child in box.children if not _is_margin_box(child)
                   for bottom in _ink_bottoms(child)]
        fills.append(round(max(0.0, (max(bottoms) - top) / height), 3) if bottoms else 0.0)
    return fills


def feet(document: Any, elements: Iterable[Any]) -> dict[Any, list[tuple[int, float]]]:
    """Where each of ``elements`` (of the parsed tree laid out) ends on each page it is on: the
    page (from 0) and the foot of its lowest box there, as a share of the page's content area
    from its top, as ``page_fills`` measures a page."""
    wanted = set(elements)
    found: dict[Any, dict[int, float]] = {}
    for number, page in enumerate(document.pages):
        box = page._page_box
        top, height = box.content_box_y(), box.height
        for child in box.descendants():
            element = getattr(child, "element", None)
            rect = _border_rect(child) if element in wanted else None
            if rect is not None:
                at = found.setdefault(element, {})
                at[number] = max(at.get(number, 0.0), (rect.bottom - top) / height)
    return {element: sorted(at.items()) for element, at in found.items()}


def short_pages(fills: list[float]) -> list[int]:
    """The pages (from 1) under half full, but the last."""
    return [n for n, fill in enumerate(fills[:-1], start=1) if fill < HALF]


def _ink_bottoms(box: Any) -> Iterator[float]:
    """The bottom of each line with text under ``box``, and of each box that draws (a rule, a
    cell's border, an image): what a reader sees end on the page."""
    kind = type(box).__name__
    if kind == "LineBox" or not getattr(box, "children", None):
        rect = _border_rect(box)
        if rect is not None and _has_ink(box):
            yield rect.bottom
        return
    rect = _border_rect(box)
    if rect is not None and box.style["border_bottom_width"]:
        yield rect.bottom  # a box ruled at its foot (a table's row)
    for child in box.children:
        yield from _ink_bottoms(child)
