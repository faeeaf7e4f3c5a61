"""The glossary read as data, and its terms linked where the rules first use them."""

from __future__ import annotations

import re

from generator.web import glossary

EN = """- **Trick:** one card from each player; the highest card of the suit led takes them.
- **Lead:** the first card of a trick.
- **Follow suit:** play a card of the suit that was led.
"""
RU = """- **Взятка:** по одной карте от каждого игрока.
- **Ходить в масть:** класть карту той масти, с которой зашли.
"""


def _marked(html: str) -> list[str]:
    return re.findall(r'<a class="term" href="#([^"]+)"[^>]*>([^<]*)</a>', html)


def test_a_glossary_in_the_usual_form_is_read_as_terms() -> None:
    terms = glossary.parse(EN, "en")
    assert terms is not None
    assert [(t.id, t.name) for t in terms] == [("term-trick", "Trick"), ("term-lead", "Lead"),
                                               ("term-follow-suit", "Follow suit")]
    assert terms[0].definition.startswith("one card from each player")


def test_a_glossary_written_otherwise_is_left_as_written() -> None:
    assert glossary.parse("Tricks are won by the highest card.\n", "en") is None
    assert glossary.parse(EN + "\nA closing remark.\n", "en") is None


def test_the_first_use_of_each_term_is_marked_once_on_the_page() -> None:
    terms = glossary.parse(EN, "en")
    assert terms is not None
    marker = glossary.Marker(terms, "en")
    first = marker.mark("<p>Win no tricks. Following suit is a must.</p>")
    second = marker.mark("<p>The winner of a trick leads the next trick; follow suit.</p>")
    assert _marked(first) == [("term-trick", "tricks"), ("term-follow-suit", "Following suit")]
    assert _marked(second) == [("term-lead", "leads")]
    assert "tip-term-lead" in second and 'role="tooltip"' in second


def test_inflected_uses_are_found_by_their_stems() -> None:
    terms = glossary.parse(RU, "ru")
    assert terms is not None
    html = glossary.Marker(terms, "ru").mark("<p>Кто берёт взятку, ходит первым; надо ходить в масть.</p>")
    assert _marked(html) == [("term-взятка", "взятку"), ("term-ходить-в-масть", "ходить в масть")]


def test_links_headings_and_cards_are_left_alone() -> None:
    terms = glossary.parse(EN, "en")
    assert terms is not None
    marker = glossary.Marker(terms, "en")
    html = marker.mark('<h3 id="x">Trick</h3><p><a href="#y">a trick</a> '
                       '<span class="card card-red">A<span>♥</span></span> takes the trick.</p>')
    assert _marked(html) == [("term-trick", "trick")]
    assert html.index('class="term"') > html.index("</span></span>")  # after the card: the text's


def test_the_definition_is_escaped_and_kept_out_of_the_index() -> None:
    terms = glossary.parse("- **Odd <b>:** a definition with <angle> brackets.\n", "en")
    assert terms is not None
    html = glossary.Marker(terms, "en").mark("<p>An odd b here.</p>")
    assert "<angle>" not in html and "&lt;angle&gt;" in html
    assert "data-pagefind-ignore" in html


def test_a_term_of_no_word_is_never_marked_and_a_term_at_the_end_is() -> None:
    """A term whose name has no word ("**→:**") has nothing to be found by; a term of two words
    may end the text (its last word the text's last)."""
    terms = glossary.parse("- **→:** an arrow.\n" + EN, "en")
    assert terms is not None and terms[0].stems == ()
    html = glossary.Marker(terms, "en").mark("<p>→ Play on, and always follow suit</p>")
    assert _marked(html) == [("term-follow-suit", "follow suit")]
