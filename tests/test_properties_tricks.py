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
from generator.core.cards import Card, Suit
from generator.families.tricks.engine import TWO_OF_CLUBS, Pass, Play, TricksGame
from generator.families.tricks.options import FirstLead, FirstTrick, HeartsLead
from generator.families.tricks.scoring import QUEEN_OF_SPADES

pytestmark = [pytest.mark.slow, pytest.mark.deep]  # sizes: sized(make test, make test-deep)

CORPUS = corpus()
ENGINES = [(f"{b.rules.id}:{name}", game) for b in CORPUS.games if b.rules.spec.family == "tricks"
           for name, game in [("base", b.rules.engine), *b.rules.variants.items()]]


def _is_legal(game: TricksGame, hand: list[Card], trick: list[Card], *, first: bool, broken: bool,
              card: Card) -> bool:
    """The rules of play, written out once more independently of the engine."""
    o = game.options
    if trick:
        led = trick[0].suit
        if any(c.suit is led for c in hand):
            return card.suit is led
    elif first and o.first_lead is FirstLead.TWO_OF_CLUBS and TWO_OF_CLUBS in hand:
        return card == TWO_OF_CLUBS
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
    dealt = game.deal(rng)
    assert Counter(c for h in dealt for c in h) == Counter(game.cards)
    assert {len(h) for h in dealt} == {game.hand_size}
    state = game.new_hand(dealt, dealer=rng.randrange(game.players), hand=hand)
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
                                                    broken=broken, card=card)
            card = rng.choice(legal)
            record = state.apply(Play(seat, card))
            trick.append(card)
        assert record.trick is not None
        led = trick[0].suit
        best = max((c for c in trick if c.suit is led), key=lambda c: c.rank.high if c.rank else 0)
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
            "peppa-scivolosa:base"} <= dict(ENGINES).keys()


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


YAMLISH = st.text(alphabet=st.sampled_from(list("ab: -[]{}\n'\"#&*!|>?,%@`Q♠♥2♣10x\t")), max_size=120)
FILES = ["game.yaml", "examples/first-hand.yaml", "examples/shooting-the-moon.yaml",
         "examples/to-a-hundred.yaml", "en.yaml"]


@settings(max_examples=sized(60, 1200), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAMLISH, which=st.sampled_from(FILES))
def test_arbitrary_yaml_never_raises_out_of_check(scratch: Path, text: str, which: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    target = scratch / "hearts" / which
    saved = (RULES / "hearts" / which).read_text(encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    try:
        code = main(["check", str(scratch)])
    finally:
        target.write_text(saved, encoding="utf-8")
    assert code in (0, 1)
    capsys.readouterr()


LINE = "  - {lead: Anna, cards: 2♦ 5♦ 8♦ A♥, winner: Carla, points: 1, broken: true}"


@settings(max_examples=sized(60, 1200), deadline=None,
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
