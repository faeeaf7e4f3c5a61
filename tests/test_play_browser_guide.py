"""The play page's guide, hint and why in Chromium (issue 37): the game page's example round
played to its end on the script (Hearts, and Old Maid's draws from a face-down fan), the
narration shown at each of the reader's turns being the game page's for that step and the
result the example's; a move off the script said and played on by the computer; the hint
marking the computer's card without playing it; a refused card's link to a section the game
page has; a round the example takes up at a position (Briscola's end of the stock) logged as
taken up there, not as a hand dealt. A tiny site: Hearts, Old Maid and Briscola in English,
Russian and Arabic."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator
from urllib.parse import urljoin

import pytest
from test_play_browser import PHONE, _slug

from conftest import DEEP, TEMPLATES, corpus, serve_folder, small_rules
from generator.core.languages import load_messages
from generator.families.guide import scripted_round
from generator.families.play import play_options
from generator.pipeline import BuildConfig, build


@pytest.fixture(scope="module")
def guide_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    tmp = tmp_path_factory.mktemp("guide-site")
    rules = small_rules(tmp / "rules", games=("hearts", "old-maid", "briscola"),
                        langs=("ru", "ar"))
    result = build(BuildConfig(rules, TEMPLATES, tmp / "site", pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    httpd, url = serve_folder(tmp / "site")
    yield url, tmp / "site"
    httpd.shutdown()


def _page(browser: Any, url: str) -> Any:
    page = browser.new_page(viewport=PHONE)
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.goto(url)
    return page


def _example(game: str, name: str) -> Any:
    bundle = {b.rules.id: b for b in corpus().games}[game]
    return scripted_round(bundle, name, play_options)


# The guide's own record: the step each of the reader's turns is in (guide.js: stepOf).
SHOWN = """() => { const g = JSON.parse(document.getElementById('play-data').textContent).guide;
  const box = document.querySelector('.play-guide');
  const text = box && box.querySelector('.play-guide-text');
  const label = box && box.querySelector('.play-guide-step');
  return { step: box ? box.dataset.step : null, text: text ? text.innerHTML : null,
           label: label ? label.textContent : null,
           narration: g.narration, intro: g.intro + g.begin }; }"""


def _reader_turn(page: Any) -> bool:
    """Waits for the reader's turn or the end; True on the reader's turn."""
    page.wait_for_function("document.querySelector('.play-end') || (window.rulebook.state().turn === 0"
                           " && document.querySelector('.play-mine'))")
    return not page.locator(".play-end").count()


def _play_on_script(page: Any) -> list[str]:
    """Plays the marked move at each of the reader's turns; the steps shown, in order."""
    steps = []
    while _reader_turn(page):
        shown = page.evaluate(SHOWN)
        step = shown["step"]
        want = shown["intro"] if step == "0" else shown["narration"][int(step) - 1]
        assert shown["text"] == want, f"step {step}"
        steps.append(step)
        marked = page.locator(".play-mine .is-scripted")
        count = marked.count()
        assert count >= 1, f"nothing marked at step {step}"
        # said to a screen reader too: the marked card is described by the guide's note
        assert marked.first.get_attribute("aria-describedby") == "play-guide-note"
        assert page.locator("#play-guide-note").count() == 1
        # the keyboard starts on the example's card (the first of a pass)
        assert page.evaluate("document.activeElement.classList.contains('is-scripted')"), step
        for k in range(count):
            marked.nth(k).click()
        if page.locator(".play-pass").count():
            page.locator(".play-pass").click()
    return steps


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_the_first_hearts_hand_played_on_the_script(guide_site: tuple[str, Path], browser: Any,
                                                     lang: str) -> None:
    url, _ = guide_site
    played = _example("hearts", "first-hand")
    page = _page(browser, f"{url}/{lang}/{_slug('hearts', lang)}/play/index.html"
                          "?example=first-hand&pace=0&seed=4")
    try:
        steps = _play_on_script(page)
        # the pass (before step 1), then a turn in each of the 13 tricks
        assert steps == ["0", *(str(i) for i in range(1, 14))]
        assert page.evaluate("window.rulebook.state().result.scores") == played.result["scores"]
        assert played.result["scores"] == [13, 7, 6, 0]  # the example's: Anna, Bruno, Carla, Dario
        end = page.evaluate(SHOWN)
        assert end["step"] == "13" and end["text"].startswith(end["narration"][12])
        assert page.locator(".play-guide-note:not(.is-off)").count() == 1
        page.locator(".play-end button").first.click()  # the next hand: no example of it
        _reader_turn(page)
        assert page.evaluate("window.rulebook.state().round") == 2
        assert page.locator(".play-guide").count() == 0
        assert page.locator(".play-mine .is-scripted").count() == 0
        assert not page.errors
    finally:
        page.close()


def test_an_old_maid_round_played_on_the_script_by_drawing_the_marked_card(
        guide_site: tuple[str, Path], browser: Any) -> None:
    url, _ = guide_site
    played = _example("old-maid", "four-players")
    page = _page(browser, f"{url}/en/old-maid/play/index.html?example=four-players&pace=0&seed=9")
    try:
        steps = _play_on_script(page)
        # Alice draws at moves 1, 5 and 9 of the script: steps 1, 5, 9
        assert steps == ["1", "5", "9"]
        state = page.evaluate("window.rulebook.state()")
        assert state["result"]["losers"] == played.result["losers"] == [3]  # Dan
        assert [m["draw"] for m in state["moves"]] == [m["draw"] for m in played.moves]
        assert not page.errors
    finally:
        page.close()


def test_a_move_off_the_script_is_said_and_the_computer_plays_on(
        guide_site: tuple[str, Path], browser: Any) -> None:
    url, _ = guide_site
    page = _page(browser, f"{url}/en/hearts/play/index.html?example=first-hand&pace=0&seed=4")
    try:
        _reader_turn(page)
        marked = page.locator(".play-mine .is-scripted")
        for k in range(marked.count()):
            marked.nth(k).click()
        page.locator(".play-pass").click()
        _reader_turn(page)  # trick 1: Dario led the 2♣; the example's Anna plays the J♣
        assert page.locator(".play-mine .is-scripted").get_attribute("data-card") == "J♣"
        page.locator('.play-mine [data-card="Q♣"]').click()
        note = page.locator(".play-guide-note.is-off")
        note.wait_for()
        assert note.inner_text() == ("You played Q♣; in the example Anna played J♣. "
                                     "The computer plays on from here.")
        while _reader_turn(page):  # to the end, the others by the bots
            assert page.locator(".play-mine .is-scripted").count() == 0
            page.locator(".play-mine button.play-card:not([aria-disabled=true])").first.click()
        assert page.evaluate("window.rulebook.state().over")
        assert not page.errors
    finally:
        page.close()


def test_the_hint_marks_the_computers_card_without_playing_it(guide_site: tuple[str, Path],
                                                              browser: Any) -> None:
    url, _ = guide_site
    page = _page(browser, f"{url}/en/hearts/play/index.html?pace=0&seed=21")
    try:
        page.click("#play-start")
        for i in range(3):
            page.locator(".play-mine button.play-card").nth(i).click()
        page.locator(".play-pass").click()
        _reader_turn(page)
        before = page.evaluate("window.rulebook.state()")
        bot = page.evaluate("window.rulebook.botMove(0)")
        page.locator(".play-hint-button").click()
        hinted = page.locator(".play-mine .play-card.is-hint")
        assert hinted.count() == 1 and hinted.get_attribute("data-card") == bot["play"]
        assert page.evaluate("window.rulebook.state()") == before  # nothing played
        said = page.locator(".play-hint [role=status]").inner_text()
        assert said == f"The computer would play {bot['play']}."
        assert not page.errors
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_a_refused_card_links_to_its_rule_on_the_game_page(guide_site: tuple[str, Path],
                                                            browser: Any, lang: str) -> None:
    url, _ = guide_site
    page = _page(browser, f"{url}/{lang}/{_slug('hearts', lang)}/play/index.html"
                          "?pace=0&seed=4&example=first-hand")
    try:
        _reader_turn(page)
        marked = page.locator(".play-mine .is-scripted")
        for k in range(marked.count()):
            marked.nth(k).click()
        page.locator(".play-pass").click()
        _reader_turn(page)  # Anna must follow the 2♣: a diamond is refused (revoke)
        page.locator('.play-mine [data-card="2♦"]').click(force=True)
        link = page.locator(".play-reason a.play-why")
        href = link.get_attribute("href")
        assert href is not None and href.endswith("#gameplay")
        target = urljoin(page.url, href)
        page.goto(target)
        assert page.locator("#gameplay").count() == 1
    finally:
        page.close()


# The log's first event, the oldest: the last item of its lists (newest first, older folded).
FIRST_LOGGED = "() => { const items = document.querySelectorAll('.play-log li'); " \
               "return items.length ? items[items.length - 1].textContent : null; }"


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_a_round_taken_up_at_a_position_is_logged_as_taken_up_not_dealt(
        guide_site: tuple[str, Path], browser: Any, lang: str) -> None:
    url, _ = guide_site
    played = _example("briscola", "stock-runs-out")
    assert "position" in played.deal  # the example starts with sixteen tricks played
    said = load_messages(TEMPLATES, lang).gettext(
        "The hand is taken up where the example starts, not from the deal.")
    page = _page(browser, f"{url}/{lang}/{_slug('briscola', lang)}/play/index.html"
                          "?example=stock-runs-out&pace=0&seed=3")
    try:
        steps = _play_on_script(page)
        assert steps  # the guide was the example's, played on its script
        assert page.evaluate(FIRST_LOGGED) == said
        hand_one = load_messages(TEMPLATES, lang).gettext("Hand %(num)s") % {"num": 1}
        assert hand_one not in page.evaluate(
            "() => Array.from(document.querySelectorAll('.play-log li'), li => li.textContent)")
        assert not page.errors
    finally:
        page.close()


@pytest.mark.site  # reads the module's built site: no browser, but a build
def test_every_rule_link_of_the_play_pages_has_its_target(guide_site: tuple[str, Path]) -> None:
    """Every refusal's link, on every play page of the site, leads to an id of its game page."""
    import json
    import re
    _, site = guide_site
    pages = list(site.glob("*/*/play/index.html"))
    assert len(pages) == 9  # three games in three languages
    for play in pages:
        html = play.read_text(encoding="utf-8")
        data = json.loads(re.search(r'id="play-data">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
        assert data["rules"], play
        for code, href in {**data["rules"], "guide": (data["guide"] or {}).get("href", "")}.items():
            if not href:
                continue
            path, anchor = href.split("#")
            game = (play.parent / path).resolve()
            assert f'id="{anchor}"' in game.read_text(encoding="utf-8"), (play, code, href)


@pytest.mark.site  # reads the module's built site: no browser, but a build
def test_the_game_page_links_its_example_to_the_guide(guide_site: tuple[str, Path]) -> None:
    _, site = guide_site
    for lang in ("en", "ru", "ar"):
        html = (site / lang / _slug("hearts", lang) / "index.html").read_text(encoding="utf-8")
        assert 'href="play/index.html?example=first-hand"' in html


@pytest.mark.deep
def test_every_guide_of_the_corpus_plays_to_its_end_on_the_script(site: Path, server: str,
                                                                   browser: Any) -> None:
    """Each game's guide (every family: Whist's and Briscola's partners, Oh Hell's bids, a
    shedding game's draws and wild cards), played by its marked moves: never off the script,
    never a turn without a mark, to the end of the round. make test: one guide in three, in
    turn, every family among them (above, a small site's Hearts guide is played in three
    languages and its Old Maid guide in English); make test-deep: every guide."""
    import json
    import re
    guided = []
    for play in sorted(site.glob("en/*/play/index.html")):
        html = play.read_text(encoding="utf-8")
        data = json.loads(re.search(r'id="play-data">(.*?)</script>', html, re.S).group(1))  # type: ignore[union-attr]
        if data["guide"]:
            guided.append((play.parent.parent.name, data["guide"]["example"], data["family"],
                           data["guide"]["dealer_named"]))
    assert {f for _, _, f, _ in guided} == {"pairs", "tricks", "shedding"}
    assert len(guided) == len(list(site.glob("en/*/play/index.html"))) == 16  # every game
    if not DEEP:
        guided = guided[::3]
        assert {f for _, _, f, _ in guided} == {"pairs", "tricks", "shedding"}
    for slug, example, _family, dealer_named in guided:
        page = _page(browser, f"{server}/en/{slug}/play/index.html?example={example}&pace=0&seed=2")
        try:
            while _reader_turn(page):
                # no seat is called the dealer where the example does not say who dealt
                assert dealer_named or page.locator("[data-dealer]").count() == 0, slug
                assert page.locator(".play-guide-note.is-off").count() == 0, slug
                marked = page.locator(".play-mine .is-scripted")
                assert marked.count(), f"{slug}: nothing marked"
                for k in range(marked.count()):
                    marked.nth(k).click()
                if page.locator(".play-pass").count():
                    page.locator(".play-pass").click()
            assert page.locator(".play-guide-note:not(.is-off)").count() == 1, slug
            assert not page.errors, slug
        finally:
            page.close()
