"""Cards named in words: each language's rank and suit names, the forms running text gives
them, and a recognizer that finds "<rank> of <suit>" phrases in a text.

The narration checks use the recognizer so that "восьмёрку червей" is held to the same rule as
"8♥"; the pages can use :func:`spoken_name` for a card's accessible name.
"""

from __future__ import annotations

from .data import LANGUAGES, CardWords
from .finder import (
    Mention,
    find_card_mentions,
    find_named_cards,
    rank_letter,
    rank_word,
    shown_card_notation,
    spoken_name,
    suit_word,
)

__all__ = ["LANGUAGES", "CardWords", "Mention", "find_card_mentions", "find_named_cards",
           "rank_letter", "rank_word", "shown_card_notation", "spoken_name",
           "suit_word"]
