"""The pairing engine, clause by clause of the rules it implements."""

from __future__ import annotations

import random

import pytest

from generator.core.cards import get_deck, parse_card, parse_cards
from generator.families.pairs.engine import Draw, Fault, IllegalMove, PairsGame, match_outcome
from generator.families.pairs.options import (
    Direction,
    FirstTurn,
    MatchKind,
    MatchRule,
    OddCardFate,
    OddMode,
    Pairing,
    PairsOptions,
    Winners,
)

C = parse_card


def uomo_nero(**overrides) -> PairsGame:
    options = PairsOptions(pairing=Pairing.RANK_AND_COLOUR, odd_card=C("J♠"),
                           draw_from=Direction.RIGHT, winners=Winners.FIRST_OUT)
    return PairsGame(get_deck("french-52"), (C("J♣"),), options).variant(**overrides)


def black_peter(**overrides) -> PairsGame:
    options = PairsOptions(pairing=Pairing.RANK, odd_card=C("J♣"), draw_from=Direction.LEFT,
                           first_turn=FirstTurn.LEFT_OF_DEALER_DRAWS,
                           explicit_pairs=((C("J♥"), C("J♦")),))
    return PairsGame(get_deck("skat-32"), (C("J♠"),), options).variant(**overrides)


def test_same_rank_and_colour_pairs_hearts_with_diamonds_only() -> None:
    g = uomo_nero()
    assert g.is_pair(C("7♥"), C("7♦")) and g.is_pair(C("K♠"), C("K♣"))
    assert not g.is_pair(C("7♥"), C("7♠"))


def test_the_odd_card_never_pairs_even_by_rank() -> None:
    g = black_peter()
    assert not g.is_pair(C("J♣"), C("J♥")) and g.is_pair(C("J♥"), C("J♦"))
    assert g.problems() == []


def test_three_of_a_kind_lays_down_two_and_keeps_one() -> None:
    kept, pairs, _ = black_peter().lay_down_first(parse_cards("9♥ 9♠ 9♦ K♣"))
    assert len(pairs) == 1 and len(kept) == 2 and C("K♣") in kept


def test_cards_laid_down_alone_on_sight() -> None:
    # Peppa tencia: every queen but the Q♠ is laid down alone.
    g = PairsGame(get_deck("italian-40"), (), PairsOptions(
        pairing=Pairing.RANK, odd_card=C("Q♠"), draw_from=Direction.LEFT,
        lay_down_alone=frozenset(parse_cards("Q♥ Q♦ Q♣"))))
    assert g.problems() == []
    kept, pairs, alone = g.lay_down_first(parse_cards("Q♥ Q♠ 3♦ 3♣"))
    assert kept == [C("Q♠")] and alone == [C("Q♥")] and len(pairs) == 1


def test_deal_one_at_a_time_from_the_dealers_left() -> None:
    assert black_peter().deal_sizes(3, dealer=0) == [10, 11, 10]


def test_dealer_offers_first_to_the_left() -> None:
    s = uomo_nero().new_round([parse_cards("5♥"), parse_cards("9♣"), parse_cards("9♠ J♠")],
                              dealer=2)
    assert (s.drawer, s.source()) == (0, 2)


def test_dealer_without_cards_the_next_player_on_the_left_offers() -> None:
    s = uomo_nero().new_round([parse_cards("5♥ J♠"), parse_cards("5♦"), []], dealer=2)
    assert (s.drawer, s.source()) == (1, 0)


def test_left_of_dealer_draws_from_own_left() -> None:
    s = black_peter().new_round([parse_cards("8♠ K♦"), parse_cards("8♥ K♣"), parse_cards("J♣")],
                                dealer=0)
    assert (s.drawer, s.source()) == (1, 2)


def test_out_players_are_skipped_as_drawers_and_as_sources() -> None:
    s = black_peter().new_round([parse_cards("8♠ K♦"), parse_cards("8♥ K♣"), parse_cards("J♣")],
                                dealer=0)
    record = s.apply(Draw(1, 2, C("J♣")))
    assert record.out == (2,) and (s.drawer, s.source()) == (0, 1)
    s.apply(Draw(0, 1, C("8♥")))
    assert (s.drawer, s.source()) == (1, 0)


def test_neighbour_with_one_card_must_give_it() -> None:
    # Seat 0 draws from its left neighbour, seat 1, who holds one card: the only legal draw.
    s = black_peter().new_round([parse_cards("8♠ J♣"), parse_cards("8♥"), parse_cards("9♠ 9♥")[:1]],
                                dealer=2)
    assert s.legal_moves() == [Draw(0, 1, C("8♥"))]
    record = s.apply(s.legal_moves()[0])
    assert record.out == (1,) and record.pair == (C("8♥"), C("8♠"))


def test_illegal_draws_say_what_was_expected() -> None:
    s = black_peter().new_round([parse_cards("8♠ K♦"), parse_cards("8♥ K♣"), parse_cards("J♣")],
                                dealer=0)
    assert s.why_illegal(Draw(0, 1, C("8♥"))).fault is Fault.WRONG_PLAYER
    assert not s.can_apply(Draw(0, 1, C("8♥")))
    with pytest.raises(IllegalMove, match="seat 1's turn"):
        s.apply(Draw(0, 1, C("8♥")))
    assert s.why_illegal(Draw(1, 0, C("8♠"))).fault is Fault.WRONG_SOURCE
    with pytest.raises(IllegalMove, match="not in seat 2's hand") as raised:
        s.apply(Draw(1, 2, C("8♠")))
    assert raised.value.illegal.fault is Fault.NOT_HELD
    assert s.can_apply(Draw(1, 2, C("J♣")))


def test_first_player_out_wins() -> None:
    game = uomo_nero()
    s = game.new_round([parse_cards("5♥"), parse_cards("5♦"), parse_cards("J♠")], dealer=2)
    # Carla (2) offers to Anna (0): Anna draws the J♠ and Carla is out first.
    s.apply(Draw(0, 2, C("J♠")))
    assert s.out_groups == [(2,)]
    record = s.apply(Draw(1, 0, C("5♥")))
    assert record.out == (1,) and s.is_over()
    assert s.result().winners == frozenset({2}) and s.result().losers == frozenset({0})


def test_several_out_together_win_jointly() -> None:
    # Both run out with the first pairs: they win together.
    s = uomo_nero().new_round([[], [], parse_cards("J♠")], dealer=2)
    assert s.is_over() and s.result().winners == frozenset({0, 1})
    # A draw that empties both hands: the giver and the drawer are out at once.
    s = uomo_nero().new_round([parse_cards("5♥"), parse_cards("5♦"), parse_cards("J♠ 9♠ 9♣")[:1]],
                              dealer=0)
    record = s.apply(Draw(1, 0, C("5♥")))
    assert record.out == (0, 1) and s.result().winners == frozenset({0, 1})


def test_reversed_the_holder_wins() -> None:
    s = uomo_nero(odd_card_holder=OddCardFate.WINS).new_round([[], parse_cards("J♠"), []],
                                                              dealer=0)
    assert s.result().winners == frozenset({1}) and s.result().losers == frozenset({0, 2})


def test_hidden_odd_card_the_partner_of_the_hidden_card_loses() -> None:
    game = uomo_nero(odd_card=None, odd_mode=OddMode.HIDDEN).variant(removed=())
    assert game.problems() == []
    rng = random.Random(7)
    hands, hidden = game.deal(rng, players=3, dealer=0)
    assert hidden is not None and sum(map(len, hands)) == 51
    result = game.random_round(random.Random(7), 3, dealer=0)
    assert game.is_pair(result.last_card, hidden)


def test_leftover_any_card_of_the_odd_rank_can_be_left() -> None:
    # Schwarzer Peter / Old Maid: one jack removed, pairs by rank; whichever jack is left loses.
    game = black_peter(odd_card=None, odd_mode=OddMode.LEFTOVER, explicit_pairs=())
    assert game.problems() == []
    assert game.is_pair(C("J♣"), C("J♥"))
    last = {game.random_round(random.Random(seed), 3).last_card for seed in range(200)}
    assert last == {C("J♣"), C("J♥"), C("J♦")} == set(game.odd_candidates())
    assert black_peter().odd_candidates() == (C("J♣"),)
    assert uomo_nero(odd_card=None, odd_mode=OddMode.HIDDEN).odd_candidates() == ()
    two_short = uomo_nero(odd_card=None, odd_mode=OddMode.LEFTOVER).variant(removed=parse_cards("J♣ Q♣"))
    assert "found 2 (J♠; Q♠)" in two_short.problems()[0]


def test_inconsistent_options_are_reported() -> None:
    assert black_peter(odd_card=C("J♠")).problems()[0] == "the odd card J♠ is removed"
    assert uomo_nero().variant(removed=()).problems() == [
        "the odd card J♠ pairs with J♣ under 'rank-and-colour' pairing: name no odd card "
        "('none': the last card of the odd group is left over) or pair those cards explicitly",
        "J♣ cannot all be paired: 1 cards pair with one another"]


def test_a_named_odd_card_the_pairing_rule_would_pair_is_reported() -> None:
    # Uomo Nero's Rank only variant once kept the J♠ as its odd card: by rank alone the J♠
    # pairs with J♥ and J♦, so the engine refused a pair the rules allow.
    wrong = uomo_nero(pairing=Pairing.RANK)
    assert wrong.problems() == [
        "the odd card J♠ pairs with J♥ J♦ under 'rank' pairing: name no odd card ('none': the "
        "last card of the odd group is left over) or pair those cards explicitly"]
    assert uomo_nero(pairing=Pairing.RANK, odd_card=None, odd_mode=OddMode.LEFTOVER).problems() == []


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_random_rounds_end_with_one_card(players: int) -> None:
    game = uomo_nero()
    for seed in range(50):
        result = game.random_round(random.Random(seed), players)
        assert result.last_card == C("J♠")


@pytest.mark.parametrize("game", [
    uomo_nero(), black_peter(), uomo_nero(draw_from=Direction.LEFT, turn_passes=Direction.RIGHT),
    uomo_nero(pairing=Pairing.RANK, odd_card=None, odd_mode=OddMode.LEFTOVER),
    black_peter(lay_down_alone=frozenset({C("7♠")})),
], ids=["uomo-nero", "black-peter", "reversed", "leftover", "laid-down-alone"])
def test_the_simulations_random_play_is_apply_index_drawn_the_same_way(game: PairsGame) -> None:
    """``play_randomly`` (the simulations' loop) makes the draws of ``apply_index`` with the
    same random numbers, and leaves the round as they do."""
    for seed in range(40):
        players = 2 + seed % 7
        dealt, _ = game.deal(random.Random(seed), players=players, dealer=0)
        hands = [game.lay_down_first(h)[0] for h in dealt]
        slow, fast = game.new_round(hands, dealer=0), game.new_round(hands, dealer=0)
        slow_rng, fast_rng = random.Random(seed), random.Random(seed)
        while not slow.is_over():
            slow.apply_index(slow_rng.randrange(len(slow.hands[slow.source()])))
        fast.play_randomly(fast_rng)
        assert (fast.hands, fast.draws, fast.out_groups, fast.drawer) == \
            (slow.hands, slow.draws, slow.out_groups, slow.drawer)
        assert fast.result() == slow.result() and fast_rng.getstate() == slow_rng.getstate()


def test_match_first_to_three_losses() -> None:
    rule = MatchRule(MatchKind.FIRST_TO_LOSSES, losses=3)
    assert match_outcome(rule, 3, [0, 1, 0, 2, 1]).losers == frozenset()
    outcome = match_outcome(rule, 3, [0, 1, 0, 2, 1, 0, 2])
    assert outcome.losers == frozenset({0}) and outcome.hands_played == 6


def test_match_agreed_hands_most_penalty_points_lose() -> None:
    rule = MatchRule(MatchKind.AGREED_HANDS, hands=4)
    assert match_outcome(rule, 3, [0, 1, 2]).losers == frozenset()
    outcome = match_outcome(rule, 3, [0, 1, 2, 1])
    assert outcome.losers == frozenset({1}) and outcome.penalties == (1, 2, 1)
