"""A booklet to print at home: A5 pages padded to a multiple of four, imposed two-up on A4.

Saddle stitching folds a stack of A4 sheets printed on both sides in the middle: sheet k
(from 0) carries, left to right, pages n-2k and 2k+1 on its front and 2k+2 and n-2k-1 on its
back, so the folded stack reads 1, 2, ..., n. A right-to-left booklet (Arabic) is bound on
the right: each side is mirrored.

The imposed PDF is made from the finished A5 PDF (with pikepdf), so it shows exactly what the
A5 file shows; it depends on nothing but those bytes and is cached by their digest.
"""

from __future__ import annotations

import hashlib
import io
from typing import Any

from ..runtime.cache import Cache

IMPOSITION_VERSION = "1"  # part of the cache key: raise it when the layout below changes
A4_LONG, A4_SHORT = 297 * 72 / 25.4, 210 * 72 / 25.4  # in points


def pad_pages(document: Any, multiple: int) -> Any:
    """A WeasyPrint ``Document`` with blank pages added at the end up to a multiple of pages.

    The blank pages are copies of the last page's box without content or margin boxes: same
    size, no running title or number (they are the notes pages and the back cover)."""
    from weasyprint.document import Page

    missing = -len(document.pages) % multiple
    if not missing:
        return document
    blank = Page(document.pages[-1]._page_box.copy_with_children([]))
    return document.copy(list(document.pages) + [blank] * missing)


def sheet_order(pages: int, *, rtl: bool = False) -> list[tuple[int, int]]:
    """The page numbers (from 1) on the left and right half of each A4 side, side by side:
    sheet 1 front, sheet 1 back, sheet 2 front, ...

    >>> sheet_order(8)
    [(8, 1), (2, 7), (6, 3), (4, 5)]
    >>> sheet_order(8, rtl=True)
    [(1, 8), (7, 2), (3, 6), (5, 4)]
    """
    if pages % 4:
        raise ValueError(f"a saddle-stitched booklet has a multiple of 4 pages, not {pages}")
    sides = []
    for k in range(pages // 4):
        front, back = (pages - 2 * k, 2 * k + 1), (2 * k + 2, pages - 2 * k - 1)
        sides += [front[::-1], back[::-1]] if rtl else [front, back]
    return sides


def impose(pdf: bytes, *, rtl: bool = False) -> bytes:
    """The A5 booklet ``pdf`` two-up on A4 landscape sides, in saddle-stitch order.

    qpdf (pikepdf) turns each A5 page into a form XObject, its fonts shared, without parsing
    its drawing: a sixth of the time pypdf takes to read the tagged booklet's object streams."""
    import pikepdf

    source = pikepdf.Pdf.open(io.BytesIO(pdf))
    x0, y0, x1, y1 = (float(v) for v in source.pages[0].mediabox)
    width, height = x1 - x0, y1 - y0
    # A4 landscape; A5 is 148 mm wide, half of A4's 297 rounded down: the halves meet at the fold.
    sheet_width, sheet_height = max(A4_LONG, 2 * width), max(A4_SHORT, height)
    fold, y = sheet_width / 2, (sheet_height - height) / 2
    out = pikepdf.Pdf.new()
    for left, right in sheet_order(len(source.pages), rtl=rtl):
        out.add_blank_page(page_size=(sheet_width, sheet_height))
        side = out.pages[-1]
        # Named by page number, not by pikepdf's overlay (random names): same input, same bytes.
        forms = {f"/P{n}": out.copy_foreign(source.pages[n - 1].as_form_xobject()) for n in (left, right)}
        side.Resources = pikepdf.Dictionary(XObject=pikepdf.Dictionary(forms))
        side.Contents = out.make_stream(
            f"q 1 0 0 1 {fold - width:.4f} {y:.4f} cm /P{left} Do Q "
            f"q 1 0 0 1 {fold:.4f} {y:.4f} cm /P{right} Do Q".encode())
    # What a reader of the file needs: the title and language of the booklet it imposes.
    for key in ("/Title", "/Author", "/Creator"):
        if key in source.docinfo:
            out.docinfo[key] = pikepdf.String(str(source.docinfo[key]))
    if "/Lang" in source.Root:
        out.Root.Lang = pikepdf.String(str(source.Root.Lang))
    data = io.BytesIO()
    out.save(data, deterministic_id=True, compress_streams=True,
             object_stream_mode=pikepdf.ObjectStreamMode.generate)
    return data.getvalue()


def imposed_pdfs(booklets: dict[str, tuple[bytes, bool]], *, cache: Cache) -> dict[str, bytes]:
    """Each booklet (output path -> A5 bytes, right to left?) imposed, from the cache when the
    same bytes were imposed before."""
    out = {}
    for path, (pdf, rtl) in booklets.items():
        key = hashlib.sha256(f"{IMPOSITION_VERSION}\0{rtl}\0".encode() + pdf).hexdigest()
        cached = cache.get("imposed", key)
        if cached is not None:
            out[path] = cached.data
            continue
        out[path] = data = impose(pdf, rtl=rtl)
        cache.put("imposed", key, data)
    return out
