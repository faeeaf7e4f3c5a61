"""A document's PDF as the build renders it (pdf/render.py: copy-fitting, the booklet's size
search and fill pages), in the test's own process: one document, no pool, no cache."""

from __future__ import annotations

from pathlib import Path

from conftest import ROOT

PRINT = ROOT / "templates" / "print"


def render_as_built(html: str, path: Path, *, multiple: int = 1, fit: bool = False) -> Path:
    """``html`` rendered as the build renders a document of its kind (``multiple``: 4 for a
    booklet; ``fit``: a card, a sheet or a player aid), written to ``path``; no box lost."""
    from generator.pdf import render
    from generator.pdf.assets import collect

    assets = collect(ROOT / "templates")
    setup = render._WorkerSetup(base_url=PRINT.resolve().as_uri() + "/",
                                root=str(PRINT.parent.resolve()), assets=assets.digest)
    render._WORKER.update(render._worker_state(setup, assets))
    try:
        data, _, _, lost = render._render_one((html, multiple, fit))
    finally:
        render._WORKER.clear()
    assert not lost, lost
    path.write_bytes(data)
    return path
