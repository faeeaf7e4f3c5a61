"""The play page's trick, laid out (issue 39): each card of the trick under the name of the
player who played it, and no card, nor the ring that marks the trick's winner, over any name,
at a phone's 390 px and a desktop's 1280 px, in English, Russian and Arabic, light or dark.
Measured by the boxes Chromium lays out, once the cards have stopped moving: the ring (3 px,
2 px off the face) reached 1.8 px into the winner's name when a name and its card were 3.2 px
apart."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_play_browser import _reader_move, _start

from conftest import DEEP, TEMPLATES, serve_folder, small_rules
from generator.pipeline import BuildConfig, build

GAME = "peppa"  # four players, a trick of four cards and its winner ringed

# Each card of the trick (its box grown by its outline, the winner's ring) against each name
# of the trick: the overlaps, in px, and whether a winner is shown.
OVERLAPS = """() => {
  const items = [...document.querySelectorAll('.play-trick-cards li')];
  const names = items.map(li => [li.querySelector('.play-name').textContent,
                                 li.querySelector('.play-name').getBoundingClientRect()]);
  const out = [];
  for (const li of items) {
    const face = li.querySelector('.face'), css = getComputedStyle(face), r = face.getBoundingClientRect();
    const ring = css.outlineStyle === 'none' ? 0
      : parseFloat(css.outlineWidth) + Math.max(0, parseFloat(css.outlineOffset));
    const box = {left: r.left - ring, top: r.top - ring, right: r.right + ring, bottom: r.bottom + ring};
    for (const [name, n] of names) {
      const w = Math.min(box.right, n.right) - Math.max(box.left, n.left);
      const h = Math.min(box.bottom, n.bottom) - Math.max(box.top, n.top);
      const px = (v) => Math.round(v * 10) / 10;
      if (w > 0 && h > 0) out.push([face.dataset.face, name, px(w), px(h)]);
    }
  }
  const winner = !!document.querySelector('.play-trick-cards .is-winner');
  return {cards: items.length, winner, overlaps: out};
}"""


@pytest.fixture(scope="module")
def peppa_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("trick-layout")
    rules = small_rules(folder / "rules", games=(GAME,), langs=("ru", "ar"))
    result = build(BuildConfig(rules, TEMPLATES, folder / "site", pdf=False))
    assert result.ok, [d.format() for d in result.report.errors]
    httpd, url = serve_folder(folder / "site")
    yield url
    httpd.shutdown()


def _play_to_a_won_trick(page: Any) -> dict[str, Any]:
    """The reader's moves until a whole trick lies on the table with its winner ringed."""
    for _ in range(40):
        _reader_move(page, 3)
        page.wait_for_function("document.getAnimations().length === 0")  # the cards have landed
        seen: dict[str, Any] = page.evaluate(OVERLAPS)
        if seen["winner"]:
            return seen
    raise AssertionError("no trick was won")


# Each language at both widths, in one scheme or the other (the schemes change colours, not
# boxes: each width and each language still meets both); make test: each language at one
# width, English wide and dark, Russian on a phone dark, Arabic on a phone light
LAYOUTS = [("en", 390, "light"), ("en", 1280, "dark"), ("ru", 390, "dark"), ("ru", 1280, "light"),
           ("ar", 390, "light"), ("ar", 1280, "dark")]


@pytest.mark.deep
@pytest.mark.parametrize(("lang", "width", "scheme"), LAYOUTS if DEEP else [LAYOUTS[i] for i in (1, 2, 4)])
def test_no_card_of_the_trick_lies_over_a_name(peppa_site: str, browser: Any, lang: str, width: int,
                                               scheme: str) -> None:
    page = browser.new_page(viewport={"width": width, "height": 844}, color_scheme=scheme)
    try:
        page.goto(f"{peppa_site}/{lang}/{GAME}/play/index.html?pace=0&seed=4")  # its slug everywhere
        _start(page)
        seen = _play_to_a_won_trick(page)
        assert seen["cards"] == 4 and seen["overlaps"] == [], seen
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        page.close()

