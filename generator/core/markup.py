"""The one configured MarkdownIt: prose from YAML to safe HTML with cards as cards.

Raw HTML is off, so text in YAML can never inject markup or script; markdown-it's own link
validation refuses ``javascript:``, ``vbscript:``, ``file:`` and most ``data:`` URLs.
Card tokens (``J♠``, ``10♥``, ``★``) become styled, left-to-right isolated spans by a core
rule, which sees every text token (an inline rule would only fire at the start of a run).
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Iterable, Iterator, Sequence

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from .cards import PROSE_CARD_RE, Card, card_name, parse_card
from .cardwords import rank_letter, spoken_name
from .languages import language


@dataclass(frozen=True)
class CardStyle:
    """How the page being rendered writes and names cards: its language (the accessible name
    of every card, "jack of spades", "валет пик"), whether the game's deck is Italian-suited
    (Q♥ is the "cavallo di coppe"), whether ranks show the language's own letters, and whether
    the deck has two jokers (★ is then named the "black joker", beside the "red joker" ☆)."""

    lang: str = "en"
    italian: bool = False
    local_letters: bool = False
    two_jokers: bool = False  # the deck has a red joker: the joker is the "black joker"


_CARD_STYLE: ContextVar[CardStyle] = ContextVar("card_style", default=CardStyle())


@contextmanager
def card_style(style: CardStyle) -> Iterator[CardStyle]:
    """Within this block, cards are rendered in ``style``."""
    token = _CARD_STYLE.set(style)
    try:
        yield style
    finally:
        _CARD_STYLE.reset(token)


def current_card_style() -> CardStyle:
    return _CARD_STYLE.get()


def card_html(card: Card) -> str:
    """``<span class="card card-red" dir="ltr" role="img" aria-label="seven of hearts">7<small>♥
    </small></span>``: a screen reader says the card's name in the page's language, not "J,
    black spade suit"."""
    return _card_html(card, _CARD_STYLE.get())


@lru_cache(maxsize=4096)
def _card_html(card: Card, style: CardStyle) -> str:
    """One card in one style: a page shows the same few cards hundreds of times."""
    label = escape(spoken_name(card, style.lang, italian=style.italian,
                               two_jokers=style.two_jokers))
    if card.rank is None or card.suit is None:  # the red joker is the joker's star in red
        joker = "card-joker card-red" if card.red else "card-joker"
        return f'<span class="card {joker}" dir="ltr" role="img" aria-label="{label}">★</span>'
    colour = "card-red" if card.colour == "red" else "card-black"
    rank = rank_letter(card.rank, style.lang, local=style.local_letters)
    return (f'<span class="card {colour}" dir="ltr" role="img" aria-label="{label}">{escape(rank)}'
            f"<small>{card.suit.value}</small></span>")


def cards_html(cards: Sequence[Card]) -> str:
    return " ".join(card_html(c) for c in cards)


def text_html(text: str) -> str:
    """Plain text (a catalog's message) escaped, its cards in the card markup as prose has
    them: a card in a bold callout keeps the symbol font's own weight, as in prose."""
    out, pos = [], 0
    for m in PROSE_CARD_RE.finditer(text):
        out += [escape(text[pos:m.start()]), card_html(parse_card(m.group()))]
        pos = m.end()
    out.append(escape(text[pos:]))
    return "".join(out)


# A card and the punctuation that touches it stay on one line: no line starts with the ":"
# or "،" after a card, nor ends with the "(" before one (a card is an inline block, after
# which a browser may break even before punctuation).
_CARD_WITH_PUNCTUATION = re.compile(
    r'<span class="card [^"]*"[^>]*>(?:(?!</span>).)*</span>([:,;.!?)\]»”’…،؛؟]+)?', re.DOTALL)
_OPENING = frozenset("([«„“‘")  # may stand before a card


def keep_punctuation(html: str) -> str:
    """Each card with punctuation before or after it wrapped in ``<span class="nobr">``.

    The search starts at the card's own ``<span`` (a literal prefix the regex engine finds
    fast) and the opening punctuation is read backwards from there: a pattern beginning with
    the optional punctuation was tried at every character of every page."""
    if 'class="card ' not in html:
        return html
    out: list[str] = []
    copied = last_end = 0  # copied to ``out`` up to; the end of the previous card
    for m in _CARD_WITH_PUNCTUATION.finditer(html):
        start = m.start()
        while start > last_end and html[start - 1] in _OPENING:
            start -= 1
        last_end = m.end()
        if start == m.start() and m.group(1) is None:
            continue
        out += (html[copied:start], '<span class="nobr">', html[start:last_end], "</span>")
        copied = last_end
    out.append(html[copied:])
    return "".join(out)


_HYPHEN_BEFORE_DIGIT = re.compile(r"(?<!\w)-(?=\d)")


def minus_sign(text: str) -> str:
    """Generated text's negative figures with the minus sign (U+2212) in place of a
    hyphen-minus (Babel's, Python's): the hyphen is shorter and sits lower than a plus."""
    return _HYPHEN_BEFORE_DIGIT.sub("\u2212", text)


# A number with its sign: in right-to-left text "-14" would show as "14-" unless isolated.
SIGNED_RE = re.compile(r"(?<![A-Za-z0-9\-−+])[-−+]\d+(?:[.,]\d+)?")
_ISOLATE_RE = re.compile(f"{PROSE_CARD_RE.pattern}|{SIGNED_RE.pattern}")
# A run of Latin words in right-to-left prose (a source's title, a game's own name): the
# words and what joins them, not a trailing stop or comma. Unisolated, the Arabic comma
# between two such runs takes their direction and the runs swap places ("A، B" read as B, A).
_LATIN_WORD = r"(?:[A-Z]\.(?= )|[A-Za-zÀ-ɏ][\wÀ-ɏ'’]*(?:\.[\wÀ-ɏ]+)*)"  # J. W. Spear, cardgames.zone
LATIN_RE = re.compile(rf"(?<![\w'’.]){_LATIN_WORD}(?:[ \n\-:&]+(?:{_LATIN_WORD}|\d+(?![.,]\d))"
                      rf"|, {_LATIN_WORD})*")
_ISOLATE_RTL_RE = re.compile(f"{PROSE_CARD_RE.pattern}|{SIGNED_RE.pattern}|{LATIN_RE.pattern}")


def _pattern() -> re.Pattern[str]:
    """What is isolated on the page being rendered: cards and signed numbers, and on a
    right-to-left page runs of Latin words too."""
    return _ISOLATE_RTL_RE if language(_CARD_STYLE.get().lang).direction == "rtl" else _ISOLATE_RE


def _cards_rule(state: StateCore) -> None:
    """Split text tokens around card notation and signed numbers (and Latin words in
    right-to-left text); put a ``card``, ``signed`` or ``latin`` token for each, rendered
    isolated left to right."""
    pattern = _pattern()
    if "&" not in state.src and not pattern.search(state.src):
        # Text tokens are pieces of the source (only an entity such as &minus; decodes to
        # something else), so a source without a match has no token to split.
        return
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        children: list[Token] = []
        for tok in _joined(block.children) if pattern is _ISOLATE_RTL_RE else block.children:
            if tok.type != "text" or not pattern.search(tok.content):
                children.append(tok)
            else:
                children += _isolated(tok.content, pattern)
        block.children = children


def _joined(tokens: list[Token]) -> list[Token]:
    """Text tokens with the soft line breaks between them as one text token: a title the
    file wraps ("Schwarzer\nPeter") is one run of Latin words, isolated whole; isolated a
    word at a time, its words would be laid out right to left."""
    out: list[Token] = []
    for tok in tokens:
        if out and out[-1].type == "text" and tok.type in ("text", "softbreak"):
            out[-1] = _text(out[-1].content + ("\n" if tok.type == "softbreak" else tok.content))
        else:
            out.append(tok)
    return out


def _isolated(content: str, pattern: re.Pattern[str] | None = None) -> list[Token]:
    """A text's tokens: text, and a ``card``, ``signed`` or ``latin`` token for each card,
    signed number or (``pattern`` of a right-to-left page) run of Latin words."""
    out: list[Token] = []
    pos = 0
    for m in (pattern or _pattern()).finditer(content):
        if m.start() > pos:
            out.append(_text(content[pos:m.start()]))
        is_card = PROSE_CARD_RE.fullmatch(m.group()) is not None
        kind = "card" if is_card else "signed" if SIGNED_RE.fullmatch(m.group()) else "latin"
        special = Token(kind, "", 0)
        special.content = m.group()
        special.meta = {"card": parse_card(m.group())} if is_card else {}
        out.append(special)
        pos = m.end()
    if pos < len(content):
        out.append(_text(content[pos:]))
    return out


def _text(content: str) -> Token:
    tok = Token("text", "", 0)
    tok.content = content
    return tok


def cards_plugin(md: MarkdownIt) -> None:
    md.core.ruler.push("cards", _cards_rule)
    md.add_render_rule("card", lambda self, tokens, idx, options, env:
                       card_html(tokens[idx].meta["card"]))
    md.add_render_rule("signed", lambda self, tokens, idx, options, env:
                       f'<span class="num" dir="ltr">{escape(tokens[idx].content)}</span>')
    md.add_render_rule("latin", lambda self, tokens, idx, options, env:
                       f'<span dir="ltr">{escape(tokens[idx].content, quote=False)}</span>')


_SLUG_DROP = re.compile(r"[^\w\- ]", re.UNICODE)


def slugify(title: str) -> str:
    """A stable id for a heading, kept in the heading's own script."""
    return re.sub(r"\s+", "-", _SLUG_DROP.sub("", title).strip().lower()) or "section"


class _Ids:
    """Heading ids in use, and for each slug the suffix to try next: a heading takes its slug,
    or the slug with the first free suffix, without counting up from 1 every time (40,000
    identical headings cost 40,000 steps, not 800 million)."""

    def __init__(self, used: Iterable[str], *, first: int) -> None:
        self.used = set(used)
        self.first = first  # the first suffix tried: -2 on a page, -1 in a text alone
        self.next: dict[str, int] = {}

    def take(self, slug: str) -> str:
        n = self.next.get(slug)
        candidate = slug if n is None else f"{slug}-{n}"
        n = self.first if n is None else n
        while candidate in self.used:  # only ids taken by other slugs or reserved are skipped
            candidate = f"{slug}-{n}"
            n += 1
        self.next[slug] = n
        self.used.add(candidate)
        return candidate


# The ids already used on the page being rendered: a heading in prose never takes the id of
# a section or of another heading of the page (a text alone only knows its own headings).
_PAGE_IDS: ContextVar[_Ids | None] = ContextVar("page_ids", default=None)


@contextmanager
def page_ids(reserved: Iterable[str]) -> Iterator[set[str]]:
    """Within this block, headings get ids unique on the page, avoiding ``reserved``."""
    ids = _Ids(reserved, first=2)
    token = _PAGE_IDS.set(ids)
    try:
        yield ids.used
    finally:
        _PAGE_IDS.reset(token)


HEADING_LEVELS = ("h2", "h3", "h4")  # the levels that get an id (h1 is the page's title)


def heading_ids_rule(state: StateCore) -> None:
    """A markdown-it core rule: every h2-h4 heading gets an id from its text (``slugify``),
    unique on the page being rendered, or in the text when it is rendered alone."""
    headings = [i for i, t in enumerate(state.tokens)
                if t.type == "heading_open" and t.tag in HEADING_LEVELS]
    if not headings:
        return
    ids = _PAGE_IDS.get() or _Ids((), first=1)
    for i in headings:
        inline = state.tokens[i + 1].children or []
        title = "".join(c.content for c in inline if c.type in ("text", "code_inline", "latin"))
        state.tokens[i].attrSet("id", ids.take(slugify(title)))


@lru_cache(maxsize=1)
def markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    # With raw HTML off these two rules refuse every text, after a call and a log line each
    # (the block rule once per line, as a paragraph's terminator too): off, not consulted.
    md.disable(["html_block", "html_inline"])
    md.use(cards_plugin)
    md.core.ruler.push("heading_ids", heading_ids_rule)
    return md


# A character that starts inline syntax in the CommonMark rules (a line break, an escape, code,
# emphasis, a link or image, an autolink, an entity) or that markdown-it rewrites (CR, NUL).
# Text without any is one text token: markdown-it's parse of it is known in advance.
_INLINE_SYNTAX = re.compile(r"[\n\r\0\\`*_\[!<&]")
# What may start a block other than a paragraph (a heading, quote, list, rule, fence, table,
# reference, HTML) or be a list's number: a one-line text that starts otherwise is a paragraph.
_BLOCK_START = frozenset("#>*-+_=`~[<|0123456789")


def _plain_inline(text: str) -> str | None:
    """The HTML markdown-it makes of ``text`` as inline text, without parsing it, when it has
    no inline syntax (most narration and list items); None when it must be parsed. Its tokens
    are rendered by the same renderer and rules as parsed ones."""
    if not text or _INLINE_SYNTAX.search(text):
        return None
    md = markdown()
    assert isinstance(md.renderer, RendererHTML)  # the one MarkdownIt renders HTML
    return md.renderer.renderInline(_isolated(text), md.options, {})


def _plain_paragraph(text: str) -> str | None:
    """The HTML of a text that is one plain paragraph on one line, without parsing it; None
    when it may be anything else. Such a line is a paragraph (no block starts with its first
    character, no table or heading underline has one line). A line with white space at
    either end is parsed: markdown-it trims its own set of white space characters."""
    line = text[:-1] if text.endswith("\n") else text
    if not line or "\n" in line or line[0] in _BLOCK_START or line.strip() != line:
        return None
    inline = _plain_inline(line)
    return None if inline is None else f"<p>{inline}</p>\n"


# A line that may be (or underline) a heading: a heading's id depends on the page it is on.
_HEADING_RE = re.compile(r"^ {0,3}(#|=+[ \t]*$|-+[ \t]*$)", re.M)


def render(text: str) -> str:
    """Markdown block text to HTML. A text without headings is rendered once per process and
    card style: its HTML depends on nothing else."""
    plain = _plain_paragraph(text)
    if plain is not None:
        return plain
    if _HEADING_RE.search(text):
        return _render(text)
    return _render_once(text, _CARD_STYLE.get())


@lru_cache(maxsize=8192)
def _render_once(text: str, style: CardStyle) -> str:
    return _render(text)  # ``style`` is the current one: part of the key, read by the card rule


def _render(text: str) -> str:
    html: str = markdown().render(text)  # markdown-it types its renderer's output as Any
    return html


def render_inline(text: str) -> str:
    """One line of Markdown (a list item, a FAQ question) to inline HTML (no heading can be
    in it, so the HTML depends on nothing but the text and the card style: each distinct line
    is rendered once)."""
    return _render_inline_once(text, _CARD_STYLE.get())


@lru_cache(maxsize=8192)
def _render_inline_once(text: str, style: CardStyle) -> str:
    plain = _plain_inline(text)
    if plain is not None:
        return plain
    html: str = markdown().renderInline(text)
    return html


def refused_images(text: str) -> Iterator[tuple[int, str]]:
    """Images in prose that a page or a PDF would have to fetch: every image but a ``data:``
    URL (a local path or a web address), each with the offset of its address in ``text``."""
    if "![" not in text:
        return
    stack = list(markdown().parse(text))
    while stack:
        token = stack.pop(0)
        stack[:0] = token.children or []
        src = str(token.attrGet("src") or "") if token.type == "image" else ""
        if token.type == "image" and not src.lower().startswith("data:"):
            at = text.find(src)
            yield (at if at >= 0 else max(0, text.find("![")), src)


def plain(text: str) -> str:
    """Text without Markdown emphasis markers, for metadata (JSON-LD, meta description)."""
    return re.sub(r"[*_`]+", "", text).strip()


__all__ = ["CardStyle", "card_style", "current_card_style", "card_html", "cards_html",
           "keep_punctuation", "render", "render_inline", "plain", "slugify", "card_name"]
