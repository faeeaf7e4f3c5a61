"""The play page's results explain themselves (issue 37): at the end of a round, hand or game
the family's page part (templates/static/play/families/*.js) says who won and who lost by
which rule, names the moon, the slam and the bonuses, and gives every figure its owner.

The page part is run under node (tests/js/page_result.js) on finished states of the Python
tables (the browser engine's states are the same: the differential test), with the words of
the page's own catalog (play_data), in English and, where a word agrees with a player's
gender, in Russian and Arabic.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from typing import Any

import pytest
from markupsafe import Markup

from conftest import ROOT, TEMPLATES, corpus
from generator.core.languages import load_messages
from generator.core.prng import Mulberry32
from generator.families.play import new_table, play_options
from generator.web.play_page import play_data

NODE = shutil.which("node")
DRIVER = ROOT / "tests" / "js" / "page_result.js"
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

Json = dict[str, Any]


def _bundle(game: str) -> Any:
    return next(b for b in corpus().games if b.rules.id == game)


def _data(game: str, lang: str = "en") -> Any:
    return play_data(_bundle(game), lang=lang, msgs=load_messages(TEMPLATES, lang),
                     variant_name=lambda name: Markup(name))


def _results(game: str, options: Json, states: list[Json], lang: str = "en") -> list[Json]:
    data = _data(game, lang)
    request = {"words": data["words"], "plural": data["plural"], "names": data["names"],
               "genders": data["genders"], "lang": lang, "options": options, "states": states}
    done = subprocess.run([str(NODE), str(DRIVER)], input=json.dumps(request), text=True,
                          capture_output=True, check=True)
    out: list[Json] = json.loads(done.stdout)
    return out


def _finished(options: Json, seed: int) -> Json:
    """A round or hand played to its end by random players."""
    table = new_table(options)
    table.new_round(seed)
    chooser = Mulberry32(seed)
    while not table.is_over():
        legal = table.legal_moves()
        table.play(legal[chooser.below(len(legal))])
    return table.to_json()


def _whole_game(options: Json, seed: int, *, hands: int) -> Json:
    """Hands played by random players until the match is over (at most ``hands``)."""
    table = new_table(options)
    chooser = Mulberry32(seed)
    table.new_round(seed)
    for hand in range(hands):
        while not table.is_over():
            legal = table.legal_moves()
            table.play(legal[chooser.below(len(legal))])
        if table.match_over():
            break
        table.next_round(seed + hand + 1)
    out: Json = table.to_json()
    return out


def _finished_where(options: Json, wanted: Any, seeds: int = 400) -> Json:
    for seed in range(seeds):
        state = _finished(options, seed)
        if wanted(state):
            return state
    raise AssertionError("no seed gave the case")


# -- the pairing games ---------------------------------------------------------------------

def test_the_reversed_variant_tells_its_winner_that_they_win() -> None:
    """Uomo Nero, reversed: the holder of the J♠ wins; the page told them "You lose"."""
    options = play_options(_bundle("uomo-nero"), "reversed", 4)
    mine = _finished_where(options, lambda s: s["result"]["holder"] == 0)
    other = _finished_where(options, lambda s: s["result"]["holder"] == 2)
    [me, carla] = _results("uomo-nero", options, [mine, other])
    assert me["lines"][0] == ("You win this round: in this variant whoever is left with J♠ "
                              "wins.")
    assert not any("lose" in line for line in me["lines"])
    assert carla["lines"][0] == ("The winner of this round is Carla: in this variant whoever is "
                                 "left with J♠ wins.")


def test_uomo_neros_winner_is_announced() -> None:
    """Uomo Nero: whoever goes out first wins, and the page said only who lost."""
    options = play_options(_bundle("uomo-nero"), None, 4)
    state = _finished(options, 5)
    [result] = _results("uomo-nero", options, [state])
    names = ["You", "Bruno", "Carla", "Dario"]
    first = " and ".join(names[s] for s in state["result"]["winners"])
    assert result["lines"][0] == f"Out of cards first, and so winning this round: {first}."
    assert names[state["result"]["holder"]] in result["lines"][1]


def test_the_pairing_pages_say_how_to_draw() -> None:
    """The pairing pages said "Tap a card to play it" where the reader draws from a fan."""
    options = play_options(_bundle("black-peter"), None, 3)
    [result] = _results("black-peter", options, [_finished(options, 1)])
    assert result["how"].startswith("Tap one of the face-down cards to draw it")


def test_black_peters_match_says_its_rule_and_standing() -> None:
    options = play_options(_bundle("black-peter"), None, 3)
    table = new_table(options)
    chooser = Mulberry32(3)
    table.new_round(3)
    states = []
    for r in range(20):
        while not table.is_over():
            legal = table.legal_moves()
            table.play(legal[chooser.below(len(legal))])
        states.append(table.to_json())
        if table.match_over():
            break
        table.next_round(3 + r + 1)
    first, last = _results("black-peter", options, [states[0], states[-1]])
    assert first["title"] == "Round 1: the result"
    penalties = states[0]["match"]["penalties"]
    assert first["lines"][-2] == (f"Losses so far: You\xa0{penalties[0]}, Bruno\xa0{penalties[1]}, "
                                  f"Carla\xa0{penalties[2]}.")  # a name and its figure unbroken
    assert first["lines"][-1] == "The first to lose 3 rounds loses the game."
    loser = ["You", "Bruno", "Carla"][states[-1]["match"]["losers"][0]]
    assert f"The game is over. Lost 3 times: {loser}." in last["lines"]


def test_the_several_hands_variants_end() -> None:
    """An agreed-hands match without a number never ended: the play table agrees on 5."""
    for game in ("uomo-nero", "old-maid"):
        options = play_options(_bundle(game), "several-hands", 3)
        assert options["match"] == {"kind": "agreed-hands", "losses": None, "hands": 5}
        [result] = _results(game, options, [_finished(options, 2)])
        assert result["lines"][-1] == "The game lasts 5 hands; the most losses lose it."


def test_uomo_nero_opens_at_four_players() -> None:
    data = _data("uomo-nero")
    config = data["configs"][data["default"]]
    assert (config["variant"], config["players"]) == (None, 4)
    hearts = _data("hearts")
    assert hearts["configs"][hearts["default"]]["players"] == 4


def test_the_download_is_worded_for_a_reader() -> None:
    assert _data("hearts")["words"]["download"] == "Save this hand (for rules authors)"


# -- the trick games -----------------------------------------------------------------------

def _moon(state: Json, taker: int, options: Json) -> Json:
    """A finished hand made into a moon shot by ``taker`` (the scores as the rule gives)."""
    slam = options["slam"]
    scores = [slam["others"]] * state["players"]
    scores[taker] = slam["taker"]
    result = dict(state["result"], slam=taker, scores=scores, side_scores=scores)
    return dict(state, result=result, sheet=[scores],
                match=dict(state["match"], totals=scores))


def test_the_moon_is_named_with_whose_points_they_are() -> None:
    options = play_options(_bundle("hearts"), None, 4)
    state = _finished(options, 1)
    bruno, carla, you = (_moon(state, s, options) for s in (1, 2, 0))
    en = _results("hearts", options, [bruno, you])
    assert "Bruno shot the moon: 0 for him, 26 for each of you." in en[0]["lines"]
    assert "You shot the moon: 0 for you, 26 for each of the others." in en[1]["lines"]
    assert en[0]["lines"][0] == "Best in this hand, with the lowest score: Bruno (0)."
    ru = _results("hearts", options, [bruno, carla], "ru")
    assert "Бруно выстрелил в луну: ему 0, каждому из вас — 26." in ru[0]["lines"]
    assert "Карла выстрелила в луну: ей 0, каждому из вас — 26." in ru[1]["lines"]
    assert "Счёт за сдачу: Вы\xa026, Бруно\xa00, Карла\xa026, Дарио\xa026." in ru[0]["lines"]
    ar = _results("hearts", options, [carla], "ar")
    assert "اصطادت كارلا القمر: لها 0، ولكل واحد منكم 26." in ar[0]["lines"]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else _num(n)


def _num(n: int) -> str:
    """A number as the play page writes it: a negative one with the minus sign (U+2212)."""
    return f"\u2212{-n}" if n < 0 else str(n)


def test_peppa_scivolosas_scores_say_what_they_are_made_of() -> None:
    """The seat boxes said −103 (the cards) where the sheet said −3 (with 10 a trick)."""
    options = play_options(_bundle("peppa-scivolosa"), None, 4)
    state = _finished_where(options, lambda s: s["result"]["slam"] is None)
    [result] = _results("peppa-scivolosa", options, [state])
    names = ["You", "Bruno", "Carla", "Dario"]
    for seat in range(4):
        tricks = state["result"]["tricks"][seat]
        score = state["result"]["scores"][seat]
        line = next(x for x in result["lines"] if x.startswith(f"{names[seat]}: "))
        cards = score - 10 * tricks
        assert line == (f"{names[seat]}: {_signed(cards)} for the cards taken, "
                        f"{_signed(10 * tricks)} for the tricks, 10 each; in all {_num(score)}.")
    assert result["lines"][-1] == "Hand 1 of 12."


def test_chat_noirs_bonuses_are_named() -> None:
    """Chat Noir's −10 (tricks without points) and −20 (no trick) appeared unexplained."""
    options = play_options(_bundle("chat-noir"), None, 4)
    clean = _finished_where(options, lambda s: any(
        t and not p for t, p in zip(s["result"]["tricks"], s["result"]["points"])))
    none = _finished_where(options, lambda s: 0 in s["result"]["tricks"] and s["result"]["slam"] is None)
    lines = [x for r in _results("chat-noir", options, [clean, none]) for x in r["lines"]]
    assert any(", \u221210 for tricks without points; in all" in x for x in lines)
    assert any(", \u221220 for taking no trick; in all" in x for x in lines)


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_negative_score_takes_the_minus_sign(lang: str) -> None:
    """Issue 38: a hand's best score and the standings wrote a negative figure with the
    hyphen-minus ("Bruno (-20)", "Bruno -20"), where the score sheet has the minus sign."""
    options = play_options(_bundle("chat-noir"), None, 4)
    state = _finished_where(options, lambda s: s["result"]["slam"] is None
                            and min(s["result"]["scores"]) < 0)
    [result] = _results("chat-noir", options, [state], lang)
    lines = result["lines"]
    assert not [x for x in lines if re.search(r"(?<![\w+])-\d", x)], lines
    best = _num(min(state["result"]["scores"]))  # Chat Noir: the lowest score is the best
    assert best.startswith("\u2212")
    assert any(x.endswith(f"({best}).") for x in lines), lines  # the best of the hand
    assert any(f"\u00a0{best}" in x for x in lines), lines  # the hand's scores, name by name


def test_the_end_of_a_hearts_game_says_the_rule_and_the_winner() -> None:
    options = play_options(_bundle("hearts"), None, 4)
    state = _whole_game(options, 11, hands=60)
    [result] = _results("hearts", options, [state])
    totals = state["match"]["totals"]
    names = ["You", "Bruno", "Carla", "Dario"]
    winners = " and ".join(names[s] for s in state["match"]["winners"])
    assert result["lines"][:2] == ["The game is over: a total has passed 100.",
                                   f"The lowest total wins: {winners} ({min(totals)})."]


# -- the shedding games --------------------------------------------------------------------

def _figures(names: list[str], values: list[int], seats: list[int]) -> str:
    return ", ".join(f"{names[s]}\u00a0{values[s]}" for s in seats)


NAMES = ["You", "Bruno", "Carla", "Dario"]


def test_a_crazy_eights_hand_says_what_its_winner_collects() -> None:
    """The winner of a hand of Crazy Eights scores the cards left in the others' hands: the
    result says so, with each hand's figure (it said only who went out)."""
    options = play_options(_bundle("crazy-eights"), None, 4)
    state = _finished_where(options, lambda s: s["result"]["winner"] not in (None, 0)
                            and not s["result"]["blocked"])
    [result] = _results("crazy-eights", options, [state])
    r = state["result"]
    others = [s for s in range(4) if s != r["winner"]]
    assert r["scores"][r["winner"]] == sum(r["points"][s] for s in others) > 0
    assert result["lines"][:2] == [
        f"{NAMES[r['winner']]} has no cards left and wins the hand.",
        f"{NAMES[r['winner']]} scores {r['scores'][r['winner']]}, the points left in the other "
        f"hands: {_figures(NAMES, r['points'], others)}."]
    assert result["lines"][2] == f"Totals so far: {_figures(NAMES, state['match']['totals'], [0, 1, 2, 3])}."


def test_a_blocked_hand_says_the_lowest_hand_wins_and_not_that_its_winner_went_out() -> None:
    """No one can play or draw: the fewest points in hand win. The page said the winner "has no
    cards left", which was false."""
    options = play_options(_bundle("crazy-eights"), None, 4)
    # a random hand of Crazy Eights is rarely blocked (the pile is shuffled into a new stock):
    # a finished hand's result, as the engine gives a blocked one (its winner the lowest hand)
    state = _finished(options, 1)
    points = [7, 3, 12, 30]
    state["result"] = {"winner": 1, "points": points, "scores": [0, 49, 0, 0], "blocked": True}
    [result] = _results("crazy-eights", options, [state])
    r = state["result"]
    assert result["lines"][0] == (f"No one can play or draw: {NAMES[r['winner']]}, with the fewest "
                                  "points in hand, wins the hand.")
    assert result["lines"][1] == f"Points left in hand: {_figures(NAMES, r['points'], [0, 1, 2, 3])}."
    assert not any("has no cards left" in line for line in result["lines"])


def test_a_macao_hand_counts_the_cards_left_against_their_holders() -> None:
    options = play_options(_bundle("macao"), None, 4)
    state = _finished_where(options, lambda s: s["result"]["winner"] is not None
                            and not s["result"]["blocked"])
    [result] = _results("macao", options, [state])
    r = state["result"]
    losers = [s for s in range(4) if s != r["winner"]]
    assert result["lines"] == [f"{NAMES[r['winner']]} has no cards left and wins the hand.",
                               f"Points left in hand: {_figures(NAMES, r['points'], losers)}."]


def test_a_counted_mau_mau_game_ends_by_its_rule_with_the_lowest_total() -> None:
    options = play_options(_bundle("mau-mau"), "counting-points", 4)
    state = _whole_game(options, 5, hands=200)
    assert state["match"]["over"]
    [result] = _results("mau-mau", options, [state], "ru")
    totals, winners = state["match"]["totals"], state["match"]["winners"]
    ru = ["Вы", "Бруно", "Карла", "Дарио"]
    assert result["lines"][-2:] == [
        f"Партия окончена: чей-то итог достиг {options['match']['target']}.",
        f"Побеждает самый маленький итог: {' и '.join(ru[s] for s in winners)} ({min(totals)})."]


# -- the trick games that count tricks, not cards ---------------------------------------------

def test_a_whist_hand_says_each_sides_tricks_and_the_book() -> None:
    """Whist scores the tricks after the first six: the result gives each side's tricks and
    the rule (it gave only the scores)."""
    options = play_options(_bundle("whist"), None, 4)
    state = _finished(options, 3)
    [result] = _results("whist", options, [state])
    sides = state["match"]["sides"]
    won = [sum(state["result"]["tricks"][s] for s in side) for side in sides]
    names = [" & ".join(NAMES[s] for s in side) for side in sides]
    listed = ", ".join(f"{n}\u00a0{w}" for n, w in zip(names, won))
    assert f"Tricks taken: {listed}; each trick after the first 6 scores 1." in result["lines"]
    scores = [state["result"]["scores"][side[0]] for side in sides]
    assert scores == [max(0, w - 6) for w in won]


def test_an_oh_hell_hand_says_each_bid_and_what_it_made() -> None:
    """Oh Hell: each player's bid, the tricks taken and the score (10 and a point a trick for a
    bid made exactly, else nothing), one line each."""
    options = play_options(_bundle("oh-hell"), None, 4)
    table = new_table(options)
    table.new_round(9)
    chooser = Mulberry32(9)
    while not table.is_over():
        legal = table.legal_moves()
        table.play(legal[chooser.below(len(legal))])
    state = table.to_json()
    [result] = _results("oh-hell", options, [state])
    lines = []
    for seat in range(4):
        bid, won = state["bids"][seat], state["result"]["tricks"][seat]
        score = 10 + won if bid == won else 0
        assert state["result"]["scores"][seat] == score
        lines.append(f"{NAMES[seat]}: bid {bid}, took {won}, scores {score}.")
    assert [line for line in result["lines"] if ": bid " in line] == lines
    assert not any(line.startswith("Scores of this hand") for line in result["lines"])
