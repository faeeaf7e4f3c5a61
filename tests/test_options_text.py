"""Text that follows the game's options: a trick-taking game without Hearts' rules (no
passing, hearts led at any time, no moon, the Q♠ worth nothing: tests/fixtures/jacks) shows
none of their words, in any language, on its page, its numbers or its PDFs."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import TEMPLATES
from generator.core.languages import LANGUAGES, load_messages
from generator.pipeline import BuildConfig, build

pytestmark = pytest.mark.pdf  # builds a site with its PDFs
JACKS = Path(__file__).parent / "fixtures" / "jacks"
JACKS_SLUGS = {"en": "jacks", "ar": "jacks"}

# What only a game with these rules may say (the part before a placeholder).
FOREIGN = (
    "Hearts are broken.",  # hearts_lead: when-broken
    "No cards are passed in this hand.",  # passing
    "Shooting the moon: one player takes every heart and the Q♠",  # slam: queen-and-hearts
    "One player takes every heart and the Q♠ (shooting the moon)",
    "Every heart and the Q♠ went to %(name)s.",
    "The player holding the Q♠ after the pass takes it",  # a Q♠ worth points
    "The player dealt the Q♠ takes it",
    "Cards passed",  # the deal's table of a hand that passes (issue 34: none without passing)
    "Hand when play begins",
    "Pass these cards",  # the play page's words of passing, trumps, bids and a stock
    "No trumps in this hand",
    "Cards in the stock: %(num)s",
    "Your bid",
    "You must play a trump higher than the one in the trick.",
    "Trumps: %(suit)s",  # the example's deal of a game with trumps, a stock, bids or sides
    "The stock: %(num)s card. After each trick each player draws one, the trick's winner first.",
    "Drawn from the stock: %(draws)s.",
    "Bids, in turn",
    "Sides: %(first)s against %(second)s.",
    "Nobody has to follow suit: any card may be played",  # follow: none
    "A trump beats every card of the other suits: the highest trump takes the trick",
    "Chance of winning, by seat",  # the numbers of a game won by the highest total
    "Tricks taken in a hand",  # ... and of one whose cards are worth no points
)


def _words(text: str) -> str:
    """Text as a reader sees it: tags gone, entities read, cards' glyphs beside their rank,
    spaces single."""
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    return re.sub(r"\s+([♠♥♦♣])", r"\1", re.sub(r"\s+", " ", text))


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("jacks") / "site"
    result = build(BuildConfig(JACKS, TEMPLATES, out, search=False))
    assert result.ok, [d.format() for d in result.report.items]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_of_a_rule_the_game_has_not(site: Path, lang: str) -> None:
    messages = load_messages(TEMPLATES, lang)
    phrases = {_words(messages.gettext(msgid).split("%(")[0]).strip() for msgid in FOREIGN}
    documents = {p: _words(p.read_text(encoding="utf-8"))
                 for p in (site / lang).rglob("*.html")}
    documents |= {p: _words(" ".join(page.extract_text() for page in PdfReader(p).pages))
                  for p in (site / lang).rglob("*.pdf")}
    assert len(documents) >= 6  # the page, the quick reference, the PDFs
    found = {(p.name, phrase) for p, text in documents.items() for phrase in phrases
             if phrase and phrase in text}
    assert not found


def test_its_own_rules_are_said(site: Path) -> None:
    """The texts its rules do call for are there: the capot in the figures (on the numbers
    page, with the game page's summary)."""
    page = _words((site / "en" / "jacks" / "index.html").read_text(encoding="utf-8")
                  + (site / "en" / "jacks" / "numbers" / "index.html").read_text(encoding="utf-8"))
    assert "One player takes every trick (a slam)" in page
    assert "Hearts are broken" not in page and "after the pass" not in page


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_long_source_address_fits_a_phone(site: Path, browser, lang: str) -> None:
    """The game's source has an address of 110 characters and no place to break it: the
    page still fits 390 px."""
    page = browser.new_page(viewport={"width": 390, "height": 800})
    page.goto((site / lang / JACKS_SLUGS[lang] / "index.html").as_uri())
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    link = page.locator(".sources a")
    assert link.count() == 1
    width = page.evaluate("document.documentElement.scrollWidth")
    box = link.bounding_box()
    page.close()
    assert width <= 390 and box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


@pytest.fixture(scope="module")
def taking(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Whist, Briscola and Oh Hell (tests/fixtures/trick-games), built with their PDFs."""
    out = tmp_path_factory.mktemp("taking") / "site"
    fixtures = Path(__file__).parent / "fixtures" / "trick-games"
    result = build(BuildConfig(fixtures, TEMPLATES, out, search=False))
    assert result.ok, [d.format() for d in result.report.items]
    return out


def test_a_hand_without_passing_shows_no_passes_in_its_deal(taking: Path) -> None:
    """The deal's table of a hand that passes nothing has no "Cards passed" and no "Hand
    when play begins" columns (issue 34): Whist, Briscola and Oh Hell (the fixtures), as a
    page and as a booklet."""
    out = taking
    for game in ("whist", "briscola", "oh-hell"):
        page = (out / "en" / game / "index.html").read_text(encoding="utf-8")
        booklet = _words(" ".join(p.extract_text() for p in PdfReader(
            out / "en" / game / f"{game}.pdf").pages))
        assert '<table class="hands deal"' in page, game  # the deal's table is there ...
        for words in ("Cards passed", "Hand when play begins"):  # ... without the passes
            assert words not in _words(page) and words not in booklet, (game, words)


def test_a_game_of_taking_says_its_trumps_stock_bids_and_sides(taking: Path) -> None:
    """Each example of the taking games says what its deal sets besides the hands, each only
    where the game has it (issue 34): Whist its trumps from the dealer's last card and its
    sides, with a table of the sides' tricks and scores; Briscola the card turned under the
    stock, the stock and each trick's draws, and that nobody has to follow suit; Oh Hell the
    turned card and each player's bid beside the hand, with a Bid column in the results. A game whose cards
    are worth nothing counts tricks, not points; the numbers say who wins, not who loses."""
    def page(game: str, *part: str) -> str:
        """The page's text, each element's apart (a table reads cell by cell)."""
        text = (taking / "en" / game / "/".join(part) / "index.html").read_text(encoding="utf-8")
        return _words(re.sub(r"<(?!/?(?:span|small|strong|em|a)\b)[^>]+>", " ", text))

    whist, briscola, oh_hell = page("whist"), page("briscola"), page("oh-hell")
    assert re.search(r"Trumps:[♠♥♦♣] \w+\. The dealer's last card, \w+[♠♥♦♣], is turned up", whist)
    assert "Sides: Anna and Carla against Bruno and Dario." in whist
    # a glossary term's tooltip fills its placeholders, as the glossary does
    assert re.search(r"Book ?: a side's first 6 tricks, which score nothing", whist)
    assert "{book." not in whist
    assert re.search(r"Side Tricks Score Anna and Carla \d+ \d+ Bruno and Dario \d+ \d+", whist)
    assert "Tricks taken:" in whist and "Points taken" not in whist
    assert "The card turned up for them, A♥, lies face up under the stock" in briscola
    assert "The stock: 28 cards." in briscola
    assert "Drawn from the stock: Carla 3♣, Bruno 2♥, Anna 2♦, Dario 7♥." in briscola
    assert "Nobody has to follow suit" in briscola and "Points taken" in briscola
    assert "The card turned up for them is 2♣." in oh_hell
    assert re.search(r"Player Cards dealt Bid Anna Q♠ Q♣ 5♣ 3 Bruno .{0,20} 2 Carla", oh_hell)
    assert "Player Bid Tricks Score Anna 3 1 0" in oh_hell
    for words in ("Cards dealt Bid", "Drawn from the stock", "The stock:"):
        assert words not in whist, words
    assert "Sides:" not in oh_hell and "Cards dealt Bid" not in briscola
    assert "win most often" in page("whist", "numbers") or "chances of winning" in \
        page("whist", "numbers")
    for game in ("whist", "briscola", "oh-hell"):
        numbers = page(game, "numbers")
        assert "Chance of winning, by seat" in numbers and "losing" not in numbers, game
    assert "Tricks taken in a hand" in page("oh-hell", "numbers")
    assert "Points taken in a hand" in page("briscola", "numbers")
