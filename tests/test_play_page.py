"""The play page (issue 24) without a browser: one per game and language, linked from the game
page and the quick reference and listed in the sitemap; the JSON play.js reads; the weight of
its scripts. Played in Chromium by tests/test_play_browser.py."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from conftest import ROOT, corpus
from generator.core.languages import LANGUAGES, load_messages
from generator.families.play import counts
from generator.model.schema import Affects
from generator.runtime.theme import Theme
from generator.web.play_page import BOT_NAMES, words
from generator.web.render import Renderer, SiteConfig
from generator.web.site import Kind, plan

STATIC = ROOT / "templates" / "static" / "play"
BUDGET = 60 * 1024  # issue 24: the play page's own script, compressed


@pytest.mark.parametrize("family", sorted(p.stem for p in (STATIC / "families").glob("*.js")))
def test_the_play_scripts_weigh_at_most_60_kb_compressed(family: str) -> None:
    """What a play page loads: the page, its card faces, the engine's core and its family's
    file."""
    size = sum(len(gzip.compress((STATIC / name).read_bytes(), compresslevel=9))
               for name in ("play.js", "faces.js", "engine.js", f"families/{family}.js"))
    assert size <= BUDGET, f"{size} bytes gzipped, more than {BUDGET}"


def test_every_game_has_a_play_page_in_each_of_its_languages() -> None:
    """Every game of the corpus (a game whose rules outside the model affect the play would
    have none: tests/test_outside_model.py)."""
    site = plan(corpus().games)
    for game in corpus().games:
        for lang in game.languages:
            page = site.find(Kind.PLAY, lang=lang, game=game.rules.id)
            slug = game.rules.spec.slugs[lang]
            assert page is not None and page.path == f"{lang}/{slug}/play/index.html"


@pytest.fixture(scope="module")
def renderer() -> Renderer:
    return Renderer(SiteConfig(Theme.layered(), "https://rulebook.example/", pdf=False),
                    plan(corpus().games), corpus().replays)


def _data(html: str) -> dict[str, object]:
    found = re.search(r'<script type="application/json" id="play-data">(.*?)</script>', html, re.S)
    assert found
    data: dict[str, object] = json.loads(found.group(1))
    return data


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_the_page_gives_every_variant_and_player_count_and_its_words(renderer: Renderer,
                                                                      lang: str) -> None:
    hearts = next(g for g in corpus().games if g.rules.id == "hearts")
    page = renderer.site.find(Kind.PLAY, lang=lang, game="hearts")
    assert page is not None
    data = _data(renderer.render(page))
    configs = data["configs"]
    assert isinstance(configs, list)
    assert [(c["variant"], c["players"]) for c in configs] == [
        (v, n) for v in [None, *hearts.rules.variants] for n in counts(hearts, v)]
    assert data["names"] == [load_messages(ROOT / "templates", lang).gettext("You"), *BOT_NAMES[lang]]
    assert isinstance(data["cards"], dict) and len(data["cards"]) == 52
    assert data["suits"] == "french"


def test_briscola_is_dealt_italian_faces(renderer: Renderer) -> None:
    """Its deck is italian-40, written with the French glyphs: the page says so, and faces.js
    draws coppe, denari, spade and bastoni for ♥ ♦ ♠ ♣ (docs/play.md, "Card faces")."""
    page = renderer.site.find(Kind.PLAY, lang="it", game="briscola")
    assert page is not None
    data = _data(renderer.render(page))
    assert data["suits"] == "italian"
    cards = data["cards"]
    assert isinstance(cards, dict) and len(cards) == 40
    assert cards["Q♥"][2] == "cavallo di coppe"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_every_word_of_the_page_is_translated(lang: str) -> None:
    english = words(load_messages(ROOT / "templates", "en"))
    ours = words(load_messages(ROOT / "templates", lang))
    for key, text in ours.items():
        assert text != english[key] or key in {"plays", "total"}, (lang, key, text)
        # a word that counts is its plural forms; Arabic's one and two say the number in words
        forms = [text] if isinstance(text, str) else text
        slots = set(re.findall(r"%\(\w+\)s", str(english[key])))
        assert all(set(re.findall(r"%\(\w+\)s", f)) <= slots for f in forms), key
        assert set(re.findall(r"%\(\w+\)s", forms[-1])) == slots, key


def test_the_game_page_and_the_quick_reference_link_the_play_page(site: Path) -> None:
    """... where the game has one (one whose rules outside the model affect the play has
    none, and no link to one: tests/test_outside_model.py)."""
    for game in corpus().games:
        playable = not any(Affects.PLAY in r.affects for r in game.rules.spec.outside_model)
        for lang in game.languages:
            folder = site / lang / game.rules.spec.slugs[lang]
            assert (folder / "play" / "index.html").is_file() == playable
            page = (folder / "index.html").read_text(encoding="utf-8")
            quickref = (folder / "quickref" / "index.html").read_text(encoding="utf-8")
            assert ('href="play/index.html"' in page) == playable
            assert ('href="../play/index.html"' in quickref) == playable
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert re.search(r"<loc>[^<]*/en/hearts/play/</loc>", sitemap)
    assert re.search(r'hreflang="ar" href="[^"]*/ar/hearts/play/"', sitemap)


def test_every_family_has_its_browser_engine_and_the_shared_scripts_name_none() -> None:
    """A family plugs into the play page by its own file alone (issue 42): engine.js and
    play.js name no family, and each registered family has families/<name>.js."""
    from generator.families import REGISTRY

    assert {p.stem for p in (STATIC / "families").glob("*.js")} == set(REGISTRY)
    for script in ("engine.js", "play.js"):
        text = (STATIC / script).read_text(encoding="utf-8")
        named = [n for n in REGISTRY if f"'{n}'" in text or f'"{n}"' in text]
        assert named == [], f"{script} names {named}"


def test_every_word_a_script_names_is_one_of_the_pages_words() -> None:
    """A word play.js or a family's script reads (W.key) that the page does not give would be
    shown as "undefined" (the shedding script once carried English fallbacks for seven)."""
    given = set(words(load_messages(ROOT / "templates", "en")))
    for script in sorted([STATIC / "play.js", *(STATIC / "families").glob("*.js")]):
        named = set(re.findall(r"\bW\.(\w+)", script.read_text(encoding="utf-8")))
        assert named - given == set(), script.name


def test_the_play_pages_cards_show_the_red_joker_as_the_jokers_star_in_red() -> None:
    """The play page's card data ([glyph, suit, name, colour]): with two jokers, ★ is the black
    joker and ☆ the star in the red card colour; a deck with one keeps the plain joker."""
    from generator.core.cards import JOKER, RED_JOKER
    from generator.core.markup import CardStyle
    from generator.web.play_page import _card

    assert _card(JOKER, CardStyle("en")) == ["★", "", "joker", "joker"]
    both = CardStyle("de", two_jokers=True)
    # (and each as a verb's object: "du ziehst den schwarzen Joker")
    assert _card(JOKER, both) == ["★", "", "schwarzer Joker", "joker", "schwarzen Joker"]
    assert _card(RED_JOKER, both) == ["★", "", "roter Joker", "red", "roten Joker"]


def test_the_card_key_of_a_deck_with_two_jokers_names_both() -> None:
    from generator.core.cards import get_deck
    from generator.core.markup import CardStyle, card_style
    from generator.web.game_page import card_key

    with card_style(CardStyle("it", two_jokers=True)):
        key = card_key(get_deck("french-52+jokers"))
    assert (key["joker"], key["red_joker"]) == ("jolly nero", "jolly rosso")
    with card_style(CardStyle("it")):
        key = card_key(get_deck("french-52+joker"))
    assert (key["joker"], key["red_joker"]) == ("jolly", None)
