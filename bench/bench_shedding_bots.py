"""The computer players' strength in the shedding games: prints figures, asserts nothing.
Run with `python bench/bench_shedding_bots.py [--hands N] [--games ID ...]` (default 2,000
hands a game and player count; the corpus's shedding games, rules/).

For each game, variant-free, and each player count from 2 to 4 it is dealt for, the same
seeded deals are played twice: the bot at seat 0 against players choosing uniformly among
the legal moves, and, as the baseline, random players at every seat. Printed: the share of
hands seat 0 goes out first, with a 95% Wilson interval (a fair share is 1 / players), and
the moves the bot made, every one of them legal (the table refuses any other).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.check.games import check  # noqa: E402
from generator.core.prng import Mulberry32  # noqa: E402
from generator.families.play import counts, new_table, play_options  # noqa: E402

CHOOSER = 0x5BD1E995
LIMIT = 5_000  # moves before a hand of random players is given up as endless


def wilson(k: int, n: int) -> str:
    z = 1.96
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return f"{100 * p:5.1f}% [{100 * (centre - half):5.1f}, {100 * (centre + half):5.1f}]"


def play(options: dict[str, Any], hands: int, bots: set[int]) -> tuple[int, int, int]:
    """(hands seat 0 won, hands finished, moves the bots made) over ``hands`` seeded deals."""
    table = new_table(options)
    won = finished = bot_moves = 0
    for h in range(hands):
        table.new_round(1000 + h)
        chooser = Mulberry32((1000 + h) ^ CHOOSER)
        for _ in range(LIMIT):
            turn = table.turn()
            if turn is None or table.is_over():
                break
            if turn in bots:
                table.play(table.bot_move(turn))  # raises on an illegal move
                bot_moves += 1
            else:
                legal = table.legal_moves()
                table.play(legal[chooser.below(len(legal))])
        if table.is_over():
            finished += 1
            won += table.to_json()["result"]["winner"] == 0
    return won, finished, bot_moves


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", nargs="*", default=None)
    args = parser.parse_args()
    result = check([ROOT / "rules"], root=ROOT)
    bundles = [b for b in result.games if b.rules.spec.family == "shedding"
               and (args.games is None or b.rules.id in args.games)]
    for bundle in bundles:
        for players in [n for n in counts(bundle, None) if n <= 4]:
            options = play_options(bundle, None, players)
            bot = play(options, args.hands, {0})
            base = play(options, args.hands, set())
            print(f"{bundle.rules.id}, {players} players ({args.hands} hands; fair "
                  f"{100 / players:.1f}%): bot {wilson(bot[0], bot[1])} of {bot[1]} finished, "
                  f"{bot[2]} bot moves, all legal; random {wilson(base[0], base[1])}")


if __name__ == "__main__":
    main()
