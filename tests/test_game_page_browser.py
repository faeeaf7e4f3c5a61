"""The game page as a first-time reader meets it, in a real Chromium: the contents at hand,
the glossary's terms opening where they are used, and nothing axe-core objects to, light and
dark. (Short enough on a phone, the rules first: the walk through every page in
tests/test_browser.py.)"""

from __future__ import annotations

import pytest

from conftest import DEEP, corpus

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
WIDE = {"width": 1280, "height": 900}
def _trick_page(lang: str) -> str:
    from generator.web.site import Kind, plan

    site = plan(corpus().games)
    page = site.find(Kind.GAME, lang=lang, game="hearts")
    assert page is not None
    return page.path


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_a_glossary_term_opens_its_definition_by_keyboard_and_by_tap(server: str, browser,
                                                                    lang: str) -> None:
    address = f"{server}/{_trick_page(lang)}"
    # the keyboard: Tab reaches the first term, its definition shows; Escape closes it
    page = browser.new_page(viewport=PHONE)
    page.goto(address)
    term = page.locator("#objective a.term, #steps a.term").first
    tip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    assert tip.get_attribute("role") == "tooltip" and not tip.is_visible()
    for _ in range(200):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('term')"):
            break
    assert page.evaluate("document.activeElement.classList.contains('term')")
    assert page.locator("a.term:focus + .term-tip").is_visible()
    page.keyboard.press("Enter")
    focused_tip = page.locator("a.term:focus + .term-tip")
    assert focused_tip.is_visible() and page.evaluate("location.hash") == ""
    page.keyboard.press("Escape")
    assert page.evaluate("document.querySelectorAll('.term-wrap.is-open').length") == 0
    page.close()
    # a tap: the definition opens in place, on the screen, and the page does not move away
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto(address)
    term = page.locator("#objective a.term, #steps a.term").first
    tip = page.locator(f"#{term.get_attribute('aria-describedby')}")
    term.tap()
    assert tip.is_visible() and page.evaluate("location.hash") == ""
    box = tip.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert tip.inner_text().strip()
    page.locator("h1").tap()
    assert not tip.is_visible()
    context.close()


def test_the_contents_are_at_hand_on_a_phone_and_beside_the_text_on_a_wide_screen(
        server: str, browser) -> None:
    address = f"{server}/{_trick_page('en')}"
    page = browser.new_page(viewport=PHONE)
    page.goto(address)
    toggle = page.locator(".toc-toggle")
    assert toggle.is_visible() and not page.locator("#toc-list").is_visible()
    page.evaluate("scrollTo(0, 6000)")
    # names the section being read (set on the scroll's next frame: waited for, not slept on)
    page.wait_for_function("document.querySelector('.toc-current').textContent.trim() !== ''")
    assert toggle.bounding_box()["y"] == 0  # stays at the top  # type: ignore[index]
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "true"
    page.locator("#toc-list a[href='#faq']").click()
    page.wait_for_function("location.hash === '#faq'")
    assert not page.locator("#toc-list").is_visible()
    # the bar names the section being read: the one just chosen
    faq_title = page.locator("#faq-h").inner_text().strip()
    page.wait_for_function("t => document.querySelector('.toc-current').textContent.trim() === t",
                           arg=faq_title)
    faq = page.locator("#faq-h").bounding_box()
    assert faq is not None and faq["y"] >= toggle.bounding_box()["height"]  # type: ignore[index]
    page.close()

    page = browser.new_page(viewport=WIDE)
    page.goto(address)
    assert not page.locator(".toc-toggle").is_visible()
    page.evaluate("scrollTo(0, 6000)")
    page.wait_for_function("(() => { const a = document.querySelector('#toc a[aria-current]');"
                           " return a && a.getAttribute('href') !== '#main'; })()")
    toc = page.locator("#toc").bounding_box()
    main = page.locator("#objective").bounding_box()
    assert toc is not None and main is not None
    assert 0 <= toc["y"] < WIDE["height"] and toc["x"] > main["x"] + main["width"]
    current = page.locator("#toc a[aria-current]")
    assert current.count() == 1 and current.get_attribute("href") != "#main"
    assert page.locator("#toc .to-top a").is_visible()
    page.close()


@pytest.mark.deep
@pytest.mark.parametrize("lang", ["en", "ru", "ar"] if DEEP else ["en", "ar"])
def test_axe_finds_no_violation_with_the_contents_and_a_definition_open(server: str, browser,
                                                                        lang: str) -> None:
    """make test: English dark, Arabic light (tests/test_webtype.py scans the same page kind
    closed, English light, Russian dark, Arabic light); make test-deep: each language in both
    schemes."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_module.Axe()
    for scheme in ("light", "dark") if DEEP else {"en": ("dark",), "ar": ("light",)}[lang]:
        page = browser.new_page(viewport=PHONE, color_scheme=scheme)
        page.goto(f"{server}/{_trick_page(lang)}")
        for open_it in (".toc-toggle", "#objective a.term, #steps a.term"):
            page.keyboard.press("Escape")  # closes the contents before a definition opens
            page.locator(open_it).first.click()
            violations = axe.run(page).response["violations"]
            assert violations == [], (scheme, lang, open_it, [
                (v["id"], [n["target"] for n in v["nodes"]]) for v in violations])
        page.close()
