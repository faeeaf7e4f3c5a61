"""The numbers page in Chromium: one for every game and language, linked from the game page;
every chart with both axes and their titles; one configuration shown at a time with the
script, every one without it; axe-core finds nothing in light and dark. And the sitemap
lists every numbers page with its other languages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import corpus, in_turn, schemes_in_turn
from generator.core.languages import LANGUAGES
from generator.web.site import Kind, plan

SITE = plan(corpus().games)
NUMBERS = [p for p in SITE.pages if p.kind is Kind.NUMBERS]

AXES = """() => [...document.querySelectorAll('svg.chart')].map(svg => ['axis-x', 'axis-y'].map(axis => {
    const g = svg.querySelector('g.' + axis);
    return g ? [g.querySelector('line.axis') !== null,
                (g.querySelector('.axis-title') || {}).textContent || '',
                g.querySelectorAll('.tick-label').length] : null;
}))"""
SHOWN = ("() => [...document.querySelectorAll('.numbers-group')]"
         ".filter(g => g.checkVisibility()).map(g => g.id)")


@pytest.mark.deep
def test_every_game_and_language_has_a_numbers_page_linked_from_the_game_page(
        server: str, browser, site: Path) -> None:
    """Every game page links its numbers page (read in its HTML); the numbers pages are
    opened in Chromium (make test: each game's in one of the six languages, in turn, the first
    of each language reached by a click; make test-deep: every one)."""
    assert len(NUMBERS) == sum(1 for p in SITE.pages if p.kind is Kind.GAME) > 50
    games = [b.rules.id for b in corpus().games]
    page = browser.new_page(viewport={"width": 390, "height": 800})
    opened: set[str] = set()
    for numbers in NUMBERS:
        game = SITE.find(Kind.GAME, lang=numbers.lang, game=numbers.game)
        assert game is not None
        # the game page's one link to it, read in the page's HTML; followed by a click on
        # the first opened of each language (the others are loaded by their address)
        linked = re.findall(r'<section[^>]*id="numbers".*?</section>',
                            (site / game.path).read_text(encoding="utf-8"), re.S)
        assert len(linked) == 1 and linked[0].count('href="numbers/index.html"') == 1, game.path
        if not in_turn(games.index(numbers.game or ""), LANGUAGES.index(numbers.lang), 6):
            continue
        if numbers.lang not in opened:  # the first of its language: reached by the link
            opened.add(numbers.lang)
            page.goto(f"{server}/{game.path}")
            page.locator('#numbers a[href="numbers/index.html"]').click()
            page.wait_for_load_state()
        else:
            page.goto(f"{server}/{numbers.path}")
        assert page.url.endswith(numbers.path), numbers.path
        assert page.evaluate("document.documentElement.lang") == numbers.lang
        charts = page.evaluate(AXES)
        groups = page.locator(".numbers-group").count()
        assert groups <= len(charts) <= 2 * groups, numbers.path  # a fixed length is not charted
        for chart in charts:
            for axis in chart:  # its line, its title, at least two labelled ticks
                assert axis is not None and axis[0] and axis[1].strip() and axis[2] >= 2, \
                    (numbers.path, chart)
        assert len(page.evaluate(SHOWN)) == 1  # one configuration at a time
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, numbers.path
    page.close()
    assert opened == set(LANGUAGES)


def test_the_picker_shows_the_chosen_configuration_and_keeps_it_in_the_address(
        server: str, browser) -> None:
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{server}/en/uomo-nero/numbers/")
    assert page.evaluate(SHOWN) == ["numbers-4"]  # the base game with four players first
    picker = page.get_by_role("combobox", name="Players and variant")
    assert picker.is_visible() and not page.locator(".numbers-index").is_visible()
    picker.select_option("numbers-6")
    assert page.evaluate(SHOWN) == ["numbers-6"]
    assert page.url.endswith("#numbers-6")
    assert page.locator("[data-numbers-status]").text_content() == "6 players"
    joker = page.evaluate("[...document.querySelectorAll('#numbers-pick option')]"
                          ".map(o => o.value).find(v => v.startsWith('numbers-joker'))")
    page.goto(f"{server}/en/uomo-nero/numbers/#{joker}")  # a shared address
    page.reload()
    assert page.evaluate(SHOWN) == [joker]
    page.close()


def test_without_the_script_every_configuration_is_shown_under_its_links(server: str,
                                                                         browser) -> None:
    page = browser.new_page(java_script_enabled=False)
    page.goto(f"{server}/ru/uomo-nero/numbers/")
    shown = page.evaluate(SHOWN)
    assert len(shown) == page.locator(".numbers-group").count() > 5
    assert not page.locator("[data-numbers-picker]").is_visible()
    links = page.evaluate("[...document.querySelectorAll('.numbers-index a')].map(a => a.hash.slice(1))")
    assert links == shown
    page.close()


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_charts_read_in_the_pages_direction_and_fit_the_phone(server: str, browser, lang: str,
                                                              screenshots: Path) -> None:
    numbers = next(p for p in NUMBERS if p.lang == lang and p.game == "uomo-nero")
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto(f"{server}/{numbers.path}")
    svg = page.locator(".numbers-group:not([hidden]) svg.chart-bars")
    box, y_axis = svg.bounding_box(), svg.locator("g.axis-y line.axis").bounding_box()
    assert box is not None and y_axis is not None
    on_the_right = y_axis["x"] > box["x"] + box["width"] / 2
    assert on_the_right == (lang == "ar")
    for title in svg.locator(".axis-title").all():  # inside the picture, not cut off
        t = title.bounding_box()
        assert t is not None and box["x"] - 1 <= t["x"] and t["x"] + t["width"] <= box["x"] + box["width"] + 1
    page.screenshot(path=str(screenshots / f"{lang}-numbers.png"), full_page=True)
    page.close()


@pytest.mark.deep
@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_axe_finds_no_violation_on_the_numbers_page(server: str, browser, lang: str) -> None:
    """A pairing game's numbers page and a trick game's: make test, each in one scheme a
    language, in turn (each in both schemes over the languages, every language in both);
    make test-deep, each in both."""
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    axe = axe_module.Axe()
    page = browser.new_page()
    turn = ("en", "ru", "ar").index(lang)
    for k, game in enumerate(("uomo-nero", "hearts")):
        for scheme in schemes_in_turn(turn + k):
            page.emulate_media(color_scheme=scheme)
            numbers = next(p for p in NUMBERS if p.lang == lang and p.game == game)
            page.goto(f"{server}/{numbers.path}")
            violations = axe.run(page).response["violations"]
            assert violations == [], (scheme, numbers.path, [(v["id"], [n["target"] for n in v["nodes"]])
                                                             for v in violations])
    page.close()


def test_every_numbers_page_is_in_the_sitemap_with_its_languages(site: Path) -> None:
    xml = (site / "sitemap.xml").read_text(encoding="utf-8")
    base = "https://rulebook.example/"
    for numbers in NUMBERS:
        entry = re.search(f"<url><loc>{re.escape(base + numbers.url_path)}</loc>(.*?)</url>", xml, re.S)
        assert entry is not None, numbers.path
        languages = re.findall(r'hreflang="([a-z-]+)" href="([^"]+)"', entry.group(1))
        assert len(languages) == len(SITE.translations(numbers)) + 1  # and x-default
        assert all(href.endswith("/numbers/") for _, href in languages)
