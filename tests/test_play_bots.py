"""The computer players (generator/families/tricks/bot.py and strong.py, the draw of
pairs/play.py; the same in engine.js, held to them by tests/test_play_engine.py): they only
make legal moves, and they decide from what their seat may know, never from another
player's cards. The strong level plays here with a small budget of simulated plays (its
moves take the same paths, fewer times): Python plays its worlds slowly."""

from __future__ import annotations

import json

import pytest

from conftest import corpus
from generator.core.prng import Mulberry32
from generator.families.moves import Json
from generator.families.pairs.play import PairsTable
from generator.families.play import counts, new_table, play_options
from generator.families.tricks.play import TricksTable


def configurations() -> list[Json]:
    out = []
    for bundle in sorted(corpus().games, key=lambda b: b.rules.id):
        for variant in [None, *sorted(bundle.rules.variants)]:
            players = counts(bundle, variant)
            out.append(play_options(bundle, variant, players[len(players) // 2]))
    return out


@pytest.mark.parametrize("options", configurations(), ids=lambda o: f"{o['game']}-{o['variant']}")
def test_bots_only_make_legal_moves(options: Json) -> None:
    table = new_table(options)
    for seed in range(3):
        table.new_round(seed)
        while (turn := table.turn()) is not None and not table.is_over():
            move = table.bot_move(turn)
            legal = table.legal_moves()
            if "pass" in move:  # the hundreds of passes are not listed for the bot
                assert legal and move in legal
            else:
                assert move in legal
            table.play(move)


def hidden_cards(table: TricksTable | PairsTable, seat: int) -> set[str]:
    hands = table.to_json()["hands"]
    return {c for s, hand in enumerate(hands) if s != seat for c in hand}


def _swap_two_hidden_cards(hands: list[list[object]], seat: int) -> bool:
    """Swap one card between two other seats (their counts stay): the bot cannot tell."""
    others = [s for s in range(len(hands)) if s != seat and hands[s]]
    if len(others) < 2:
        return False
    a, b = others[0], others[1]
    hands[a][0], hands[b][0] = hands[b][0], hands[a][0]
    return True


TRICK_GAMES = {"hearts": None, "peppa": None, "chat-noir": None, "peppa-scivolosa": None,
               "whist": None, "oh-hell": None, "briscola": "four-players"}
STRONG = {"level": "strong", "budget": 40}  # a few worlds a move: Python is slow at it


def trick_options(game: str, level: str) -> Json:
    """The game (Briscola for four: a swap needs two other hands) at the given level."""
    options = next(o for o in configurations()
                   if o["game"] == game and o["variant"] == TRICK_GAMES[game])
    return dict(options, **STRONG) if level == "strong" else options


@pytest.mark.parametrize("game", TRICK_GAMES)
def test_the_strong_bot_only_makes_legal_moves(game: str) -> None:
    table = new_table(trick_options(game, "strong"))
    for seed in range(2):
        table.new_round(seed)
        while (turn := table.turn()) is not None and not table.is_over():
            move = table.bot_move(turn)
            table.play(move)  # the table refuses an illegal move: PlayError


@pytest.mark.parametrize("level", ["easy", "strong"])
@pytest.mark.parametrize("game", TRICK_GAMES)
def test_the_trick_bot_sees_no_hidden_card(game: str, level: str) -> None:
    options = trick_options(game, level)
    checked = 0
    for seed in range(6 if level == "easy" else 1):
        table = new_table(options)
        assert isinstance(table, TricksTable)
        table.new_round(seed)
        rng = Mulberry32(seed)
        while not table.is_over():
            turn = table.turn()
            assert turn is not None
            view = table.view(turn)
            # nothing of another seat's hand is in what the bot is given (but the cards it
            # passed, which it knows, and the card turned up for trumps, which all have seen)
            said = set(json.dumps(view, ensure_ascii=False).replace('"', " ").replace(",", " ").split())
            known = set(view["passed"] or ()) | {view["turned"]}
            assert not (hidden_cards(table, turn) - known) & said
            move = table.bot_move(turn)
            if not table.state.passing and _swap_two_hidden_cards(table.state.hands, turn):
                assert table.view(turn) == view and table.bot_move(turn) == move
                _swap_two_hidden_cards(table.state.hands, turn)  # back as dealt
                checked += 1
            legal = table.legal_moves()
            table.play(move if rng.below(2) else legal[rng.below(len(legal))])
    assert checked > (100 if level == "easy" else 20)


def test_the_pairs_bot_draws_without_seeing_the_cards() -> None:
    options = next(o for o in configurations() if o["game"] == "black-peter")
    options = dict(options, players=4)
    checked = 0
    for seed in range(20):
        table = new_table(options)
        assert isinstance(table, PairsTable)
        table.new_round(seed)
        while not table.is_over():
            turn = table.turn()
            assert turn is not None
            view = table.view(turn)
            assert not hidden_cards(table, turn) & set(view["hand"])
            assert set(view) == {"seat", "hand", "counts", "turn", "from"}
            # the same view and the same stream of the bot: the same position in the fan,
            # whatever the cards of the others are
            before = Mulberry32(0)
            before.state = table.bots[turn].state
            position = table.legal_moves().index(table.bot_move(turn))
            table.bots[turn].state = before.state
            assert position == Mulberry32(before.state).below(view["counts"][view["from"]])
            checked += 1
            table.play(table.bot_move(turn))
    assert checked > 100
