"""Property tests: random rounds of every corpus game and variant, and garbage input."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import RULES
from generator.cards import CardError, parse_card
from generator.check import check
from generator.cli import main
from generator.families.pairs.engine import PairsGame
from generator.families.pairs.options import OddMode

CORPUS = check([RULES], root=RULES.parent)
ENGINES = [(f"{b.rules.id}:{name}", game) for b in CORPUS.games if b.rules.spec.family == "pairs"
           for name, game in [("base", b.rules.engine), *b.rules.variants.items()]]
PLAYERS = {b.rules.id: (b.rules.spec.players.min, b.rules.spec.players.max) for b in CORPUS.games}


def play_tracked(game: PairsGame, rng: random.Random, players: int) -> tuple[Counter, int]:
    """Play a whole round with legal moves only; return every card seen at the end and draws."""
    dealer = rng.randrange(players)
    hands, hidden = game.deal(rng, players=players, dealer=dealer)
    laid: list = []
    kept = []
    for hand in hands:
        k, pairs, alone = game.lay_down_first(hand)
        kept.append(k)
        laid += [c for p in pairs for c in p] + alone
        assert all(game.is_pair(a, b) for a, b in pairs)
    state = game.new_round(kept, dealer=dealer)
    limit = len(game.cards) ** 2
    while not state.is_over():
        moves = state.legal_moves()
        assert moves, "deadlock: the round is not over but nobody can draw"
        record = state.apply(rng.choice(moves))
        if record.pair:
            assert game.is_pair(*record.pair)
            laid += record.pair
        limit -= 1
        assert limit > 0, "the round does not end"
    left = [c for seat in range(players) for c in state.hand(seat)]
    assert len(left) == 1, f"{len(left)} cards left at the end"
    if game.options.odd_mode is OddMode.NAMED:
        assert left == [game.options.odd_card]
    elif game.options.odd_mode is OddMode.HIDDEN:
        assert game.is_pair(left[0], hidden)
    else:  # the leftover: its group had an odd count
        group = [c for c in game.cards if game.key(c) == game.key(left[0])]
        assert len(group) % 2 == 1
    everything = Counter(laid + left + ([hidden] if hidden else []))
    return everything, state.draws


@pytest.mark.parametrize("name,game", ENGINES, ids=[n for n, _ in ENGINES])
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 10))
def test_random_rounds_conserve_cards_and_end_with_one_odd_card(name: str, game: PairsGame,
                                                                 seed: int, extra: int) -> None:
    low, high = PLAYERS[name.split(":")[0]]
    players = low + extra % (high - low + 1)
    everything, _ = play_tracked(game, random.Random(seed), players)
    assert everything == Counter(game.cards)


def test_corpus_has_every_variant() -> None:
    assert {"uomo-nero:base", "uomo-nero:rank-only", "uomo-nero:hidden", "uomo-nero:joker",
            "uomo-nero:reversed", "uomo-nero:several-hands", "black-peter:base"} <= dict(ENGINES).keys()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=6))
def test_arbitrary_card_tokens_parse_or_raise_card_error(token: str) -> None:
    try:
        parse_card(token)
    except CardError as err:
        assert repr(token.strip())[1:-1] in str(err) or token.strip() in str(err)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("garbage") / "rules"
    shutil.copytree(RULES / "black-peter", root / "black-peter")
    return root


YAMLISH = st.text(alphabet=st.sampled_from(list("ab: -[]{}\n'\"#&*!|>?,%@`J♣♥10x\t")), max_size=120)
FILES = ["game.yaml", "examples/endgame.yaml", "examples/deal.yaml", "en.yaml"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=YAMLISH, which=st.sampled_from(FILES))
def test_arbitrary_yaml_never_raises_out_of_check(scratch: Path, text: str, which: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    target = scratch / "black-peter" / which
    original = (RULES / "black-peter" / which)
    saved = original.read_text(encoding="utf-8") if original.exists() else None
    target.write_text(text, encoding="utf-8")
    try:
        code = main(["check", str(scratch)])
    finally:
        if saved is None:
            target.unlink()
        else:
            target.write_text(saved, encoding="utf-8")
    assert code in (0, 1)
    capsys.readouterr()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(token=st.text(max_size=5).filter(lambda t: "\n" not in t and '"' not in t and "\\" not in t))
def test_arbitrary_card_token_in_a_script_is_a_finding_not_a_traceback(
        scratch: Path, token: str, capsys: pytest.CaptureFixture[str]) -> None:
    target = scratch / "black-peter" / "examples" / "endgame.yaml"
    saved = target.read_text(encoding="utf-8")
    target.write_text(saved.replace("draw: 8♥", f'draw: "{token}"'), encoding="utf-8")
    try:
        code = main(["check", str(scratch)])
    finally:
        target.write_text(saved, encoding="utf-8")
    out = capsys.readouterr().out
    try:
        ok = parse_card(token) is not None
    except CardError:
        ok = False
    if not ok:
        assert code == 1 and "error[" in out
