"""The one configured MarkdownIt: safe HTML, cards as cards anywhere in a text, heading ids."""

from __future__ import annotations

import re

import pytest

from generator.core.cards import parse_card
from generator.core.markup import (
    CardStyle,
    card_html,
    card_style,
    cards_html,
    keep_punctuation,
    markdown,
    render,
    render_inline,
    slugify,
)


def test_card_span_is_isolated_left_to_right_and_coloured() -> None:
    assert card_html(parse_card("7♥")) == ('<span class="card card-red" dir="ltr" role="img" '
                                           'aria-label="seven of hearts">7<small>♥</small></span>')
    assert card_html(parse_card("J♠")) == ('<span class="card card-black" dir="ltr" role="img" '
                                           'aria-label="jack of spades">J<small>♠</small></span>')
    assert card_html(parse_card("★")) == ('<span class="card card-joker" dir="ltr" role="img" '
                                          'aria-label="joker">★</span>')


def test_the_red_joker_is_the_joker_star_in_red_and_named_apart() -> None:
    red = '<span class="card card-joker card-red" dir="ltr" role="img" aria-label="{}">★</span>'
    black = '<span class="card card-joker" dir="ltr" role="img" aria-label="{}">★</span>'
    assert card_html(parse_card("☆")) == red.format("red joker")
    with card_style(CardStyle("en", two_jokers=True)):  # a deck with both: the black joker
        assert card_html(parse_card("★")) == black.format("black joker")
        assert card_html(parse_card("☆")) == red.format("red joker")
    with card_style(CardStyle("ru", two_jokers=True)):
        assert render_inline("Бруно кладёт ☆, Анна ★.") == (
            "Бруно кладёт " + red.format("красный джокер") + ", Анна "
            + black.format("чёрный джокер") + ".")


def test_cards_anywhere_in_a_text_run_not_only_at_its_start() -> None:
    html = render_inline("Anna draws the **J♠**, then 10♥ and ★ from Bruno.")
    assert html.count('class="card') == 3
    assert ('<strong><span class="card card-black" dir="ltr" role="img" aria-label="jack of spades">'
            "J<small>♠</small></span></strong>") in html
    assert 'aria-label="ten of hearts">10<small>♥</small>' in html


def test_cards_inside_arabic_text() -> None:
    with card_style(CardStyle("ar")):  # an Arabic page names its cards in Arabic
        html = render_inline("يسحب اللاعب 2 ولد السباتي J♣ من اللاعب 3")
    card = ('<span class="card card-black" dir="ltr" role="img" aria-label="ولد السباتي">'
            "J<small>♣</small></span>")
    assert f"يسحب اللاعب 2 ولد السباتي {card} من" in html


def test_words_are_not_cards() -> None:
    assert "card" not in render_inline("As Th said, 10 hearts.")


def test_raw_html_is_escaped_never_injected() -> None:
    html = render('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">')
    assert "<script" not in html and "<img" not in html
    assert "&lt;script&gt;" in html


def test_javascript_links_are_refused() -> None:
    for url in ("javascript:alert(1)", "JAVASCRIPT:alert(1)", "vbscript:x", "data:text/html,x"):
        html = render_inline(f"[click]({url})")
        assert "<a" not in html, url
    assert '<a href="https://example.org/">x</a>' in render_inline("[x](https://example.org/)")


def test_headings_get_stable_ids() -> None:
    assert '<h2 id="three-of-a-kind">Three of a kind</h2>' in render("## Three of a kind")
    assert slugify("Какие карты образуют пару?") == "какие-карты-образуют-пару"


def test_card_after_an_arabic_prefix() -> None:
    # "وJ♣" is "and J♣": the conjunction و is written joined to the next word.
    assert render_inline("وJ♣").count('class="card') == 1
    assert "card" not in render_inline("110♥ AJ♠")


def test_signed_numbers_are_isolated_left_to_right() -> None:
    # In Arabic text "-26" would otherwise be shown as "26-".
    html = render_inline("ملكة البستوني -26 نقطة و+45؛ 10-5")
    assert '<span class="num" dir="ltr">-26</span>' in html
    assert 'و<span class="num" dir="ltr">+45</span>' in html
    assert "10-5" in html


def test_heading_ids_unique_across_a_page() -> None:
    from generator.core.markup import page_ids
    with page_ids({"tips"}):
        first = render("### Tips")
        second = render("### Tips")
    assert 'id="tips-2"' in first and 'id="tips-3"' in second


# What markdown-it makes of a text when it parses it: the shortcuts for plain text must agree.
PARSED_OR_NOT = [
    "Anna draws Q♥ from Bruno and scores -5.", "Plain line, ends with a newline.\n",
    "1. a list, not a paragraph", "3 players: a paragraph that starts with a digit",
    "# a heading", "> a quote", "- an item", "+ an item", "* an item", "---", "===", "~~~",
    "| a | b |", "[ref]: http://example.com", "<b>raw</b> is escaped", "a *b* and _c_",
    "an `inline code`", "an \\*escape", "an &amp; entity", "![an image](x.png)",
    "two\nlines", "two\r\nlines", "ends with a space ", "ends with a no-break space\u00a0",
    "ends with NEL \u0085", " starts with a space", "\tstarts with a tab", "نص بالعربية J♣ و 10♦.",
    "(Q♥), «K♠»: cards with punctuation", "a \"quoted\" <word> & more", "", " ", "\n",
]


@pytest.mark.parametrize("text", PARSED_OR_NOT)
def test_plain_text_renders_as_markdown_it_parses_it(text: str) -> None:
    md = markdown()
    for style in (CardStyle("en"), CardStyle("de", local_letters=True), CardStyle("ar")):
        with card_style(style):
            assert render(text) == md.render(text)
            assert render_inline(text) == md.renderInline(text)


def _keep_punctuation_by_one_regex(html: str) -> str:
    """keep_punctuation as first written: one pattern, opening punctuation included."""
    pattern = re.compile(r'([(\[«„“‘]*)(<span class="card [^"]*"[^>]*>(?:(?!</span>).)*</span>)'
                         r'([:,;.!?)\]»”’…،؛؟]+)?', re.DOTALL)
    return pattern.sub(lambda m: m.group(0) if not m.group(1) and not m.group(3)
                       else f'<span class="nobr">{m.group(0)}</span>', html)


@pytest.mark.parametrize("text", [
    "(Q♥)", "((«Q♥", "Q♥, K♠: and 10♦.", "[Q♥ K♠]", "no card (here)", "J♣،", "(-5) and (Q♥",
    "«Q♥»K♠!", "„Q♥“ ‘K♠’", "( Q♥ )"])
def test_keep_punctuation_wraps_as_the_one_pattern_did(text: str) -> None:
    html = f"<p>{render_inline(text)}</p><p>{cards_html([parse_card('Q♥'), parse_card('★')])}).</p>"
    assert keep_punctuation(html) == _keep_punctuation_by_one_regex(html)


def test_latin_words_in_right_to_left_prose_are_isolated() -> None:
    """Unisolated, the Arabic comma between two Latin titles takes their direction and the
    titles swap places; a Latin title before a stop can carry the stop to its far side."""
    from generator.core.markup import CardStyle, card_style

    text = "في *Hoyle's Games*، و*The Penguin Book of Card Games* (1980)، أو Chase the Lady, 2."
    with card_style(CardStyle(lang="ar")):
        html = render(text)
    assert "<em><span dir=\"ltr\">Hoyle's Games</span></em>،" in html
    assert '<em><span dir="ltr">The Penguin Book of Card Games</span></em> (1980)' in html
    assert '<span dir="ltr">Chase the Lady</span>, 2.' in html  # the comma and number outside
    with card_style(CardStyle(lang="ar")):  # a title the file wraps is one run, and initials
        html = render("لعبة *Schwarzer\nPeter*، طبعتها J. W. Spear\n& Sons.\n\n### قواعد Black Maria")
    assert '<em><span dir="ltr">Schwarzer\nPeter</span></em>،' in html
    assert '<span dir="ltr">J. W. Spear\n&amp; Sons</span>.' in html
    assert '<h3 id="قواعد-black-maria">' in html  # the heading's id as before
    with card_style(CardStyle(lang="ar")):
        assert render_inline("−26 و+2").count('class="num" dir="ltr"') == 2
    # a left-to-right page has no reason to: its prose is left to right already
    with card_style(CardStyle(lang="de")):
        assert 'dir="ltr"' not in render("In *Hoyle's Games*, und The Penguin Book.")


@pytest.mark.parametrize(("lang", "between"), [("ar", "</cite>؛ <cite"), ("en", "</cite>; <cite")])
def test_the_sources_of_a_page_are_joined_by_its_languages_semicolon(lang: str, between: str) -> None:
    """A Latin ';' between the Latin titles of an Arabic sentence reads as a stray mark
    (issue 38: «…; ▲…»): the templates take the language's own (core.languages.semicolon)."""
    from generator.runtime.theme import Theme
    from generator.web.environments import Environments

    sources = [{"id": i, "lang": "en", "name": name, "language": "English", "url": "", "dir": "ltr"}
               for i, name in (("a", "Hoyle's Games"), ("b", "The Penguin Book of Card Games"))]
    html = Environments(Theme.layered()).env(lang).get_template("partials/about.html.j2").render(
        sources=sources, readings=[], outside=[], left_out=[], folded=True, claims_checked=0)
    short = html[html.index('<p class="about-short">'):]
    assert between in short
    # a title's direction its language's, not "auto": WeasyPrint reads "auto" as the page's
    assert '<cite lang="en" dir="ltr">Hoyle' in short
    assert (";" in re.sub(r"&#?\w+;", "", short)) == (lang != "ar")  # not in an entity
