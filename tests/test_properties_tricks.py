"""Property tests of the trick-taking games: random hands of every corpus game and variant,
and garbage in their example scripts."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import RULES, corpus, sized
from generator.cli.main import main
from generator.core.cards import Card, Rank, Suit, get_deck
from generator.families.tricks.engine import TWO_OF_CLUBS, Pass, Play, TricksGame
from generator.families.tricks.options import (
    Bidding,
    Dealing,
    FirstLead,
    FirstTrick,
    Follow,
    HeartsLead,
    Sides,
    TricksOptions,
    TrumpFrom,
    Trumps,
)
from generator.families.tricks.scoring import (
    LAST,
    QUEEN_OF_SPADES,
    BidScore,
    Book,
    EndRule,
    Scoring,
    SetBonus,
    TrickBonus,
    Winning,
)

pytestmark = [pytest.mark.slow, pytest.mark.deep]  # sizes: sized(make test, make test-deep)

CORPUS = corpus()


def _modelled(game: TricksGame) -> bool:
    """The games this file's own model of the rules covers: every card dealt, no bids, no
    over-trumping. Those with a stock or bids (Briscola, Oh Hell) are held to an independent
    engine by the differential test (test_play_engine.py) instead."""
    o = game.options
    return (o.dealing == Dealing() and o.bidding is None and not o.trumps.over_trump)


ENGINES = [(f"{b.rules.id}:{name}", game) for b in CORPUS.games if b.rules.spec.family == "tricks"
           for name, game in [("base", b.rules.engine), *b.rules.variants.items()]
           if _modelled(game)]


# the ranks from low to high, an ace high: the lowest club in play opens (Hearts for five)
_LOW_TO_HIGH = "2 3 4 5 6 7 8 9 10 J Q K A".split()


def _lowest_club(game: TricksGame) -> Card:
    return min((c for c in game.cards if c.suit is Suit.CLUBS),
               key=lambda c: _LOW_TO_HIGH.index(c.rank.value))


def _is_legal(game: TricksGame, hand: list[Card], trick: list[Card], *, first: bool, broken: bool,
              card: Card, trump: Suit | None = None) -> bool:
    """The rules of play, written out once more independently of the engine."""
    o = game.options
    if trick:
        led = trick[0].suit
        if o.follow is Follow.SUIT and any(c.suit is led for c in hand):
            return card.suit is led
        if o.trumps.must_trump and trump is not None and any(c.suit is trump for c in hand):
            return card.suit is trump
    elif first and o.first_lead is FirstLead.TWO_OF_CLUBS and TWO_OF_CLUBS in hand:
        return card == TWO_OF_CLUBS
    elif first and o.first_lead is FirstLead.LOWEST_CLUB and _lowest_club(game) in hand:
        return card == _lowest_club(game)
    elif o.hearts_lead is HeartsLead.WHEN_BROKEN and not broken and card.suit is Suit.HEARTS:
        if any(c.suit is not Suit.HEARTS for c in hand):
            return False
    if first and o.first_trick is FirstTrick.NO_POINTS and (
            card.suit is Suit.HEARTS or card == QUEEN_OF_SPADES):
        return all(c.suit is Suit.HEARTS or c == QUEEN_OF_SPADES for c in hand
                   if not trick or c.suit is not trick[0].suit)
    return True


def play_tracked(game: TricksGame, rng: random.Random, hand: int):
    """Deal, pass and play a whole hand with random legal moves, checking every play."""
    dealer = rng.randrange(game.players)
    deal = game.deal_hand(rng, dealer=dealer, hand=hand)  # with the card turned for trumps
    dealt = deal.hands
    assert Counter(c for h in dealt for c in h) == Counter(game.cards)
    assert {len(h) for h in dealt} == {game.hand_size}
    state = game.new_hand(dealt, dealer=dealer, hand=hand, stock=deal.stock, turned=deal.turned)
    if game.options.trumps.source is TrumpFrom.DEALER_LAST:
        assert state.trump is not None and deal.turned in dealt[dealer]
    if state.passing:
        for seat in range(game.players):
            state.apply(Pass(seat, tuple(rng.sample(state.hands[seat], game.options.passing.count))))
    assert Counter(c for h in state.hands for c in h) == Counter(game.cards)
    tricks = 0
    broken = False
    while not state.is_over():
        trick: list[Card] = []
        first = tricks == 0
        for _ in range(game.players):
            seat = state.turn
            assert seat is not None
            legal = state.legal_cards()
            assert legal, "nothing to play but the hand is not over"
            for card in state.hands[seat]:
                assert (card in legal) == _is_legal(game, state.hands[seat], trick, first=first,
                                                    broken=broken, card=card, trump=state.trump)
            card = rng.choice(legal)
            record = state.apply(Play(seat, card))
            trick.append(card)
        assert record.trick is not None
        # the highest trump, else the highest card of the suit led, in the game's rank order
        order = game.options.ranking
        strength = (lambda c: -order.index(c.rank)) if order else \
            (lambda c: c.rank.high if c.rank else 0)
        trumps = [c for c in trick if state.trump is not None and c.suit is state.trump]
        led = trick[0].suit
        best = max(trumps or [c for c in trick if c.suit is led], key=strength)
        assert record.trick.plays[trick.index(best)].seat == record.trick.winner
        broken = broken or any(c.suit is Suit.HEARTS or (game.options.queen_breaks_hearts
                                                         and c == QUEEN_OF_SPADES) for c in trick)
        tricks += 1
    assert tricks == game.hand_size
    return state.result()


@pytest.mark.parametrize("name,game", ENGINES, ids=[n for n, _ in ENGINES])
@settings(max_examples=sized(20, 400), deadline=None)
@given(seed=st.integers(0, 2**32), hand=st.integers(1, 12))
def test_random_hands_conserve_cards_play_legally_and_add_up(name: str, game: TricksGame,
                                                             seed: int, hand: int) -> None:
    result = play_tracked(game, random.Random(seed), hand)
    assert Counter(c for t in result.taken for c in t) == Counter(game.cards)
    assert sum(result.tricks) == game.hand_size
    special = sum(v for c, v in game.scoring.special if c in game.cards)
    assert sum(result.points) == game.table_total() + special
    sums = game.hand_sums()
    if sums is not None:
        assert sum(result.scores) in sums
    if game.scoring.zero_sum:
        assert sum(result.scores) == 0


def test_the_corpus_has_every_tricks_game_and_variant() -> None:
    assert {"peppa:base", "peppa:standard", "chat-noir:base", "hearts:base", "hearts:moon-minus",
            "hearts:jack-of-diamonds", "hearts:three-players",
            "peppa-scivolosa:base", "whist:base", "whist:fixed-trumps"} <= dict(ENGINES).keys()


def test_the_table_totals_match_the_rules() -> None:
    totals = {name: game.table_total() for name, game in ENGINES}
    assert totals["peppa:base"] == 36 and totals["peppa:standard"] == 265
    assert totals["chat-noir:base"] == 41 and totals["hearts:base"] == 26
    assert totals["peppa-scivolosa:base"] == -130
    assert dict(ENGINES)["peppa-scivolosa:base"].hand_sums() == frozenset({0})


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("garbage-tricks") / "rules"
    shutil.copytree(RULES / "hearts", root / "hearts")
    return root


LINE = "  - {lead: Anna, cards: 2♦ 5♦ 8♦ A♥, winner: Carla, points: 1, broken: true}"


@settings(max_examples=sized(30, 1200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tokens=st.lists(st.sampled_from(["2♦", "5♦", "8♦", "A♥", "K♥", "2♣", "Q♠", "zz", "10♦",
                                        "3♦", "9♥", "A♠"]), min_size=0, max_size=6),
       lead=st.sampled_from(["Anna", "Bruno", "Zoe"]), winner=st.sampled_from(["Carla", "Dario"]),
       points=st.integers(-3, 30))
def test_arbitrary_trick_lines_are_findings_not_tracebacks(
        scratch: Path, tokens: list[str], lead: str, winner: str, points: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    target = scratch / "hearts" / "examples" / "first-hand.yaml"
    saved = target.read_text(encoding="utf-8")
    line = f"  - {{lead: {lead}, cards: \"{' '.join(tokens)}\", winner: {winner}, points: {points}}}"
    assert LINE in saved
    target.write_text(saved.replace(LINE, line), encoding="utf-8")
    try:
        code = main(["check", str(scratch)])
    finally:
        target.write_text(saved, encoding="utf-8")
    assert code in (0, 1)
    capsys.readouterr()


# -- random combinations of the options of the games that take tricks -----------------------

DECKS = {"french-52": get_deck("french-52"), "italian-40": get_deck("italian-40"),
         "skat-32": get_deck("skat-32")}


@st.composite
def taking_games(draw: st.DrawFn) -> TricksGame:
    """A game of random options that go together (those that do not are check findings)."""
    deck = DECKS[draw(st.sampled_from(sorted(DECKS)))]
    players = draw(st.integers(2, 6))
    sides = Sides.PARTNERS if players % 2 == 0 and draw(st.booleans()) else Sides.EACH
    cards = len(deck.cards)
    removed = deck.cards[:cards % players]  # deal out evenly
    cards -= len(removed)
    kind = draw(st.sampled_from(["all", "size", "draw", "by-hand"]))
    dealing = Dealing()
    if kind == "size":
        dealing = Dealing(size=draw(st.integers(1, cards // players - 1)))
    elif kind == "draw":
        dealing = Dealing(size=draw(st.integers(1, cards // players - 1)), draw=True)
    elif kind == "by-hand":
        dealing = Dealing(by_hand=tuple(draw(st.lists(st.integers(1, cards // players - 1),
                                                      min_size=1, max_size=5))))
    follow = draw(st.sampled_from(list(Follow)))
    source = draw(st.sampled_from([s for s in TrumpFrom
                                   if s is not TrumpFrom.TURNED or kind != "all"]))
    strict = follow is Follow.SUIT and source is not TrumpFrom.NONE
    trumps = Trumps(source, draw(st.sampled_from(list(Suit))) if source is TrumpFrom.SUIT else None,
                    tuple(draw(st.lists(st.sampled_from([None, *Suit]), min_size=1, max_size=5)))
                    if source is TrumpFrom.BY_HAND else (),
                    must_trump=strict and draw(st.booleans()),
                    over_trump=strict and draw(st.booleans()),
                    # the stock must go round whole: the turned card is drawn with it
                    turned_drawn_last=source is TrumpFrom.TURNED and kind == "draw")
    ranks = [r for r in Rank if any(c.rank is r for c in deck.cards)]
    ranking = tuple(draw(st.permutations(ranks))) if draw(st.booleans()) else ()
    bids = draw(st.booleans())
    ends_with = (deck.cards[-1],) if draw(st.booleans()) else ()
    scoring = Scoring(tuple((c, draw(st.integers(-3, 3))) for c in deck.cards[-3:]),
                      per_trick=draw(st.integers(-1, 1)),
                      trick_bonus=(TrickBonus(1, draw(st.integers(-2, 2))), TrickBonus(LAST, -1)),
                      sets=(SetBonus((1, LAST), (deck.cards[-1],), -1),),
                      book=Book(1) if draw(st.booleans()) else None,
                      bid=BidScore(exact=draw(st.booleans())) if bids else None)
    return TricksGame(deck, removed, TricksOptions(
        scoring=scoring, end=EndRule(Winning.HIGHEST, hands=1), players=players,
        first_lead=FirstLead.LEFT_OF_DEALER, trumps=trumps, follow=follow, ranking=ranking,
        sides=sides, dealing=dealing, bidding=Bidding(hook=draw(st.booleans())) if bids else None,
        ends_with=ends_with))


def _power(game: TricksGame) -> dict[Rank, int]:
    ranking = game.options.ranking
    if not ranking:
        return {r: r.high for r in Rank}
    return {r: len(ranking) - ranking.index(r) if r in ranking else 0 for r in Rank}


def _may_play(game: TricksGame, trump: Suit | None, hand: list[Card], trick: list[Card],
              card: Card) -> bool:
    """What may be played to a trick, written out again apart from the engine."""
    o = game.options
    if not trick or o.follow is Follow.NONE:
        return True
    led = trick[0].suit
    power = _power(game)
    top = max((power[c.rank] for c in trick if c.suit is trump and c.rank), default=-1)

    def heads(cards: list[Card]) -> list[Card]:
        higher = [c for c in cards if c.rank and power[c.rank] > top]
        return higher or cards
    same = [c for c in hand if c.suit is led]
    if same:
        allowed = heads(same) if o.trumps.over_trump and led is trump else same
        return card in allowed
    trumps = [c for c in hand if trump is not None and c.suit is trump]
    if o.trumps.must_trump and trumps:
        return card in (heads(trumps) if o.trumps.over_trump else trumps)
    return True


def _takes(game: TricksGame, trump: Suit | None, trick: list[Card]) -> int:
    power = _power(game)
    trumps = [i for i, c in enumerate(trick) if trump is not None and c.suit is trump]
    pool = trumps or [i for i, c in enumerate(trick) if c.suit is trick[0].suit]
    return max(pool, key=lambda i: power[trick[i].rank])  # type: ignore[index]


@settings(max_examples=150, deadline=None)
@given(game=taking_games(), seed=st.integers(0, 2**32), hand=st.integers(1, 6))
def test_random_option_combinations_end_conserve_cards_and_add_up(game: TricksGame, seed: int,
                                                                  hand: int) -> None:
    rng = random.Random(seed)
    n, dealer = game.players, rng.randrange(game.players)
    dealt = game.deal_hand(rng, dealer=dealer, hand=hand)
    in_hand = Counter(c for h in dealt.hands for c in h)
    state = game.new_hand(dealt.hands, dealer=dealer, hand=hand, stock=dealt.stock,
                          turned=dealt.turned)
    drawn = Counter(state.stock)
    state.random_start(rng)
    bids = list(state.bids)
    if game.options.bidding is not None and game.options.bidding.hook:
        assert sum(b or 0 for b in bids) != game.tricks_for(hand)
    winners = []
    while not state.is_over():
        trick: list[Card] = []
        seats = []
        for _ in range(n):
            seat = state.turn
            assert seat is not None
            legal = state.legal_cards()
            for card in state.hands[seat]:
                assert (card in legal) == _may_play(game, state.trump, state.hands[seat], trick,
                                                    card)
            card = rng.choice(legal)
            record = state.apply(Play(seat, card))
            trick.append(card)
            seats.append(seat)
        assert record.trick is not None and record.trick.winner == seats[_takes(game, state.trump, trick)]
        winners.append(record.trick.winner)
        assert len({len(h) for h in state.hands}) == 1  # everyone holds as many after the draws
        ender = next((c for c in trick if c in game.options.ends_with), None)
        assert state.is_over() == (ender is not None or len(winners) == game.tricks_for(hand))
    result = state.result()
    assert len(winners) == sum(result.tricks) <= game.tricks_for(hand)
    held = Counter(c for h in state.hands for c in h) + Counter(state.stock)
    assert Counter(c for t in result.taken for c in t) + held == in_hand + drawn
    if not game.options.ends_with:
        assert len(winners) == game.tricks_for(hand) and not held
    # the scores, side by side, as the rules add them up
    s, o = game.scoring, game.options
    for side, members in enumerate(o.side_seats()):
        taken = [c for m in members for c in result.taken[m]]
        tricks = sum(result.tricks[m] for m in members)
        score = sum(s.table_value(c) for c in taken) + s.per_trick * tricks
        score += sum(b.value for b in s.trick_bonus if winners[b.index(len(winners))] in members)
        for group in s.sets:
            if all(winners[TrickBonus(t, 0).index(len(winners))] in members for t in group.tricks) \
                    and all(c in taken for c in group.cards):
                score += group.value
        if s.book is not None:
            score += max(0, tricks - s.book.tricks) * s.book.per_trick
        if s.bid is not None:
            score += s.bid.score(sum(bids[m] or 0 for m in members), tricks)
        assert all(result.scores[m] == score for m in members)
        assert result.side_scores[side] == score


TRICK_GAMES = Path(__file__).parent / "fixtures" / "trick-games"


@pytest.fixture(scope="module")
def taking(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("garbage-taking") / "rules"
    shutil.copytree(TRICK_GAMES, root)
    return root


SEATS = st.sampled_from(["Anna", "Bruno", "Carla", "Dario", "Zoe", "7♦"])
TOKENS = st.sampled_from(["3♣", "2♥", "A♥", "7♠", "zz", "10♦", "-1", "99", "", "{", "Q♠"])


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(bids=st.lists(st.tuples(SEATS, st.integers(-2, 5) | TOKENS), max_size=5),
       draws=st.lists(st.tuples(SEATS, TOKENS), max_size=5), stock=st.lists(TOKENS, max_size=30),
       turned=TOKENS)
def test_arbitrary_bids_draws_stocks_and_turned_cards_are_findings_not_tracebacks(
        taking: Path, bids: list[tuple[str, object]], draws: list[tuple[str, str]],
        stock: list[str], turned: str, capsys: pytest.CaptureFixture[str]) -> None:
    edits = {
        taking / "oh-hell" / "examples" / "third-hand.yaml": [
            ("bids: {Anna: 3, Bruno: 2, Carla: 0, Dario: 2}",
             "bids: {" + ", ".join(f"'{s}': '{b}'" if isinstance(b, str) else f"'{s}': {b}"
                                   for s, b in bids) + "}"),
            ("turned: 2♣", f"turned: '{turned}'")],
        taking / "briscola" / "examples" / "whole-hand.yaml": [
            ("draws: {Carla: 3♣, Bruno: 2♥, Anna: 2♦, Dario: 7♥}",
             "draws: {" + ", ".join(f"'{s}': '{c}'" for s, c in draws) + "}"),
            ("stock: 3♣ 2♥", f"stock: '{' '.join(stock)}' #")],
    }
    saved = {path: path.read_text(encoding="utf-8") for path in edits}
    try:
        for path, pairs in edits.items():
            text = saved[path]
            for old, new in pairs:
                assert old in text
                text = text.replace(old, new)
            path.write_text(text, encoding="utf-8")
        code = main(["check", str(taking)])
    finally:
        for path, text in saved.items():
            path.write_text(text, encoding="utf-8")
    assert code in (0, 1)
    capsys.readouterr()
