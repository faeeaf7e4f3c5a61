"""The play tables' matches end by their rule, in both engines (issue 37's bugs): a pairing
round over at the deal counts in the match, no round is dealt after the match's end, a
malformed pass is refused, and a property over every configuration: a match always ends, at
the round its rule says and not before.

The browser's engine is asked through tests/js/play_driver.js (the `calls` request: the API
of window.rulebook, call by call), the Python twin directly.
"""

from __future__ import annotations

from typing import Any

import pytest
import shedding_games
import taking_games
from test_play_engine import CHOOSER, NODE, Node, configurations

from conftest import sized
from generator.core.prng import Mulberry32
from generator.families.moves import PlayError
from generator.families.play import new_table

Json = dict[str, Any]

# Black Peter for two, dealt from this seed: every card of one hand pairs off at the deal
# (about one deal in 200), so the round is over before anyone draws.
OVER_AT_DEAL = 229
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module")
def node() -> Any:
    n = Node()
    yield n
    n.close()


def _config(game: str, players: int, variant: str | None = None) -> Json:
    return next(o for o in configurations()
                if o["game"] == game and o["variant"] == variant and o["players"] == players)


# -- a round over at the deal --------------------------------------------------------------

@needs_node
def test_a_round_over_at_the_deal_counts_in_the_match(node: Node) -> None:
    options = _config("black-peter", 2)
    table = new_table(options)
    state = table.new_round(OVER_AT_DEAL)
    assert state["over"] and not state["moves"]  # the case itself: nobody drew
    loser = state["result"]["losers"]
    assert state["match"]["rounds"] == 1
    assert [state["match"]["penalties"][s] for s in loser] == [1]
    js = node.ask({"calls": [["newRound", options, OVER_AT_DEAL]]})[0]["ok"]
    assert js["over"] and js["match"] == state["match"]


# -- no round after the match's end --------------------------------------------------------

def _play_out(table: Any, chooser: Mulberry32, calls: list[Any]) -> None:
    while table.turn() is not None and not table.is_over():
        legal = table.legal_moves()
        move = legal[chooser.below(len(legal))]
        calls.append(["play", move])
        table.play(move)


@needs_node
def test_no_round_is_dealt_after_the_match_is_over(node: Node) -> None:
    options = _config("black-peter", 2)
    table = new_table(options)
    chooser = Mulberry32(7 ^ CHOOSER)
    calls: list[Any] = [["newRound", options, 7]]
    table.new_round(7)
    _play_out(table, chooser, calls)
    r = 1
    while not table.to_json()["match"]["over"]:
        calls.append(["nextRound", 7 + r])
        table.next_round(7 + r)
        _play_out(table, chooser, calls)
        r += 1
    assert max(table.to_json()["match"]["penalties"]) == 3  # Black Peter: lost three times
    with pytest.raises(PlayError) as caught:
        table.next_round(100)
    assert caught.value.code == "match-over"
    answers = node.ask({"calls": [*calls, ["state"], ["nextRound", 100]]})
    assert answers[-2]["ok"]["match"] == table.to_json()["match"]
    assert answers[-1]["error"]["error"] == "match-over"


# -- a malformed pass ----------------------------------------------------------------------

def _hearts_hand(seed: int) -> tuple[Json, list[str]]:
    options = _config("hearts", 4)
    table = new_table(options)
    state = table.new_round(seed)
    return options, state["hands"][state["turn"]]


@needs_node
@pytest.mark.parametrize("shape", ["twice", "not-held", "too-few", "too-many"])
def test_a_malformed_pass_is_refused_in_both_engines(node: Node, shape: str) -> None:
    options, hand = _hearts_hand(3)
    other = next(c for c in options["cards"] if c not in hand)
    cards = {"twice": [hand[0], hand[0], hand[1], hand[2]],  # four cards, three different
             "not-held": [hand[0], hand[1], other], "too-few": hand[:2],
             "too-many": hand[:4]}[shape]
    code = "card-not-held" if shape == "not-held" else "bad-pass"
    move = {"by": 0, "pass": cards}
    table = new_table(options)
    table.new_round(3)
    with pytest.raises(PlayError) as caught:
        table.play(move)
    assert caught.value.code == code
    assert table.to_json()["passes"][0] is None and len(table.to_json()["hands"][0]) == 13
    answers = node.ask({"calls": [["newRound", options, 3], ["play", move], ["state"]]})
    assert answers[1]["error"]["error"] == code
    assert answers[2]["ok"]["passes"][0] is None and len(answers[2]["ok"]["hands"][0]) == 13


# -- the property: every match ends by its rule --------------------------------------------

# How many rounds a match may take before the test calls it endless: far above any rule's
# (Hearts with random players ends in about 15 hands; Black Peter for six in at most 13).
MOST_ROUNDS = 200


def _ends(options: Json, match: Json | None, rounds: int) -> bool:
    """Whether the game's own rule says the match is over after ``rounds`` rounds with this
    standing, computed here from the options, apart from the engines."""
    if match is None:
        return True  # a game of one round
    family = options["family"]
    if family == "pairs":
        rule = options["match"]
        if rule["kind"] == "first-to-losses":
            return max(match["penalties"]) >= (rule["losses"] or 1)
        return rounds >= rule["hands"]
    if family == "tricks":
        end = options["end"]
        return (end["over"] is not None and max(match["totals"]) > end["over"]) or (
            end["hands"] is not None and rounds >= end["hands"])
    return max(match["totals"]) >= options["match"]["target"]  # shedding: a target score


def _all_configurations() -> list[Json]:
    made = [o for o in shedding_games.configurations() if o["game"] not in shedding_games.CORPUS]
    return configurations() + taking_games.configurations() + made


def test_every_match_ends_by_its_rule() -> None:
    """The unit tier's sample: a match of random players for each of 40 configurations
    drawn from all of them."""
    configs = _all_configurations()
    rng = Mulberry32(37)
    _matches_end([configs[rng.below(len(configs))] for _ in range(40)])


@pytest.mark.deep
def test_every_match_of_every_configuration_ends_by_its_rule() -> None:
    """Every configuration: one match each in make test, five under RULEBOOK_DEEP=1."""
    configs = _all_configurations()
    _matches_end([c for c in configs for _ in range(sized(1, 5))])


def _matches_end(chosen: list[Json]) -> None:
    """Each match is over exactly when its rule says, computed here apart from the engines
    (the two engines agree with each other: the differential test), then refuses another
    round."""
    for i, options in enumerate(chosen):
        table = new_table(options)
        chooser = Mulberry32(i ^ CHOOSER)
        table.new_round(i)
        for rounds in range(1, MOST_ROUNDS + 1):
            moves = 0
            while table.turn() is not None and not table.is_over() and moves < 5_000:
                legal = table.legal_moves()
                table.play(legal[chooser.below(len(legal))])
                moves += 1
            match = table.to_json()["match"]
            over = match is None or match["over"]
            where = f"{options['game']} {options['variant']} {options['players']}: round {rounds}"
            assert over == _ends(options, match, rounds), where
            if over:
                break
            table.next_round(i + rounds)
        else:
            pytest.fail(f"{options['game']} {options['variant']}: no end in {MOST_ROUNDS} rounds")
        if match is not None:
            with pytest.raises(PlayError):
                table.next_round(0)
