"""The page scripts in Chromium at an address whose fragment is no valid percent-encoding
(`#%`, typed or pasted): decodeURIComponent throws URIError there, and a script that let it
would stop half-way (the numbers picker dead, the print handler never installed). The pages
are the golden ones (tests/golden/) with the templates' static files: no site is built."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from conftest import TEMPLATES, serve_folder

GOLDEN = Path(__file__).parent / "golden"
GAME = "en/black-peter/"
NUMBERS = "en/black-peter/numbers/"
SHOWN = ("() => [...document.querySelectorAll('.numbers-group')]"
         ".filter(g => g.checkVisibility()).map(g => g.id)")


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("address")
    for rel in (GAME, NUMBERS):
        (root / rel).mkdir(parents=True, exist_ok=True)
        shutil.copy(GOLDEN / f"{rel.rstrip('/').replace('/', '__')}__index.html",
                    root / rel / "index.html")
    shutil.copytree(TEMPLATES / "static", root / "static")
    httpd, url = serve_folder(root)
    yield url
    httpd.shutdown()


def opened(browser: Any, url: str) -> tuple[Any, list[str]]:
    """The page at ``url``, loaded, and the errors its scripts threw (growing as they come)."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.wait_for_load_state("load")
    return page, errors


@pytest.mark.parametrize("fragment", ["%", "%E0%A4%A", "numbers-%zz"])
def test_the_numbers_picker_works_at_a_malformed_address(pages: str, browser: Any,
                                                        fragment: str) -> None:
    page, errors = opened(browser, f"{pages}/{NUMBERS}#{fragment}")
    assert page.locator("[data-numbers-picker]").is_visible()
    assert page.evaluate(SHOWN) == ["numbers-4"]  # the chosen one, as without a fragment
    page.get_by_role("combobox").select_option("numbers-2")
    assert page.evaluate(SHOWN) == ["numbers-2"]
    assert errors == []
    page.close()


def test_a_game_page_at_a_malformed_address_still_prints_what_it_folds(
        pages: str, browser: Any) -> None:
    page, errors = opened(browser, f"{pages}/{GAME}#%")
    folded = "() => document.querySelectorAll('article details:not([open])').length"
    assert page.evaluate(folded) > 0
    page.evaluate("() => window.dispatchEvent(new Event('beforeprint'))")
    assert page.evaluate(folded) == 0  # the print handler was installed
    # another, after the page loaded: the page's own listeners (added first) run before this one
    page.evaluate("() => new Promise(done => { window.addEventListener('hashchange', done, "
                  "{once: true}); location.hash = '%x'; })")
    assert page.evaluate("location.hash") == "#%x"
    assert errors == []
    page.close()
