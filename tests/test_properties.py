"""Property tests: random rounds of every corpus game and variant, and garbage input."""

from __future__ import annotations

import random
import shutil
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import RULES, corpus, sized
from generator.check.load import placeholders
from generator.cli.main import main
from generator.core.cards import CardError, parse_card, parse_cards
from generator.families.pairs.engine import PairsGame
from generator.families.pairs.options import OddMode
from generator.model.game import GameBundle

pytestmark = [pytest.mark.slow, pytest.mark.deep]  # sizes: sized(make test, make test-deep)

CORPUS = corpus()
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
@settings(max_examples=sized(30, 600), deadline=None)
@given(seed=st.integers(0, 2**32), extra=st.integers(0, 10))
def test_random_rounds_conserve_cards_and_end_with_one_odd_card(name: str, game: PairsGame,
                                                                 seed: int, extra: int) -> None:
    low, high = PLAYERS[name.split(":")[0]]
    players = low + extra % (high - low + 1)
    everything, _ = play_tracked(game, random.Random(seed), players)
    assert everything == Counter(game.cards)


ODD_TEXTS = [(f"{b.rules.id}:{name}", b, name) for b in CORPUS.games
             if b.rules.spec.family == "pairs" for name in ["base", *b.rules.variants]]


@pytest.mark.parametrize("name,bundle,variant", ODD_TEXTS, ids=[n for n, _, _ in ODD_TEXTS])
def test_the_odd_card_the_text_names_is_the_card_the_engine_leaves_over(
        name: str, bundle: GameBundle, variant: str) -> None:
    """``{odd_card}`` (one named card) or ``{odd_cards}`` (the group whose last card is left
    over) is what the prose says; simulated rounds must leave exactly that card, or each of
    those cards, over. A variant's text that says ``{odd_card}`` means the game's own odd
    card, so the variant must leave that same card over."""
    values = placeholders(bundle.rules)
    prefix = "" if variant == "base" else f"{variant}."
    named, group = values[prefix + "odd_card"], values[prefix + "odd_cards"]
    game = bundle.rules.engine_for(None if variant == "base" else variant)
    low, high = PLAYERS[bundle.rules.id]
    rng = random.Random(name)
    left = Counter(game.random_round(rng, low + i % (high - low + 1)).last_card for i in range(300))
    if named:
        assert group == named and set(left) == {parse_card(named)}
    elif group:  # the leftover: every card of the odd group is left over in some round
        assert set(left) == set(parse_cards(group))
    else:  # hidden: only the partner of the card set aside is known, and only at the end
        assert game.options.odd_mode is OddMode.HIDDEN and len(left) > 3
    if variant != "base":
        base_odd = values["odd_card"]
        for lang, text in bundle.languages.items():
            said = text.spec.variants[variant].text
            if "{odd_card}" in said:
                assert named == base_odd != "", (
                    f"{lang}: the {variant} text names {{odd_card}} ({base_odd}), "
                    f"which this variant does not leave over (it leaves {named or group or 'a hidden card'})")


def test_corpus_has_every_variant() -> None:
    assert {"uomo-nero:base", "uomo-nero:rank-only", "uomo-nero:hidden", "uomo-nero:joker",
            "uomo-nero:reversed", "uomo-nero:several-hands", "black-peter:base"} <= dict(ENGINES).keys()


@settings(max_examples=sized(150, 3000), deadline=None)
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


@settings(max_examples=sized(75, 1500), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
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
