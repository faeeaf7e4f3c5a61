"""Cards, ranks, suits and named decks, and the one card notation.

Canonical form is rank then suit glyph (``A♠``, ``10♥``); the joker is ``★`` (in a deck with
two, the black one) and the red joker ``☆``. Input also accepts ASCII (``10h``, ``Th``, ``QS``,
``js``, ``joker``, ``red-joker``); output is always glyphs.
Every parser has its inverse: ``parse_card(card_name(c)) == c``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Iterable

from .hints import did_you_mean, nearest, suggest


class Colour(enum.StrEnum):
    RED = "red"
    BLACK = "black"


class Suit(enum.StrEnum):
    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def colour(self) -> Colour:
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def letter(self) -> str:
        return _SUIT_LETTERS[self]


_SUIT_LETTERS = {Suit.SPADES: "s", Suit.HEARTS: "h", Suit.DIAMONDS: "d", Suit.CLUBS: "c"}


class Rank(enum.StrEnum):
    ACE = "A"
    KING = "K"
    QUEEN = "Q"
    JACK = "J"
    TEN = "10"
    NINE = "9"
    EIGHT = "8"
    SEVEN = "7"
    SIX = "6"
    FIVE = "5"
    FOUR = "4"
    THREE = "3"
    TWO = "2"

    @property
    def high(self) -> int:
        """Strength in a trick, ace high: 2 is 2, ace is 14."""
        return _HIGH[self]


_HIGH = {rank: 14 - i for i, rank in enumerate(Rank)}

JOKER_GLYPH = "★"
RED_JOKER_GLYPH = "☆"


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card; ``rank`` and ``suit`` are ``None`` for a joker, and ``red`` tells the red
    joker (``☆``) from the joker (``★``, the black one where a deck has both)."""

    rank: Rank | None
    suit: Suit | None
    red: bool = False

    def __post_init__(self) -> None:
        if self.red and (self.rank is not None or self.suit is not None):
            raise ValueError(f"a {self.rank} of {self.suit} is no joker: only a joker is red "
                             "by itself (a red card is of ♥ or ♦)")

    @property
    def is_joker(self) -> bool:
        return self.rank is None

    @property
    def colour(self) -> Colour | None:
        """A suit's colour; red for the red joker, none for the (black) joker, which is the
        one joker of most decks and shown in a colour of its own."""
        if self.suit is not None:
            return self.suit.colour
        return Colour.RED if self.red else None

    def __str__(self) -> str:
        return card_name(self)

    def __repr__(self) -> str:
        return f"parse_card({card_name(self)!r})"


JOKER = Card(None, None)
RED_JOKER = Card(None, None, red=True)


class CardError(ValueError):
    """A token that is not a card; carries the token, its offset and a suggestion."""

    def __init__(self, token: str, *, offset: int = 0, suggestion: str | None = None,
                 reason: str = "") -> None:
        self.token = token
        self.offset = offset
        self.suggestion = suggestion
        hint = f"; {suggest(suggestion)}" if suggestion else ""
        why = f" ({reason})" if reason else ""
        super().__init__(f"'{token}' is not a card{why}{hint}")


_RANK_INPUT = {r.value.lower(): r for r in Rank} | {"t": Rank.TEN, "1": Rank.ACE}
_SUIT_INPUT = {s.value: s for s in Suit} | {s.letter: s for s in Suit} | {
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}
_JOKER_INPUT = {JOKER_GLYPH, "jk", "joker", "*", "🃏"}
_RED_JOKER_INPUT = {RED_JOKER_GLYPH, "rjk", "red-joker"}
_CARD_RE = re.compile(r"^(10|[2-9]|[ATJQK1])([♠♥♦♣♤♡♢♧shdc])$", re.IGNORECASE)


def card_name(card: Card) -> str:
    """The canonical notation: ``A♠``, ``10♥``, ``★``, ``☆``."""
    if card.rank is None or card.suit is None:
        return RED_JOKER_GLYPH if card.red else JOKER_GLYPH
    return f"{card.rank.value}{card.suit.value}"


def ascii_name(card: Card) -> str:
    """A plain-ASCII form that :func:`parse_card` also reads: ``As``, ``10h``, ``joker``,
    ``red-joker``."""
    if card.rank is None or card.suit is None:
        return "red-joker" if card.red else "joker"
    return f"{card.rank.value}{card.suit.letter}"


def parse_card(token: str) -> Card:
    """Parse one card in glyph or ASCII notation; raise :class:`CardError` otherwise."""
    text = token.strip()
    card = _read_card(text)
    if card is None:
        raise CardError(token, suggestion=suggest_card(text))
    return card


def _read_card(text: str) -> Card | None:
    """The card ``text`` (stripped) names, or None: no suggestion, so that suggesting may use it."""
    if text.lower() in _JOKER_INPUT:
        return JOKER
    if text.lower() in _RED_JOKER_INPUT:
        return RED_JOKER
    match = _CARD_RE.match(text)
    if match:
        rank = _RANK_INPUT[match.group(1).lower()]
        suit = _SUIT_INPUT[match.group(2).lower() if match.group(2).isascii() else match.group(2)]
        return Card(rank, suit)
    return None


def suggest_card(token: str) -> str | None:
    """The nearest canonical card to a bad token, or None when nothing is close."""
    text = token.strip()
    if not text:
        return None
    # Common slips first: a word for a suit, a '0' for ten, a suit glyph in front.
    if len(text) >= 2 and text[0] in _SUIT_INPUT and not text[0].isalnum():
        # read without a suggestion of its own: "♠♥" turned round is "♥♠", whose suggestion
        # would turn it round again, for ever
        turned = _read_card(text[1:] + text[0])
        if turned is not None:
            return card_name(turned)
    candidates = {card_name(c): c for c in FULL_POOL}
    ascii_forms = {ascii_name(c).lower(): card_name(c) for c in FULL_POOL}
    near = nearest(text.lower(), ascii_forms, cutoff=0.5)
    if near is not None:
        return ascii_forms[near]
    return nearest(text, candidates, cutoff=0.5)


_TOKEN_RE = re.compile(r"[^\s,]+")


def split_tokens(text: str) -> list[tuple[int, str]]:
    """Split a hand written as ``"A♥ 2♠, 5h"`` into (offset, token) pairs."""
    return [(m.start(), m.group()) for m in _TOKEN_RE.finditer(text)]


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse a space- or comma-separated list of cards; raise on the first bad token."""
    cards = []
    for offset, token in split_tokens(text):
        try:
            cards.append(parse_card(token))
        except CardError as err:
            raise CardError(token, offset=offset, suggestion=err.suggestion) from None
    return tuple(cards)


def cards_name(cards: Iterable[Card]) -> str:
    """Inverse of :func:`parse_cards`: ``"A♠ 10♥"``."""
    return " ".join(card_name(c) for c in cards)


# Cards inside prose: only the glyph forms, so that words such as "Th" or "as" are never cards.
# Only a Latin letter or digit before the rank stops a match ("110♥"); an Arabic prefix such as
# the conjunction و ("وJ♣", "and J♣") does not.
PROSE_CARD_RE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([♠♥♦♣])|[★☆]")


def find_prose_cards(text: str) -> list[tuple[int, Card]]:
    """Every glyph-notation card in a text, with its offset."""
    out = []
    for m in PROSE_CARD_RE.finditer(text):
        out.append((m.start(), parse_card(m.group())))
    return out


@dataclass(frozen=True, slots=True)
class Deck:
    """A named deck: its cards in a fixed, conventional order."""

    name: str
    cards: tuple[Card, ...]

    @property
    def size(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def without(self, removed: Iterable[Card]) -> tuple[Card, ...]:
        gone = set(removed)
        return tuple(c for c in self.cards if c not in gone)


def _deck(name: str, ranks: Iterable[Rank], *, jokers: tuple[Card, ...] = ()) -> Deck:
    ranks = tuple(ranks)
    cards = tuple(Card(r, s) for s in Suit for r in ranks)
    return Deck(name, cards + jokers)


_R = Rank
DECKS: dict[str, Deck] = {
    d.name: d
    for d in (
        _deck("french-52", [_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX, _R.SEVEN,
                            _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING]),
        _deck("french-52+joker", [_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX,
                                  _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN,
                                  _R.KING], jokers=(JOKER,)),
        _deck("french-52+jokers", [_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX,
                                   _R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN,
                                   _R.KING], jokers=(JOKER, RED_JOKER)),
        _deck("skat-32", [_R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING,
                          _R.ACE]),
        # A Skat pack with one extra picture card (the Schwarzer Peter chimney sweep), written ★.
        _deck("skat-32+joker", [_R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING,
                                _R.ACE], jokers=(JOKER,)),
        _deck("italian-40", [_R.ACE, _R.TWO, _R.THREE, _R.FOUR, _R.FIVE, _R.SIX, _R.SEVEN,
                             _R.JACK, _R.QUEEN, _R.KING]),
    )
}

FULL_POOL: tuple[Card, ...] = DECKS["french-52+jokers"].cards


def get_deck(name: str) -> Deck:
    """A named deck; raise ValueError naming the nearest valid name."""
    try:
        return DECKS[name]
    except KeyError:
        hint = did_you_mean(name, DECKS)
        hint = f"; {hint}" if hint else ""
        raise ValueError(f"unknown deck '{name}' (known: {', '.join(DECKS)}){hint}") from None
