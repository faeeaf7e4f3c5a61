"""A document's PDF as the build renders it (pdf/render.py: copy-fitting, the booklet's size
search and fill pages), in the test's own process: one document, no pool, no cache."""

from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from conftest import ROOT

PRINT = ROOT / "templates" / "print"


@contextmanager
def as_a_worker() -> Iterator[None]:
    """This process set up as a PDF worker is (its fetcher, fonts and parsed print.css), while
    inside."""
    from generator.pdf import render
    from generator.pdf.assets import collect

    assets = collect(ROOT / "templates")
    setup = render._WorkerSetup(base_url=PRINT.resolve().as_uri() + "/",
                                root=str(PRINT.parent.resolve()), assets=assets.digest)
    render._WORKER.update(render._worker_state(setup, assets))
    try:
        yield
    finally:
        render._WORKER.clear()


def render_as_built(html: str, path: Path, *, multiple: int = 1, fit: bool = False) -> Path:
    """``html`` rendered as the build renders a document of its kind (``multiple``: 4 for a
    booklet; ``fit``: a card, a sheet or a player aid), written to ``path``; no box lost."""
    from generator.pdf import render

    with as_a_worker():
        data, _, _, lost = render._render_one((html, multiple, fit))
    assert not lost, lost
    path.write_bytes(data)
    return path
