"""What the numbers page says of its figures: seats whose intervals overlap are said not to
differ, the others are named with their shares, the reasons come from the rules, and a
round's length is told from its histogram. Made-up figures, so each case is exact."""

from __future__ import annotations

import pytest

from conftest import TEMPLATES, corpus
from generator.core.languages import load_messages
from generator.families.pairs import numbers as pairs_numbers
from generator.families.pairs.engine import PairsGame
from generator.families.tricks import numbers as tricks_numbers
from generator.families.tricks.engine import TricksGame
from generator.simulation.run import SeatNote
from generator.simulation.stats import Figure, Kind
from generator.web.numbers import Formatter
from generator.web.numbers_text import (
    length_sentences,
    percentile,
    seat_groups,
    seat_sentences,
    why_sentences,
)

HAND = ("A hand lasts about %(num)s draw on average.", "A hand lasts about %(num)s draws on average.")


def share(estimate: float, half: float) -> Figure:
    return Figure(Kind.SHARE, 1000, estimate, estimate - half, estimate + half, 0.0)


def words(lang: str = "en") -> Formatter:
    return Formatter(lang, load_messages(TEMPLATES, lang), rtl=lang == "ar")


def test_overlapping_seats_are_said_not_to_differ() -> None:
    """Hearts on main: 19.5 % against 28.0 %, each about six points either way."""
    figures = [share(0.27, 0.06), share(0.195, 0.055), share(0.28, 0.063), share(0.26, 0.06)]
    assert not seat_groups(figures).differ
    assert seat_sentences(figures, words()) == [
        "The seats' chances of losing, from 19.5% to 28.0%, do not differ measurably: every "
        "seat's 95% interval overlaps the others', so the differences may be chance."]


def test_seats_apart_are_named_with_their_shares() -> None:
    """Uomo Nero with six players: one seat loses 26 %, two 9 %, the others between."""
    figures = [share(0.186, 0.008), share(0.188, 0.008), share(0.180, 0.008),
               share(0.259, 0.01), share(0.093, 0.006), share(0.093, 0.006)]
    groups = seat_groups(figures)
    assert (groups.differ, groups.most, groups.least) == (True, (3,), (4, 5))
    assert seat_sentences(figures, words()) == [
        "Seat +3 loses most often (25.9%).", "Seat +4 and seat +5 lose least often (9.3%)."]


def test_a_seat_overlapping_both_ends_belongs_to_neither() -> None:
    figures = [share(0.30, 0.02), share(0.20, 0.02), share(0.25, 0.04), share(0.29, 0.02)]
    groups = seat_groups(figures)
    assert (groups.most, groups.least) == ((0, 3), (1,))
    assert seat_sentences(figures, words())[0] == \
        "The dealer and seat +3 lose most often (29.0% to 30.0%)."


def test_sentences_take_the_languages_plural_and_case() -> None:
    figures = [share(0.30, 0.01), share(0.10, 0.01), share(0.10, 0.01)]
    ru = seat_sentences(figures, words("ru"))
    assert ru[0].startswith("Сдающий проигрывает чаще всех (30,0")
    assert ru[1].startswith("Место +1 и место +2 проигрывают реже всех (10,0")


def test_the_reasons_come_from_the_rules_and_only_where_seats_differ() -> None:
    notes = (SeatNote(("%(seats)s is dealt one card more than the others.",
                       "%(seats)s are dealt one card more than the others."), (1, 2, 3)),
             SeatNote(("%(seats)s draws first, and %(other)s is the first drawn from.",
                       "%(seats)s draw first, and %(other)s is the first drawn from."), (1,), 0))
    assert why_sentences(notes, words())[1:] == [
        "Seat +1, seat +2, and seat +3 are dealt one card more than the others.",
        "Seat +1 draws first, and the dealer is the first drawn from."]
    assert why_sentences((), words()) == []


def test_a_rounds_length_is_told_from_its_histogram() -> None:
    counts = {x: 1 for x in range(1, 101)}  # 1 to 100, once each
    assert (percentile(counts, 0.05), percentile(counts, 0.95)) == (5, 95)
    mean = Figure(Kind.MEAN, 100, 50.5, 45.0, 56.0, 29.0)
    assert length_sentences(mean, counts, HAND, words()) == [
        "A hand lasts about 50 draws on average.", "Nine in ten of them last from 5 to 95."]
    one = Figure(Kind.MEAN, 10, 1.2, 1.0, 1.4, 0.4)
    assert length_sentences(one, {1: 8, 2: 2}, HAND, words()) == [
        "A hand lasts about 1 draw on average.", "Nine in ten of them last from 1 to 2."]
    assert length_sentences(None, counts, HAND, words()) == []


# -- what the rules say of the seats -----------------------------------------------------------

GAMES = {b.rules.id: b for b in corpus().games}


def pairs(game: str, variant: str | None = None) -> PairsGame:
    engine = GAMES[game].rules.engine_for(variant)
    assert isinstance(engine, PairsGame)
    return engine


def test_uomo_nero_with_six_gives_three_seats_a_card_more_and_the_left_draws_first() -> None:
    more, first = pairs_numbers.seat_notes(pairs("uomo-nero"), 6)  # 51 cards
    assert more.seats == (1, 2, 3)
    assert (first.seats, first.other) == ((1,), 0)  # the dealer offers to the left


def test_black_peter_draws_from_the_left() -> None:
    notes = pairs_numbers.seat_notes(pairs("black-peter"), 4)
    assert (notes[-1].seats, notes[-1].other) == ((1,), 2)


def test_an_even_deal_gives_no_seat_a_card_more() -> None:
    game = pairs("uomo-nero")
    players = next(n for n in range(2, 9) if len(game.cards) % n == 0)
    assert len(pairs_numbers.seat_notes(game, players)) == 1  # who draws first, only


@pytest.mark.parametrize("variant,label", [
    (None, "Chance of being dealt the odd card"),
    ("rank-only", "Chance of being dealt the card left at the end"),
    ("hidden", "Chance of being dealt the card left at the end"),
])
def test_the_last_card_is_called_the_odd_card_only_where_one_is_named(
        variant: str | None, label: str) -> None:
    assert pairs_numbers.metrics(pairs("uomo-nero", variant))[-1].label == label


def test_hearts_names_the_first_dealer_and_no_first_leader() -> None:
    hearts = GAMES["hearts"].rules.engine
    assert isinstance(hearts, TricksGame)
    notes = tricks_numbers.seat_notes(hearts)  # the 2♣ leads: no seat does by its place
    assert [n.seats for n in notes] == [(0,)]
