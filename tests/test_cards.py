"""Card notation: one canonical form, ASCII input, inverses tested over whole decks."""

from __future__ import annotations

import pytest

from generator.core.cards import (
    DECKS,
    FULL_POOL,
    JOKER,
    RED_JOKER,
    Card,
    CardError,
    Colour,
    Rank,
    Suit,
    ascii_name,
    card_name,
    cards_name,
    find_prose_cards,
    get_deck,
    parse_card,
    parse_cards,
)


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_parse_inverts_format_over_every_deck(deck: str) -> None:
    for card in DECKS[deck].cards:
        assert parse_card(card_name(card)) == card
        assert parse_card(ascii_name(card)) == card


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_parse_cards_inverts_cards_name(deck: str) -> None:
    cards = DECKS[deck].cards
    assert parse_cards(cards_name(cards)) == cards


@pytest.mark.parametrize("deck,size", [("french-52", 52), ("french-52+joker", 53),
                                       ("french-52+jokers", 54), ("skat-32", 32), ("skat-32+joker", 33),
                                       ("italian-40", 40)])
def test_named_deck_sizes_and_no_duplicates(deck: str, size: int) -> None:
    cards = DECKS[deck].cards
    assert len(cards) == size == len(set(cards))


def test_the_deck_with_two_jokers_is_the_french_deck_then_the_black_then_the_red_joker() -> None:
    cards = DECKS["french-52+jokers"].cards
    assert cards[:52] == DECKS["french-52"].cards
    assert cards[52:] == (JOKER, RED_JOKER)
    assert cards_name(cards[52:]) == "★ ☆"
    assert DECKS["french-52+joker"].cards[52:] == (JOKER,)
    assert RED_JOKER in FULL_POOL and JOKER in FULL_POOL


def test_the_red_joker_is_a_joker_of_its_own() -> None:
    assert RED_JOKER != JOKER and hash(RED_JOKER) != hash(JOKER)
    assert RED_JOKER.is_joker and JOKER.is_joker
    assert RED_JOKER.rank is None and RED_JOKER.suit is None
    assert Card(Rank.TEN, Suit.HEARTS).red is False  # every Card(rank, suit) is as it was
    assert card_name(RED_JOKER) == "☆" and ascii_name(RED_JOKER) == "red-joker"
    assert repr(RED_JOKER) == "parse_card('☆')"
    assert parse_cards("★ ☆ rjk joker") == (JOKER, RED_JOKER, RED_JOKER, JOKER)
    with pytest.raises(ValueError, match="only a joker is red by itself"):
        Card(Rank.TEN, Suit.HEARTS, red=True)


def test_skat_runs_seven_to_ace_and_italian_ace_to_seven_with_courts() -> None:
    assert {c.rank for c in DECKS["skat-32"].cards} == {
        Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE}
    assert {c.rank for c in DECKS["italian-40"].cards} == {
        Rank.ACE, Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN,
        Rank.JACK, Rank.QUEEN, Rank.KING}


@pytest.mark.parametrize("text,expected", [
    ("10h", "10♥"), ("Th", "10♥"), ("QS", "Q♠"), ("js", "J♠"), ("ad", "A♦"), ("7C", "7♣"),
    ("10♥", "10♥"), ("★", "★"), ("joker", "★"), ("K♤", "K♠"), ("jk", "★"), ("*", "★"),
    ("🃏", "★"), ("☆", "☆"), ("red-joker", "☆"), ("Red-Joker", "☆"), ("rjk", "☆"),
])
def test_ascii_and_glyph_input_normalise_to_glyphs(text: str, expected: str) -> None:
    assert card_name(parse_card(text)) == expected


def test_colour_is_a_property_of_the_suit() -> None:
    assert Suit.HEARTS.colour is Colour.RED and Suit.DIAMONDS.colour is Colour.RED
    assert Suit.SPADES.colour is Colour.BLACK and Suit.CLUBS.colour is Colour.BLACK
    assert parse_card("7♥").colour is Colour.RED
    assert JOKER.colour is None
    assert RED_JOKER.colour is Colour.RED


@pytest.mark.parametrize("token,suggestion", [
    ("11h", "10♥"), ("Jx", "J♠"), ("♠J", "J♠"), ("10z", None), ("Qhh", "Q♥"),
])
def test_bad_notation_quotes_the_token_and_suggests(token: str, suggestion: str | None) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert f"'{token}' is not a card" in str(info.value)
    if suggestion:
        assert info.value.suggestion == suggestion
        assert f"did you mean '{suggestion}'?" in str(info.value)


@pytest.mark.parametrize("token", ["♠♥", "♥♠", "♠♠", "♤♡", "♠♥♦♣", " ♦♣ "])
def test_a_token_of_suit_signs_alone_is_a_card_error(token: str) -> None:
    """A suit sign in front is read turned round ("♠J" is the J♠); turned round, "♠♥" is
    "♥♠", whose suggestion turned it round again: a RecursionError that Hypothesis found
    under make test (a run of 2026-12-04)."""
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert f"'{token}' is not a card" in str(info.value)


def test_parse_cards_reports_the_offset_of_the_bad_token() -> None:
    with pytest.raises(CardError) as info:
        parse_cards("A♥ 2♠, 5q 3♦")
    assert info.value.token == "5q" and info.value.offset == 7


def test_prose_cards_are_glyph_forms_only() -> None:
    text = "Anna draws the J♠, then 10♥ and ★; 'as' and Th are words."
    assert [card_name(c) for _, c in find_prose_cards(text)] == ["J♠", "10♥", "★"]


def test_prose_finds_both_jokers() -> None:
    assert find_prose_cards("Bruno plays ☆, Carla ★.") == [(12, RED_JOKER), (21, JOKER)]


def test_card_repr_shows_the_parse_call() -> None:
    assert repr(Card(Rank.TEN, Suit.HEARTS)) == "parse_card('10♥')"


def test_unknown_deck_suggests_nearest_name() -> None:
    with pytest.raises(ValueError, match="did you mean 'skat-32'"):
        get_deck("skat32")
