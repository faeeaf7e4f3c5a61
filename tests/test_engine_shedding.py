"""The shedding engine (Crazy Eights, Mau-Mau, Macao): what goes on what, the special cards,
drawing, the stock turned over, the call and its penalty, the score; and random hands under
every option, where each move the engine lists is one it allows, the move a simulation draws
is the one drawn from that list, and every hand ends."""

from __future__ import annotations

import random

import pytest

from conftest import sized
from generator.core.cards import DECKS, Rank, Suit, parse_card, parse_cards
from generator.families.shedding.engine import (
    Draw,
    Fault,
    Pass,
    Play,
    ShedGame,
    default_points,
    match_over,
)
from generator.families.shedding.options import (
    Announcement,
    Direction,
    EmptyStock,
    MatchRule,
    Scoring,
    ShedOptions,
    Special,
    Stacking,
    TurnedSpecial,
    Unable,
)

C = parse_card
EIGHTS = Special(ranks=frozenset({Rank.EIGHT}), wild=True)
TWOS = Special(ranks=frozenset({Rank.TWO}), draw=2)
SEVENS = Special(ranks=frozenset({Rank.SEVEN}), draw=2)
JOKER = Special(cards=frozenset({C("★")}), draw=5, on_anything=True)
FOURS = Special(ranks=frozenset({Rank.FOUR}), skip=True)
QUEENS = Special(ranks=frozenset({Rank.QUEEN}), reverse=True)
KINGS = Special(ranks=frozenset({Rank.KING}), again=True)


def game(deck: str = "french-52", **options: object) -> ShedGame:
    base = ShedOptions(cards_dealt={2: 7, 3: 5, 4: 5}, specials=(EIGHTS,))
    return ShedGame(DECKS[deck], (), base).variant(**options)


def hand(g: ShedGame, hands: list[str], stock: str, *, dealer: int = 0):
    return g.new_round([list(parse_cards(h)) for h in hands], list(parse_cards(stock)),
                       dealer=dealer)


def fault(state, move) -> Fault | None:
    illegal = state.why_illegal(move)
    return None if illegal is None else illegal.fault


def test_suit_or_rank_and_a_wild_eight_that_names_a_suit() -> None:
    s = hand(game(), ["7♣ 9♦ 8♠", "K♥ 2♦ 3♣"], "7♥ A♠ A♦")  # 7♥ turned; seat 1 starts
    assert s.top == C("7♥") and s.turn == 1
    assert fault(s, Play(1, (C("3♣"),))) is Fault.NO_MATCH
    assert fault(s, Play(0, (C("7♣"),))) is Fault.WRONG_PLAYER
    s.apply(Play(1, (C("K♥"),)))
    assert fault(s, Play(0, (C("8♠"),))) is Fault.SUIT_NEEDED
    assert fault(s, Play(0, (C("9♦"),), Suit.CLUBS)) is Fault.NO_MATCH
    record = s.apply(Play(0, (C("8♠"),), Suit.DIAMONDS))
    assert record.asked is Suit.DIAMONDS and s.asked is Suit.DIAMONDS
    assert fault(s, Play(1, (C("3♣"),))) is Fault.WRONG_SUIT
    s.apply(Play(1, (C("2♦"),)))
    assert s.asked is None
    assert fault(s, Play(0, (C("9♦"),), Suit.CLUBS)) is Fault.SUIT_NOT_WILD


def test_drawing_one_then_play_or_pass_and_no_draw_when_able() -> None:
    s = hand(game(), ["K♠ 2♠", "3♣ 5♦"], "7♥ 9♥ J♣ 4♣")
    assert s.turn == 1
    assert fault(s, Pass(1)) is Fault.MUST_DRAW_FIRST
    record = s.apply(Draw(1))
    assert record.drawn == (C("9♥"),) and s.drawn
    assert fault(s, Draw(1)) is Fault.MAY_NOT_DRAW
    s.apply(Play(1, (C("9♥"),)))
    assert s.turn == 0 and not s.drawn
    s2 = hand(game(), ["K♠ 2♠", "7♣ 5♦"], "7♥ 9♥")
    assert fault(s2, Draw(1)) is Fault.MAY_NOT_DRAW  # the 7♣ fits
    s3 = hand(game(draw_when_able=True), ["K♠ 2♠", "7♣ 5♦"], "7♥ 9♥")
    assert fault(s3, Draw(1)) is None


def test_draw_one_and_pass_and_draw_until_playable() -> None:
    s = hand(game(unable=Unable.DRAW_ONE_AND_PASS), ["K♠ 2♠", "3♣ 5♦"], "7♥ 9♥ J♣")
    s.apply(Draw(1))
    assert s.turn == 0
    s = hand(game(unable=Unable.DRAW_UNTIL_PLAYABLE), ["K♠ 2♠", "3♣ 5♦"], "7♥ 2♣ J♣ 7♠ 4♣")
    record = s.apply(Draw(1))
    assert record.drawn == parse_cards("2♣ J♣ 7♠") and s.turn == 1
    assert fault(s, Pass(1)) is Fault.MAY_NOT_DRAW


def test_draw_cards_stack_by_the_option() -> None:
    g = game(specials=(EIGHTS, TWOS, SEVENS))
    s = hand(g, ["2♥ 5♠", "7♥ 9♣ 2♣"], "6♥ A♠ A♦ A♣ A♥ K♠ K♦")
    s.apply(Play(1, (C("7♥"),)))
    assert s.pending == 2
    assert fault(s, Play(0, (C("2♥"),))) is Fault.MUST_DRAW  # stacking: none
    assert fault(s, Pass(0)) is Fault.MUST_DRAW
    record = s.apply(Draw(0))
    assert len(record.drawn) == 2 and s.turn == 1 and s.pending == 0
    for stacking, ok in ((Stacking.SAME_RANK, False), (Stacking.ANY_DRAW, True)):
        s = hand(g.variant(stacking=stacking), ["2♥ 5♠", "7♥ 9♣ 2♣"], "6♥ A♠ A♦ A♣ A♥ K♠")
        s.apply(Play(1, (C("7♥"),)))
        assert (fault(s, Play(0, (C("2♥"),))) is None) is ok
    s = hand(g.variant(stacking=Stacking.ANY_DRAW), ["2♥ 5♠", "7♥ 9♣ 2♣"], "6♥ A♠ A♦ A♣ A♥ K♠")
    s.apply(Play(1, (C("7♥"),)))
    s.apply(Play(0, (C("2♥"),)))
    assert s.pending == 4
    assert len(s.apply(Draw(1)).drawn) == 4


def test_skip_reverse_and_again() -> None:
    g = game(specials=(FOURS, QUEENS, KINGS))
    s = hand(g, ["5♣ 6♣", "4♥ 9♠", "3♦ 4♠"], "7♥ A♠")  # seat 1 starts
    record = s.apply(Play(1, (C("4♥"),)))
    assert record.skipped == (2,) and s.turn == 0
    s = hand(g, ["5♣ 6♣", "Q♥ 9♠", "3♦ 4♠"], "7♥ A♠")
    record = s.apply(Play(1, (C("Q♥"),)))
    assert record.reversed and s.turn == 0 and s.step == -1
    s = hand(g, ["5♣ 6♣", "K♥ 9♠ 2♥", "3♦ 4♠"], "7♥ A♠")
    s.apply(Play(1, (C("K♥"),)))
    assert s.turn == 1
    two = hand(g, ["5♣ 6♣", "Q♥ 9♠ 2♥"], "7♥ A♠")  # reverse between two: play again
    two.apply(Play(1, (C("Q♥"),)))
    assert two.turn == 1


def test_a_stop_passed_on_and_the_turns_it_costs() -> None:
    g = game(specials=(FOURS,), skip_passed_on=True)
    # seat 1 starts; 4♥ stops seat 2, who holds a 4 and passes the stop on to seat 0
    s = hand(g, ["5♣ 6♣ 7♣", "4♥ 9♥ 9♠", "3♦ 4♠ 5♦"], "7♥ A♠ A♦ A♣")
    record = s.apply(Play(1, (C("4♥"),)))
    assert record.stops == 1 and record.skipped == () and s.turn == 2
    assert fault(s, Play(2, (C("3♦"),))) is Fault.STOPPED  # only a skip card answers
    assert fault(s, Draw(2)) is Fault.STOPPED
    assert s.legal_moves() == [Play(2, (C("4♠"),)), Pass(2)]
    record = s.apply(Play(2, (C("4♠"),)))
    assert record.stops == 2 and s.turn == 0
    # seat 0 has no 4: it takes the stop, this turn and the next one missed
    record = s.apply(Pass(0))
    assert record.missed == 2 and s.stops == 0 and s.waiting == [1, 0, 0] and s.turn == 1
    s.apply(Play(1, (C("9♠"),)))
    assert s.apply(Draw(2)).drawn == (C("A♠"),)
    record = s.apply(Play(2, (C("A♠"),)))  # seat 0's second turn missed: seat 1 again
    assert record.skipped == (0,) and s.turn == 1 and s.waiting == [0, 0, 0]
    # a 4 turned up to start, when it takes effect, stops the first player the same way
    turned = game(specials=(FOURS,), skip_passed_on=True, turned_special=TurnedSpecial.TAKES_EFFECT)
    s = hand(turned, ["5♣ 6♣", "9♥ 9♠", "3♦ 4♠"], "4♥ A♠")
    assert s.stops == 1 and s.turn == 1 and s.legal_moves() == [Pass(1)]


@pytest.mark.parametrize("passed_on", [True, False])
def test_a_four_cancels_a_draw_and_stops_the_next_player(passed_on: bool) -> None:
    stop = Special(ranks=frozenset({Rank.FOUR}), skip=True, cancels_draw=True)
    g = game(specials=(TWOS, stop), skip_passed_on=passed_on, stacking=Stacking.ANY_DRAW)
    s = hand(g, ["5♣ 6♣", "2♥ 9♠", "4♠ 5♦", "8♦ 9♦"], "7♥ A♠ A♦")
    s.apply(Play(1, (C("2♥"),)))
    assert s.pending == 2 and Play(2, (C("4♠"),)) in s.legal_moves()  # any 4, any suit
    assert fault(s, Play(2, (C("5♦"),))) is Fault.MUST_DRAW
    record = s.apply(Play(2, (C("4♠"),)))
    assert record.cancelled == 2 and s.pending == 0
    if passed_on:
        assert record.stops == 1 and s.turn == 3
    else:
        assert record.skipped == (3,) and s.turn == 0
    plain = game(specials=(TWOS, FOURS), stacking=Stacking.ANY_DRAW)  # a 4 that cancels nothing
    s = hand(plain, ["5♣ 6♣", "2♥ 9♠", "4♠ 5♦"], "7♥ A♠ A♦")
    s.apply(Play(1, (C("2♥"),)))
    assert fault(s, Play(2, (C("4♠"),))) is Fault.MUST_DRAW


def test_several_cards_of_a_rank_add_their_effects() -> None:
    g = game(specials=(EIGHTS, TWOS), several=True)
    s = hand(g, ["5♣ 6♣ 9♣", "2♥ 2♠ 9♠ 3♦"], "7♥ A♠ A♦ A♣ A♥ K♠")
    assert fault(s, Play(1, parse_cards("2♥ 9♠"))) is Fault.MIXED
    s.apply(Play(1, parse_cards("2♥ 2♠")))
    assert s.pending == 4 and s.top == C("2♠")
    single = game(specials=(EIGHTS, TWOS))
    s = hand(single, ["5♣ 6♣ 9♣", "2♥ 2♠ 9♠"], "7♥ A♠")
    assert fault(s, Play(1, parse_cards("2♥ 2♠"))) is Fault.MIXED


def test_the_card_turned_when_special() -> None:
    bottom = hand(game(turned_special=TurnedSpecial.BOTTOM), ["5♣", "6♣"], "8♥ 9♦ A♠")
    assert bottom.top == C("9♦") and bottom.stock[-1] == C("8♥")
    plain = hand(game(), ["5♣", "6♣"], "8♥ 9♦ A♠")
    assert plain.top == C("8♥") and not plain.free
    acts = hand(game(turned_special=TurnedSpecial.TAKES_EFFECT), ["5♣", "6♣"], "8♥ 9♦ A♠")
    assert acts.free and acts.fits(C("6♣"))
    draws = hand(game(specials=(TWOS,), turned_special=TurnedSpecial.TAKES_EFFECT),
                 ["5♣", "6♣"], "2♥ 9♦ A♠")
    assert draws.pending == 2 and draws.turn == 1


def test_the_stock_turned_over_from_the_pile() -> None:
    s = hand(game(), ["5♥ 6♥", "9♥ K♣"], "7♥ 2♣")
    s.apply(Play(1, (C("9♥"),)))
    s.apply(Play(0, (C("5♥"),)))
    s.apply(Draw(1))  # the 2♣, the last of the stock
    s.apply(Pass(1))
    s.apply(Play(0, (C("6♥"),)))  # out
    assert s.is_over() and s.result().winner == 0
    s = hand(game(), ["5♥ 6♦", "9♥ K♣"], "7♥ 2♣")
    s.apply(Play(1, (C("9♥"),)))
    s.apply(Play(0, (C("5♥"),)))
    s.apply(Draw(1))
    s.apply(Pass(1))
    record = s.apply(Draw(0))  # the stock is empty: 7♥ 9♥ under the 5♥ make it again
    assert record.restocks == 1 and record.drawn == (C("7♥"),) and s.stock == [C("9♥")]
    shuffled = hand(game(empty_stock=EmptyStock.SHUFFLE), ["5♥ 6♦", "9♥ K♣"], "7♥ 2♣")
    shuffled.shuffle = lambda cards: cards.reverse()
    shuffled.apply(Play(1, (C("9♥"),)))
    shuffled.apply(Play(0, (C("5♥"),)))
    shuffled.apply(Draw(1))
    shuffled.apply(Pass(1))
    assert shuffled.apply(Draw(0)).drawn == (C("9♥"),)


def test_the_call_and_its_penalty() -> None:
    g = game(announcement=Announcement("Macao", 2))
    s = hand(g, ["5♥ 6♦ K♠", "9♥ K♣ 2♠"], "7♥ A♣ A♦ A♠")
    assert fault(s, Play(1, (C("9♥"),), None, True)) is Fault.FALSE_CALL  # two left
    s.apply(Play(1, (C("9♥"),)))
    record = s.apply(Play(0, (C("5♥"),)))
    assert record.penalty == ()
    s = hand(g, ["5♥ 6♦", "9♥ K♣ 2♠"], "7♥ A♣ A♦ A♠")
    s.apply(Play(1, (C("9♥"),)))
    record = s.apply(Play(0, (C("5♥"),)))  # one left, no call
    assert record.penalty == parse_cards("A♣ A♦") and len(s.hands[0]) == 3
    s = hand(g, ["5♥ 6♦", "9♥ K♣ 2♠"], "7♥ A♣ A♦ A♠")
    s.apply(Play(1, (C("9♥"),)))
    assert s.apply(Play(0, (C("5♥"),), None, True)).penalty == ()


@pytest.mark.parametrize("scoring,expected", [
    (Scoring.WINNER_COLLECTS, (0, 69)),  # the winner scores the others' 5+50+10+1+3
    (Scoring.PENALTY, (69, 0)),  # each other player scores their own
    (Scoring.NONE, (0, 1)),  # a hand won
])
def test_scoring(scoring: Scoring, expected: tuple[int, int]) -> None:
    g = game(scoring=scoring, points={Rank.EIGHT: 50})
    s = hand(g, ["5♥ 8♠ K♦ A♣ 3♣", "9♥"], "7♥ A♠")
    s.apply(Play(1, (C("9♥"),)))
    result = s.result()
    assert result.winner == 1 and result.points == (69, 0)
    assert result.scores == expected
    assert default_points(C("★")) == 50 and default_points(C("Q♠")) == 10


BLACK_JOKER = Special(cards=frozenset({C("★")}), draw=5, on_anything=True)
RED_JOKER = Special(cards=frozenset({C("☆")}), draw=10, on_anything=True)


def test_the_red_joker_makes_the_next_player_draw_ten_and_the_black_joker_five() -> None:
    g = game("french-52+jokers", specials=(EIGHTS, BLACK_JOKER, RED_JOKER))
    stock = "7♥ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
    s = hand(g, ["5♠ 9♠ K♦", "☆ 3♥ Q♦"], stock)
    assert g.special(C("☆")) is RED_JOKER and g.special(C("★")) is BLACK_JOKER
    s.apply(Play(1, (C("☆"),)))  # on the 7♥: a red joker goes on anything
    assert s.pending == 10 and s.turn == 0
    assert s.legal_moves() == [Draw(0)]
    record = s.apply(Draw(0))
    assert len(record.drawn) == 10 and len(s.hand(0)) == 13
    assert s.playable(1) == [C("3♥"), C("Q♦")]  # anything goes on a joker: it names no suit
    s = hand(g, ["5♠ 9♠ K♦", "★ 3♥ Q♦"], stock)
    s.apply(Play(1, (C("★"),)))
    assert s.pending == 5


def test_a_joker_left_in_hand_is_priced_by_its_own_key_or_the_jokers_key() -> None:
    plain = game("french-52+jokers")
    assert plain.points(C("★")) == plain.points(C("☆")) == 50  # the default
    both = game("french-52+jokers", points={C("★"): 20})  # the ★ key prices both
    assert both.points(C("★")) == both.points(C("☆")) == 20
    apart = game("french-52+jokers", points={C("★"): 20, C("☆"): 100, Rank.EIGHT: 50})
    assert (apart.points(C("★")), apart.points(C("☆")), apart.points(C("8♥"))) == (20, 100, 50)
    red_only = game("french-52+jokers", points={C("☆"): 100})
    assert (red_only.points(C("★")), red_only.points(C("☆"))) == (50, 100)


def test_a_match_to_a_total() -> None:
    collect = ShedOptions(cards_dealt={}, scoring=Scoring.WINNER_COLLECTS, match=MatchRule(100))
    assert match_over(collect, [40, 99]) == (False, ())
    assert match_over(collect, [40, 120]) == (True, (1,))
    penalty = ShedOptions(cards_dealt={}, scoring=Scoring.PENALTY, match=MatchRule(100))
    assert match_over(penalty, [40, 120, 30]) == (True, (2,))


CONFIGS = {
    "crazy-eights": game(turned_special=TurnedSpecial.BOTTOM, scoring=Scoring.WINNER_COLLECTS),
    "mau-mau": game("skat-32", specials=(SEVENS, Special(ranks=frozenset({Rank.EIGHT}), skip=True),
                                         Special(ranks=frozenset({Rank.JACK}), wild=True)),
                    stacking=Stacking.SAME_RANK, wild_on_wild=False,
                    cards_dealt={2: 6, 3: 5, 4: 5}, announcement=Announcement("Mau", 2)),
    "macao": game("french-52+joker", specials=(TWOS, Special(ranks=frozenset({Rank.THREE}), draw=3),
                                               FOURS, JOKER,
                                               Special(ranks=frozenset({Rank.JACK}), wild=True)),
                  stacking=Stacking.ANY_DRAW, several=True, unable=Unable.DRAW_ONE_AND_PASS,
                  announcement=Announcement("Macao", 5), scoring=Scoring.PENALTY,
                  turned_special=TurnedSpecial.TAKES_EFFECT, empty_stock=EmptyStock.SHUFFLE),
    "macao-stops": game("french-52+joker", specials=(
        TWOS, Special(ranks=frozenset({Rank.FOUR}), skip=True, cancels_draw=True), JOKER),
        stacking=Stacking.ANY_DRAW, skip_passed_on=True, several=True,
        turned_special=TurnedSpecial.TAKES_EFFECT, draw_when_able=True),
    "everything": game(specials=(EIGHTS, TWOS, FOURS, QUEENS, KINGS), several=True,
                       stacking=Stacking.SAME_RANK, unable=Unable.DRAW_UNTIL_PLAYABLE,
                       draw_when_able=True, direction=Direction.RIGHT),
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_hands_move_legally_to_an_end(name: str) -> None:
    g = CONFIGS[name]
    rng = random.Random(name)
    for i in range(sized(25, 2_000)):
        players = 2 + i % 3
        s = g.random_round(rng, players, dealer=i % players)
        total = len(g.cards)
        for _ in range(3_000):
            if s.is_over():
                break
            moves = s.legal_moves()
            assert moves, "a player with no legal move"
            for m in moves:
                assert s.why_illegal(m) is None, m
            before = rng.getstate()
            drawn = moves[rng.randrange(len(moves))]
            after = rng.getstate()
            rng.setstate(before)  # the simulations' way: the same move from the same draw
            assert s.random_move(rng) == drawn and rng.getstate() == after, (moves, drawn)
            s.apply(drawn)
            assert sum(map(len, s.hands)) + len(s.stock) + len(s.pile) == total
        assert s.is_over(), name
        result = s.result()
        assert result.winner is None or 0 <= result.winner < players


def test_the_numbers_of_random_hands() -> None:
    from generator.families.shedding import numbers
    from generator.simulation.run import run

    g = CONFIGS["crazy-eights"]
    assert numbers.simulation(g, 9) is None  # not dealt for nine
    sim = numbers.simulation(g, 3)
    assert sim is not None and sim.seat_notes[0].seats == (1,)  # the dealer's left plays first
    figures = run(sim, rounds=60).figures
    assert {"turns", "restocked", "wins.0", "wins.1", "wins.2"} <= set(figures)
    assert sum(figures[f"wins.{s}"].estimate for s in range(3)) == pytest.approx(1, abs=0.05)
    right = numbers.simulation(g.variant(direction=Direction.RIGHT), 3)
    assert right is not None and right.seat_notes[0].seats == (2,)
