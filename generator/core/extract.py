"""The UI catalogs' extraction (`make messages`, babel.cfg): Babel's own extractors for
Python and Jinja, each message given a translator's note for every ``%(slot)s`` it has.

A translator sees ``%(seats)s deals the first hand.`` in Weblate or Poedit without the code
around it; the note says what the slot will hold (a name, a number, a list), so the grammar
around it can be chosen. One table, SLOTS, says it for every slot name the code uses; a slot
the table lacks stops the extraction (a new slot gets its line here). A note in the code
starting ``Translators:`` is extracted too, for what a slot's name cannot say.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator

from babel.messages.extract import extract_python
from jinja2.ext import babel_extract

SLOTS: dict[str, str] = {
    "num": "a number, in the page language's digits",
    "total": "a number: the whole count",
    "name": "a player's name (a seat: Anna, Bruno ...), or several joined as a list",
    "names": "players' names joined as a list (the plural form follows their count)",
    "seats": "seats' names joined as a list (the plural form follows their count)",
    "player": "a player's name",
    "drawer": "the name of the player who draws",
    "taker": "the points the player who shot the moon (or took every trick) scores, signed",
    "others": "the points each other player scores, signed",
    "losers": "the losing players' names joined as a list",
    "other": "a seat's name",
    "source": "whom a card is drawn from: a player's name, or 'you'",
    "giver": ("whom a card is drawn from: a player's name, in the case your language gives "
              "that role (Russian: the genitive, «у Карлы»; the code fills in the form)"),
    "owner": ("whose cards these are: a player's name, in the case your language gives a "
              "possessor (Russian: the genitive, «карты Карлы»; the code fills in the form)"),
    "card": "a card as the site writes it (Q♠, 10♥)",
    "cards": "cards as the site writes them, joined as a list",
    "mine": "the reader's own move: a card, or the cards passed, as the site writes them",
    "suit": "a suit's name or symbol",
    "share": "a share in per cent",
    "low": "the lowest figure of a range (a share or a number)",
    "high": "the highest figure of a range (a share or a number)",
    "min": "the fewest (a number)",
    "max": "the most (a number)",
    "mean": "an average (a number)",
    "sd": "a standard deviation (a number)",
    "duration": "a time in minutes (a number)",
    "each": "a number of points",
    "tricks": "a count of tricks (a number)",
    "bid": "the tricks a player (or a side) bid (a number)",
    "won": "the tricks a player (or a side) took (a number)",
    "book": "the tricks a side must take before the next ones score (a number)",
    "draws": "a count of cards drawn (a number)",
    "list": "players' names, each with a figure, joined as a list",
    "parts": "the parts of a score, joined as a list",
    "sides": "the sides of a partnership game, joined as a list",
    "first": "the first side: players' names",
    "second": "the second side: players' names",
    "game": "a game's title",
    "language": "a language's name, in the page's language",
    "query": "the words a reader searched for",
    "file": "a PDF file's name",
    "date": "a date, written as the page's language writes it",
    "step": "a step of an example, as its heading names it",
    "call": "what a player says with one card left, as the game's rules spell it",
}

SLOT = re.compile(r"%\((\w+)\)s")

_Result = tuple[int, Any, Any, list[str]]  # line, function, message(s), comments


def python(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[_Result]:
    """Babel's Python extractor, each message with its slots' notes."""
    return _noted(extract_python(fileobj, keywords, comment_tags, options), fileobj)


def jinja2(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[_Result]:
    """Jinja's extractor (with the i18n extension), each message with its slots' notes."""
    return _noted(babel_extract(fileobj, keywords, comment_tags, options), fileobj)


def notes(texts: Iterable[str]) -> list[str]:
    """One note per slot of ``texts`` (the singular and the plural of one message), in the
    order they first come.

    >>> notes(["%(num)s card: %(card)s", "%(num)s cards: %(card)s"])
    ['%(num)s: a number, in the page language's digits', '%(card)s: a card as the site writes it (Q♠, 10♥)']
    """
    slots = dict.fromkeys(name for text in texts for name in SLOT.findall(text))
    return [f"%({name})s: {SLOTS[name]}" for name in slots]


def _noted(found: Iterable[tuple[Any, Any, Any, Any]], fileobj: Any) -> Iterator[_Result]:
    for lineno, funcname, messages, comments in found:
        texts = [m for m in (messages if isinstance(messages, (tuple, list)) else (messages,))
                 if isinstance(m, str)]
        unknown = [s for t in texts for s in SLOT.findall(t) if s not in SLOTS]
        if unknown:
            where = getattr(fileobj, "name", "?")
            raise ValueError(f"{where}:{lineno}: the slot %({unknown[0]})s has no note in "
                             "generator/core/extract.py's SLOTS: add what it holds")
        yield lineno, funcname, messages, [*comments, *notes(texts)]
