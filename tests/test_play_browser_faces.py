"""The play page's card faces (issue 37, docs/play.md "Card faces"): every card the reader
holds or sees on the table is a face (static/play/faces.js) named by its spoken name, every
hidden card a back; a played card moves to the trick, and does not where the reader asks
for reduced motion or the computer plays "At once".

The motion is counted where it starts: every ``animate`` call on a card, recorded by a
wrapper installed before the page's scripts run."""

from __future__ import annotations

from typing import Any

import pytest
from test_play_browser import PHONE, _open, _reader_move, _slug, _start

DATA = "JSON.parse(document.getElementById('play-data').textContent)"
# each card of the reader's hand: its button's card, the face's card and name, the pictures
HAND = """() => [...document.querySelectorAll('.play-mine button.play-card')].map(b => {
  const faces = b.querySelectorAll('.face[role=img]');
  return {card: b.dataset.card, faces: faces.length, face: faces[0] ? faces[0].dataset.face : null,
          label: faces[0] ? faces[0].getAttribute('aria-label') : null,
          drawn: faces[0] ? faces[0].querySelectorAll('svg[aria-hidden=true] use').length : 0};
})"""
SEATS = """() => [...document.querySelectorAll('.play-seat')].map(s => ({
  seat: Number(s.dataset.seat), backs: s.querySelectorAll('.play-backs[aria-hidden=true] svg.back').length,
  faces: s.querySelectorAll('.face').length}))"""
COUNT_MOTION = """() => {
  window.__moved = [];
  const real = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    if (this.dataset && this.dataset.face) window.__moved.push(this.dataset.face);
    return real.apply(this, args);
  };
}"""


@pytest.mark.parametrize("lang", ["en", "ru", "ar"])
def test_a_hearts_hand_is_faces_named_in_the_page_language(server: str, browser: Any,
                                                           lang: str) -> None:
    page = _open(browser, f"{server}/{lang}/{_slug('hearts', lang)}/play/index.html?pace=0&seed=4")
    try:
        _start(page, config=0)
        cards = page.evaluate(f"{DATA}.cards")
        state = page.evaluate("window.rulebook.state()")
        hand = page.evaluate(HAND)
        assert [h["card"] for h in hand] == state["hands"][0] and len(hand) == 13
        for h in hand:
            assert h["faces"] == 1 and h["face"] == h["card"], h
            assert h["label"] == cards[h["card"]][2], h  # the spoken name: "seven of hearts"
            assert h["drawn"] >= 3, h  # two corner indices and a pip at least
            # the button is found by that name: what a screen reader announces
            assert page.get_by_role("button", name=h["label"], exact=True).count() == 1, h
        for seat in page.evaluate(SEATS):
            assert seat["faces"] == 0 and seat["backs"] == len(state["hands"][seat["seat"]]), seat
        for _ in range(5):  # the pass, then cards on the trick
            _reader_move(page, 3)
        trick = page.evaluate("""() => [...document.querySelectorAll('.play-trick-cards .face')]
            .map(f => [f.dataset.face, f.getAttribute('aria-label')])""")
        assert trick  # the reader's card at least, and the computer's before it
        assert all(label == cards[card][2] for card, label in trick)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert not page.errors
    finally:
        page.close()


def test_the_fan_is_backs_and_the_hand_faces(server: str, browser: Any) -> None:
    page = _open(browser, f"{server}/en/{_slug('black-peter', 'en')}/play/index.html?pace=0&seed=9")
    try:
        _start(page, config=1)
        cards = page.evaluate(f"{DATA}.cards")
        state = page.evaluate("window.rulebook.state()")
        fan = page.evaluate("""() => [...document.querySelectorAll('.play-fan button.play-back')].map(b =>
            ({name: b.getAttribute('aria-label'), backs: b.querySelectorAll('svg.back').length,
              faces: b.querySelectorAll('.face').length}))""")
        assert len(fan) == len(state["hands"][state["from"]])
        assert all(b["backs"] == 1 and b["faces"] == 0 and b["name"] for b in fan), fan
        faces = page.evaluate("""() => [...document.querySelectorAll('.play-hand .face')]
            .map(f => [f.dataset.face, f.getAttribute('aria-label'), f.getAttribute('role')])""")
        assert [f[0] for f in faces] == state["hands"][0]
        assert all(label == cards[card][2] and role == "img" for card, label, role in faces)
    finally:
        page.close()


def _moves_after_play(browser: Any, server: str, *, reduced: bool, pace: str) -> list[str]:
    """The cards that moved while the reader passed and played two cards of a Hearts hand,
    the pace chosen as ``pace`` (remembered on the device, as the page's select keeps it)
    and the computer's pauses short (?pace=20) so that every move is drawn."""
    page = browser.new_page(viewport=PHONE, reduced_motion="reduce" if reduced else "no-preference")
    try:
        page.add_init_script(f"localStorage.setItem('rulebook-play-pace', '{pace}');")
        page.add_init_script(f"({COUNT_MOTION})()")
        page.goto(f"{server}/en/{_slug('hearts', 'en')}/play/index.html?pace=20&seed=4")
        assert page.evaluate("document.getElementById('play-pace').value") == pace
        _start(page)
        wait = "window.rulebook.state().turn === 0 && document.activeElement.classList.contains('play-card')"
        for _ in range(6):  # three cards chosen and passed, then two cards on the trick
            page.wait_for_function(wait)
            _reader_move(page, 3)
        page.wait_for_function(wait)
        return list(page.evaluate("window.__moved"))
    finally:
        page.close()


def test_a_played_card_moves_to_the_trick(server: str, browser: Any) -> None:
    moved = _moves_after_play(browser, server, reduced=False, pace="brisk")
    assert len(moved) >= 4  # the reader's two cards and the computer's


def test_reduced_motion_or_at_once_moves_no_card(server: str, browser: Any) -> None:
    assert _moves_after_play(browser, server, reduced=True, pace="brisk") == []
    assert _moves_after_play(browser, server, reduced=False, pace="now") == []
