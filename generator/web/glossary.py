"""A game's glossary as data, and its terms marked where the rules first use them.

The glossary is written as a Markdown list, one ``- **Term:** definition`` item per term, in
each language. Read as data, it gives the page a definition list whose entries have addresses,
and the rules a link to each term where it first appears, with the definition at hand. Words
are compared by their Snowball stems, so "tricks" finds "Trick" and "взятку" finds "Взятка"."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Iterable, Sequence

import snowballstemmer
from markupsafe import Markup

from ..core import markup

# The languages' Snowball stemmers; a language without one compares whole words.
_STEMMERS = {"en": "english", "it": "italian", "de": "german", "ru": "russian", "ro": "romanian",
             "ar": "arabic"}
# An item: its first line, and the lines indented under it.
_ITEM_RE = re.compile(r"^- \*\*(?P<term>[^*\n]+?):\*\*[ \t]+(?P<text>.+(?:\n[ \t]+\S.*)*)\n?", re.M)
_WORD_RE = re.compile(r"\w+", re.UNICODE)
# Words a term may start with that its uses in running text leave out: the infinitive's "a" in
# Romanian ("A face luna" is used as "face luna").
_LEADING = {"ro": frozenset({"a"})}
# Inside these elements nothing is marked: a link is already a link, a heading names a section,
# a card shows a card.
_SKIP = frozenset({"a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "dfn"})
_TAG_RE = re.compile(r"<(/?)([a-zA-Z0-9]+)[^>]*?(/?)>")


@dataclass(frozen=True)
class Term:
    id: str  # the glossary entry's address: ``term-<slug>``
    name: str  # as the glossary writes it
    definition: str  # Markdown, one paragraph
    stems: tuple[str, ...]


def parse(text: str, lang: str) -> list[Term] | None:
    """The glossary's terms, when every line belongs to a ``- **Term:** definition`` item;
    None when it is written otherwise (it is then shown as written, and nothing is marked)."""
    source = text.strip() + "\n"
    items = list(_ITEM_RE.finditer(source))
    if not items or "".join(m.group(0) for m in items) != source:
        return None
    terms: list[Term] = []
    seen: set[str] = set()
    for m in items:
        name = m.group("term").strip()
        slug = markup.slugify(name) or str(len(terms) + 1)
        ident = f"term-{slug}"
        while ident in seen:
            ident += "-2"
        seen.add(ident)
        words = [w for w in _WORD_RE.findall(name.lower())]
        if len(words) > 1 and words[0] in _LEADING.get(lang, frozenset()):
            words = words[1:]
        terms.append(Term(ident, name, " ".join(m.group("text").split()),
                          tuple(_stem(lang, w) for w in words)))
    return terms


def ids(text: str | None, lang: str) -> set[str]:
    """The addresses a glossary gives its terms (kept from headings in the prose)."""
    terms = parse(text, lang) if text else None
    return {t.id for t in terms} if terms else set()


@lru_cache(maxsize=1 << 16)  # a build's words in six languages: 4,096 let them stem again and again
def _stem(lang: str, word: str) -> str:
    name = _STEMMERS.get(lang)
    if name is None:
        return word
    stem: str = _stemmer(name).stemWord(word)
    return stem


@lru_cache(maxsize=8)
def _stemmer(name: str) -> snowballstemmer.stemmer:
    return snowballstemmer.stemmer(name)


class Marker:
    """Marks each term once on a page: at its first use in the sections given in reading order."""

    def __init__(self, terms: Sequence[Term], lang: str) -> None:
        self.lang = lang
        self.pending = list(terms)
        self.marked: list[Term] = []

    def mark(self, section_html: str) -> Markup:
        if not self.pending:
            return Markup(section_html)
        out: list[str] = []
        skip = 0
        pos = 0
        for m in _TAG_RE.finditer(section_html):
            out.append(self._text(section_html[pos:m.start()]) if not skip
                       else section_html[pos:m.start()])
            closing, name, selfclosing = m.group(1), m.group(2).lower(), m.group(3)
            cls = re.search(r'class="([^"]*)"', m.group(0))
            if not selfclosing and (name in _SKIP or (name == "span" and skip)
                                    or (name == "span" and cls and "card" in cls.group(1).split())):
                skip += -1 if closing else 1
            out.append(m.group(0))
            pos = m.end()
        out.append(self._text(section_html[pos:]) if not skip else section_html[pos:])
        return Markup("".join(out))

    def _text(self, text: str) -> str:
        """``text`` (escaped HTML, no tags) with the first use of each pending term marked."""
        if not self.pending or not text.strip():
            return text
        # a word (\w+) holds no "&": nothing in it to unescape
        stem, lang = _stem, self.lang
        words = [(m.start(), m.end(), stem(lang, m.group().lower())) for m in _WORD_RE.finditer(text)]
        at: dict[str, list[int]] = {}  # a stem -> the words that have it, in order
        for i, word in enumerate(words):
            at.setdefault(word[2], []).append(i)
        found: list[tuple[int, int, Term]] = []
        for term in list(self.pending):
            n = len(term.stems)
            for i in at.get(term.stems[0], ()) if n else ():  # a term of no word is never met
                if i + n <= len(words) and all(words[i + k][2] == term.stems[k] for k in range(n)):
                    start, end = words[i][0], words[i + n - 1][1]
                    if not any(s < end and start < e for s, e, _ in found):
                        found.append((start, end, term))
                        self.pending.remove(term)
                        self.marked.append(term)
                    break
        if not found:
            return text
        out, pos = [], 0
        for start, end, term in sorted(found, key=lambda f: f[0]):
            out += [text[pos:start], _term_html(term, text[start:end])]
            pos = end
        out.append(text[pos:])
        return "".join(out)


def _term_html(term: Term, words: str) -> str:
    """A use of a term: a link to its entry whose definition opens on hover, focus and tap
    (static/page.js; without script the link leads to the glossary)."""
    tip = f"tip-{term.id}"
    # the definition is read out as the link's description, and left out of the search index
    # (the glossary has it once)
    return (f'<span class="term-wrap"><a class="term" href="#{term.id}" aria-describedby="{tip}">'
            f'{words}</a><span class="term-tip" role="tooltip" id="{tip}" data-pagefind-ignore>'
            f'<b>{html.escape(term.name)}</b>: {markup.render_inline(term.definition)}'
            f'</span></span>')


def tip_ids(terms: Iterable[Term]) -> set[str]:
    return {f"tip-{t.id}" for t in terms}
