"""Golden files: one game page per language and the numbers page of one game left to right
and one right to left, compared byte for byte.

After an intended change of templates, catalogs or prose, regenerate them with
`UPDATE_GOLDEN=1 make test` and review the diff of tests/golden/ before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import RULES, corpus
from generator.check.site_spec import load_site_spec
from generator.core.diagnostics import Report
from generator.pipeline.simulate import simulations_of
from generator.runtime.theme import Theme
from generator.web.render import Renderer, SiteConfig
from generator.web.site import Kind, Page, plan

GOLDEN = Path(__file__).parent / "golden"
CHECKED = corpus()
SITE = plan(CHECKED.games)
PAGES = [next(p for p in SITE.pages if p.kind is Kind.GAME and p.lang == lang) for lang in SITE.languages]
PAGES += [next(p for p in SITE.pages
               if p.kind is Kind.NUMBERS and (p.lang, p.game) == (page.lang, page.game))
          for page in PAGES if page.lang in ("en", "ar")]


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    # The pages as published, PDF links included; the PDFs themselves are test_pdf.py's.
    spec = load_site_spec(RULES, Report())
    assert spec is not None
    renderer = Renderer(SiteConfig(Theme.layered(), spec.base_url, spec.name, pdf=True), SITE,
                        CHECKED.replays)
    renderer.numbers.prefetch([s for b in renderer.site.games.values() for s in simulations_of(b)],
                              workers=0)  # on every core, when the disk cache is cold
    return renderer


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.kind.value}-{p.lang}" for p in PAGES])
def test_page_matches_its_golden_file(renderer: Renderer, page: Page) -> None:
    golden = GOLDEN / page.path.replace("/", "__")
    actual = renderer.render(page)
    path = page.path
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run UPDATE_GOLDEN=1 make test"
    assert actual == golden.read_text(encoding="utf-8"), \
        f"{path} differs from {golden.name}; if intended, run UPDATE_GOLDEN=1 make test"


def test_no_stale_golden_files() -> None:
    expected = {p.path.replace("/", "__") for p in PAGES}
    assert {g.name for g in GOLDEN.glob("*.html")} == expected
