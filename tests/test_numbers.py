"""The game by the numbers: statistics against exact values, the simulation's determinism and
cache, `rulebook simulate`, and the page section in every language."""

from __future__ import annotations

import json
import math
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT, RULES, corpus
from generator.cli.main import main
from generator.core.cards import parse_card
from generator.families.pairs import numbers as pairs_numbers
from generator.families.pairs.engine import PairsGame
from generator.families.pairs.options import OddCardFate, OddMode
from generator.families.tricks.engine import TricksGame
from generator.pipeline import BuildConfig, build
from generator.runtime.cache import Cache
from generator.simulation.run import run
from generator.simulation.stats import Kind, Tally, mean_interval, wilson
from generator.simulation.store import Store

CHECKED = corpus()
GAMES = {b.rules.id: b for b in CHECKED.games}
Z_WIDE = 4.42  # two-sided 1e-5: a test of a random quantity that fails by chance once in 100,000


def engine(game: str, variant: str | None = None) -> PairsGame:
    e = GAMES[game].rules.engine_for(variant)
    assert isinstance(e, PairsGame)
    return e


def three_cards() -> PairsGame:
    """Uomo Nero with only 5♥ 5♦ J♠ in play: a game whose distribution is known exactly."""
    game = engine("uomo-nero")
    keep = {parse_card("5♥"), parse_card("5♦"), parse_card("J♠")}
    return game.variant(removed=[c for c in game.deck.cards if c not in keep])


def covers(successes: int, n: int, p: float) -> bool:
    low, high = wilson(successes, n, z=Z_WIDE)
    return low <= p <= high


# -- the intervals ---------------------------------------------------------------------------

def test_wilson_matches_its_closed_form_and_stays_in_bounds() -> None:
    low, high = wilson(10, 100)
    assert (round(low, 4), round(high, 4)) == (0.0552, 0.1744)  # the textbook example
    assert wilson(0, 50)[0] == 0.0 and wilson(50, 50)[1] == 1.0
    assert 0 < wilson(0, 50)[1] < 0.08  # a rare event is not given a zero-width interval


def test_mean_interval_is_the_normal_interval_of_the_mean() -> None:
    xs = [1, 2, 3, 4, 5, 6]
    mean, low, high, sd = mean_interval(len(xs), sum(xs), sum(x * x for x in xs))
    assert mean == 3.5 and math.isclose(sd, 1.8708286933869707)
    assert math.isclose(high - mean, 1.959963984540054 * sd / math.sqrt(6))
    assert math.isclose(mean - low, high - mean)


# -- exact values ------------------------------------------------------------------------------

PAIRS_NAMED = [(b.rules.id, v) for b in CHECKED.games if b.rules.spec.family == "pairs"
               for v in [None, *b.rules.variants]
               if engine(b.rules.id, v).options.odd_mode is OddMode.NAMED
               and engine(b.rules.id, v).options.odd_card_holder is OddCardFate.LOSES]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(PAIRS_NAMED), st.integers(0, 2**32))
def test_with_two_players_the_odd_cards_holder_always_loses(case: tuple[str, str | None],
                                                            seed: int) -> None:
    game = engine(*case)
    rng, tally = random.Random(seed), Tally()
    for _ in range(20):
        state = pairs_numbers.play_round(game, 2, rng, tally)
        result = state.result()
        assert result.last_card == game.options.odd_card
        assert result.losers == {result.holder}
    # and so the two seats' chances of losing add up to one, exactly
    assert tally.figure("loses.0").estimate + tally.figure("loses.1").estimate == 1.0


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**32))
def test_one_pair_left_follows_its_known_distribution(seed: int) -> None:
    """Seat 0 holds 5♦ and draws from seat 1, who holds 5♥ and the odd J♠. Each draw takes
    the pair's card or the J♠ with even chances, and the J♠ changes hands: the number of draws
    N is geometric, P(N = k) = 2^-k (mean 2, variance 2), and seat 1, the first drawn from,
    loses when N is odd: with probability 2/3."""
    game = engine("uomo-nero")
    five_d, five_h, jack = parse_card("5♦"), parse_card("5♥"), parse_card("J♠")
    rng, tally, n = random.Random(seed), Tally(), 3000
    for _ in range(n):
        state = game.new_round([[five_d], [five_h, jack]], dealer=1, first_drawer=0)
        pairs_numbers.observe(state, rng, tally)
    loses = tally.figure("loses.1")
    assert covers(round(loses.estimate * n), n, 2 / 3)
    draws = tally.figure("draws")
    assert abs(draws.estimate - 2) <= Z_WIDE * math.sqrt(2 / n)
    # the sample variance's own spread: (mu4 - sigma^4) / n, where a geometric count with
    # p = 1/2 has sigma^2 = 2 and mu4 = (9 + p^2 / (1 - p)) sigma^4 = 38 (0.3 failed by chance)
    assert abs(draws.sd ** 2 - 2) <= Z_WIDE * math.sqrt((38 - 4) / n)
    for k in (1, 2, 3, 4):
        assert covers(tally.histograms["draws"][k], n, 2.0 ** -k)


def test_a_three_card_game_gives_its_exact_figures() -> None:
    """Dealt from the dealer's left (seat 1, 0, 1): seat 1 has the pair with chance 1/3, lays
    it down and is out, and the dealer is left with the J♠ after no draw; otherwise seat 1
    holds a five and the J♠ and draws the dealer's five: one draw, seat 1 loses."""
    numbers = run(pairs_numbers.simulation(three_cards(), 2), seed=7)
    f, n = numbers.figures, numbers.rounds
    assert not numbers.capped and n <= pairs_numbers.CAP
    assert covers(round(f["loses.0"].estimate * n), n, 1 / 3)
    assert f["loses.0"].estimate + f["loses.1"].estimate == 1.0
    assert f["odd.1"].estimate == f["loses.1"].estimate  # whoever is dealt the J♠ keeps it
    assert f["draws"].estimate == f["loses.1"].estimate  # one draw exactly when seat 1 loses
    assert set(numbers.histograms["draws"]) == {0, 1}
    assert f["two_out"].estimate == 0.0
    assert all(fig.half_width <= 0.01 for k, fig in f.items() if fig.kind is Kind.SHARE)


@pytest.mark.parametrize("variant,total", [(None, 26), ("jack-of-diamonds", 16)])
def test_the_seats_points_add_up_to_the_cards_in_play(variant: str | None, total: int) -> None:
    """Every hand's points add up to the value of the cards in play, so their means do too."""
    game = GAMES["hearts"].rules.engine_for(variant)
    assert isinstance(game, TricksGame)
    from generator.families.tricks import numbers as tricks_numbers
    sim = tricks_numbers.simulation(game, 4)
    assert sim is not None
    numbers = run(sim, seed=3, rounds=4)
    points = sum(numbers.figures[f"points.{s}"].estimate for s in range(4))
    assert math.isclose(points, total)
    hands = numbers.figures["hands"]
    assert hands.n == 4 and numbers.figures["points.0"].n == sum(
        x * c for x, c in numbers.histograms["hands"].items())


# -- determinism and the cache ----------------------------------------------------------------

def test_the_same_seed_gives_the_same_figures_and_another_seed_others() -> None:
    sim = pairs_numbers.simulation(engine("uomo-nero"), 3)
    first, again = run(sim, seed=5, rounds=300), run(sim, seed=5, rounds=300)
    assert first.to_json() == again.to_json()
    assert run(sim, seed=6, rounds=300).to_json() != first.to_json()


def test_an_unchanged_game_is_read_from_the_cache(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("generator.simulation.store._MEMORY", {})
    sim = pairs_numbers.simulation(three_cards(), 2)
    first = Store(Cache(tmp_path))
    result = first.numbers(sim)
    assert (first.simulated, first.cached) == (1, 0)
    assert len(list((tmp_path / "numbers").iterdir())) == 1
    monkeypatch.setattr("generator.simulation.store._MEMORY", {})  # a new process: only the file
    second = Store(Cache(tmp_path))
    assert second.numbers(sim) == result and (second.simulated, second.cached) == (0, 1)
    changed = pairs_numbers.simulation(three_cards().variant(odd_card_holder=OddCardFate.WINS), 2)
    second.numbers(changed)
    assert second.simulated == 1 and len(list((tmp_path / "numbers").iterdir())) == 2


# -- rulebook simulate ------------------------------------------------------------------------

def test_simulate_prints_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "uomo-nero", "--rules", str(RULES), "--players", "3", "--rounds", "200"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "3 players: 200 simulated rounds" in text and "random play, seed 1" in text
    assert re.search(r"Chance of losing, seat 0 +\d+\.\d%  \(\d+\.\d% to \d+\.\d%\)", text)
    assert main([*args, "--format", "json", "--variant", "joker"]) == 0
    data = json.loads(capsys.readouterr().out)
    config = data["configurations"][0]
    assert (data["variant"], data["play"], config["players"], config["rounds"]) == \
        ("joker", "random", 3, 200)
    assert config["figures"]["loses.0"]["low"] <= config["figures"]["loses.0"]["estimate"]


def test_simulate_players_as_bot_against_random_players(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "hearts", "--rules", str(RULES), "--players-as", "bot", "--rounds", "12"]
    assert main(args) == 0
    text = capsys.readouterr().out
    assert "computer player at seat 1 against random players" in text
    assert "4 players: 12 games each" in text
    for who in ("bot", "random"):
        assert re.search(rf"Share of games won, {who} +\d+\.\d%  \(\d+\.\d% to \d+\.\d%\)", text)
        assert re.search(rf"Score per hand, {who} +-?\d+\.\d\d  \(", text)
    assert main(["simulate", "black-peter", "--rules", str(RULES), "--players", "3", "--rounds", "40",
                 "--players-as", "bot", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    config = data["configurations"][0]
    assert (data["play"], config["players"], config["games"], config["seat"]) == ("bot", 3, 40, 1)
    assert set(config["bot"]) == set(config["random"]) == {"wins"}  # no points in a pairing game


@pytest.mark.parametrize("args,message,hint", [
    (["uomo-nerro"], "no game 'uomo-nerro'", "did you mean 'uomo-nero'?"),
    (["uomo-nero", "--variant", "jokr"], "has no variant 'jokr'", "did you mean 'joker'?"),
    (["hearts", "--players", "7"], "'hearts' is played by 4 players, not 7", "--players 4"),
    (["old-maid", "--players", "9"], "played by 2 to 8 players, not 9", "--players 2"),
])
def test_simulate_refuses_what_does_not_exist(capsys: pytest.CaptureFixture[str], args: list[str],
                                              message: str, hint: str) -> None:
    assert main(["simulate", *args, "--rules", str(RULES)]) == 2
    err = capsys.readouterr().err
    assert message in err and hint in err and "Traceback" not in err


# -- the page ---------------------------------------------------------------------------------

TITLES = {"en": "By the numbers", "it": "In cifre", "de": "In Zahlen", "ru": "В цифрах",
          "ro": "În cifre", "ar": "بالأرقام"}


@pytest.fixture(scope="module")
def one_game_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tmp = tmp_path_factory.mktemp("numbers")
    rules = tmp / "rules"
    rules.mkdir()
    (rules / "site.yaml").write_bytes((RULES / "site.yaml").read_bytes())
    import shutil
    shutil.copytree(RULES / "peppa-tencia", rules / "peppa-tencia")
    out = tmp / "site"
    assert build(BuildConfig(rules, ROOT / "templates", out, pdf=False)).ok
    return out


@pytest.mark.site
def test_every_language_has_the_numbers_page_linked_from_the_game_page(one_game_site: Path) -> None:
    pages = {p.parts[-4]: p.read_text(encoding="utf-8")
             for p in one_game_site.glob("*/*/numbers/index.html")}
    assert set(pages) == set(TITLES)
    for lang, html in pages.items():
        game = next(one_game_site.glob(f"{lang}/*/index.html")).read_text(encoding="utf-8")
        summary = game[game.index('<section class="section section-numbers"'):]
        summary = summary[:summary.index("</section>")]
        assert f'<h2 id="numbers-h">{TITLES[lang]}</h2>' in summary
        assert 'href="numbers/index.html"' in summary and "<svg" not in summary
        assert f"<h1>{TITLES[lang]}: " in html
        groups = html.count('<section class="numbers-group"')
        charts = re.findall(r'<svg class="chart [^"]*"[^>]*aria-hidden="true">.*?</svg>', html, re.S)
        assert groups > 1 and len(charts) == 2 * groups
        for chart in charts:  # both axes, each with its title
            for axis in ("axis-x", "axis-y"):
                assert re.search(f'<g class="{axis}"[^>]*>.*?<text class="axis-title"[^>]*>[^<]+</text>',
                                 chart, re.S), (lang, axis)
        assert html.count("<table") == len(charts)  # each chart's numbers, as a table
        assert html.count('<option value="numbers-') == groups  # the picker offers each
    assert re.search(r"\d+,\d\xa0?%", pages["de"])  # German decimals


@pytest.mark.site
def test_right_to_left_charts_run_from_the_right(one_game_site: Path) -> None:
    def dealer_x(lang: str) -> list[float]:
        html = next(one_game_site.glob(f"{lang}/*/numbers/index.html")).read_text(encoding="utf-8")
        chart = re.search(r'<svg class="chart chart-bars".*?<g class="axis-x">.*?</g>', html, re.S)
        assert chart is not None
        return [float(x) for x in
                re.findall(r'<text class="tick-label" x="([\d.]+)"', chart.group().split("axis-x")[1])]

    ltr, rtl = dealer_x("en"), dealer_x("ar")
    assert ltr == sorted(ltr)  # the dealer first, on the left
    assert rtl == sorted(rtl, reverse=True)  # the dealer first, on the right

    def y_axis_x(lang: str) -> float:
        html = next(one_game_site.glob(f"{lang}/*/numbers/index.html")).read_text(encoding="utf-8")
        found = re.search(r'<g class="axis-y"[^>]*><line class="axis" x1="([\d.]+)"', html)
        assert found is not None
        return float(found.group(1))

    assert y_axis_x("en") < 100 < y_axis_x("ar")  # the y axis at the start of the line
