"""`rulebook simulate GAME`: the game by the numbers for authors, as text or JSON.

Usage errors (an unknown game, variant or player count) are returned as messages with a
"did you mean" hint; the CLI prints them and exits 2."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from ..check.games import check
from ..core.diagnostics import Report
from ..core.hints import did_you_mean
from ..families import family_of
from ..families.duel import Duel, duel
from ..families.play import play_options
from ..model.game import GameBundle
from ..runtime.progress import Progress
from ..simulation.configurations import Configuration, configuration, player_counts
from ..simulation.run import Numbers, run
from ..simulation.stats import Kind


@dataclass(frozen=True)
class Request:
    game: str
    rules: Path
    variant: str | None = None
    players: int | None = None
    rounds: int | None = None
    seed: int = 1


@dataclass(frozen=True)
class UsageError:
    message: str
    hint: str | None = None


def configurations(request: Request, report: Report) -> list[Configuration] | UsageError | None:
    """What to simulate; a usage error; None when the game's rules have errors (in ``report``)."""
    loaded = load(request, report)
    return loaded[1] if isinstance(loaded, tuple) else loaded


def load(request: Request, report: Report
         ) -> tuple[GameBundle, list[Configuration]] | UsageError | None:
    """The game and what to simulate; a usage error; None when the rules have errors."""
    folder = request.rules / request.game
    if not (folder / "game.yaml").is_file():
        known = sorted(p.name for p in request.rules.glob("*") if (p / "game.yaml").is_file())
        return UsageError(f"no game '{request.game}' in {request.rules}",
                          did_you_mean(request.game, known) or "games: " + ", ".join(known))
    checked = check([folder], root=request.rules.parent)
    report.extend(checked.report.items)
    bundle: GameBundle | None = next(iter(checked.games), None)
    if bundle is None or checked.report.errors:
        return None
    variants = sorted(bundle.rules.variants)
    if request.variant is not None and request.variant not in bundle.rules.variants:
        return UsageError(f"game '{request.game}' has no variant '{request.variant}'",
                          did_you_mean(request.variant, variants)
                          or ("variants: " + ", ".join(variants) if variants else "it has no variants"))
    counts = player_counts(bundle, bundle.rules.engine_for(request.variant),
                           family=family_of(bundle))
    if request.players is not None and request.players not in counts:
        allowed = f"{counts[0]}" if len(counts) == 1 else f"{counts[0]} to {counts[-1]}"
        # the variants that are played by that many (Hearts' three-player form is one)
        givers = [name for name in variants if name != request.variant and request.players in
                  player_counts(bundle, bundle.rules.variants[name], family=family_of(bundle))]
        hint = f"use --variant {givers[0]} --players {request.players}" + (
            f" (or --variant {', '.join(givers[1:])})" if len(givers) > 1 else "") \
            if givers and request.variant is None else f"use --players {counts[0]}"
        return UsageError(f"'{request.game}'{_variant(request)} is played by {allowed} players, "
                          f"not {request.players}"
                          + (f"; {_the_variants(givers)} "
                             f"{'is' if len(givers) == 1 else 'are'} played by {request.players}"
                             if givers else ""), hint)
    out = []
    for players in [request.players] if request.players is not None else counts:
        config = configuration(bundle, request.variant, players, family=family_of(bundle))
        if config is not None:
            out.append(config)
    return bundle, out


def _variant(request: Request) -> str:
    return f" ({request.variant})" if request.variant else ""


def simulate(configs: list[Configuration], request: Request,
             progress: Progress | None = None) -> list[Numbers]:
    """Each configuration's figures, one after the other (a bar on stderr, unless quiet)."""
    out: list[Numbers] = []
    with (progress or Progress()).task("simulating", len(configs)) as task:
        for c in configs:
            out.append(run(c.simulation, seed=request.seed, rounds=request.rounds))
            task.advance()
    return out


def as_json(request: Request, configs: list[Configuration], results: list[Numbers]) -> str:
    return json.dumps({"game": request.game, "variant": request.variant, "seed": request.seed,
                       "play": "random",
                       "configurations": [{"players": c.players, **n.to_json()}
                                          for c, n in zip(configs, results)]},
                      indent=1, ensure_ascii=False)


def as_text(request: Request, configs: list[Configuration], results: list[Numbers]) -> str:
    lines = [f"{request.game}{_variant(request)}: random play, seed {request.seed}, "
             "95 % intervals; seats counted from the dealer (0 deals)"]
    for config, numbers in zip(configs, results):
        sim = config.simulation
        unit = sim.unit[1].replace("%(num)s ", "")
        lines.append("")
        lines.append(f"{config.players} players: {numbers.rounds:,} {unit}"
                     + (" (cap reached: some intervals are wider than asked)" if numbers.capped else ""))
        for metric in sim.metrics:
            seats = range(config.players) if metric.per_seat else [None]
            for seat in seats:
                key = metric.key if seat is None else f"{metric.key}.{seat}"
                f = numbers.figures.get(key)
                if f is None:
                    continue
                label = metric.label if seat is None else f"{metric.label}, seat {seat}"
                if f.kind is Kind.SHARE:
                    shown = f"{f.estimate:6.1%}  ({f.low:.1%} to {f.high:.1%})"
                else:
                    shown = (f"{f.estimate:6.{metric.decimals}f}  ({f.low:.{metric.decimals}f} to "
                             f"{f.high:.{metric.decimals}f}; sd {f.sd:.{metric.decimals}f})")
                lines.append(f"  {label:<58} {shown}")
    return "\n".join(lines)


# -- the computer player against random players (--players-as bot) -------------------------

DUEL_GAMES = 2000


@dataclass(frozen=True)
class DuelPair:
    players: int
    bot: Duel
    baseline: Duel  # the same games with a random player in the bot's seat


def duels(request: Request, bundle: GameBundle, configs: list[Configuration],
          progress: Progress | None = None) -> list[DuelPair]:
    """Each configuration's games with the computer player at seat 1 and without it (a bar on
    stderr, unless quiet)."""
    games = request.rounds or DUEL_GAMES
    out = []
    with (progress or Progress()).task("playing the computer player's games",
                                       2 * len(configs)) as task:
        for config in configs:
            options = play_options(bundle, request.variant, config.players)
            bot = duel(options, games=games, seed=request.seed, bot=True)
            task.advance()
            out.append(DuelPair(config.players, bot,
                                duel(options, games=games, seed=request.seed, bot=False)))
            task.advance()
    return out


def duels_json(request: Request, pairs: list[DuelPair]) -> str:
    return json.dumps({"game": request.game, "variant": request.variant, "seed": request.seed,
                       "play": "bot", "configurations": [
                           {"players": p.players, "seat": p.bot.seat, "games": p.bot.games,
                            "bot": {k: f.to_json() for k, f in p.bot.figures.items()},
                            "random": {k: f.to_json() for k, f in p.baseline.figures.items()}}
                           for p in pairs]}, indent=1, ensure_ascii=False)


DUEL_LABELS = {"wins": "Share of games won", "score": "Score per hand",
               "total": "Total at the end of the game"}


def duels_text(request: Request, pairs: list[DuelPair]) -> str:
    lines = [f"{request.game}{_variant(request)}: the computer player at seat 1 against random "
             f"players, and a random player at seat 1 (the baseline); seed {request.seed}, "
             "95 % intervals"]
    for p in pairs:
        lines.append("")
        lines.append(f"{p.players} players: {p.bot.games:,} games each")
        for key, label in DUEL_LABELS.items():
            if key not in p.bot.figures:
                continue
            for who, f in (("bot", p.bot.figures[key]), ("random", p.baseline.figures[key])):
                shown = (f"{f.estimate:6.1%}  ({f.low:.1%} to {f.high:.1%})" if f.kind is Kind.SHARE
                         else f"{f.estimate:6.2f}  ({f.low:.2f} to {f.high:.2f})")
                lines.append(f"  {label + ', ' + who:<44} {shown}")
    return "\n".join(lines)


def _the_variants(names: list[str]) -> str:
    """``the variant 'a'``, ``the variants 'a' and 'b'``, ``the variants 'a', 'b' and 'c'``."""
    quoted = [repr(n) for n in names]
    if len(quoted) == 1:
        return f"the variant {quoted[0]}"
    return f"the variants {', '.join(quoted[:-1])} and {quoted[-1]}"
