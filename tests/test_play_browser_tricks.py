"""The play page of the games that take tricks in Chromium: a Whist-, a Briscola- and an
Oh-Hell-like game (tests/fixtures/trick-games, built once into a tiny English site) played
whole through the keyboard, bids included, and replayed through the Python table to the
same tricks, draws, sheet and match; the trump suit, turned card and stock shown; the
dealer's forbidden bid disabled and explained; the draws narrated without another seat's
card ever entering the page."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest
from test_play_browser import FOCUS, RECORD, _open, _reader_move, _start, replay

from conftest import TEMPLATES, serve_folder
from generator.families.play import new_table
from generator.families.tricks.bot import choose
from generator.families.tricks.strong import choose_strong
from generator.pipeline import BuildConfig, build

FIXTURES = Path(__file__).parent / "fixtures" / "trick-games"

# every text and attribute of the page's root: what the reader (or a screen reader) gets
DOM = """() => { const root = document.getElementById('play-root');
  const attrs = [...root.querySelectorAll('*')].flatMap(e => [...e.attributes].map(a => a.value));
  return root.textContent + ' ' + attrs.join(' '); }"""


@pytest.fixture(scope="module")
def tricks_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    out = tmp_path_factory.mktemp("tricks-site") / "site"
    result = build(BuildConfig(FIXTURES, TEMPLATES, out, pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    httpd, url = serve_folder(out)
    yield url
    httpd.shutdown()


def _play(page: Any, *, each: Any = None, limit: int = 3000) -> list[dict[str, Any]]:
    """The whole match by the keyboard; ``each(page)`` before every move of the reader's."""
    rounds: list[dict[str, Any]] = []
    for _ in range(limit):
        f = page.evaluate(FOCUS)
        if f["over"]:
            rounds.append(page.evaluate("window.rulebook.state()"))
            if f["matchOver"]:
                return rounds
            page.keyboard.press("Enter")  # "Next hand"
            continue
        if each is not None:
            each(page)
        _reader_move(page, 0)
    raise AssertionError("the match did not end")


def _agrees(page: Any, rounds: list[dict[str, Any]]) -> dict[str, Any]:
    end = rounds[-1]
    ours = replay(page.evaluate("window.__calls"))
    assert ours["match"] == end["match"] and ours["sheet"] == end["sheet"]
    assert ours["tricks"] == end["tricks"] and ours["result"] == end["result"]
    assert page.errors == []
    return end


def test_a_whist_game_by_the_keyboard_agrees_with_python(tricks_site: str, browser: Any) -> None:
    page = _open(browser, f"{tricks_site}/en/whist/play/index.html?pace=0&seed=12")
    try:
        _start(page)
        seen: list[str] = []
        rounds = _play(page, each=lambda p: seen.append(p.inner_text(".play-trumps")))
        end = _agrees(page, rounds)
        assert end["match"]["over"] and max(end["match"]["totals"]) > 4
        assert all(t.startswith("Trumps: ") and "Turned up: " in t for t in seen)
        # the sheet has a column a side: "You & Carla", "Bruno & Dario"
        heads = page.locator(".play-sheet thead th").all_inner_texts()
        assert heads[1:] == ["You & Carla", "Bruno & Dario"]
    finally:
        page.close()


def test_a_briscola_hand_by_the_keyboard_shows_no_hidden_draw(tricks_site: str,
                                                              browser: Any) -> None:
    page = _open(browser, f"{tricks_site}/en/briscola/play/index.html?pace=0&seed=3")
    cards = page.evaluate("JSON.parse(document.getElementById('play-data').textContent).cards")
    log: set[str] = set()
    checked = []

    def look(p: Any) -> None:
        s = p.evaluate("window.rulebook.state()")
        dom = p.evaluate(DOM)
        for seat in range(1, 4):
            for card in s["hands"][seat]:
                if card != s["turned"]:
                    assert cards[card][2] not in dom, card
        log.update(p.locator(".play-log li").all_inner_texts())
        assert f"Cards in the stock: {s['stock']}" in p.inner_text(".play-trumps")
        checked.append(1)

    try:
        _start(page)
        rounds = _play(page, each=look)
        end = _agrees(page, rounds)
        assert sum(end["result"]["side_scores"]) == 120
        assert len(checked) == 10
        assert any(t.startswith("You draw ") for t in log)
        assert any(t.endswith(" draws a card.") for t in log)
    finally:
        page.close()


def test_an_oh_hell_game_by_the_keyboard_with_its_bids(tricks_site: str, browser: Any) -> None:
    page = _open(browser, f"{tricks_site}/en/oh-hell/play/index.html?pace=0&seed=8")
    bids = []

    def look(p: Any) -> None:
        s = p.evaluate("window.rulebook.state()")
        if not s["bidding"]:
            return
        disabled = p.locator('.play-bid[aria-disabled="true"]').count()
        hook = p.locator(".play-hook")
        assert p.locator(".play-bid").count() == s["hand_tricks"] + 1
        assert hook.count() == disabled  # a forbidden bid is explained, and only then
        if disabled:
            assert hook.inner_text().startswith("As the dealer you may not bid ")
        bids.append((s["round"], disabled))

    try:
        _start(page)
        rounds = _play(page, each=look)
        end = _agrees(page, rounds)
        assert len(rounds) == 5 and end["match"]["over"]
        assert {r for r, _ in bids} == {1, 2, 3, 4, 5}  # the reader bid in every hand
        assert [len(r["dealt"][0]) for r in rounds] == [1, 2, 3, 2, 1]
    finally:
        page.close()


@pytest.mark.parametrize("game", ["oh-hell", "briscola"])
def test_axe_finds_no_violation_while_bidding_or_drawing(tricks_site: str, browser: Any,
                                                         game: str) -> None:
    axe_module = pytest.importorskip("axe_playwright_python.sync_playwright")
    page = _open(browser, f"{tricks_site}/en/{game}/play/index.html?pace=0&seed=8")
    try:
        _start(page)
        if game == "briscola":
            for _ in range(3):
                _reader_move(page, 0)  # tricks played, cards drawn
        else:
            assert page.locator(".play-bid").count() > 0  # the reader is bidding
        violations = axe_module.Axe().run(page).response["violations"]
        assert violations == [], [(v["id"], [n["target"] for n in v["nodes"]]) for v in violations]
    finally:
        page.close()


def _computer_moves(calls: list[list[Any]], upto: int) -> tuple[int, int]:
    """The page's first ``upto`` computer plays, each checked against the Python table's
    player at the level the page gave the engine; and how many of them the other level
    would have played differently."""
    table = None
    checked = differ = 0
    for name, *args in calls:
        if name == "newRound":
            table = new_table(args[0])
            table.new_round(args[1])
            continue
        assert table is not None and name == "play"
        move = args[0]
        if move["by"] != 0 and checked < upto:
            assert table.bot_move(move["by"]) == move
            view = table.view(move["by"])
            other = (choose(table.options, view) if table.options["level"] == "strong"
                     else choose_strong(table, view, table.seed))
            differ += other != move
            checked += 1
        table.play(move)
    return checked, differ


def test_the_computer_players_level_is_chosen_and_remembered(tricks_site: str,
                                                             browser: Any) -> None:
    """"Computer players": Strong by default, Easy when chosen, remembered on reloading;
    the page's computer moves are those of the level it gave the engine."""
    page = _open(browser, f"{tricks_site}/en/whist/play/index.html?pace=0&seed=4")
    try:
        assert page.inner_text('label[for="play-level"]') == "Computer players"
        assert page.locator("#play-level option").all_inner_texts() == ["Easy", "Strong"]
        assert page.input_value("#play-level") == "strong"
        for level in ("strong", "easy"):
            if level == "easy":
                page.select_option("#play-level", "easy")
                page.reload()
                page.evaluate(RECORD)
                assert page.input_value("#play-level") == "easy"  # remembered
            _start(page)
            for _ in range(3):
                _reader_move(page, 0)
            calls = page.evaluate("window.__calls")
            assert calls[0][1]["level"] == level
            checked, differ = _computer_moves(calls, 6)
            assert checked == 6 and differ > 0, (level, differ)
            page.click(".play-quit button")  # New game
        assert page.errors == []
    finally:
        page.close()
