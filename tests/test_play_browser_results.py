"""The play page at the end of a hand, in Chromium (issue 37): the result shown with its
headline and figures that say whose they are, the whole hand kept in the log (folded, not
renumbered), the cards chosen to pass marked plainly, the focus on a playable card after the
pass, the pace brisk by default and remembered, the pairing page's own how-to, and axe with a
result on the page. A tiny site: Hearts and Schwarzer Peter (and Peppa, which Hearts links
to) in English, Russian and Arabic."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from test_play_browser import PHONE, _slug

from conftest import DEEP, PAIRS_GAME, TEMPLATES, TRICKS_GAME, schemes_in_turn, serve_folder, small_rules
from generator.pipeline import BuildConfig, build


@pytest.fixture(scope="module")
def results_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    tmp = tmp_path_factory.mktemp("results-site")
    rules = small_rules(tmp / "rules", games=(PAIRS_GAME, TRICKS_GAME, "hearts", "chat-noir"),
                        langs=("ru", "ar"))
    result = build(BuildConfig(rules, TEMPLATES, tmp / "site", pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    httpd, url = serve_folder(tmp / "site")
    yield url
    httpd.shutdown()


def _page(browser: Any, url: str, **context: Any) -> Any:
    page = browser.new_page(viewport=PHONE, **context)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


ACTIVE = """() => { const a = document.activeElement;
  return { card: a.dataset.card || null, disabled: a.getAttribute('aria-disabled') }; }"""
CHOSEN = """() => { const c = document.querySelector('.play-card.is-chosen');
  return { transform: getComputedStyle(c).transform, tick: getComputedStyle(c, '::after').content,
           ring: getComputedStyle(c).boxShadow }; }"""


def _pass(page: Any) -> None:
    """Chooses the first three cards by the keyboard and passes them."""
    for i in range(3):
        page.locator(".play-mine button.play-card").nth(i).click()
    page.locator(".play-pass").click()


def _play_hand(page: Any) -> None:
    for _ in range(200):
        if page.locator(".play-end").count():
            return
        card = page.locator(".play-mine button.play-card:not([aria-disabled=true])")
        if card.count():
            card.first.click()
        else:
            page.wait_for_timeout(20)
    raise AssertionError("the hand did not end")


def test_a_hearts_hand_ends_with_a_result_that_explains_itself(results_site: str,
                                                                browser: Any) -> None:
    page = _page(browser, f"{results_site}/en/hearts/play/index.html?pace=0&seed=5")
    try:
        page.click("#play-start")
        for i in range(3):
            page.locator(".play-mine button.play-card").nth(i).click()
        chosen = page.evaluate(CHOSEN)  # lifted and ticked, not only a thin border
        assert chosen["transform"] != "none" and chosen["tick"] == '"✓"'
        # ringed round its face: a 4 px ring of the accent, 2 px off the card
        assert "0px 0px 0px 4px" in chosen["ring"] and "0px 0px 0px 2px" in chosen["ring"], chosen
        page.locator(".play-pass").click()
        page.wait_for_function("document.activeElement.dataset.card !== undefined")
        active = page.evaluate(ACTIVE)  # the focus on a card that may be played
        legal = page.evaluate("window.rulebook.legalMoves().map(m => m.play)")
        if page.evaluate("window.rulebook.state().turn") == 0:
            assert active["card"] in legal and active["disabled"] is None
        assert page.locator(".play-seat .play-count", has_text="Points this hand:").count() == 3
        _play_hand(page)
        result = page.locator(".play-result")
        assert result.locator("h2").inner_text() == "Hand 1: the result"
        assert result.locator(".play-headline").inner_text().startswith(
            "Best in this hand, with the lowest score: ")
        assert "Scores of this hand: You\xa0" in result.inner_text()
        assert "Your points this hand:" in page.locator("#play-hand-title").inner_text()
        # the whole hand in the log, newest first, numbered from its first event
        shown = page.locator(".play-log-box > ol.play-log > li").count()
        folded = page.locator(".play-log-older ol.play-log > li").count()
        assert shown == 12 and folded > 40
        assert page.locator(".play-log-box > ol.play-log").get_attribute("start") == str(shown + folded)
        assert page.locator(".play-log-older summary").inner_text() == f"Earlier events: {folded}"
        log = page.locator(".play-log-box").inner_text()
        assert "Points:" not in log and "takes the trick (points: " in log + page.locator(
            ".play-log-older").text_content()
        assert page.locator(".play-download").inner_text() == "Save this hand (for rules authors)"
        assert page.errors == []
        if not DEEP:  # the English light case of the axe scan below, on this page
            _no_violation_with_the_log_open(page)
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_negative_figure_of_the_result_takes_the_minus_sign(results_site: str, browser: Any,
                                                               lang: str) -> None:
    """Issue 38: the result wrote "in all -10" (a figure filled into a sentence as
    String(n)) under lines that had "\u221210"; the log writes its figures the same way."""
    page = _page(browser, f"{results_site}/{lang}/chat-noir/play/index.html")
    try:
        for seed in range(1, 30):  # a hand in which someone scores less than nothing
            page.goto(f"{results_site}/{lang}/chat-noir/play/index.html?pace=0&seed={seed}")
            page.click("#play-start")
            _play_hand(page)
            result = page.locator(".play-result").inner_text()
            if "\u2212" in result:
                break
        else:
            raise AssertionError("no hand of 29 had a negative score")
        shown = result + page.locator(".play-log-box").text_content()
        assert re.findall(r".{0,20}(?<![\w+])-\d+", shown) == []
        assert page.errors == []
    finally:
        page.close()


def test_after_the_pass_the_focus_is_on_a_card_that_may_be_played(results_site: str,
                                                                  browser: Any) -> None:
    """The focus stayed at the position of the last card chosen, which after the pass could
    be a card that may not be played (2 deals of these 12 on the old page)."""
    page = _page(browser, f"{results_site}/en/hearts/play/index.html")
    try:
        for seed in range(1, 13):
            page.goto(f"{results_site}/en/hearts/play/index.html?pace=0&seed={seed}")
            page.click("#play-start")
            for i in (8, 10, 12):
                page.locator(".play-mine button.play-card").nth(i).click()
            page.locator(".play-pass").click()
            if page.evaluate("window.rulebook.state().turn") != 0:
                continue
            active = page.evaluate(ACTIVE)
            legal = page.evaluate("window.rulebook.legalMoves().map(m => m.play)")
            assert active["card"] in legal and active["disabled"] is None, (seed, active, legal)
    finally:
        page.close()


def test_the_pace_is_brisk_and_remembered(results_site: str, browser: Any) -> None:
    url = f"{results_site}/en/hearts/play/index.html"
    page = _page(browser, url)
    try:
        assert page.locator("#play-pace").input_value() == "brisk"
        page.select_option("#play-pace", "fast")
        page.goto(url)
        assert page.locator("#play-pace").input_value() == "fast"
        page.click("#play-start")
        assert page.locator("#play-pace").input_value() == "fast"
    finally:
        page.close()


def test_the_pairing_page_says_how_to_draw(results_site: str, browser: Any) -> None:
    page = _page(browser, f"{results_site}/en/{PAIRS_GAME}/play/index.html?pace=0")
    try:
        assert page.locator(".play-how").inner_text().startswith(
            "Tap one of the face-down cards to draw it")
    finally:
        page.close()


def _no_violation_with_the_log_open(page: Any) -> None:
    """axe-core finds nothing on a page with its result shown and the folded log open."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    page.locator(".play-log-older summary").click()  # the folded log open too
    violations = axe.run(page).response["violations"]
    assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]


# make test: each language once, the schemes in turn (English light, on the page of the test
# above, which plays the same hand; Russian dark, Arabic light); make test-deep: each language
# in both schemes
AXE_RESULT = [(scheme, lang) for i, lang in enumerate(("en", "ru", "ar"))
              for scheme in schemes_in_turn(i) if DEEP or i]


@pytest.mark.deep
@pytest.mark.parametrize(("scheme", "lang"), AXE_RESULT)
def test_axe_finds_no_violation_with_a_result_shown(results_site: str, browser: Any, lang: str,
                                                    scheme: str, screenshots: Path) -> None:
    """make test: Russian dark, Arabic light (English light: in the test above); make
    test-deep: every language in both schemes."""
    page = _page(browser, f"{results_site}/{lang}/{_slug('hearts', lang)}/play/index.html?pace=0&seed=5",
                 color_scheme=scheme)
    try:
        page.click("#play-start")
        _pass(page)
        _play_hand(page)
        _no_violation_with_the_log_open(page)
        page.screenshot(path=str(screenshots / f"play-result-{lang}-{scheme}.png"), full_page=True)
    finally:
        page.close()
