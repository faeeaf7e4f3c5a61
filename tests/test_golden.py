"""Golden files: one game page per language, compared byte for byte.

After an intended change of templates, catalogs or prose, regenerate them with
`UPDATE_GOLDEN=1 make test` and review the diff of tests/golden/ before committing.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from conftest import ROOT, RULES
from generator.build import BuildConfig, build
from generator.check import check
from generator.site import Kind, plan

GOLDEN = Path(__file__).parent / "golden"
CHECKED = check([RULES], root=ROOT)
SITE = plan(CHECKED.games)
PAGES = [next(p for p in SITE.pages if p.kind is Kind.GAME and p.lang == lang) for lang in SITE.languages]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("golden") / "site"
    assert build(BuildConfig(RULES, ROOT / "templates", out, pdf=False)).ok
    return out


@pytest.mark.parametrize("path", [p.path for p in PAGES], ids=[p.lang or "" for p in PAGES])
def test_page_matches_its_golden_file(built: Path, path: str) -> None:
    golden = GOLDEN / path.replace("/", "__")
    actual = (built / path).read_text(encoding="utf-8")
    if os.environ.get("UPDATE_GOLDEN"):
        golden.parent.mkdir(exist_ok=True)
        golden.write_text(actual, encoding="utf-8")
    assert golden.exists(), f"no golden file {golden.name}: run UPDATE_GOLDEN=1 make test"
    assert actual == golden.read_text(encoding="utf-8"), \
        f"{path} differs from {golden.name}; if intended, run UPDATE_GOLDEN=1 make test"


def test_no_stale_golden_files() -> None:
    expected = {p.path.replace("/", "__") for p in PAGES}
    assert {g.name for g in GOLDEN.glob("*.html")} == expected
