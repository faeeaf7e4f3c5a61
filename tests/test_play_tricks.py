"""The play table of the games that take tricks (generator/families/tricks/play.py): the
options JSON round-trips, the deal has its stock and turned card, bids come before the
first trick with the dealer's hook, draws follow each trick and are seen only by the
drawer, partners score as a side; the bots see nothing hidden and only move legally."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import taking_games
import yaml

from conftest import ROOT, corpus
from generator.check.games import check
from generator.core.prng import Mulberry32
from generator.families.moves import Json, PlayError
from generator.families.play import new_table
from generator.families.tricks.engine import TricksGame
from generator.families.tricks.play import TricksTable, game_from_options, play_options

NODE = shutil.which("node")
DRIVER = ROOT / "tests" / "js" / "play_driver.js"
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
GENDERS = ["f", "m", "f", "m"]
EXPORTED = [("whist", None), ("briscola", None), ("oh-hell", None)]


def _corpus_trick_games() -> list[tuple[str, TricksGame]]:
    out = []
    for bundle in corpus().games:
        for variant in [None, *sorted(bundle.rules.variants)]:
            game = bundle.rules.engine_for(variant)
            if isinstance(game, TricksGame):
                out.append((f"{bundle.rules.id}/{variant}", game))
    return out


def test_the_options_json_round_trips_for_every_game() -> None:
    games = _corpus_trick_games() + list(taking_games.games().items())
    assert {g for g, _ in games} >= {"whist", "briscola", "oh-hell", "hearts/None"}
    for name, game in games:
        back = game_from_options(json.loads(json.dumps(
            play_options(game, game_id=name, variant=None), ensure_ascii=False)))
        assert back.options == game.options, name
        assert back.cards == game.cards, name


def _table(game: str, variant: str | None = None) -> TricksTable:
    options = next(o for o in taking_games.configurations()
                   if o["game"] == game and o["variant"] == variant)
    table = new_table(options)
    assert isinstance(table, TricksTable)
    return table


def test_briscola_deals_three_each_turns_a_card_and_draws_it_last() -> None:
    table = _table("briscola")
    state = table.new_round(4)
    assert [len(h) for h in state["hands"]] == [3, 3, 3, 3]
    turned = state["turned"]
    assert turned is not None and state["trump"] == turned[-1] and state["stock"] == 28
    draws: list[Json] = []
    while not table.is_over():
        event = table.play(table.legal_moves()[-1])
        if "trick" in event:
            draws += event["trick"]["draws"]
            winner = event["trick"]["winner"]
            if event["trick"]["draws"]:
                assert event["trick"]["draws"][0]["by"] == winner  # the winner draws first
    assert len(draws) == 28 and draws[-1]["card"] == turned


def test_a_draw_is_seen_only_by_the_drawer_but_the_turned_card_by_all() -> None:
    table = _table("briscola")
    table.new_round(9)
    while not table.is_over():
        table.play(table.legal_moves()[0])
        for seat in range(4):
            for trick in table.view(seat)["tricks"]:
                for draw in trick["draws"]:
                    visible = draw["by"] == seat or draw["card"] == table.to_json()["turned"]
                    assert (draw["card"] is not None) == visible


def test_oh_hell_bids_before_the_first_trick_and_the_dealer_is_hooked() -> None:
    table = _table("oh-hell")
    state = table.new_round(1)
    assert state["bidding"] and state["hand_tricks"] == 1 and state["dealer"] == 0
    assert table.turn() == 1  # the dealer's left bids first
    for seat in (1, 2, 3):
        table.play({"by": seat, "bid": 0})
    # the others bid 0 in a hand of one trick: the dealer may not bid 1
    assert table.legal_moves() == [{"by": 0, "bid": 0}]
    with pytest.raises(PlayError) as caught:
        table.play({"by": 0, "bid": 1})
    assert caught.value.code == "bad-bid"
    event = table.play({"by": 0, "bid": 0})
    assert event["bids_done"] and table.turn() == 1 and "play" in table.legal_moves()[0]


def test_oh_hell_hand_sizes_follow_the_schedule() -> None:
    table = _table("oh-hell")
    sizes = []
    for hand in range(5):
        state = table.new_round(3) if hand == 0 else table.next_round(3 + hand)
        sizes.append(len(state["hands"][0]))
        while not table.is_over():
            table.play(table.bot_move(table.turn()))  # type: ignore[arg-type]
    assert sizes == [1, 2, 3, 2, 1]
    match = table.to_json()["match"]
    assert match["hands"] == 5 and match["over"]
    with pytest.raises(PlayError) as caught:  # the match is over: no sixth hand
        table.next_round(8)
    assert caught.value.code == "match-over"


def test_whist_partners_score_as_a_side() -> None:
    table = _table("whist")
    table.new_round(2)
    while not table.is_over():
        table.play(table.bot_move(table.turn()))  # type: ignore[arg-type]
    s = table.to_json()
    r = s["result"]
    assert s["match"]["sides"] == [[0, 2], [1, 3]]
    assert r["side_tricks"] == [r["tricks"][0] + r["tricks"][2], r["tricks"][1] + r["tricks"][3]]
    assert r["side_scores"] == [max(0, t - 6) for t in r["side_tricks"]]
    assert r["scores"] == [r["side_scores"][s % 2] for s in range(4)]


@pytest.mark.parametrize("options", taking_games.configurations(),
                         ids=lambda o: f"{o['game']}-{o['variant']}")
def test_bots_only_make_legal_moves(options: Json) -> None:
    table = new_table(options)
    for seed in range(3):
        table.new_round(seed)
        while (turn := table.turn()) is not None and not table.is_over():
            move = table.bot_move(turn)
            assert move in table.legal_moves()
            table.play(move)


def _swap(table: TricksTable, seat: int, k: int) -> bool:
    """Swap a card of another seat with another hidden card (another seat's or the
    stock's, never the turned card): counts stay, the bot cannot tell."""
    state = table.state
    turned = table.turned
    places = [h for s, h in enumerate(state.hands) if s != seat and h] + (
        [state.stock] if state.stock else [])
    cards = [(p, i) for p in places for i, c in enumerate(p) if c != turned]
    if len({id(p) for p, _ in cards}) < 2:
        return False
    (pa, ia) = cards[k % len(cards)]
    (pb, ib) = next(x for x in cards[::-1] if x[0] is not pa)
    pa[ia], pb[ib] = pb[ib], pa[ia]
    return True


@pytest.mark.parametrize("game", taking_games.GAMES)
def test_the_taking_bot_sees_no_hidden_card(game: str) -> None:
    checked = 0
    for seed in range(8):
        table = _table(game)
        table.new_round(seed)
        rng = Mulberry32(seed)
        while not table.is_over():
            turn = table.turn()
            assert turn is not None
            view = table.view(turn)
            move = table.bot_move(turn)
            hidden = {c for s, h in enumerate(table.to_json()["hands"]) if s != turn for c in h}
            said = set(json.dumps(view, ensure_ascii=False).replace('"', " ")
                       .replace(",", " ").split())
            assert not (hidden - {view["turned"]}) & said
            saved = [list(h) for h in table.state.hands], list(table.state.stock)
            if _swap(table, turn, rng.below(1000)):
                assert table.view(turn) == view and table.bot_move(turn) == move
                checked += 1
            table.state.hands[:] = saved[0]
            table.state.stock[:] = saved[1]
            legal = table.legal_moves()
            table.play(move if rng.below(2) else legal[rng.below(len(legal))])
    assert checked > 20


def test_the_page_gets_the_words_of_the_rules_its_game_has() -> None:
    from generator.web.play_page import _unused

    def unused(game: str) -> set[str]:
        configs = [{"variant": o["variant"], "players": o["players"], "label": "", "options": o}
                   for o in taking_games.configurations() if o["game"] == game]
        return _unused(configs)  # type: ignore[arg-type]

    trick_words = {"trumps", "turned", "stock", "yourBid", "hook", "side", "mustTrump",
                   "drawsHidden", "tricksWon"}
    hearts = [{"variant": None, "players": 4, "label": "", "options": o}
              for o in (play_options(g, game_id="hearts", variant=None)
                        for n, g in _corpus_trick_games() if n == "hearts/None")]
    assert trick_words <= _unused(hearts)  # type: ignore[arg-type]
    assert {"stock", "drawsHidden", "side", "mustTrump"} <= unused("oh-hell")
    assert not {"trumps", "turned", "yourBid", "bids", "hook", "tricksWon"} & unused("oh-hell")
    assert not {"trumps", "turned", "side", "tricksWon"} & unused("whist")
    assert {"yourBid", "stock", "drawsHidden"} <= unused("whist")
    assert not {"stock", "drawsHidden", "youDrawCard", "side"} & unused("briscola")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
@pytest.mark.parametrize("index", range(len(EXPORTED)), ids=[f"{g}-{v}" for g, v in EXPORTED])
def test_a_played_hand_of_a_game_that_takes_tricks_is_an_example(index: int,
                                                                 tmp_path: Path) -> None:
    """engine.js's example script of a hand with a stock, a turned card, bids, draws and
    sides replays in `rulebook check` without a finding of its own but the note that it is a
    draft, and the game checks without an error."""
    game, variant = EXPORTED[index]
    options = next(o for o in taking_games.configurations()
                   if o["game"] == game and o["variant"] == variant)
    n = options["players"]
    rounds = 3 if game == "oh-hell" else 1
    job = {"opt": 0, "seed": 4321 + index, "rounds": rounds, "bots": list(range(1, n)),
           "script": NAMES[:n], "genders": GENDERS[:n]}
    assert NODE is not None
    answer = subprocess.run([NODE, str(DRIVER)], input=json.dumps(
        {"options": [options], "jobs": [job]}, ensure_ascii=False) + "\n", capture_output=True,
        text=True, encoding="utf-8", check=True, timeout=120).stdout
    script = json.loads(answer)[0]["rounds"][-1]["script"]
    folder = tmp_path / "rules" / game
    shutil.copytree(taking_games.FIXTURES / game, folder)
    text = yaml.safe_dump(script, allow_unicode=True, sort_keys=False, width=200)
    (folder / "examples" / "played.yaml").write_text(text, encoding="utf-8")
    result = check([folder], root=tmp_path)
    own = [d for d in result.report.items if d.mark.path.endswith("played.yaml")]
    assert [d.code for d in own] == ["draft-example"], "\n".join(d.format() for d in own) + "\n" + text
    assert result.report.errors == [], [d.format() for d in result.report.errors]
    assert "played" in next(iter(result.games)).examples
