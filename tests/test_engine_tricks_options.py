"""The trick engine's options beyond trick avoidance, clause by clause: trumps (a suit, the
dealer's last card, the turned card, by hand; must trump, over-trump), no need to follow
(Briscola), a rank order, partners, a stock drawn from after each trick, hand sizes by
deal, bids with the dealer's hook, and the scoring components that add up."""

from __future__ import annotations

import random

import pytest

from generator.core.cards import Rank, Suit, get_deck, parse_card, parse_cards
from generator.families.tricks.engine import Bid, Fault, IllegalMove, Play, TricksGame
from generator.families.tricks.options import (
    Bidding,
    Dealing,
    FirstLead,
    Follow,
    Sides,
    TricksOptions,
    TrumpFrom,
    Trumps,
)
from generator.families.tricks.scoring import (
    LAST,
    BidScore,
    Book,
    EndRule,
    Scoring,
    SetBonus,
    TrickBonus,
    Winning,
    score_hand,
)

C = parse_card
FRENCH = get_deck("french-52")
ITALIAN = get_deck("italian-40")
BRISCOLA_RANKS = tuple(Rank(r) for r in ("A", "3", "K", "Q", "J", "7", "6", "5", "4", "2"))


def game(deck=FRENCH, *, scoring: Scoring | None = None, players: int = 4, **options) -> TricksGame:
    return TricksGame(deck, (), TricksOptions(
        scoring=scoring or Scoring(()), end=EndRule(Winning.HIGHEST, hands=1), players=players,
        first_lead=FirstLead.LEFT_OF_DEALER, **options))


def hands(*texts: str) -> list[list]:
    return [list(parse_cards(t)) for t in texts]


def play(state, *cards: str):
    record = None
    for text in cards:
        record = state.apply(Play(state.turn, C(text)))
    return record


SPADES = Trumps(TrumpFrom.SUIT, Suit.SPADES)


# -- trumps ----------------------------------------------------------------------------

def test_a_trump_takes_a_trick_of_the_suit_led() -> None:
    state = game(trumps=SPADES).new_hand(hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    record = play(state, "A♥", "K♥", "2♠", "Q♥")
    assert record.trick.winner == 2


def test_the_highest_trump_wins_among_trumps() -> None:
    state = game(trumps=SPADES).new_hand(hands("A♥ 2♣", "3♠ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    assert play(state, "A♥", "3♠", "2♠", "Q♥").trick.winner == 1


def test_without_trumps_another_suit_never_wins() -> None:
    state = game().new_hand(hands("2♥ 2♣", "3♠ 3♣", "A♠ 4♣", "3♥ 5♣"), dealer=3)
    assert play(state, "2♥", "3♠", "A♠", "3♥").trick.winner == 3


def test_a_player_void_in_the_suit_led_may_discard_unless_they_must_trump() -> None:
    free = game(trumps=SPADES).new_hand(hands("A♥ 2♣", "3♠ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    play(free, "A♥")
    assert set(free.legal_cards()) == {C("3♠"), C("3♣")}
    forced = game(trumps=Trumps(TrumpFrom.SUIT, Suit.SPADES, must_trump=True)).new_hand(
        hands("A♥ 2♣", "3♠ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    play(forced, "A♥")
    assert forced.legal_cards() == [C("3♠")]
    illegal = forced.why_illegal(Play(1, C("3♣")))
    assert illegal is not None and illegal.fault is Fault.TRUMP
    assert illegal.describe(["A", "B", "C", "D"]) == (
        "trick 1: 'B' has no ♥ and must play a trump (holds 3♠); the script plays 3♣")


def test_a_trump_must_go_over_the_trumps_in_the_trick_when_it_can() -> None:
    rules = Trumps(TrumpFrom.SUIT, Suit.SPADES, must_trump=True, over_trump=True)
    state = game(trumps=rules).new_hand(hands("A♥ 2♣", "5♠ 3♣", "2♠ 6♠ 9♠", "Q♥ 5♣"), dealer=3)
    play(state, "A♥", "5♠")
    assert state.legal_cards() == [C("6♠"), C("9♠")]
    illegal = state.why_illegal(Play(2, C("2♠")))
    assert illegal is not None and illegal.fault is Fault.OVER_TRUMP
    assert "must beat 5♠ with a higher trump" in illegal.describe(["A", "B", "C", "D"])


def test_a_player_who_cannot_go_over_may_play_any_trump() -> None:
    rules = Trumps(TrumpFrom.SUIT, Suit.SPADES, must_trump=True, over_trump=True)
    state = game(trumps=rules).new_hand(hands("A♥ 2♣", "K♠ 3♣", "2♠ 6♠ 4♣", "Q♥ 5♣"), dealer=3)
    play(state, "A♥", "K♠")
    assert state.legal_cards() == [C("2♠"), C("6♠")]


def test_a_trump_lead_must_be_headed_with_over_trump() -> None:
    rules = Trumps(TrumpFrom.SUIT, Suit.SPADES, over_trump=True)
    state = game(trumps=rules).new_hand(hands("9♠ 2♣", "5♠ K♠ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    play(state, "9♠")
    assert state.legal_cards() == [C("K♠")]


def test_the_dealers_last_card_is_turned_for_trumps_and_stays_in_hand() -> None:
    whist = game(trumps=Trumps(TrumpFrom.DEALER_LAST))
    dealt = whist.deal_hand(random.Random(1), dealer=2)
    assert dealt.turned is dealt.hands[2][-1] and not dealt.stock
    state = whist.new_hand(dealt.hands, dealer=2, turned=dealt.turned)
    assert state.trump is dealt.turned.suit and dealt.turned in state.hands[2]


def test_trumps_follow_an_order_hand_by_hand() -> None:
    rotating = game(trumps=Trumps(TrumpFrom.BY_HAND, order=(None, Suit.SPADES, Suit.HEARTS)))
    assert [rotating.trump_for(h, None) for h in (1, 2, 3, 4)] == [
        None, Suit.SPADES, Suit.HEARTS, None]


# -- following, ranking ------------------------------------------------------------------

def briscola(**options) -> TricksGame:
    return game(ITALIAN, players=2, follow=Follow.NONE, ranking=BRISCOLA_RANKS,
                trumps=Trumps(TrumpFrom.TURNED, turned_drawn_last=True),
                dealing=Dealing(size=3, draw=True), **options)


def test_briscola_needs_no_following_of_suit() -> None:
    state = briscola().new_hand(hands("A♥ 2♣ 3♦", "K♥ 4♣ 5♦"), dealer=1, stock=(),
                                turned=C("7♠"))
    play(state, "A♥")
    assert set(state.legal_cards()) == {C("K♥"), C("4♣"), C("5♦")}


def test_the_rank_order_puts_the_three_over_the_king() -> None:
    state = briscola().new_hand(hands("K♥ 2♣ 3♦", "3♥ 4♣ 5♦"), dealer=1, turned=C("7♠"))
    assert play(state, "K♥", "3♥").trick.winner == 1


# -- the stock ---------------------------------------------------------------------------

def test_the_stock_is_drawn_winner_first_and_the_turned_card_last() -> None:
    state = briscola().new_hand(hands("K♥ 2♣ 3♦", "3♥ 4♣ 5♦"), dealer=1,
                                stock=parse_cards("A♠ 2♠ 4♠"), turned=C("7♠"))
    assert state.trump is Suit.SPADES
    first = play(state, "K♥", "3♥").trick
    assert first.draws == ((1, C("A♠")), (0, C("2♠")))
    second = play(state, "A♠", "2♣").trick
    assert second.draws == ((1, C("4♠")), (0, C("7♠")))
    assert not state.stock and len(state.hands[0]) == len(state.hands[1]) == 3


def test_a_hand_with_a_stock_lasts_until_every_card_is_played() -> None:
    g = briscola()
    result = g.random_round(random.Random(4))
    assert sum(result.tricks) == 20 and sum(len(t) for t in result.taken) == 40


# -- hand sizes by deal --------------------------------------------------------------------

OH_HELL_SIZES = (1, 2, 3, 2, 1)


def oh_hell(**options) -> TricksGame:
    return game(scoring=Scoring((), bid=BidScore()), trumps=Trumps(TrumpFrom.TURNED),
                dealing=Dealing(by_hand=OH_HELL_SIZES), bidding=Bidding(hook=True), **options)


def test_oh_hell_deals_the_hand_sizes_of_its_schedule() -> None:
    g, rng = oh_hell(), random.Random(2)
    for hand, size in enumerate(OH_HELL_SIZES + OH_HELL_SIZES[:1], 1):
        dealt = g.deal_hand(rng, dealer=0, hand=hand)
        assert [len(h) for h in dealt.hands] == [size] * 4
        assert dealt.turned is not None and len(dealt.stock) == 52 - 4 * size - 1
        assert sum(g.random_round(rng, dealer=0, hand=hand).tricks) == size


def test_a_turned_card_leaves_no_trumps_when_no_card_is_left_to_turn() -> None:
    g = game(trumps=Trumps(TrumpFrom.TURNED), dealing=Dealing(by_hand=(13,)))
    dealt = g.deal_hand(random.Random(3), dealer=0)
    assert dealt.turned is None and g.trump_for(1, dealt.turned) is None


# -- bids ------------------------------------------------------------------------------------

def test_the_bids_go_round_from_the_dealers_left_before_the_first_trick() -> None:
    state = oh_hell().new_hand(hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=1, hand=3,
                               turned=C("9♦"))
    assert state.bidding and state.bid_turn == 2 and state.turn is None
    illegal = state.why_illegal(Bid(3, 1))
    assert illegal is not None and illegal.fault is Fault.WRONG_PLAYER
    assert illegal.describe(["A", "B", "C", "D"]) == "'C' bids now, not 'D'"
    with pytest.raises(IllegalMove) as err:
        state.apply(Play(2, C("2♠")))
    assert err.value.illegal.fault is Fault.BID
    for seat, bid in ((2, 1), (3, 0), (0, 2)):
        assert not state.apply(Bid(seat, bid)).done
    assert state.apply(Bid(1, 0)).done and state.turn == 2 and not state.bidding


def test_a_bid_is_no_more_than_the_tricks_of_the_hand() -> None:
    state = oh_hell().new_hand(hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=1,
                               turned=C("9♦"))
    illegal = state.why_illegal(Bid(2, 3))
    assert illegal is not None and illegal.fault is Fault.BID
    assert illegal.describe(["A", "B", "C", "D"]) == (
        "'C' bids 3; in a hand of 2 trick(s) a bid is 0 to 2")


def test_the_dealers_hook_forbids_bids_that_add_up_to_the_tricks() -> None:
    state = oh_hell().new_hand(hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=1,
                               turned=C("9♦"))
    for seat, bid in ((2, 1), (3, 0), (0, 0)):
        state.apply(Bid(seat, bid))
    assert [b.tricks for b in state.legal_bids()] == [0, 2]
    illegal = state.why_illegal(Bid(1, 1))
    assert illegal is not None and illegal.fault is Fault.BID and "dealer" in illegal.detail
    free = game(scoring=Scoring((), bid=BidScore()), bidding=Bidding(hook=False)).new_hand(
        hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=1)
    for seat, bid in ((2, 1), (3, 0), (0, 0)):
        free.apply(Bid(seat, bid))
    assert [b.tricks for b in free.legal_bids()] == [0, 1, 2]


def test_a_bid_made_exactly_scores_ten_and_a_point_a_trick_and_a_missed_one_nothing() -> None:
    exact = BidScore()
    assert (exact.score(2, 2), exact.score(0, 0), exact.score(2, 3), exact.score(2, 1)) == (
        12, 10, 0, 0)
    spades = BidScore(made=0, per_trick=1, per_bid=9, missed_per_bid=-10, exact=False)
    assert (spades.score(4, 5), spades.score(4, 3)) == (41, -40)
    off = BidScore(per_trick_off=-1)
    assert off.score(1, 4) == -3


# -- partners and the score components ------------------------------------------------------

def test_partners_across_the_table_score_together() -> None:
    g = game(sides=Sides.PARTNERS, scoring=Scoring((), per_trick=1))
    assert g.options.side_seats() == ((0, 2), (1, 3))
    taken = [parse_cards("2♣ 3♣ 4♣ 5♣"), [], parse_cards("2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦"), []]
    result = score_hand(g.scoring, taken=taken, tricks=[1, 0, 2, 0], in_play=g.cards,
                        sides=g.options.side_seats())
    assert result.side_tricks == (3, 0) and result.side_scores == (3, 0)
    assert result.scores == (3, 0, 3, 0)


def test_whist_scores_a_point_for_each_trick_over_the_book() -> None:
    scoring = Scoring((), book=Book(6))
    result = score_hand(scoring, taken=[[], [], [], []], tricks=[5, 2, 4, 2], in_play=(),
                        sides=((0, 2), (1, 3)))
    assert result.side_scores == (3, 0) and result.scores == (3, 0, 3, 0)


def test_tricks_score_by_their_position() -> None:
    scoring = Scoring((), trick_bonus=(TrickBonus(1, -1), TrickBonus(LAST, -1), TrickBonus(2, 5)))
    result = score_hand(scoring, taken=[[], [], []], tricks=[2, 1, 0], in_play=(),
                        winners=[0, 1, 0])
    assert result.scores == (-2, 5, 0)
    assert scoring.hand_sums(players=3, tricks=3, table=0) == frozenset({3})


def test_a_set_taken_together_scores_its_bonus_and_a_split_set_does_not() -> None:
    queen = C("Q♣")
    scoring = Scoring((), trick_bonus=(TrickBonus(1, -1), TrickBonus(LAST, -1)),
                      sets=(SetBonus((1, LAST), (queen,), -1),))
    all_three = score_hand(scoring, taken=[[queen], [], []], tricks=[2, 1, 0], in_play=(queen,),
                           winners=[0, 1, 0])
    assert all_three.scores == (-3, 0, 0)
    split = score_hand(scoring, taken=[[], [queen], []], tricks=[2, 1, 0], in_play=(queen,),
                       winners=[0, 1, 0])
    assert split.scores == (-2, 0, 0)


def test_the_bids_of_partners_count_together() -> None:
    scoring = Scoring((), bid=BidScore())
    result = score_hand(scoring, taken=[[], [], [], []], tricks=[2, 1, 1, 0], in_play=(),
                        bids=[1, 1, 2, 0], sides=((0, 2), (1, 3)))
    assert result.side_scores == (13, 11) and result.bids == (1, 1, 2, 0)


def test_the_hand_ends_with_the_trick_that_takes_the_king_of_hearts() -> None:
    g = game(ends_with=(C("K♥"),), scoring=Scoring(((C("K♥"), -20),)))
    state = g.new_hand(hands("A♥ 2♣", "K♥ 3♣", "2♠ 4♣", "Q♥ 5♣"), dealer=3)
    record = play(state, "A♥", "K♥", "2♠", "Q♥")
    assert record.trick.winner == 0 and state.is_over() and state.hands[1] == [C("3♣")]
    assert state.result().scores == (-20, 0, 0, 0)
    assert g.hand_sums() is None


# -- simulation ------------------------------------------------------------------------------

def test_the_plain_games_deal_as_before() -> None:
    g = game()
    assert g.deal_hand(random.Random(9), dealer=0).hands == g.deal(random.Random(9))
    assert g.plain and not game(trumps=SPADES).plain


@pytest.mark.parametrize("make", [
    lambda: game(sides=Sides.PARTNERS, trumps=Trumps(TrumpFrom.DEALER_LAST, must_trump=True,
                                                     over_trump=True),
                 scoring=Scoring((), book=Book(6))),
    lambda: briscola(),
    lambda: oh_hell(),
], ids=["whist", "briscola", "oh-hell"])
def test_random_rounds_end_with_every_card_taken(make) -> None:
    g, rng = make(), random.Random(5)
    for hand in range(1, 8):
        result = g.random_round(rng, hand=hand)
        tricks = g.tricks_for(hand)
        assert sum(result.tricks) == tricks
        assert sum(len(t) for t in result.taken) == tricks * g.players
