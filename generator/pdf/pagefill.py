"""How full each page of a laid-out document is: where its lowest line of text (or its lowest
rule, the lines of a notes page) ends, as a share of the page's content area, from WeasyPrint's
boxes right after ``render()``.

A booklet set as a reference leaves no page under half full but its last: a page that holds
the tail of a chapter (three lines of the colophon) reads as a page left out. The render lays a
booklet out again, its rules' type a few tenths of a point smaller or larger, where one is
(render.py: ``_booklet_fitted``).
"""

from __future__ import annotations

from typing import Any, Iterator

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
