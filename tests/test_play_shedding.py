"""The shedding family at the play table: the browser's engine
(templates/static/play/families/shedding.js) makes exactly the decisions of the Python table
(generator/families/shedding/play.py) on every configuration of tests/shedding_games.py
(Crazy Eights, Mau-Mau, Macao, every other option), by random players and by the bots; the
bots make only legal moves, see nothing hidden and beat random players."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any, Iterator

import pytest
import shedding_games
import yaml
from test_play_engine import DRIVER, NODE, Node, compare, new_table, run_job

from conftest import HANG, sized
from generator.check.games import check
from generator.core.cards import parse_card
from generator.core.prng import Mulberry32
from generator.families.moves import PlayError
from generator.families.shedding.engine import ShedGame
from generator.families.shedding.play import play_options

Json = dict[str, Any]
NAMES = ["Anna", "Bruno", "Carla", "Dario"]
GENDERS = ["f", "m", "f", "m"]

ROUNDS_PER_GAME = sized(200, 10_000)  # make test (over a thousand hands in all), make test-deep
FAST_ROUNDS_PER_GAME = 12  # the unit tier

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    process = Node()
    yield process
    process.close()


def wanted(game: str, per_game: int) -> int:
    return 3 if game == "everything" and per_game <= FAST_ROUNDS_PER_GAME else per_game


def jobs(configs: list[Json], per_game: int) -> list[Json]:
    """``per_game`` rounds of each game (and a match of each configuration at least), spread
    over its variants and player counts: matches of one to four hands, random players, a bot
    at one seat, or bots everywhere. (In the unit tier,
    'everything' plays 3: random players who may draw when able play hands of a thousand
    moves.)"""
    out: list[Json] = []
    for game in shedding_games.GAMES:
        indices = [i for i, o in enumerate(configs) if o["game"] == game]
        rounds, k = 0, 0
        while rounds < wanted(game, per_game) or k < len(indices):  # each configuration once
            i = indices[k % len(indices)]
            players = configs[i]["players"]
            length = 1 + k % 4
            bots = [[], [k % players], list(range(players))][k % 3]
            out.append({"opt": i, "seed": (k * 2654435761 + 4242) & 0xFFFFFFFF,
                        "rounds": length, "bots": bots})
            rounds += length
            k += 1
    return out


def _agree(node: Node, per_game: int) -> None:
    configs = shedding_games.configurations()
    played: dict[tuple[str, str | None, int], int] = {}
    for job in compare(node, configs, jobs(configs, per_game)):
        o = configs[job["opt"]]
        key = (o["game"], o["variant"], o["players"])
        played[key] = played.get(key, 0) + job["rounds"]
    assert set(played) == {(o["game"], o["variant"], o["players"]) for o in configs}
    for game in shedding_games.GAMES:
        assert sum(n for (g, _, _), n in played.items() if g == game) >= wanted(game, per_game)


def test_every_game_and_player_count_is_a_configuration() -> None:
    configs = shedding_games.configurations()
    assert {o["game"] for o in configs} == set(shedding_games.GAMES)
    assert {o["players"] for o in configs if o["game"] == "crazy-eights"} == {2, 3, 4, 5}
    assert {o["players"] for o in configs if o["game"] == "mau-mau"} == {2, 3, 4, 5}
    assert {o["players"] for o in configs if o["game"] == "mini-macao"} == {2, 3, 4}
    assert {o["players"] for o in configs if o["game"] == "two-jokers"} == {2, 3, 4}
    from conftest import corpus  # every variant of the corpus's games is there
    for bundle in corpus().games:
        if bundle.rules.id in shedding_games.CORPUS:
            assert {o["variant"] for o in configs if o["game"] == bundle.rules.id} == {
                None, *bundle.rules.variants}


def test_the_two_engines_agree_on_a_sample_of_hands(node: Node) -> None:
    _agree(node, FAST_ROUNDS_PER_GAME)


@pytest.mark.slow
@pytest.mark.deep
def test_the_two_engines_agree_on_thousands_of_hands(node: Node) -> None:
    _agree(node, ROUNDS_PER_GAME)


def test_the_whole_state_is_the_same_after_every_step(node: Node) -> None:
    configs = shedding_games.configurations()
    chosen: dict[str, int] = {}
    for i, o in enumerate(configs):
        chosen.setdefault(o["game"], i)
    states = [{"opt": i, "seed": 11 + i, "bots": [1]} for i in chosen.values()]
    theirs = node.ask({"options": configs, "states": states})
    for job, js in zip(states, theirs):
        table = new_table(configs[job["opt"]])
        chooser = Mulberry32(job["seed"] ^ 0x5BD1E995)
        ours = [table.new_round(job["seed"])]
        while not table.is_over():
            legal, turn = table.legal_moves(), table.turn()
            table.play(table.bot_move(turn) if turn in job["bots"] else legal[chooser.below(len(legal))])
            ours.append(table.to_json())
        assert len(ours) == len(js)
        for step, (a, b) in enumerate(zip(ours, js)):
            assert a == json.loads(json.dumps(b)), (configs[job["opt"]]["game"], step)


def _two_jokers(tmp_path: Path) -> ShedGame:
    """The fixture's small Macao on the deck with two jokers, its red joker drawing ten and
    priced apart, as the checker reads its game.yaml."""
    folder = tmp_path / "shedding"
    shutil.copytree(shedding_games.FIXTURES, folder)
    path = folder / "mini-macao" / "game.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("deck: french-52+joker\n", "deck: french-52+jokers\n").replace(
        '    - {cards: "★", draw: 5, on_anything: true}\n',
        '    - {cards: "★", draw: 5, on_anything: true}\n'
        '    - {cards: "☆", draw: 10, on_anything: true}\n'
        '  points: {"★": 30, "☆": 100}\n')
    path.write_text(text, encoding="utf-8")
    result = check([folder / "mini-macao"], root=folder.parent)
    assert not result.report.errors, [d.format() for d in result.report.errors]
    game = result.games[0].rules.engine
    assert isinstance(game, ShedGame)
    return game


def test_the_red_joker_draws_ten_in_both_engines(node: Node, tmp_path: Path) -> None:
    """A game.yaml with `{cards: "☆", draw: 10, on_anything: true}`: the special selects the red
    joker alone; playing it makes the next player draw ten, in Python and in engine.js, and
    each joker left in hand counts its own points."""
    game = _two_jokers(tmp_path)
    assert game.special(parse_card("☆")).draw == 10 and game.special(parse_card("★")).draw == 5
    assert (game.points(parse_card("★")), game.points(parse_card("☆"))) == (30, 100)
    options = play_options(game, 2, game_id="two-jokers", variant=None)
    assert options["cards"][-2:] == ["★", "☆"] and options["points"] == {"★": 30, "☆": 100}
    for seed in range(500):  # the first player holds the red joker, the next no draw card
        table = new_table(options)
        state = table.new_round(seed)
        turn, other = state["turn"], 1 - state["turn"]
        if "☆" not in state["hands"][turn] or state["pending"]:
            continue
        play = {"by": turn, "play": "☆"}
        played = table.play(play)
        if [m.get("draw") for m in table.legal_moves()] == [True]:
            break
    else:
        pytest.fail("no deal of 500 gives the first player the red joker")
    after = table.to_json()
    assert after["pending"] == 10 and after["turn"] == other and after["pile"][-1] == "☆"
    before = len(after["hands"][other])
    draw = table.play({"by": other, "draw": True})
    drawn = table.to_json()
    assert len(drawn["hands"][other]) == before + 10 and drawn["pending"] == 0
    answers = node.ask({"calls": [["newRound", options, seed], ["play", play], ["state"],
                                  ["play", {"by": other, "draw": True}], ["state"]]})
    assert [a.get("ok", a) for a in answers] == json.loads(json.dumps(
        [state, played, after, draw, drawn]))


def test_a_refused_move_carries_the_checkers_fault(node: Node) -> None:
    options = next(o for o in shedding_games.configurations() if o["game"] == "crazy-eights")
    table = new_table(options)
    state = table.new_round(3)
    turn = state["turn"]
    hand = state["hands"][turn]
    top = state["pile"][-1]
    bad = next((c for c in hand if c[-1] != top[-1] and c[:-1] != top[:-1] and c[:-1] != "8"), None)
    assert bad is not None
    answers = node.ask({"calls": [["newRound", options, 3], ["play", {"by": turn, "play": bad}]]})
    with pytest.raises(PlayError) as caught:
        table.play({"by": turn, "play": bad})
    assert answers[-1]["error"]["error"] == caught.value.code == "illegal-card"
    assert answers[-1]["error"]["legal"] == caught.value.legal


@pytest.mark.parametrize("game", shedding_games.GAMES)
def test_bots_make_legal_moves_and_beat_random_players(game: str) -> None:
    """A bot at seat 1 against one random player: its share of hands won is above a fair
    share (measured over 2,000 hands a configuration: see docs/play.md)."""
    configs = [o for o in shedding_games.configurations() if o["game"] == game]
    options = next(o for o in configs if o["players"] == 2)
    rng = random.Random(game)
    wins = hands = 0
    # 'everything' (drawing when able, until a card fits) has long random hands: a few are
    # played for the moves' legality; the margin is the three games'
    mixed = game == "everything"
    for seed in range(sized(12 if mixed else 40, 2_000)):
        table = new_table(options)
        table.new_round(seed)
        steps = 0
        while not table.is_over() and steps < 3_000:
            turn = table.turn()
            legal = table.legal_moves()
            move = table.bot_move(turn) if turn == 1 else legal[rng.randrange(len(legal))]
            assert move in legal
            table.play(move)
            steps += 1
        result = table.to_json()["result"]
        if result is not None:
            hands += 1
            wins += result["winner"] == 1
    assert hands and (mixed or wins / hands > 1 / options["players"]), (game, wins, hands)



def test_a_played_hand_is_an_example_the_checker_accepts(tmp_path: Path) -> None:
    """engine.js writes hands of the fixture's Macao as example scripts (the deal, the card
    turned, the stock, every move, the order of a stock shuffled again, the result) and
    `rulebook check` replays each without a finding of its own."""
    bundle = shedding_games.fixture()
    cases = [(None, n) for n in (2, 3, 4)] + [("shuffled", 2)] * 8  # random players: long hands
    options = [play_options(bundle.rules.engine_for(v), n, game_id="mini-macao", variant=v)
               for v, n in cases]
    jobs = [{"opt": i, "seed": 500 + i, "rounds": 1,
             "bots": list(range(i % 2, o["players"])) if o["variant"] is None else [],
             "script": NAMES[:o["players"]], "genders": GENDERS[:o["players"]]}
            for i, o in enumerate(options)]
    assert NODE is not None
    answer = subprocess.run([NODE, str(DRIVER)], input=json.dumps(
        {"options": options, "jobs": jobs}, ensure_ascii=False) + "\n", capture_output=True,
        text=True, encoding="utf-8", check=True, timeout=HANG).stdout
    restocked = 0
    for i, job in enumerate(json.loads(answer)):
        script = job["rounds"][-1]["script"]
        restocked += any("restock" in m for m in script["moves"])
        folder = tmp_path / str(i) / "rules"
        shutil.copytree(shedding_games.FIXTURES, folder)
        text = yaml.safe_dump(script, allow_unicode=True, sort_keys=False, width=200)
        (folder / "mini-macao" / "examples" / "played.yaml").write_text(text, encoding="utf-8")
        result = check([folder / "mini-macao"], root=folder.parent)
        own = [d for d in result.report.items if d.mark.path.endswith("played.yaml")]
        assert [d.code for d in own] == ["draft-example"], "\n".join(
            d.format() for d in own) + "\n" + text
        assert result.report.errors == [], [d.format() for d in result.report.errors]
        assert script["moves"] and "scores" in script["result"]
    assert restocked, "no hand ran through its stock: pick other seeds"


def test_an_endless_hand_is_given_up_alike_in_both_engines(node: Node) -> None:
    """Four Crazy Eights bots can pass the four eights round the table for ever (each names
    the suit it holds most of, which the next lacks): both drivers give the hand up after the
    same number of moves, with the same moves, where node once ran out of memory."""
    configs = shedding_games.configurations()
    opt = next(i for i, o in enumerate(configs)
               if o["game"] == "crazy-eights" and o["variant"] is None and o["players"] == 4)
    job = {"opt": opt, "seed": 4185109840, "rounds": 3, "bots": [0, 1, 2, 3]}
    ours = run_job(configs[opt], job)
    [theirs] = node.ask({"options": configs, "jobs": [job]})
    assert ours == theirs
    assert [r["endless"] for r in ours["rounds"]] == [False, False, True]
