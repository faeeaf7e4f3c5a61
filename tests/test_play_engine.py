"""The browser's play engine (templates/static/play/engine.js) makes exactly the decisions
of the Python engines: the same seeded rounds of every game, variant and player count of
rules/ are played in both, by random players and by the bots, and the legal moves of every
step, the moves chosen and each round's result and match standing must be the same.

Python drives its tables (generator/families/*/play.py, over the checker's own engines);
one node process runs tests/js/play_driver.js for all rounds, JSON lines in and out. A step
is hashed on both sides (FNV-1a over the legal moves and the move chosen); a round whose
hash or result differs is played again step by step on both sides and the first difference
is printed: game, variant, players, seed, step and both sets of legal moves.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from typing import Any, Iterator

import pytest
import taking_games

from conftest import ROOT, corpus, sized
from generator.core.prng import Mulberry32, stream
from generator.families.moves import PlayError
from generator.families.play import Table, counts, new_table, play_options

NODE = shutil.which("node")
DRIVER = ROOT / "tests" / "js" / "play_driver.js"
CHOOSER = 0x5BD1E995  # the random players' generator: Mulberry32(seed ^ CHOOSER)
# Rounds per family: make test plays 500, make test-deep 10,000; the unit tier a sample.
ROUNDS_PER_FAMILY = sized(500, 10_000)
FAST_ROUNDS_PER_FAMILY = 60  # the unit tier: well inside its 2 s of CPU (120 reached it)
# the games that take tricks (tests/taking_games.py): rounds per game, over its configurations;
# the unit tier a sample, make test 500, make test-deep (or RULEBOOK_TAKING_ROUNDS) 10,000
FAST_TAKING_ROUNDS = 60
TAKING_ROUNDS = int(os.environ.get("RULEBOOK_TAKING_ROUNDS", sized(500, 10_000)))

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed (`make test` installs "
                                "nodejs); the browser engine cannot be compared without it")

Json = dict[str, Any]


def configurations() -> list[Json]:
    """Every game of rules/, every variant and every player count, as play options."""
    out = []
    for bundle in sorted(corpus().games, key=lambda b: b.rules.id):
        for variant in [None, *sorted(bundle.rules.variants)]:
            for players in counts(bundle, variant):
                out.append(play_options(bundle, variant, players))
    return out


# -- the Python side, the twin of play_driver.js's runJob --------------------------------

def fnv(h: int, text: str) -> int:
    """FNV-1a over the text's code points (the cards' glyphs are all in the BMP, where a
    code point is the UTF-16 unit that JavaScript's charCodeAt gives)."""
    for ch in text:
        h = ((h ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return h


def move_key(move: Json) -> str:
    """A move in one line: a bid, a draw (a card, or the stock's: ``true``), a play (with the
    suit named and the call, in a shedding game) or a pass (the cards passed, or ``true``)."""
    if "bid" in move:
        what = f"bid {move['bid']}"
    elif move.get("draw") is True or move.get("pass") is True:
        what = "draw" if move.get("draw") is True else "pass"
    elif "draw" in move or "play" in move:
        what = move.get("draw", move.get("play"))
        what += f" {move['suit']}" if "suit" in move else ""
        what += " !" if move.get("announce") else ""
    else:
        what = " ".join(move["pass"])
    return f"{move['by']}|{move.get('from', '')}|{what}"


# A hand given up after this many moves, here and in tests/js/play_driver.js: four Crazy
# Eights bots can pass the same eights round the table for ever, each naming the suit it holds
# most of, which the next player lacks (seed 4185109840, four players).
ENDLESS = 5_000


def run_job(options: Json, job: Json) -> Json:
    table = new_table(options)
    chooser = Mulberry32(job["seed"] ^ CHOOSER)
    bots = set(job["bots"])
    h, steps, rounds, trace = 2166136261, 0, [], []
    endless = False
    for r in range(job["rounds"]):
        if endless or (r > 0 and table.match_over()):  # no round after the match's end
            break
        if r == 0:
            table.new_round(job["seed"])
        else:
            table.next_round((job["seed"] + r) & 0xFFFFFFFF)
        moves = 0
        while (turn := table.turn()) is not None and not table.is_over():
            if moves == ENDLESS:
                endless = True
                break
            moves += 1
            legal = table.legal_moves()
            legal_key = ",".join(move_key(m) for m in legal)
            move = table.bot_move(turn) if turn in bots else legal[chooser.below(len(legal))]
            h = fnv(fnv(h, legal_key), move_key(move))
            if job.get("verbose"):
                trace.append([legal_key, move_key(move)])
            table.play(move)
            steps += 1
        state = table.to_json()
        rounds.append({"result": state["result"], "match": state["match"], "endless": endless})
    out: Json = {"hash": h, "steps": steps, "rounds": rounds}
    if job.get("verbose"):
        out["trace"] = trace
    return out


# -- the node side -----------------------------------------------------------------------

class Node:
    """One node process running play_driver.js: a request line in, an answer line out."""

    def __init__(self) -> None:
        assert NODE is not None
        self.proc = subprocess.Popen([NODE, str(DRIVER)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8")

    def ask(self, request: Json) -> Any:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.proc.stdin.flush()
        answer = json.loads(self.proc.stdout.readline())
        assert not (isinstance(answer, dict) and "crash" in answer), answer
        return answer

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def node() -> Iterator[Node]:
    process = Node()
    yield process
    process.close()


def jobs_for(configs: list[Json], per_family: int) -> list[Json]:
    """``per_family`` rounds of each family, spread over its configurations: matches of one
    to four rounds (so that the passing schedule and the match standing are played too),
    random players only, a bot at one seat, or bots everywhere."""
    jobs: list[Json] = []
    for family in ("pairs", "tricks"):
        indices = [i for i, o in enumerate(configs) if o["family"] == family]
        rounds, k = 0, 0
        while rounds < per_family:
            i = indices[k % len(indices)]
            players = configs[i]["players"]
            length = 1 + k % 4
            bots = [[], [k % players], list(range(players))][k % 3]
            jobs.append({"opt": i, "seed": (k * 2654435761 + 12345) & 0xFFFFFFFF, "rounds": length,
                         "bots": bots})
            rounds += length
            k += 1
    return jobs


def _short(legal: str) -> str:
    """A set of legal moves for a message: a pass has hundreds (every three of 13 cards)."""
    moves = legal.split(",")
    return legal if len(moves) <= 40 else f"{','.join(moves[:40])},... ({len(moves)} moves)"


def taking_jobs(configs: list[Json], per_game: int) -> list[Json]:
    """``per_game`` rounds of each game that takes tricks, spread over its configurations:
    matches of one to six rounds (Oh Hell's hand sizes and trumps change hand by hand),
    random players, a bot at one seat, or bots everywhere."""
    jobs: list[Json] = []
    for game in taking_games.GAMES:
        indices = [i for i, o in enumerate(configs) if o["game"] == game]
        rounds, k = 0, 0
        while rounds < per_game:
            i = indices[k % len(indices)]
            players = configs[i]["players"]
            length = 1 + k % 6
            bots = [[], [k % players], list(range(players))][k % 3]
            jobs.append({"opt": i, "seed": (k * 2246822519 + 977) & 0xFFFFFFFF, "rounds": length,
                         "bots": bots})
            rounds += length
            k += 1
    return jobs


def first_difference(node: Node, configs: list[Json], job: Json) -> str:
    verbose = dict(job, verbose=True)
    ours = run_job(configs[job["opt"]], verbose)
    theirs = node.ask({"options": configs, "jobs": [verbose]})[0]
    o = configs[job["opt"]]
    where = f"{o['game']} ({o['variant'] or 'base game'}, {o['players']} players), seed {job['seed']}"
    for step, (a, b) in enumerate(zip(ours["trace"], theirs["trace"])):
        if a != b:
            return (f"{where}, step {step}:\n  python legal {_short(a[0])}\n  python move  {a[1]}\n"
                    f"  js legal     {_short(b[0])}\n  js move      {b[1]}")
    return f"{where}: results differ\n  python {ours['rounds']}\n  js     {theirs['rounds']}"


def differential(node: Node, per_family: int) -> dict[str, int]:
    configs = configurations()
    played = {"pairs": 0, "tricks": 0}
    for job in compare(node, configs, jobs_for(configs, per_family)):
        played[configs[job["opt"]]["family"]] += job["rounds"]
    return played


def compare(node: Node, configs: list[Json], jobs: list[Json]) -> list[Json]:
    """Play ``jobs`` in both engines; the first difference fails the test."""
    theirs: list[Json] = []
    for start in range(0, len(jobs), 500):
        theirs += node.ask({"options": configs, "jobs": jobs[start:start + 500]})
    for job, js in zip(jobs, theirs):
        py = run_job(configs[job["opt"]], job)
        if py != js:
            pytest.fail(first_difference(node, configs, job))
    return jobs


def test_every_configuration_is_played() -> None:
    configs = configurations()
    games = {o["game"] for o in configs}
    assert games == {b.rules.id for b in corpus().games}
    assert {(o["game"], o["variant"]) for o in configs} == {
        (b.rules.id, v) for b in corpus().games for v in [None, *b.rules.variants]}
    # every player count of the pairing games (2 to 8 for Old Maid), the fixed one of a trick game
    assert {o["players"] for o in configs if o["game"] == "old-maid"} == set(range(2, 9))
    assert {o["players"] for o in configs if o["variant"] == "three-players"} == {3}


def test_the_two_engines_agree_on_a_sample_of_rounds(node: Node) -> None:
    played = differential(node, FAST_ROUNDS_PER_FAMILY)
    assert min(played.values()) >= FAST_ROUNDS_PER_FAMILY


def test_the_two_engines_agree_on_the_games_that_take_tricks(node: Node) -> None:
    """Whist, Briscola and Oh Hell and their variants: trumps, partners, a stock, bids."""
    _agree_on_taking_games(node, FAST_TAKING_ROUNDS)


@pytest.mark.slow
@pytest.mark.deep
def test_the_two_engines_agree_on_thousands_of_rounds_of_the_games_that_take_tricks(
        node: Node) -> None:
    _agree_on_taking_games(node, TAKING_ROUNDS)


@pytest.mark.slow
@pytest.mark.deep
def test_the_two_engines_agree_on_the_corpus_games_that_take_tricks(node: Node) -> None:
    """The corpus's Whist, Briscola and Oh Hell (rules/: the fixtures' namesakes) with every
    variant and player count: 500 rounds a game in make test, 10,000 in make test-deep."""
    configs = [o for o in configurations() if o["game"] in taking_games.GAMES]
    assert {o["game"] for o in configs} == set(taking_games.GAMES)
    _agree_on_taking_games(node, TAKING_ROUNDS, configs)


def _agree_on_taking_games(node: Node, rounds: int, configs: list[Json] | None = None) -> None:
    configs = taking_games.configurations() if configs is None else configs
    played: dict[tuple[str, str | None], int] = {}
    for job in compare(node, configs, taking_jobs(configs, rounds)):
        o = configs[job["opt"]]
        played[o["game"], o["variant"]] = played.get((o["game"], o["variant"]), 0) + job["rounds"]
    # every configuration is played, and each game as often as asked
    assert set(played) == {(o["game"], o["variant"]) for o in configs}
    for game in taking_games.GAMES:
        assert sum(n for (g, _), n in played.items() if g == game) >= rounds


@pytest.mark.slow
@pytest.mark.deep
def test_the_two_engines_agree_on_thousands_of_rounds_per_family(node: Node) -> None:
    played = differential(node, ROUNDS_PER_FAMILY)
    assert min(played.values()) >= ROUNDS_PER_FAMILY


def test_the_two_engines_agree_on_hearts_for_five_and_six(node: Node) -> None:
    """Hearts for five (the 2♣ out: the 3♣ opens, first_lead lowest-club) and for six, a few
    matches each with bots and random players: the first lead is the same card in both."""
    configs = [o for o in configurations() if o["game"] == "hearts"
               and o["variant"] in ("five-players", "six-players")]
    assert sorted(o["first_lead"] for o in configs) == ["lowest-club", "two-of-clubs"]
    jobs = [{"opt": k % 2, "seed": 1000 + k, "rounds": 1 + k % 3,
             "bots": [[], [k % 5], list(range(5))][k % 3]} for k in range(24)]
    assert len(compare(node, configs, jobs)) == 24


# -- the strong computer player (tricks/strong.py, chooseStrong in families/tricks.js) ------

STRONG_GAMES = ("hearts", "peppa", "chat-noir", "peppa-scivolosa", "whist", "oh-hell",
                "briscola")
# simulated plays a strong move: one world a move in the unit tier (Python plays them
# slowly), the engine's own budget (2,000) in make test-deep
STRONG_BUDGET = sized(60, 2000)
STRONG_HANDS = sized(8, 40)  # a game, in make test (and make test-deep)


def strong_configurations(budget: int) -> list[Json]:
    """Every variant of the trick games of rules/ and every configuration of the games that
    take tricks (tests/taking_games.py), with the strong player."""
    configs = [o for o in configurations() if o["game"] in STRONG_GAMES]
    configs += taking_games.configurations()
    return [dict(o, level="strong", budget=budget) for o in configs]


def _strong_jobs(configs: list[Json], game: str, hands: int) -> list[Json]:
    """``hands`` hands of ``game``, one configuration after another: a strong seat, or
    strong seats everywhere."""
    indices = [i for i, o in enumerate(configs) if o["game"] == game]
    jobs = []
    for k in range(hands):
        i = indices[k % len(indices)]
        players = configs[i]["players"]
        jobs.append({"opt": i, "seed": 31 + k, "rounds": 1,
                     "bots": [[k % players], list(range(players))][k % 2]})
    return jobs


@pytest.mark.parametrize("game", STRONG_GAMES)
def test_the_strong_player_makes_the_same_moves_in_both(node: Node, game: str) -> None:
    """The same worlds sampled from the same streams, played out to the same moves: one hand
    a game, the strong player at one seat."""
    configs = strong_configurations(STRONG_BUDGET)
    assert len(compare(node, configs, _strong_jobs(configs, game, 1))) == 1


@pytest.mark.slow
@pytest.mark.deep
@pytest.mark.parametrize("game", STRONG_GAMES)
def test_the_strong_player_makes_the_same_moves_in_both_over_many_hands(node: Node,
                                                                        game: str) -> None:
    """Every configuration of each game, strong seats everywhere every other hand; at the
    engine's own budget in make test-deep."""
    configs = strong_configurations(STRONG_BUDGET)
    assert len(compare(node, configs, _strong_jobs(configs, game, STRONG_HANDS))) == STRONG_HANDS


def test_a_level_that_is_not_one_is_refused_in_both(node: Node) -> None:
    for bad in ({"level": "grandmaster"}, {"level": "strong", "budget": 0},
                {"level": "strong", "budget": "lots"}):
        options = dict(_hearts(), **bad)
        answer = node.ask({"calls": [["newRound", options, 1]]})[0]
        with pytest.raises(ValueError) as caught:
            new_table(options)
        assert "crash" in answer and str(caught.value) in answer["crash"]


def test_the_whole_state_is_the_same_after_every_step(node: Node) -> None:
    """state() is the page's contract: compared whole, not hashed, on one round a game (and
    on every configuration of the games that take tricks)."""
    configs = configurations() + taking_games.configurations()
    chosen = {}
    for i, o in enumerate(configs):
        taking = o["game"] in taking_games.GAMES
        chosen.setdefault((o["game"], o["variant"] if taking else None), i)
    jobs = [{"opt": i, "seed": 7 + i, "bots": [1]} for i in chosen.values()]
    theirs = node.ask({"options": configs, "states": jobs})
    for job, js in zip(jobs, theirs):
        table = new_table(configs[job["opt"]])
        chooser = Mulberry32(job["seed"] ^ CHOOSER)
        ours = [table.new_round(job["seed"])]
        while not table.is_over():
            legal, turn = table.legal_moves(), table.turn()
            table.play(table.bot_move(turn) if turn in job["bots"] else legal[chooser.below(len(legal))])
            ours.append(table.to_json())
        assert len(ours) == len(js)
        for step, (a, b) in enumerate(zip(ours, js)):
            assert a == b, f"{configs[job['opt']]['game']}, seed {job['seed']}, step {step}"


# -- the generator -----------------------------------------------------------------------

def test_the_generator_gives_the_same_numbers_in_both_languages(node: Node) -> None:
    seed, count, below, size = 20260324, 8, [1, 2, 3, 7, 52, 1000, 2**31 + 1, 2**32], 52
    js = node.ask({"prng": {"seed": seed, "count": count, "below": below, "shuffle": size}})
    rng = Mulberry32(seed)
    assert js["u32"] == [rng.next_u32() for _ in range(count)]
    assert js["below"] == [rng.below(n) for n in below]
    deck = list(range(size))
    rng.shuffle(deck)
    assert js["shuffled"] == deck
    assert js["stream"] == stream(seed, 3).next_u32()


def test_the_generator_known_values() -> None:
    # the first outputs of the reference Mulberry32 (Tommy Ettinger's, as the widely copied
    # JavaScript function `mulberry32(a)` computes them) for seed 1, times 2**32
    rng = Mulberry32(1)
    assert [rng.next_u32() for _ in range(2)] == [2693262067, 11749833]


def test_below_is_uniform_enough() -> None:
    rng = Mulberry32(5)
    seen = [0] * 6
    for _ in range(6000):
        seen[rng.below(6)] += 1
    assert all(900 < s < 1100 for s in seen), seen


# -- errors and the API ------------------------------------------------------------------

def _hearts() -> Json:
    return next(o for o in configurations() if o["game"] == "hearts" and o["variant"] is None)


def test_a_refused_move_carries_the_checkers_fault_and_the_legal_moves(node: Node) -> None:
    options = dict(_hearts(), dealer=3)
    table = new_table(options)
    table.new_round(11)
    while table.to_json()["passing"]:
        table.play(table.legal_moves()[0])
    legal = table.legal_moves()
    assert [m["play"] for m in legal] == ["2♣"]
    holder = legal[0]["by"]
    other = next(c for c in table.to_json()["hands"][holder] if c != "2♣")
    calls = [["newRound", options, 11]] + [["play", m] for m in _passes(options, 11)] + [
        ["play", {"by": holder, "play": other}], ["play", {"by": holder, "play": "2c"}],
        ["play", {"by": (holder + 1) % 4, "play": "2♣"}]]
    answers = node.ask({"calls": calls})
    faults = []
    for move in ({"by": holder, "play": other}, {"by": holder, "play": "2c"},
                 {"by": (holder + 1) % 4, "play": "2♣"}):
        with pytest.raises(PlayError) as caught:
            table.play(move)
        faults.append(caught.value.to_json())
    assert [a["error"]["error"] for a in answers[-3:]] == [f["error"] for f in faults] == [
        "illegal-lead", "bad-move", "wrong-player"]
    assert all(a["error"]["legal"] == f["legal"] == legal for a, f in zip(answers[-3:], faults))


def _passes(options: Json, seed: int) -> list[Json]:
    table = new_table(options)
    table.new_round(seed)
    out = []
    while table.to_json()["passing"]:
        out.append(table.legal_moves()[0])
        table.play(out[-1])
    return out


def test_a_revoke_is_refused_in_both(node: Node) -> None:
    for seed in range(40):
        table: Table = new_table(_hearts())
        table.new_round(seed)
        moves: list[Json] = []
        while not table.is_over():
            state = table.to_json()
            if state["trick"]:
                led = state["trick"][0]["play"][-1]
                hand = state["hands"][state["turn"]]
                off = [c for c in hand if c[-1] != led]
                if off and len(off) < len(hand):
                    bad = {"by": state["turn"], "play": off[0]}
                    answers = node.ask({"calls": [["newRound", _hearts(), seed]]
                                        + [["play", m] for m in moves] + [["play", bad]]})
                    assert answers[-1]["error"]["error"] == "revoke"
                    with pytest.raises(PlayError, match="must follow") as caught:
                        table.play(bad)
                    assert caught.value.code == "revoke"
                    return
            moves.append(table.legal_moves()[0])
            table.play(moves[-1])
    pytest.fail("no seed gave a chance to revoke")
