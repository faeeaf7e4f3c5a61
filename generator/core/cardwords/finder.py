"""Finding cards named in words in a text, and a card's name in words.

Only a full rank-and-suit phrase names a card: "the queen" or "a spade" alone names none, so
it is never reported. Matching is on whole words, after folding what a writer may vary without
changing the word (case, ё/е, ş/ș, Arabic diacritics and alef forms), with offsets kept in the
original text so a finding points at the phrase as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Mapping

from ..cards import JOKER, RED_JOKER, Card, Rank, Suit, card_name, find_prose_cards
from .data import LANGUAGES, CardWords

# Characters folded one for one (ё/е, the cedilla ş ţ Romanian texts still carry, Arabic alef
# forms and the final ة/ه and ى/ي writers mix), and marks dropped (harakat, shadda, tatweel).
_FOLD = str.maketrans({"ё": "е", "Ё": "Е", "ş": "ș", "Ş": "Ș", "ţ": "ț", "Ţ": "Ț",
                       "أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ة": "ه", "ى": "ي"})
_DROP = {chr(c) for c in range(0x064B, 0x0653)} | {"\u0670", "\u0640"}


def _fold(text: str) -> tuple[str, list[int]]:
    """``text`` folded, with the offset in ``text`` of each character kept."""
    if "Σ" not in text and _DROP.isdisjoint(text):
        # The whole text at once, when that equals folding it character by character: nothing
        # dropped, no final sigma (the one letter str.lower() reads in its context) and no
        # letter lowered to two characters (the length would change).
        folded = text.translate(_FOLD).lower()
        if len(folded) == len(text):
            return folded, list(range(len(text)))
    out: list[str] = []
    at: list[int] = []
    for i, ch in enumerate(text):
        if ch in _DROP:
            continue
        low = ch.translate(_FOLD).lower()
        out.append(low if len(low) == 1 else ch)  # "İ".lower() is two characters: keep offsets
        at.append(i)
    return "".join(out), at


def _key(form: str) -> str:
    return _fold(form)[0]


@dataclass(frozen=True)
class _Matcher:
    patterns: tuple[re.Pattern[str], ...]
    ranks: Mapping[str, Rank]
    suits: Mapping[str, Suit]
    jokers: re.Pattern[str] | None  # the black and the red joker named by their colour
    joker_forms: Mapping[str, Card]


def _rank_forms(words: CardWords) -> dict[str, Rank]:
    """Every folded form of a rank -> the rank."""
    out: dict[str, Rank] = {}
    for ranks in (words.ranks, words.italian_ranks):
        for rank, forms in ranks.items():
            for form in forms:
                out[_key(form)] = rank
                if words.prefix and form.startswith("ال"):
                    # Arabic ل before the article writes لل: للبنت is ل + البنت.
                    out[_key("ل" + form[1:])] = rank
    return out


def _suit_forms(*tables: Mapping[Suit, tuple[str, ...]]) -> dict[str, Suit]:
    """Every folded form of a suit (or suit adjective) -> the suit."""
    return {_key(form): suit for table in tables for suit, forms in table.items()
            for form in forms}


def _joker_forms(words: CardWords) -> dict[str, Card]:
    """Every folded form of the black and the red joker's names -> the joker."""
    out: dict[str, Card] = {}
    for card, forms in ((JOKER, words.black_joker), (RED_JOKER, words.red_joker)):
        for form in forms:
            out[_key(form)] = card
            if words.prefix and form.startswith("ال"):
                out[_key("ل" + form[1:])] = card  # للجوكر: ل + الجوكر
    return out


def _alternation(forms: Mapping[str, object]) -> str:
    # Longest first, so "валетом" is not cut to "валет" and "Buben" not to "Bube".
    return "|".join(re.escape(f).replace(r"\ ", r"\s+")
                    for f in sorted(forms, key=len, reverse=True))


@cache
def _matcher(lang: str) -> _Matcher | None:
    words = LANGUAGES.get(lang)
    if words is None:
        return None
    ranks = _rank_forms(words)
    suits = _suit_forms(words.suits, words.italian_suits)
    adjectives = _suit_forms(words.adjectives)
    slots = {"rank": f"(?P<rank>{_alternation(ranks)})",
             "suit": f"(?P<suit>{_alternation(suits)})",
             "adj": f"(?P<adj>{_alternation(adjectives)})"}
    patterns = []
    for phrase in words.phrases:
        body = re.escape(phrase).replace(r"\ ", r"\s+").replace(r"\{", "{").replace(r"\}", "}")
        body = body.format(**slots)
        patterns.append(re.compile(rf"(?<!\w){words.prefix}{body}(?!\w)"))
    jokers = _joker_forms(words)
    joker_re = re.compile(rf"(?<!\w){words.prefix}(?P<joker>{_alternation(jokers)})(?!\w)") \
        if jokers else None
    return _Matcher(tuple(patterns), ranks, suits | adjectives, joker_re, jokers)


def find_named_cards(text: str, lang: str) -> list[tuple[int, str, Card]]:
    """Every card named in words in ``text`` (in language ``lang``): (offset, the words as
    written, the card), in order. A language without card names finds none."""
    matcher = _matcher(lang)
    if matcher is None:
        return []
    folded, at = _fold(text)
    found: list[tuple[int, int, Card]] = []
    for pattern in matcher.patterns:
        for m in pattern.finditer(folded):
            # a phrase has the suit after the rank or as an adjective before it, never both
            suit_form = m.group("adj") if "adj" in pattern.groupindex else m.group("suit")
            rank = matcher.ranks[re.sub(r"\s+", " ", m.group("rank"))]
            suit = matcher.suits[re.sub(r"\s+", " ", suit_form)]
            found.append((m.start(), m.end(), Card(rank, suit)))
    if matcher.jokers is not None:  # "the red joker" is ☆; "the joker" alone is no card
        for m in matcher.jokers.finditer(folded):
            found.append((m.start(), m.end(),
                          matcher.joker_forms[re.sub(r"\s+", " ", m.group("joker"))]))
    out: list[tuple[int, str, Card]] = []
    last_end = -1
    for start, end, card in sorted(found, key=lambda f: (f[0], -f[1])):
        if start < last_end:
            continue  # inside a phrase already found
        first, stop = at[start], at[end - 1] + 1
        out.append((first, text[first:stop], card))
        last_end = end
    return out


@dataclass(frozen=True)
class Mention:
    """A card a text names, in glyphs or in words, and how a message quotes it."""

    offset: int
    card: Card
    words: str | None = None  # the words as written; None for a glyph

    @property
    def label(self) -> str:
        """``Q♠``, or ``'the queen of spades' (Q♠)`` for a card named in words."""
        name = card_name(self.card)
        return f"'{self.words}' ({name})" if self.words is not None else name


def find_card_mentions(text: str, lang: str) -> list[Mention]:
    """Every card ``text`` names, in glyphs and in ``lang``'s words, in order of offset."""
    return list(_mentions(text, lang))


# The narration reader asks again and again of the same clauses (each kind of claim cuts and
# reads the text anew): remembered, a check of the corpus spends a quarter less CPU (7.6 -> 5.5 s).
@lru_cache(maxsize=1 << 16)
def _mentions(text: str, lang: str) -> tuple[Mention, ...]:
    mentions = [Mention(offset, card) for offset, card in find_prose_cards(text)]
    mentions += [Mention(offset, card, words) for offset, words, card in find_named_cards(text, lang)]
    return tuple(sorted(mentions, key=lambda m: m.offset))


def spoken_name(card: Card, lang: str, *, italian: bool = False,
                two_jokers: bool = False, accusative: bool = False) -> str:
    """A card's name in words ("queen of spades", "Pik-Dame", "дама пик"), for an accessible
    name; ``italian`` for a deck with Italian suits ("cavallo di coppe"). The joker has its own
    name ("joker"), or with ``two_jokers`` (a deck with a red joker too) its colour's ("black
    joker"); the red joker is always the "red joker". A language without card names gets the
    glyph. ``accusative``: the name as the object of a verb, where the language declines it
    (ru «даму пик», de "Pik-Buben")."""
    words = LANGUAGES.get(lang)
    if words is None:
        return card_name(card)
    if card.rank is None or card.suit is None:
        if accusative and words.joker_accusative:
            plain, black, red = words.joker_accusative
            return red if card.red else black if two_jokers else plain
        if card.red:
            return words.red_joker[0]
        return words.black_joker[0] if two_jokers else words.joker
    ranks = {**words.ranks, **words.italian_ranks} if italian else words.ranks
    suits = {**words.suits, **words.italian_suits} if italian else words.suits
    spoken = ranks[card.rank][0] if italian and card.rank in words.italian_ranks \
        else words.spoken.get(card.rank, ranks[card.rank][0])
    if accusative:
        cases = {**words.accusative, **words.italian_accusative} if italian else words.accusative
        spoken = cases.get(card.rank, spoken)
    return words.phrases[0].format(rank=spoken, suit=suits[card.suit][0])


def rank_word(rank: Rank, lang: str, *, italian: bool = False) -> str:
    """A rank's name alone ("jack", "Bube", "валет", "ولد"), for a card key."""
    words = LANGUAGES.get(lang) or LANGUAGES["en"]
    ranks = {**words.ranks, **words.italian_ranks} if italian else words.ranks
    return ranks[rank][0]


def suit_word(suit: Suit, lang: str, *, italian: bool = False) -> str:
    """A suit's name alone ("spades", "Pik", "пики"), for a card key."""
    words = LANGUAGES.get(lang) or LANGUAGES["en"]
    if italian and suit in words.italian_suits:
        return words.italian_suit_names.get(suit, words.italian_suits[suit][0])
    return words.suit_names.get(suit, words.suits[suit][0])


def rank_letter(rank: Rank, lang: str, *, local: bool) -> str:
    """The letter a card shows for ``rank``: the notation's (J Q K A, numbers as they are), or
    with ``local`` the language's own where it has one (de B D K A, ru В Д К Т)."""
    words = LANGUAGES.get(lang)
    if local and words is not None and rank in words.letters:
        return words.letters[rank]
    return rank.value


def shown_card_notation(shown: str, lang: str, *, local: bool) -> str:
    """The notation of a card as a page shows it, the inverse of :func:`rank_letter`: with
    ``local``, "Д♠" on a Russian page is "Q♠"; anything else is returned as it is.

    >>> shown_card_notation("Д♠", "ru", local=True), shown_card_notation("10♥", "ru", local=True)
    ('Q♠', '10♥')
    """
    words = LANGUAGES.get(lang)
    if not local or words is None:
        return shown
    for rank, letter in words.letters.items():
        rest = shown[len(letter):]
        if shown.startswith(letter) and len(rest) == 1 and not rest.isalnum():
            return rank.value + rest
    return shown
