"""The one reader of card tokens with their marks: every card written in a rules file, with
the place of its first character, so that a finding can point at the very token."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from ..core.cards import Card, CardError, parse_card, split_tokens
from ..core.diagnostics import Mark, Report
from ..core.hints import suggest
from .source import Key, Source

CARD_HELP = ("write a rank (A K Q J 10..2) and a suit (♠ ♥ ♦ ♣ or s h d c), "
             "or ★ for the joker (☆ for the red joker of a deck with two)")


@dataclass(frozen=True, slots=True)
class CardToken:
    """One token: the card it names, or why it names none."""

    mark: Mark
    text: str
    card: Card | None
    error: CardError | None

    def report(self, report: Report, *, help: str | None = None) -> None:
        """Report a token that is no card (with its nearest card, else ``help``)."""
        assert self.error is not None
        report.error(self.mark, "bad-card", str(self.error).split(";")[0],
                     hint=suggest(self.error.suggestion) or help)


def read_cards(text: str, mark_at: Callable[[int], Mark]) -> Iterator[CardToken]:
    """The tokens of one text; ``mark_at(offset)`` is where the character at offset stands."""
    for offset, token in split_tokens(text):
        try:
            yield CardToken(mark_at(offset), token, parse_card(token), None)
        except CardError as err:
            yield CardToken(mark_at(offset), token, None, err)


def card_tokens(src: Source, key: Key, value: Any = None) -> Iterator[CardToken]:
    """The tokens written at ``key``: one text, or a list of texts (``value`` overrides what
    the source holds there, for a default)."""
    value = src.get(key) if value is None else value
    items: list[tuple[Key, str]] = []
    if isinstance(value, str):
        items.append((key, value))
    elif isinstance(value, list):
        items.extend((key + (i,), v) for i, v in enumerate(value) if isinstance(v, str))
    for item_key, text in items:
        yield from read_cards(text, functools.partial(_text_mark, src, item_key))


def _text_mark(src: Source, key: Key, offset: int) -> Mark:
    return src.text_mark(key, offset)


def parse_cards_at(src: Source, key: Key, report: Report, value: Any = None
                   ) -> tuple[Card, ...] | None:
    """Parse the cards written at ``key`` (text or list); report each bad token at its column."""
    cards: list[Card] = []
    ok = True
    for token in card_tokens(src, key, value):
        if token.card is None:
            ok = False
            token.report(report, help=CARD_HELP)
        else:
            cards.append(token.card)
    return tuple(cards) if ok else None


def parse_card_at(src: Source, key: Key, report: Report) -> Card | None:
    cards = parse_cards_at(src, key, report)
    if cards is None:
        return None
    if len(cards) != 1:
        report.error(src.mark(key), "bad-card", f"expected one card; found {len(cards)}")
        return None
    return cards[0]
