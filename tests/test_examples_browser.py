"""The example rounds in a real headless Chromium: every example of every game, in English,
Russian and Arabic, stepped through at phone width. The deal is a step of its own, before the
first move. At every step what the page shows (hands, cards on the table, players out, points)
must equal the replay's state at that step, computed here from the replay's records, and
nothing that comes later (the results, the verdict, the story's end) may show before the last
step; the keyboard and the per-step address must work, nothing may be wider than the screen,
no score-sheet cell may be cut off on a phone in any language, and axe-core must find no
violation on a page with steppers, in the light scheme and the dark."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from conftest import corpus, in_turn, shown_card, sized
from generator.check.games import CheckResult
from generator.core.languages import LANGUAGES
from generator.core.markup import minus_sign
from generator.families.pairs.record import Replay as PairsReplay
from generator.families.shedding.record import Replay as ShedReplay
from generator.families.tricks.engine import TricksGame
from generator.families.tricks.record import Replay as TricksReplay

axe_api = pytest.importorskip("axe_playwright_python.sync_playwright")

LANGS = ("en", "ru", "ar")
DEEP = sized(0, 1) == 1  # make test-deep
# Hearts and Uomo Nero, also scanned at 1280 px (their addresses in en, ru, ar)
WIDE = {"hearts", "chervy", "uomo-nero"}
PHONE = {"width": 390, "height": 844}
SHEET = re.compile(r'<table class="(?:sheet|scores)\b')  # a score sheet, a results table

# What the visible step of an example shows, read off the page: each seat's hand, the card
# it played, whether it is out, its points; a card is read as drawn (rank, then suit).
READ_STEP = """ex => {
  const card = c => [...c.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim()
                    + (c.querySelector('small') ? c.querySelector('small').textContent : '');
  const cards = el => el ? [...el.querySelectorAll('.card')].map(card) : [];
  const shown = [...ex.querySelectorAll('.tv-step')].filter(li => li.checkVisibility());
  const step = shown[0];
  const seats = {};
  for (const s of step.querySelectorAll('.tv-table .tv-seat')) {
    const score = s.querySelector('.tv-score');
    seats[s.dataset.seat] = {
      name: s.querySelector('.tv-name').textContent.trim(),
      hand: cards(s.querySelector('.tv-hand')), played: cards(s.querySelector('.tv-play')),
      out: s.classList.contains('is-out') && !!s.querySelector('.tv-out'),
      score: score ? score.textContent : null, wins: s.classList.contains('is-winner')};
  }
  for (const row of step.querySelectorAll('.tv-hands tr[data-seat]')) {
    seats[row.dataset.seat].handBefore = cards(row.querySelector('td'));
    seats[row.dataset.seat].marked = cards(row.querySelector('mark.tv-played'));
    seats[row.dataset.seat].rowName = row.querySelector('th').textContent.trim();
  }
  const counter = ex.querySelector('.stepper-counter span[aria-hidden]');
  const spoken = ex.querySelector('.stepper-counter .visually-hidden');
  // what comes after the steps (results, verdict, the story's end), if any of it shows
  const list = ex.querySelector('.tv-steps');
  const later = [];
  for (let n = list.nextElementSibling; n; n = n.nextElementSibling) later.push(n);
  // a seat's role must sit on its name's line, apart from the hand below it
  const roles = [...step.querySelectorAll('.tv-seat .tv-role')].filter(r => {
    const hand = r.closest('.tv-seat').querySelector('.tv-hand');
    return !r.closest('.tv-name') || (hand && hand.getBoundingClientRect().top
                                      < r.getBoundingClientRect().bottom - 1);
  }).map(r => r.closest('.tv-seat').dataset.seat);
  return {id: step.id, visible: shown.length, seats, counter: counter ? counter.textContent : null,
          spoken: spoken ? spoken.textContent : null, hash: location.hash,
          later: later.length, laterShown: later.filter(n => n.checkVisibility())
                                                .map(n => n.textContent.trim().slice(0, 60)),
          rolesAgainstHand: roles};
}"""

TOO_WIDE = """root => [...root.querySelectorAll('*')].filter(e => {
  if (e.closest('.visually-hidden, .skip')) return false;
  const r = e.getBoundingClientRect();
  return r.width > 0 && (r.right > innerWidth + 1 || r.left < -1);
}).map(e => e.tagName + '.' + e.className)"""


# The stepper walked through in the page: at each step, what it shows (READ_STEP) and what is
# wider than the screen (TOO_WIDE), then the key that reads forward, given to the focused button
# as the keyboard would (the stepper's handler listens on the example). One call an example, not
# three a step: 3,000 steps in the corpus.
WALK = f"""([ex, forward, count]) => {{
  const read = {READ_STEP};
  const wide = {TOO_WIDE};
  const seen = [];
  for (let i = 0; i < count; i++) {{
    // what changes from step to step: the step shown and the buttons; the whole example once,
    // at the last step (its outcome shown)
    const step = ex.querySelector('.tv-step.is-current');
    const nav = ex.querySelector('.stepper-nav');
    const over = i === count - 1 ? wide(ex) : [...(step ? wide(step) : []), ...(nav ? wide(nav) : [])];
    seen.push({{step: read(ex), wide: over}});
    document.activeElement.dispatchEvent(
      new KeyboardEvent('keydown', {{key: forward, bubbles: true, cancelable: true}}));
  }}
  return seen;
}}"""


PRESS = """([key, count]) => { for (let i = 0; i < count; i++) document.activeElement.dispatchEvent(
  new KeyboardEvent('keydown', {key, bubbles: true, cancelable: true})); }"""


UNFOLD = "document.querySelectorAll('details.example-more').forEach(d => { d.open = true; })"


def _unfold(page: Any) -> None:
    """Opens the example rounds after the first, which the page folds under their titles."""
    page.evaluate(UNFOLD)


@pytest.fixture(scope="module")
def checked() -> CheckResult:
    return corpus()


def _names(cards: object) -> list[str]:
    return [str(c) for c in cards]  # type: ignore[attr-defined]


def _in_notation(seat: dict[str, Any], lang: str) -> dict[str, Any]:
    """A seat as read off the page, its cards in the rules' notation (a Russian page shows
    Д♠ where the rules write Q♠)."""
    return {key: [shown_card(c, lang) for c in value]
            if key in ("hand", "handBefore", "marked", "played") else value
            for key, value in seat.items()}


def expected_frames(replay: object, game: object) -> list[dict[str, dict[str, object]]]:
    """The state at each step, from the replay's records: per seat what the page must show."""
    frames: list[dict[str, dict[str, object]]] = []
    if isinstance(replay, PairsReplay):
        for step in replay.steps:
            frames.append({s: {"hand": _names(step.after[s]), "out": not step.after[s],
                               "played": [], "points": None, "wins": False} for s in replay.seats})
    elif isinstance(replay, TricksReplay):
        assert isinstance(game, TricksGame)
        # what each seat has taken: points, or in a game whose cards are worth none (Whist,
        # Oh Hell) its tricks
        card_points = any(game.value(c) for c in game.cards)
        n = len(replay.seats)
        points = {s: sum(game.value(c) for c in replay.taken_before.get(s, ())) if card_points
                  else len(replay.taken_before.get(s, ())) // n for s in replay.seats}
        for trick in replay.tricks:
            points[trick.winner] += trick.points if card_points else 1
            played = dict(trick.cards)
            frames.append({s: {"hand_before": _names(trick.hands_before.get(s, ())), "out": False,
                               "played": _names([played[s]]) if s in played else [],
                               "points": points[s], "wins": s == trick.winner}
                           for s in replay.seats})
        if replay.complete and replay.points and not game.scoring.per_trick and card_points:
            assert points == replay.points  # the running points end where the hand's do
    return frames


Page = tuple[str, str, list[tuple[str, Any, Any]]]  # language, slug, its examples


def _pages(checked: CheckResult, only: tuple[str, ...] = ()) -> list[Page]:
    """Each game's page in each of LANGS with its replayed examples (``only`` these games)."""
    pages = []
    for bundle in checked.games:
        rules = bundle.rules
        if only and rules.id not in only:
            continue
        examples = []
        for name in bundle.examples:
            replay = checked.replays.get((rules.id, name))
            if replay is None:
                continue
            variant = getattr(replay, "variant", None)
            game = rules.variants.get(variant) if variant else rules.engine
            examples.append((name, replay, game))
        for lang in LANGS:
            if lang in rules.spec.slugs:
                pages.append((lang, rules.spec.slugs[lang], examples))
    return pages


def _in_turn(pages: list[Page]) -> list[Page]:
    """make test's share of the pages: each game in one of the three languages, in turn (every
    language is walked, over the games: a stepper's script is the same in each); make
    test-deep: all of them."""
    if DEEP:
        return pages
    chosen = [p for i, p in enumerate(pages) if i // len(LANGS) % len(LANGS) == i % len(LANGS)]
    assert {lang for lang, _, _ in chosen} == set(LANGS)
    return chosen


@pytest.mark.deep
def test_every_example_steps_through_as_the_replay_went(server: str, browser: Any,
                                                        checked: CheckResult) -> None:
    stepped = walked = 0
    pages = _pages(checked)
    assert {lang for lang, _, _ in pages} == set(LANGS) and len(pages) >= 20
    pages = _in_turn(pages)
    page = browser.new_page(viewport=PHONE)  # one tab, each page loaded into it in turn
    for lang, slug, examples in pages:
        page.goto(f"{server}/{lang}/{slug}/")
        _unfold(page)
        wide = page.evaluate(TOO_WIDE, page.locator("body").element_handle())
        assert wide == [], f"{lang}/{slug}: wider than 390 px: {wide}"
        forward = "ArrowLeft" if lang == "ar" else "ArrowRight"
        back = "ArrowRight" if lang == "ar" else "ArrowLeft"
        for name, replay, game in examples:
            frames = expected_frames(replay, game)
            ex = page.locator(f"#example-{name}")
            if isinstance(replay, ShedReplay):
                # a shedding hand's tables are rendered step by step on the server (its seats
                # read back in tests/test_check_shedding.py): here the stepper walks them all
                assert ex.get_attribute("data-stepper") is not None, (lang, slug, name)
                ex.locator(".stepper-next").focus()
                page.evaluate(PRESS, [forward, len(replay.steps)])
                page.keyboard.press(forward)  # the last, on the real keyboard: it stays there
                got = page.evaluate(READ_STEP, ex.element_handle())
                assert got["id"] == f"example-{name}-{len(replay.steps)}", (lang, slug, name)
                stepped += 1
                continue
            if not frames:  # a score sheet: no steps to go through, checked below
                assert ex.get_attribute("data-stepper") is None
                continue
            assert ex.get_attribute("data-stepper") is not None
            handle = ex.element_handle()
            ex.locator(".stepper-next").focus()
            deal = ex.locator(".tv-step-deal").count() == 1
            if deal:  # the deal is a step of its own, before the first move
                got = page.evaluate(READ_STEP, handle)
                assert got["id"] == f"example-{name}-0", (lang, slug, name)
                assert got["counter"] == f"0 / {len(frames)}", (lang, slug, name)
                assert got["laterShown"] == [], (lang, slug, name)
                page.keyboard.press(forward)
            # every step read in the page, one call an example: the stepper's own key handler
            # moves it on (the real keyboard is pressed below: back, Home, End and forward)
            walked_steps = page.evaluate(WALK, [handle, forward, len(frames)])
            for k, (want, read) in enumerate(zip(frames, walked_steps, strict=True)):
                where = f"{lang}/{slug} {name} step {k + 1}"
                got = read["step"]
                assert got["visible"] == 1, where
                assert got["id"] == f"example-{name}-{k + 1}", where
                assert got["counter"] == f"{k + 1} / {len(frames)}", where
                if k or deal:
                    assert got["hash"] == f"#example-{name}-{k + 1}", where
                assert got["rolesAgainstHand"] == [], f"{where}: role next to the hand"
                assert set(got["seats"]) == set(want), where
                for seat, state in want.items():
                    shown = _in_notation(got["seats"][seat], lang)
                    if "hand" in state:
                        assert shown["hand"] == ([] if state["out"] else state["hand"]), (where, seat)
                        assert shown["out"] == state["out"], (where, seat)
                    else:
                        # stepper.js draws the hand in the order of the deal's last column
                        assert sorted(shown["handBefore"]) == sorted(state["hand_before"]), (where, seat)
                        assert shown["marked"] == state["played"], (where, seat)
                        # the seat's name heads its place at the table (its badges after it)
                        assert shown["name"].startswith(shown["rowName"]), (where, seat, shown)
                        assert shown["played"] == state["played"], (where, seat)
                        assert shown["wins"] == state["wins"], (where, seat)
                        # a negative figure with the minus sign (U+2212), as every page writes it
                        number = re.search(r"\u2212?\d+", shown["score"] or "")
                        assert number and int(number.group().replace("\u2212", "-")) == state["points"], \
                            (where, seat, shown)
                # the results, the verdict, the story's end wait for the last step, and are
                # announced there
                if k < len(frames) - 1:
                    assert got["laterShown"] == [], f"{where}: shows what comes later"
                else:
                    assert len(got["laterShown"]) == got["later"], f"{where}: the outcome is missing"
                    if got["later"]:
                        label = ex.get_attribute("data-label-outcome")
                        assert label and got["spoken"].endswith(label), where
                assert read["wide"] == [], f"{where}: wider than 390 px: {read['wide']}"
                stepped += 1
            # past the last step the keys stay there; back, Home and End move as they say
            last = page.evaluate(READ_STEP, handle)
            assert last["id"] == f"example-{name}-{len(frames)}"
            page.keyboard.press(back)
            if len(frames) > 1:
                assert page.evaluate(READ_STEP, handle)["id"] == f"example-{name}-{len(frames) - 1}"
            assert page.evaluate(READ_STEP, handle)["laterShown"] == []
            ex.locator(".stepper-toggle").click()  # every step: the outcome too
            assert len(page.evaluate(READ_STEP, handle)["laterShown"]) == last["later"]
            ex.locator(".stepper-toggle").click()
            assert page.evaluate(READ_STEP, handle)["laterShown"] == []
            ex.locator(".stepper-next").focus()
            walked += 1
            page.keyboard.press("Home")
            assert page.evaluate(READ_STEP, handle)["id"] == f"example-{name}-{0 if deal else 1}"
            page.keyboard.press("End")
            assert page.evaluate(READ_STEP, handle)["id"] == f"example-{name}-{len(frames)}"
            if len(frames) > 1:  # and the real key forward, from the step before the last
                page.keyboard.press(back)
                page.keyboard.press(forward)
                assert page.evaluate(READ_STEP, handle)["id"] == f"example-{name}-{len(frames)}"
    page.close()
    assert stepped > 100 and walked >= 30, (stepped, walked)


@pytest.mark.deep
def test_a_step_address_opens_on_that_step(server: str, browser: Any, checked: CheckResult) -> None:
    """Three games' examples opened at their third step (make test: the first example of
    three steps or more of each game, each game in one of the three languages, in turn; make
    test-deep: every such example in every language)."""
    opened = 0
    for lang, slug, examples in _in_turn(_pages(checked, ("hearts", "uomo-nero", "black-peter"))):
        long_enough = [(name, frames) for name, replay, game in examples
                       if len(frames := expected_frames(replay, game)) >= 3]
        for name, frames in long_enough if DEEP else long_enough[:1]:
            opened += 1
            page = browser.new_page(viewport=PHONE)
            page.goto(f"{server}/{lang}/{slug}/#example-{name}-3")
            ex = page.locator(f"#example-{name}")
            got = page.evaluate(READ_STEP, ex.element_handle())
            assert got["id"] == f"example-{name}-3" and got["counter"] == f"3 / {len(frames)}"
            box = page.locator(f"#example-{name}-3").bounding_box()
            assert box is not None and -2 <= box["y"] < PHONE["height"]  # scrolled to it
            # the buttons go there too, and write the address
            ex.locator(".stepper-prev").click()
            assert page.evaluate("location.hash") == f"#example-{name}-2"
            page.close()
    assert opened >= 3


def test_without_javascript_every_step_is_shown(server: str, browser: Any) -> None:
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    page = context.new_page()
    page.goto(f"{server}/en/hearts/")
    steps = page.locator("#example-first-hand .tv-step")
    assert steps.count() == 14  # the deal, then 13 tricks
    assert steps.first.get_attribute("id") == "example-first-hand-0"
    assert all(steps.nth(i).is_visible() for i in range(14))
    assert page.locator("#example-first-hand table.scores").is_visible()  # the results, at the end
    assert page.locator(".stepper-nav").count() == 0
    context.close()


def test_print_shows_every_step(server: str, browser: Any, checked: CheckResult) -> None:
    slug = next(b.rules.spec.slugs["en"] for b in checked.games if b.rules.id == "uomo-nero")
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/en/{slug}/")
    page.emulate_media(media="print")
    steps = page.locator(".tv-step")
    assert steps.count() > 1 and all(steps.nth(i).is_visible() for i in range(steps.count()))
    assert not page.locator(".stepper-nav").first.is_visible()
    page.close()


def test_score_sheets_show_the_replayed_totals(server: str, browser: Any, checked: CheckResult) -> None:
    seen = 0
    page = browser.new_page(viewport=PHONE)
    for lang, slug, examples in _in_turn(_pages(checked)):
        for name, replay, _ in examples:
            if not isinstance(replay, TricksReplay) or not replay.sheet:
                continue
            page.goto(f"{server}/{lang}/{slug}/")
            _unfold(page)
            rows = page.evaluate("""ex => [...ex.querySelectorAll('table.sheet tbody tr:not(.sheet-note)')]
                .map(tr => [...tr.querySelectorAll('td')].map(td => [
                    td.querySelector('.sheet-score .num').textContent,
                    td.querySelector('.sheet-total .num').textContent]))""",
                                 page.locator(f"#example-{name}").element_handle())
            assert rows == [[[minus_sign(str(r.scores[s])), minus_sign(str(r.totals[s]))]
                             for s in replay.seats] for r in replay.sheet], (lang, slug, name)
            align = page.locator(f"#example-{name} table.sheet tbody td").first.evaluate(
                "td => [getComputedStyle(td).textAlign, getComputedStyle(td).fontVariantNumeric]")
            assert align == ["end", "tabular-nums"]
            seen += 1
    page.close()
    assert seen >= 2


@pytest.mark.deep
def test_no_accessibility_violation_on_pages_with_steppers(server: str, browser: Any,
                                                          checked: CheckResult) -> None:
    """Every game's page at phone width (the wide layout too for the two games of the
    screenshots): in make test those two (the wide layout on the first) and one game in four,
    each in one of the three languages, in turn (every language and every family is scanned,
    over the games: the stepper's markup is the same in each, tests/test_webtype.py scans the
    whole game page, and the test below the examples with every step shown); in every one of
    them in make test-deep."""
    axe = axe_api.Axe()
    checked_pages = 0
    pages = _in_turn(_pages(checked))
    if not DEEP:
        pages = [p for i, p in enumerate(pages) if i % 4 == 3 or p[1] in WIDE]
        assert {lang for lang, _, _ in pages} == set(LANGS)
        assert {type(replay) for _, _, examples in pages for _, replay, _ in examples} == {
            PairsReplay, TricksReplay, ShedReplay}
    wide_scanned = False
    for lang, slug, _ in pages:
        # make test: the wide layout on the first of the two games' pages it meets
        wide = slug in WIDE and (DEEP or not wide_scanned)
        wide_scanned |= wide
        for width in (390, 1280) if wide else (390,):
            page = browser.new_page(viewport={"width": width, "height": 900})
            page.goto(f"{server}/{lang}/{slug}/")
            _unfold(page)
            if page.locator("[data-stepper]").count() == 0:
                page.close()
                continue
            page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")  # settled
            results = axe.run(page, context={"include": [[".section-examples"]]})
            found = [(v["id"], [n["target"] for n in v["nodes"]][:3])
                     for v in results.response["violations"]]
            assert found == [], f"{lang}/{slug} at {width} px: {found}"
            checked_pages += 1
            page.close()
    assert checked_pages >= len(pages) + 1


def test_the_deal_before_the_first_trick_is_compact(server: str, browser: Any) -> None:
    """Hearts showed about 900 px of card chips above its first trick on a phone; the deal is
    now the first step, and a short one."""
    page = browser.new_page(viewport=PHONE)
    page.goto(f"{server}/en/hearts/")
    ex = page.locator("#example-first-hand")
    nav = ex.locator(".stepper-nav").bounding_box()
    top = ex.bounding_box()
    deal = ex.locator("#example-first-hand-0 table.deal").bounding_box()
    assert nav and top and deal
    assert nav["y"] - top["y"] < 450, "a tall table above the step-through"
    assert deal["height"] < 600, f"the deal's cards are {deal['height']:.0f} px tall"
    page.close()


# Score-sheet and results cells whose content is cut off, or that lie outside the example's box.
CLIPPED = """ex => {
  const box = ex.getBoundingClientRect();
  return [...ex.querySelectorAll('table.sheet :is(th, td, caption), table.scores :is(th, td)')]
    .filter(c => c.checkVisibility())
    .filter(c => {
      const r = c.getBoundingClientRect();
      return c.scrollWidth > c.clientWidth + 1 || r.right > box.right + 1 || r.left < box.left - 1;
    }).map(c => c.textContent.trim().slice(0, 40));
}"""


@pytest.mark.deep
def test_score_sheets_fit_a_phone_in_every_language(server: str, site: Path, browser: Any,
                                                    checked: CheckResult) -> None:
    """No cell of a score sheet or a results table is cut off at 390 px, in any language, and
    nothing scrolls sideways (ru Peppa: a 581 px table in a 329 px box). Without JavaScript,
    so that the results every step-through keeps for its last step are on the page. Every
    game page with such a table (the others are walked at 390 px by test_browser.py): make
    test, each game's in half of the languages, in turn; make test-deep, in all of them."""
    context = browser.new_context(java_script_enabled=False, viewport=PHONE)
    sheets = 0
    langs_seen: set[str] = set()
    page = context.new_page()
    for g, bundle in enumerate(checked.games):
        for lang, slug in bundle.rules.spec.slugs.items():
            if not in_turn(g, LANGUAGES.index(lang), 2):
                continue
            if not SHEET.search((site / lang / slug / "index.html").read_text(encoding="utf-8")):
                continue
            langs_seen.add(lang)
            page.goto(f"{server}/{lang}/{slug}/")
            _unfold(page)
            for ex in page.locator(".example:has(table.sheet, table.scores)").all():
                cut = page.evaluate(CLIPPED, ex.element_handle())
                assert cut == [], f"{lang}/{slug} {ex.get_attribute('id')}: cut off: {cut}"
                sheets += ex.locator("table.sheet").count()
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"{lang}/{slug} scrolls sideways: {width} px"
    context.close()
    assert langs_seen == set(LANGUAGES)
    assert sheets >= 3 * (6 if DEEP else 3)  # three sheet examples, six languages (or half)


@pytest.mark.deep
def test_no_accessibility_violation_light_and_dark(server: str, browser: Any) -> None:
    """axe-core over the examples with every step shown, results included, in both schemes
    (make test: a trick game left to right in the light scheme and one right to left in the
    dark; make test-deep: four games, each in both)."""
    axe = axe_api.Axe()
    scanned = {("en", "hearts"): ("light",), ("ar", "peppa"): ("dark",)}
    if DEEP:
        scanned = {page: ("light", "dark") for page in
                   (*scanned, ("ru", "uomo-nero"), ("de", "peppa"))}
    for (lang, slug), schemes in scanned.items():
        for scheme in schemes:
            page = browser.new_page(viewport=PHONE, color_scheme=scheme)
            page.goto(f"{server}/{lang}/{slug}/")
            _unfold(page)
            for toggle in page.locator(".stepper-toggle").all():
                toggle.click()
            page.evaluate("Promise.all(document.getAnimations().map(a => a.finished))")
            results = axe.run(page, context={"include": [[".section-examples"]]})
            found = [(v["id"], [n["target"] for n in v["nodes"]][:3])
                     for v in results.response["violations"]]
            assert found == [], f"{lang}/{slug} ({scheme}): {found}"
            page.close()
