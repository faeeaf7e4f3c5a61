"""The computer players' strength in the games that take tricks: prints figures, asserts
nothing. Run with `python bench/bench_bots.py [--hands N] [--corpus]` (default 2,000 hands a
game; `--corpus`: the site's own Whist, Briscola and Oh Hell instead of the fixtures).

For each fixture game (tests/fixtures/trick-games: Whist-, Briscola- and Oh-Hell-like) the
same seeded deals are played twice: the bot's side (the bot at seat 0, and its partner at
seat 2 where the game has partners) against players choosing uniformly among the legal
moves, and, as the baseline, random players at every seat. Printed per game and side:
points and tricks per hand with a 95% interval, and the share of hands won (Briscola: over
60 points; Whist: over the book of six; Oh Hell: the bid made, and the hand's top score
alone or shared) with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from taking_games import GAMES, configurations  # noqa: E402

from generator.core.prng import Mulberry32  # noqa: E402
from generator.families.play import new_table  # noqa: E402

CHOOSER = 0x5BD1E995


def mean_interval(xs: list[float]) -> str:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return f"{m:7.2f} ± {1.96 * sd / math.sqrt(n):5.2f}"


def wilson(k: int, n: int) -> str:
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:5.1f}% [{100 * (centre - half):5.1f}, {100 * (centre + half):5.1f}]"


def won(game: str, seat: int, state: dict[str, Any]) -> bool:
    r = state["result"]
    if game == "briscola":
        return bool(r["scores"][seat] > 60)
    if game == "whist":
        return bool(r["scores"][seat] > 0)
    return bool(r["scores"][seat] == max(r["scores"]))


def play(options: dict[str, Any], hands: int, bots: set[int]) -> dict[str, list[float]]:
    """``hands`` hands in matches of the game's length; seat 0's figures."""
    table = new_table(options)
    length = options["end"]["hands"] or 1
    out: dict[str, list[float]] = {"points": [], "tricks": [], "won": [], "bid": []}
    side = [s for s in range(options["players"]) if s in bots or (not bots and s % 2 == 0)]
    for h in range(hands):
        seed = 1000 + h // length
        if h % length == 0:
            table.new_round(seed)
        else:
            table.next_round(seed * 7 + h)
        chooser = Mulberry32((seed * 31 + h) ^ CHOOSER)
        while (turn := table.turn()) is not None and not table.is_over():
            legal = table.legal_moves()
            table.play(table.bot_move(turn) if turn in bots else legal[chooser.below(len(legal))])
        state = table.to_json()
        r = state["result"]
        partners = options["sides"] == "partners"
        out["points"].append(sum(r["points"][s] for s in side) if partners else r["points"][0])
        out["tricks"].append(sum(r["tricks"][s] for s in side) if partners else r["tricks"][0])
        out["won"].append(float(won(options["game"], 0, state)))
        if options["bids"] is not None:
            out["bid"].append(float(state["bids"][0] == r["tricks"][0]))
        out.setdefault("score", []).append(r["scores"][0])
    return out


def corpus_configurations() -> list[dict[str, Any]]:
    """The base game of each corpus game of these names, at its usual player count."""
    from generator.check.games import check
    from generator.families.play import play_options

    result = check([ROOT / "rules"], root=ROOT)
    return [play_options(b, None, b.rules.engine.players) for b in result.games
            if b.rules.id in GAMES]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--corpus", action="store_true",
                        help="the corpus's games of these names (rules/), not the fixtures")
    args = parser.parse_args()
    configs = corpus_configurations() if args.corpus else configurations()
    for game in args.games:
        options = next(o for o in configs if o["game"] == game and o["variant"] is None)
        side = {0, 2} if options["sides"] == "partners" else {0}
        print(f"{game} ({args.hands} hands; seat 0{' and its partner' if len(side) > 1 else ''})")
        for label, bots in (("bot", side), ("random", set())):
            f = play(options, args.hands, bots)
            n = len(f["won"])
            line = (f"  {label:6} points {mean_interval(f['points'])}  tricks "
                    f"{mean_interval(f['tricks'])}  score {mean_interval(f['score'])}  "
                    f"won {wilson(int(sum(f['won'])), n)}")
            if f["bid"]:
                line += f"  bid made {wilson(int(sum(f['bid'])), n)}"
            print(line)


if __name__ == "__main__":
    main()
