"""The trick-taking engine, clause by clause of the rules it implements (seed 002)."""

from __future__ import annotations

import random

import pytest

from generator.core.cards import Suit, get_deck, parse_card, parse_cards
from generator.families.tricks.engine import Fault, IllegalMove, Pass, Play, TricksGame
from generator.families.tricks.options import (
    FirstLead,
    FirstTrick,
    HeartsLead,
    Passing,
    PassTo,
    TricksOptions,
)
from generator.families.tricks.scoring import (
    EndRule,
    Scoring,
    Slam,
    SlamTakes,
    Winning,
    play_sheet,
    score_hand,
    verdict,
)

C = parse_card
DECK = get_deck("french-52")
HEARTS = [c for c in DECK.cards if c.suit is Suit.HEARTS]


def table(**values: int) -> tuple:
    """``table(Q♠=13, rest=1)``: named cards, and every other heart at ``rest``."""
    rest = values.pop("rest", 0)
    named = {C(k): v for k, v in values.items()}
    return tuple(named.items()) + tuple((c, rest) for c in HEARTS if c not in named and rest)


PEPPA_TABLE = table(**{"Q♠": 13, "A♥": 5, "K♥": 4, "Q♥": 3, "J♥": 2}, rest=1)


def peppa(**overrides) -> TricksGame:
    options = TricksOptions(
        scoring=Scoring(PEPPA_TABLE, total=36, slam=Slam(SlamTakes.QUEEN_AND_HEARTS, 0, 36)),
        end=EndRule(Winning.TURIN, over=100), passing=Passing(3, (PassTo.RIGHT,)))
    return TricksGame(DECK, (), options).variant(**overrides)


def hearts(**overrides) -> TricksGame:
    options = TricksOptions(
        scoring=Scoring(table(**{"Q♠": 13}, rest=1), total=26,
                        slam=Slam(SlamTakes.QUEEN_AND_HEARTS, 0, 26)),
        end=EndRule(Winning.LOWEST, over=100),
        passing=Passing(3, (PassTo.LEFT, PassTo.RIGHT, PassTo.ACROSS, PassTo.NONE)),
        first_lead=FirstLead.TWO_OF_CLUBS, hearts_lead=HeartsLead.WHEN_BROKEN,
        first_trick=FirstTrick.NO_POINTS)
    return TricksGame(DECK, (), options).variant(**overrides)


def hands(*texts: str) -> list[tuple]:
    return [parse_cards(t) for t in texts]


# Four short hands that make a legal late position: three tricks to play.
LATE = hands("A♠ 2♥ 3♣", "K♠ 5♥ 4♦", "3♠ 9♦ Q♠", "7♥ 8♣ 2♦")


def late(game: TricksGame, leader: int = 0, taken=None):
    taken = taken if taken is not None else [[], [], [], []]
    return game.resume(LATE, taken=taken, leader=leader)


# -- following suit and taking tricks ------------------------------------------------------

def test_following_suit_is_compulsory() -> None:
    state = late(peppa())
    state.apply(Play(0, C("A♠")))
    assert state.legal_cards() == [C("K♠")]
    illegal = state.why_illegal(Play(1, C("5♥")))
    assert illegal is not None and illegal.fault is Fault.REVOKE
    assert illegal.describe(["Anna", "Bruno", "Carla", "Dario"]) == \
        "trick 1: 'Bruno' must follow ♠ (holds K♠); the script plays 5♥"


def test_a_player_without_the_suit_led_may_play_anything() -> None:
    state = late(peppa())
    for card in ("A♠", "K♠", "3♠"):
        state.apply(Play(state.turn, C(card)))
    assert sorted(map(str, state.legal_cards())) == ["2♦", "7♥", "8♣"]


def test_the_highest_card_of_the_suit_led_takes_the_trick_and_leads_next() -> None:
    state = late(peppa(), leader=1)
    for card in ("K♠", "Q♠", "7♥", "A♠"):  # Bruno leads; Anna's A♠ comes last
        record = state.apply(Play(state.turn, C(card)))
    assert record.trick is not None and record.trick.winner == 0
    assert record.trick.points == 13 + 1 and state.turn == 0


def test_a_higher_card_of_another_suit_never_takes_the_trick() -> None:
    state = late(peppa(), leader=2)
    for card in ("9♦", "2♦", "2♥", "4♦"):  # Carla leads 9♦; Anna's heart is a discard
        record = state.apply(Play(state.turn, C(card)))
    assert record.trick is not None and record.trick.winner == 2


def test_play_goes_clockwise_from_the_leader() -> None:
    state = late(peppa(), leader=3)
    order = []
    for _ in range(4):
        order.append(state.turn)
        state.apply(Play(state.turn, state.legal_cards()[0]))
    assert order == [3, 0, 1, 2]


def test_playing_out_of_turn_or_a_card_not_held_is_refused() -> None:
    state = late(peppa())
    with pytest.raises(IllegalMove, match="'seat 0' plays now, not 'seat 1'"):
        state.apply(Play(1, C("K♠")))
    assert not state.can_apply(Play(1, C("K♠")))
    illegal = state.why_illegal(Play(0, C("K♦")))
    assert illegal is not None and illegal.fault is Fault.NOT_HELD
    with pytest.raises(IllegalMove) as raised:
        state.apply(Play(0, C("K♦")), strict=False)  # even a lenient play must be held
    assert raised.value.illegal.fault is Fault.NOT_HELD
    legal = Play(0, state.legal_cards()[0])
    assert state.can_apply(legal) and state.why_illegal(legal) is None


# -- leading -------------------------------------------------------------------------------

def test_first_lead_is_on_the_dealers_right_in_peppa() -> None:
    game = peppa(passing=Passing(0, ()))
    state = game.new_hand(game.deal(random.Random(1)), dealer=3)
    assert state.turn == 2


def test_the_holder_of_the_two_of_clubs_leads_it() -> None:
    game = hearts(passing=Passing(0, ()))
    dealt = game.deal(random.Random(4))
    holder = next(s for s, h in enumerate(dealt) if C("2♣") in h)
    state = game.new_hand(dealt, dealer=0)
    assert state.turn == holder and state.legal_cards() == [C("2♣")]
    other = next(c for c in dealt[holder] if c != C("2♣"))
    illegal = state.why_illegal(Play(holder, other))
    assert illegal is not None and illegal.fault is Fault.LEAD


def test_the_two_of_clubs_holder_is_found_after_the_passing() -> None:
    game = hearts()
    dealt = game.deal(random.Random(5))
    holder = next(s for s, h in enumerate(dealt) if C("2♣") in h)
    state = game.new_hand(dealt, dealer=0, hand=1)  # passes to the left
    for seat in range(4):
        give = [C("2♣")] if seat == holder else []
        give += [c for c in dealt[seat] if c != C("2♣")][: 3 - len(give)]
        state.apply(Pass(seat, tuple(give)))
    assert state.turn == (holder + 1) % 4


def test_with_the_two_of_clubs_out_the_holder_of_the_three_of_clubs_leads_it() -> None:
    """Five players (the 2♣ and the 2♦ out, ten cards each): the lowest club opens."""
    game = hearts(players=5, passing=Passing(0, ()), first_lead=FirstLead.LOWEST_CLUB) \
        .variant(removed=parse_cards("2♣ 2♦"))
    assert game.opening == C("3♣") and not game.problems()
    dealt = game.deal(random.Random(7))
    holder = next(s for s, h in enumerate(dealt) if C("3♣") in h)
    state = game.new_hand(dealt, dealer=0)
    assert state.turn == holder and state.legal_cards() == [C("3♣")]
    other = next(c for c in dealt[holder] if c != C("3♣"))
    illegal = state.why_illegal(Play(holder, other))
    assert illegal is not None and illegal.fault is Fault.LEAD
    assert "holder of the 3♣ opens with it" in illegal.describe(["A", "B", "C", "D", "E"])


def test_the_lowest_club_follows_the_games_ranking_and_needs_a_club_in_play() -> None:
    assert hearts(first_lead=FirstLead.LOWEST_CLUB).opening == C("2♣")
    clubs = parse_cards("2♣ 3♣ 4♣ 5♣")
    assert hearts(first_lead=FirstLead.LOWEST_CLUB).variant(removed=clubs).opening == C("6♣")
    no_clubs = [c for c in DECK.cards if c.suit is Suit.CLUBS]
    game = hearts(first_lead=FirstLead.LOWEST_CLUB, players=3, scoring=Scoring(())) \
        .variant(removed=no_clubs)
    assert game.opening is None
    assert "the lowest club leads the first trick, but no club is in play" in game.problems()


def test_hearts_may_not_be_led_before_they_are_broken() -> None:
    state = late(hearts(), taken=[parse_cards("5♣ 6♣ 7♣ 8♣"), [], [], []])  # no heart played yet
    assert state.trick_number == 2 and not state.broken
    assert C("2♥") not in state.legal_cards()
    illegal = state.why_illegal(Play(0, C("2♥")))
    assert illegal is not None and illegal.fault is Fault.LEAD
    assert "before hearts are broken" in illegal.describe(["A", "B", "C", "D"])


def test_hearts_may_be_led_once_broken_or_with_nothing_else_in_hand() -> None:
    broken = late(hearts(), taken=[parse_cards("4♥ 5♣ 6♣ 7♣"), [], [], []])
    assert broken.broken and C("2♥") in broken.legal_cards()
    only = hearts().resume(hands("2♥", "3♣", "4♣", "5♣"),
                           taken=[parse_cards("5♦ 6♦ 7♦ 8♦"), [], [], []], leader=0)
    assert only.legal_cards() == [C("2♥")]


def test_the_queen_breaks_hearts_only_when_the_option_says_so() -> None:
    pile = [parse_cards("Q♠ 5♣ 6♣ 7♣"), [], [], []]
    assert not late(hearts(), taken=pile).broken
    assert late(hearts(queen_breaks_hearts=True), taken=pile).broken


def test_hearts_may_be_led_at_any_time_in_peppa() -> None:
    assert C("2♥") in late(peppa()).legal_cards()


def test_no_heart_nor_the_queen_on_the_first_trick_unless_nothing_else() -> None:
    game = hearts(passing=Passing(0, ()))
    state = game.resume(hands("2♣ 4♦", "Q♠ 5♥ 6♦", "3♣ 7♦", "4♣ 8♦"), taken=[[]] * 4, leader=0)
    state.apply(Play(0, C("2♣")))
    assert state.legal_cards() == [C("6♦")]
    illegal = state.why_illegal(Play(1, C("Q♠")))
    assert illegal is not None and illegal.fault is Fault.DISCARD
    stuck = game.resume(hands("2♣ 4♦", "Q♠ 5♥", "3♣ 7♦", "4♣ 8♦"), taken=[[]] * 4, leader=0)
    stuck.apply(Play(0, C("2♣")))
    assert sorted(map(str, stuck.legal_cards())) == ["5♥", "Q♠"]


# -- passing -------------------------------------------------------------------------------

@pytest.mark.parametrize("direction,targets", [
    (PassTo.LEFT, [1, 2, 3, 0]), (PassTo.RIGHT, [3, 0, 1, 2]), (PassTo.ACROSS, [2, 3, 0, 1])])
def test_passing_directions(direction: PassTo, targets: list[int]) -> None:
    assert [direction.target(seat, 4) for seat in range(4)] == targets


def test_the_schedule_repeats_hand_after_hand() -> None:
    schedule = hearts().options.passing
    assert [schedule.direction(h) for h in range(1, 7)] == [
        PassTo.LEFT, PassTo.RIGHT, PassTo.ACROSS, PassTo.NONE, PassTo.LEFT, PassTo.RIGHT]


def test_passes_are_exchanged_at_once() -> None:
    game = peppa()  # to the right
    dealt = game.deal(random.Random(2))
    state = game.new_hand(dealt, dealer=3)
    gives = {seat: tuple(dealt[seat][:3]) for seat in range(4)}
    for seat in range(3):
        assert state.apply(Pass(seat, gives[seat])).exchanged is False
        assert state.hands[seat] == list(dealt[seat])  # nothing moves before everyone passed
    assert state.apply(Pass(3, gives[3])).exchanged is True
    assert set(gives[1]) <= set(state.hands[0]) and set(gives[0]) <= set(state.hands[3])


def test_a_pass_must_be_the_right_number_of_held_cards() -> None:
    game = peppa()
    dealt = game.deal(random.Random(3))
    state = game.new_hand(dealt, dealer=0)
    short = state.why_illegal(Pass(0, tuple(dealt[0][:2])))
    assert short is not None and short.fault is Fault.PASS
    foreign = state.why_illegal(Pass(0, tuple(dealt[1][:3])))
    assert foreign is not None and foreign.fault is Fault.NOT_HELD


def test_no_passing_in_the_fourth_hand_of_hearts() -> None:
    game = hearts()
    state = game.new_hand(game.deal(random.Random(3)), dealer=0, hand=4)
    assert not state.passing and state.turn is not None


# -- scoring -------------------------------------------------------------------------------

def test_the_peppa_table_is_worth_36() -> None:
    assert peppa().table_total() == 36 and hearts().table_total() == 26


def test_taking_the_queen_and_every_heart_scores_nothing_and_36_to_the_others() -> None:
    game = peppa()
    everything = [c for c, _ in PEPPA_TABLE] + list(parse_cards("2♣ 3♣"))
    result = score_hand(game.scoring, taken=[everything, [], [], []], tricks=[4, 3, 3, 3],
                        in_play=game.cards)
    assert result.slam == 0 and result.points[0] == 36 and result.scores == (0, 36, 36, 36)
    assert game.hand_sums() == frozenset({36, 108})


def test_chat_noir_bonuses_for_clean_tricks_no_trick_and_all_tricks() -> None:
    scoring = Scoring(table(**{"Q♠": 13, "A♥": 6, "K♥": 5, "Q♥": 4, "J♥": 3, "10♥": 2}, rest=1),
                      total=41, clean_tricks=-10, no_tricks=-20,
                      slam=Slam(SlamTakes.ALL_TRICKS, -41))
    game = peppa(scoring=scoring, passing=Passing(0, ()))
    assert game.table_total() == 41 and game.hand_sums() is None
    clean = score_hand(scoring, taken=[parse_cards("2♣ 3♣ 4♣ 5♣"), parse_cards("Q♠ 2♥ 3♦ 4♦"), [], []],
                       tricks=[1, 1, 0, 0], in_play=game.cards)
    assert clean.scores == (-10, 14, -20, -20)
    everything = score_hand(scoring, taken=[list(game.cards), [], [], []], tricks=[13, 0, 0, 0],
                            in_play=game.cards)
    assert everything.slam == 0 and everything.scores == (-41, -20, -20, -20)


def test_slippery_peppa_hands_add_up_to_zero() -> None:
    values = {"Q♠": -26} | {f"{r}♥": -v for r, v in zip(
        ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"], range(14, 1, -1))}
    scoring = Scoring(table(**values), total=-130, per_trick=10,
                      slam=Slam(SlamTakes.QUEEN_AND_HEARTS, 45, -15), zero_sum=True)
    game = peppa(scoring=scoring)
    assert game.table_total() == -130 and game.hand_sums() == frozenset({0})
    for seed in range(30):
        assert sum(game.random_round(random.Random(seed)).scores) == 0


def test_the_jack_of_diamonds_counts_even_when_someone_shoots_the_moon() -> None:
    game = hearts(scoring=Scoring(table(**{"Q♠": 13}, rest=1), special=((C("J♦"), -10),),
                                  slam=Slam(SlamTakes.QUEEN_AND_HEARTS, 0, 26)))
    assert game.hand_sums() == frozenset({16, 68}) and game.value(C("J♦")) == -10
    moon = score_hand(game.scoring, taken=[[c for c in game.cards if c.suit is Suit.HEARTS]
                                           + [C("Q♠"), C("J♦")], [], [], []],
                      tricks=[4, 3, 3, 3], in_play=game.cards)
    assert moon.scores == (-10, 26, 26, 26)


# -- the end of a game ---------------------------------------------------------------------

def test_turin_whoever_goes_over_loses_with_the_next_above_and_the_two_lowest_win() -> None:
    rule = EndRule(Winning.TURIN, over=100)
    assert not verdict(rule, (100, 90, 10, 5), 7).over  # 100 is not over 100
    done = verdict(rule, (101, 60, 80, 5), 7)
    assert done.over and done.losers == {0, 2} and done.winners == {1, 3}


def test_lowest_wins_when_someone_goes_over_100() -> None:
    standing = play_sheet(EndRule(Winning.LOWEST, over=100), [(26, 0, 0, 0)] * 3 + [(26, 26, 0, 26)], 4)
    assert [s.over for s in standing] == [False, False, False, True]
    assert standing[-1].winners == {2}


def test_highest_total_after_twelve_hands_wins() -> None:
    rule = EndRule(Winning.HIGHEST, hands=12)
    standing = play_sheet(rule, [(10, -10, 5, -5)] * 12, 4)
    assert not standing[10].over and standing[11].over and standing[11].winners == {0}


# -- consistency of the options ------------------------------------------------------------

def test_inconsistent_options_are_reported() -> None:
    assert peppa(players=3).problems() == ["52 cards do not deal out evenly to 3 players"]
    three = hearts(players=3).variant(removed=(C("2♦"),))
    assert three.problems() == ["nobody sits across with 3 players; the schedule passes across"]
    assert hearts().variant(removed=(C("2♣"),)).problems()[0].startswith("51 cards")


def test_three_players_deal_seventeen_cards_each_without_the_two_of_diamonds() -> None:
    game = hearts(players=3, passing=Passing(3, (PassTo.LEFT, PassTo.RIGHT, PassTo.NONE))).variant(
        removed=(C("2♦"),))
    assert game.problems() == [] and game.hand_size == 17
    result = game.random_round(random.Random(9))
    assert sum(result.tricks) == 17 and sum(result.points) == 26


def test_random_hands_end_with_every_trick_played() -> None:
    for game in (peppa(), hearts()):
        for seed in range(40):
            result = game.random_round(random.Random(seed))
            assert sum(result.tricks) == 13
            assert sum(map(len, result.taken)) == 52
