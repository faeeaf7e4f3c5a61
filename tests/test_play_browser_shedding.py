"""The play page of the shedding games in Chromium: Crazy Eights and Mau-Mau of the corpus,
played whole by the keyboard (a card that fits, a wild card and the suit it names, a draw, a
pass), in English, Russian and Arabic, and replayed through the Python table to the same
hands, moves, result and match; every card of the hand a button, those that do not fit
marked; the pile, the stock, the suit asked for and the cards to draw beside the pile; no
card of another hand ever in the page; no accessibility violation."""

from __future__ import annotations

from typing import Any

import pytest
from test_play_browser import _open, _slug, _start, replay

from conftest import DEEP

STATE = """() => {
  const a = document.activeElement, s = window.rulebook.state();
  return {cls: a ? a.className : '', disabled: a ? a.getAttribute('aria-disabled') : null,
          over: s.over, matchOver: !s.match || s.match.over, turn: s.turn,
          actions: document.querySelectorAll('.play-actions button').length};
}"""
# every text and attribute of the page's root: what the reader (or a screen reader) gets
DOM = """() => { const root = document.getElementById('play-root');
  const attrs = [...root.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
  return root.textContent + ' ' + attrs.join(' '); }"""


def _reader_move(page: Any) -> None:
    """One move of the reader's, by the keyboard: the first card of the hand that fits (a
    wild card: then the first suit it may name), else the first of the other buttons (draw,
    pass, several cards of a rank)."""
    page.keyboard.press("Home")
    cards = page.locator(".play-hand .play-card").count()
    for _ in range(cards):
        if page.evaluate(STATE)["disabled"] != "true":
            page.keyboard.press("Enter")
            f = page.evaluate(STATE)
            if "play-action" in f["cls"]:  # a wild card: its suit buttons have the focus
                page.keyboard.press("Enter")
            return
        page.keyboard.press("ArrowRight")
    page.locator(".play-actions button").first.focus()  # nothing fits: draw, or pass
    page.keyboard.press("Enter")


def _play(page: Any, each: Any = None, limit: int = 4000) -> list[dict[str, Any]]:
    rounds: list[dict[str, Any]] = []
    for _ in range(limit):
        f = page.evaluate(STATE)
        if f["over"]:
            rounds.append(page.evaluate("window.rulebook.state()"))
            if f["matchOver"] or len(rounds) == 3:
                return rounds
            page.locator("button[data-focus='1']").first.focus()  # "Next hand"
            page.keyboard.press("Enter")
            continue
        if f["turn"] != 0:
            page.wait_for_timeout(20)
            continue
        if each is not None:
            each(page)
        _reader_move(page)
    raise AssertionError("the hands did not end")


# make test: Crazy Eights right to left and Mau-Mau in Russian (its own letters; the English
# Crazy Eights page plays a wild card below); make test-deep: English and German too
HANDS = [("crazy-eights", "en"), ("crazy-eights", "ar"), ("mau-mau", "ru"), ("crazy-eights", "de")]


@pytest.mark.deep
@pytest.mark.parametrize(("game", "lang"), HANDS if DEEP else HANDS[1:3])
def test_hands_by_the_keyboard_agree_with_python(server: str, browser: Any, game: str,
                                                 lang: str) -> None:
    """make test: Crazy Eights in Arabic, Mau-Mau in Russian; make test-deep: Crazy Eights in
    English and German too."""
    page = _open(browser, f"{server}/{lang}/{_slug(game, lang)}/play/index.html?pace=0&seed=5")
    cards = page.evaluate("JSON.parse(document.getElementById('play-data').textContent).cards")
    seen = {"wild": 0, "illegal": 0, "stock": 0}

    def look(p: Any) -> None:
        s = p.evaluate("window.rulebook.state()")
        dom = p.evaluate(DOM)
        # the cards seen by everyone in this hand: the log keeps them all (a pile shuffled
        # into the stock brings them back into hands)
        seen_cards = {c for m in s["moves"] if isinstance(m.get("play"), str)
                      for c in m["play"].split()} | {s["turned"]}
        for seat in range(1, s["players"]):
            for card in s["hands"][seat]:  # another hand's cards: by their spoken names
                if card not in s["hands"][0] and card not in s["pile"] and card not in seen_cards:
                    assert cards[card][2] not in dom, card
        buttons = p.locator(".play-hand .play-card")
        assert buttons.count() == len(s["hands"][0])  # every card a button
        seen["illegal"] += p.locator('.play-hand [aria-disabled="true"]').count() > 0
        seen["wild"] += p.locator(".play-actions [data-wild]").count() > 0
        seen["stock"] += str(s["stock"]) in p.inner_text(".play-pile")

    try:
        _start(page)
        rounds = _play(page, each=look)
        end = rounds[-1]
        ours = replay(page.evaluate("window.__calls"))
        assert ours["result"] == end["result"] and ours["match"] == end["match"]
        assert ours["moves"] == end["moves"] and ours["hands"] == end["hands"]
        assert page.errors == []
        assert seen["illegal"] and seen["stock"]  # a card that did not fit, shown as such
        log = " ".join(page.locator(".play-log li").all_inner_texts())
        assert "undefined" not in log and "%(" not in log
    finally:
        page.close()


def test_a_wild_card_asks_for_its_suit_and_the_pile_says_it(server: str, browser: Any) -> None:
    """Crazy Eights: the reader's eight moves the focus to its four suit buttons; the one
    chosen is the suit asked for beside the pile, and in the log."""
    page = _open(browser, f"{server}/en/crazy-eights/play/index.html?pace=0")
    try:
        for seed in range(1, 60):
            page.goto(f"{server}/en/crazy-eights/play/index.html?pace=0&seed={seed}")
            _start(page)
            s = page.evaluate("window.rulebook.state()")
            if s["turn"] == 0 and any(c.startswith("8") for c in s["hands"][0]):
                break
        else:
            pytest.fail("no seed gave the reader an eight on the first turn")
        eight = next(c for c in s["hands"][0] if c.startswith("8"))
        page.locator(f'.play-hand [data-card="{eight}"]').click()
        focused = page.evaluate("document.activeElement.getAttribute('data-wild')")
        assert focused == eight and page.locator(f'.play-actions [data-wild="{eight}"]').count() == 4
        # each suit button shows the eight as the page shows a card, named in words
        shown = page.locator(f'.play-actions [data-wild="{eight}"] .card').first
        assert shown.get_attribute("aria-label").startswith("eight of ")
        page.keyboard.press("Enter")
        s = page.evaluate("window.rulebook.state()")
        mine = [m for m in s["moves"] if m["by"] == 0]
        assert mine[0]["play"] == eight and mine[0]["suit"] in "♠♥♦♣"
        assert f"Suit asked for: {mine[0]['suit']}" in page.locator(".play-log").inner_text()
        assert page.errors == []
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_no_violation_at_the_table(server: str, browser: Any, lang: str) -> None:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = _open(browser, f"{server}/{lang}/{_slug('mau-mau', lang)}/play/index.html?pace=0&seed=8")
    try:
        _start(page)
        for _ in range(3):
            if page.evaluate(STATE)["turn"] == 0:
                _reader_move(page)
        violations = axe_module.Axe().run(page).response["violations"]
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
    finally:
        page.close()
