"""A real headless Chromium (Debian's) opens the built site from a local server."""

from __future__ import annotations

from pathlib import Path


def test_arabic_page_is_right_to_left_with_cards_left_to_right(server: str, browser,
                                                               screenshots: Path) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    page.goto(f"{server}/ar/black-peter/")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    card = page.locator("main p .card").first
    assert card.evaluate("e => getComputedStyle(e).direction") == "ltr"
    assert card.evaluate("e => getComputedStyle(e).unicodeBidi") == "isolate"
    # The card reads rank then suit, left to right, inside right-to-left text.
    rank, suit = card.evaluate("""e => {
        const r = document.createRange(); r.selectNodeContents(e.firstChild);
        return [r.getBoundingClientRect().left, e.querySelector('small').getBoundingClientRect().left];
    }""")
    assert rank < suit
    # A heading in RTL starts at the right edge of the main column.
    box = page.locator("h1").bounding_box()
    main = page.locator("main").bounding_box()
    assert abs((box["x"] + box["width"]) - (main["x"] + main["width"])) < 40
    page.screenshot(path=str(screenshots / "ar-black-peter.png"), full_page=True)
    page.close()


def test_negative_numbers_read_left_to_right_in_arabic(server: str, browser) -> None:
    page = browser.new_page()
    page.goto(f"{server}/ar/peppa-scivolosa/")
    positions = page.evaluate("""() => [...document.querySelectorAll('main .num')]
        .filter(e => e.textContent.startsWith('-') && e.checkVisibility()).map(e => {  // not a hidden step's
          const t = e.firstChild, r = document.createRange();
          r.setStart(t, 0); r.setEnd(t, 1); const minus = r.getBoundingClientRect().left;
          r.setStart(t, 1); r.setEnd(t, 2); const digit = r.getBoundingClientRect().left;
          return [minus, digit]; })""")
    assert positions, "no negative number on the page"
    assert all(minus < digit for minus, digit in positions)  # "-26", not "26-"
    page.close()


def test_switcher_leads_to_the_same_page_in_the_other_language(server: str, browser,
                                                               screenshots: Path) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    page.goto(f"{server}/en/black-peter-32/")
    assert page.evaluate("document.documentElement.dir") == "ltr"
    page.locator('.lang-switch a[hreflang="ar"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/ar/black-peter/index.html")
    assert page.evaluate("document.documentElement.lang") == "ar"
    page.locator('.lang-switch a[hreflang="en"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/en/black-peter-32/index.html")
    page.goto(f"{server}/en/black-peter/")
    page.screenshot(path=str(screenshots / "en-black-peter.png"), full_page=True)
    page.locator('.lang-switch a[hreflang="it"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/it/uomo-nero/index.html")
    page.close()


def test_pages_work_from_disk_too(site: Path, browser) -> None:
    page = browser.new_page()
    page.goto((site / "index.html").as_uri())
    page.locator('a[hreflang="it"]').click()
    page.wait_for_load_state()
    page.locator('.game-card a[href*="uomo-nero"]').click()
    page.wait_for_load_state()
    assert page.url.endswith("/it/uomo-nero/index.html")
    assert page.evaluate("getComputedStyle(document.querySelector('.card')).display") == "inline-block"
    page.close()


def test_no_page_is_wider_than_a_phone(site: Path, server: str, browser) -> None:
    """Every page of the site, in every language, fits a 390 px screen: nothing makes the
    reader scroll sideways (score sheets and wide tables scroll inside their own box)."""
    pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    assert len(pages) > 100
    page = browser.new_page(viewport={"width": 390, "height": 800})  # type: ignore[attr-defined]
    wide = {}
    for path in pages:
        page.goto(f"{server}/{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 390:
            wide[path] = width
    page.close()
    assert not wide, wide
