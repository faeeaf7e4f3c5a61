"""The computer players' strength in the games that take tricks: prints figures, asserts
nothing. Run with `python bench/bench_bots.py [--hands N] [--corpus]` (default 2,000 hands a
game; `--corpus`: the site's own Whist, Briscola and Oh Hell instead of the fixtures), or
`python bench/bench_bots.py --strong [--hands N] [--games ...]` for the strong level against
the easy one (below).

For each fixture game (tests/fixtures/trick-games: Whist-, Briscola- and Oh-Hell-like) the
same seeded deals are played twice: the bot's side (the bot at seat 0, and its partner at
seat 2 where the game has partners) against players choosing uniformly among the legal
moves, and, as the baseline, random players at every seat. Printed per game and side:
points and tricks per hand with a 95% interval, and the share of hands won (Briscola: over
60 points; Whist: over the book of six; Oh Hell: the bid made, and the hand's top score
alone or shared) with a 95% Wilson interval.

``--strong``: the seven trick games of rules/ (Hearts, Peppa, Chat Noir, Peppa Scivolosa,
Whist, Oh Hell; Briscola for four, and for two), whole matches played by node on the
browser's engine (bench/js/strong_driver.js): the strong player at one seat, the easy
(rule-based) player at the others, the strong seat moving one to the left each match, until
N hands are played. Printed per game: the strong seat's score per hand and the mean of its
opponents' (the seats not on its side), each with a 95% interval, the difference hand by
hand with its interval; the share of matches it wins (among the winners of the game's end
rule) with a Wilson interval beside the fair share; the time of a strong move, median, 95th
percentile and the longest (node, this machine: the wall clock, and node's processor time,
which the other work on a shared machine does not lengthen).
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


# -- the strong level against the easy one (node, the browser's engine) ------------------

STRONG_GAMES = {  # a name for the figures: (game, variant)
    "hearts": ("hearts", None), "peppa": ("peppa", None), "chat-noir": ("chat-noir", None),
    "peppa-scivolosa": ("peppa-scivolosa", None), "whist": ("whist", None),
    "oh-hell": ("oh-hell", None), "briscola-4": ("briscola", "four-players"),
    "briscola-2": ("briscola", None),
}
DRIVER = ROOT / "bench" / "js" / "strong_driver.js"


def strong_options(name: str) -> dict[str, Any]:
    from generator.check.games import check
    from generator.families.play import counts, play_options

    game, variant = STRONG_GAMES[name]
    result = check([ROOT / "rules" / game], root=ROOT)
    bundle = next(iter(result.games))
    players = counts(bundle, variant)
    return play_options(bundle, variant, 4 if 4 in players else players[0])


def interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% interval."""
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def strong_figures(name: str, hands: int, seed: int, budget: int | None) -> str:
    import json
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        raise SystemExit("bench_bots.py --strong needs node (the browser's engine runs in it)")
    options = strong_options(name)
    request = {"options": options, "hands": hands, "seed": seed, "budget": budget}
    done = subprocess.run([node, str(DRIVER)], input=json.dumps(request, ensure_ascii=False),
                          capture_output=True, text=True, encoding="utf-8", check=True)
    out = json.loads(done.stdout)
    n = options["players"]
    half = n // 2
    partners = options["sides"] == "partners"

    def opponents(seat: int) -> list[int]:
        return [s for s in range(n) if (s % half != seat % half if partners else s != seat)]

    mine = [float(h["scores"][h["strong"]]) for h in out["hands"]]
    theirs = [sum(h["scores"][s] for s in opponents(h["strong"])) / len(opponents(h["strong"]))
              for h in out["hands"]]
    diff = [a - b for a, b in zip(mine, theirs)]
    matches = out["matches"]
    won = sum(1 for m in matches if m["strong"] in m["winners"])
    # a seat's fair share: the winners a match has, over the seats (two at the Turin table,
    # a side of two with partners, more where totals tie)
    fair = sum(len(m["winners"]) for m in matches) / (len(matches) * n)
    ms, cpu = sorted(out["ms"]), sorted(out["cpu"])
    (a, da), (b, db), (d, dd) = interval(mine), interval(theirs), interval(diff)
    lines = [f"{name} ({options['game']}, {options['variant'] or 'base game'}, {n} players): "
             f"{len(mine)} hands, {len(matches)} matches",
             f"  score per hand: strong {a:.2f} ± {da:.2f}, its opponents {b:.2f} ± {db:.2f}, "
             f"difference {d:+.2f} ± {dd:.2f} ({options['end']['winning']})",
             f"  matches won: {wilson(won, len(matches))} (fair share {100 * fair:.1f}%)",
             f"  a strong move: median {ms[len(ms) // 2]:.1f} ms, p95 "
             f"{ms[int(len(ms) * 0.95)]:.1f} ms, longest {ms[-1]:.1f} ms ({len(ms)} moves); "
             f"processor time median {cpu[len(cpu) // 2]:.1f} ms, p95 "
             f"{cpu[int(len(cpu) * 0.95)]:.1f} ms, longest {cpu[-1]:.1f} ms"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--games", nargs="*", default=None,
                        choices=sorted(set(GAMES) | set(STRONG_GAMES)))
    parser.add_argument("--corpus", action="store_true",
                        help="the corpus's games of these names (rules/), not the fixtures")
    parser.add_argument("--strong", action="store_true",
                        help="the strong level at one seat against the easy one (node)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None,
                        help="simulated plays a strong move (default: the engine's)")
    args = parser.parse_args()
    if args.strong:
        for name in args.games or list(STRONG_GAMES):
            print(strong_figures(name, args.hands, args.seed, args.budget), flush=True)
        return
    args.games = args.games or list(GAMES)
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
