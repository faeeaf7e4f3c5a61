"""Replay a score sheet of a trick-taking game: each hand's scores, the running totals, and
the end of the game (who crosses the threshold, the number of hands, who wins and loses)."""

from __future__ import annotations

from typing import Sequence

from ...model.source import Key
from ..shared import quoted
from .record import Replay, SheetRow
from .scoring import EndRule, GameVerdict, Winning, verdict
from .start import Context

_RULES = {
    Winning.LOWEST: "the lowest total wins",
    Winning.HIGHEST: "the highest total wins",
    Winning.TURIN: ("whoever goes over loses together with the player next above in score; "
                    "the two lowest totals win"),
}


def end_text(end: EndRule) -> str:
    when = " or ".join(([f"a total goes over {end.over}"] if end.over is not None else [])
                       + ([f"{end.hands} hands are played"] if end.hands is not None else []))
    return f"the game ends when {when}; {_RULES[end.winning]}"


def _why_over(end: EndRule, v: GameVerdict, names: Sequence[str]) -> str:
    if v.crossed:
        return ", ".join(f"'{names[s]}' has {v.totals[s]}" for s in sorted(v.crossed)) \
            + f", over {end.over}"
    return f"{v.hands} hands have been played"


def _why_not_over(end: EndRule, v: GameVerdict, names: Sequence[str]) -> str:
    parts = []
    if end.over is not None:
        top = max(range(len(v.totals)), key=lambda s: v.totals[s])
        parts.append(f"nobody is over {end.over} (the highest is '{names[top]}' with "
                     f"{v.totals[top]})")
    if end.hands is not None:
        parts.append(f"{v.hands} of {end.hands} hands have been played")
    return " and ".join(parts)


def replay_sheet(ctx: Context, replay: Replay) -> None:
    game, seats, src, spec, report = ctx.game, ctx.seats, ctx.src, ctx.spec, ctx.report
    names = seats.names
    end = game.options.end
    for field, value in (("deal", spec.deal), ("passes", spec.passes), ("position", spec.position),
                         ("taken", spec.taken), ("pass_to", spec.pass_to)):
        if value is not None:
            report.error(src.key_mark((field,)), "bad-value",
                         f"'{field}' belongs to a deal or a position, not to a score sheet")
    if spec.tricks:
        report.error(src.key_mark(("tricks",)), "bad-value",
                     "a score sheet has hands, not tricks: remove 'tricks'")
    sums = game.hand_sums()
    totals = [0] * len(names)
    standing: GameVerdict | None = None
    stopped = False
    for i, row in enumerate(spec.sheet or []):
        key: Key = ("sheet", i)
        if standing is not None and standing.over:
            report.error(src.mark(key), "game-over",
                         f"hand {i + 1}: the game is already over after hand {i}: "
                         f"{_why_over(end, standing, names)}", hint=end_text(end))
            stopped = True
            break
        written = seats.mapping(key + ("scores",))
        if written is None:
            stopped = True
            break
        scores = [row.scores[written[s]] for s in range(len(names))]
        total = sum(scores)
        if sums is not None and total not in sums:
            expected = " or ".join(str(s) for s in sorted(sums))
            code = "not-zero-sum" if game.scoring.zero_sum else "wrong-points"
            report.error(src.mark(key + ("scores",)), code,
                         f"hand {i + 1}: the scores add up to {total}; every hand of this game "
                         f"adds up to {expected}",
                         hint=game.explain_sums())
        totals = [t + s for t, s in zip(totals, scores)]
        standing = verdict(end, totals, i + 1)
        if row.totals is not None:
            claimed = seats.mapping(key + ("totals",), every_seat=False) or {}
            for seat, name in claimed.items():
                if row.totals[name] != totals[seat]:
                    report.error(src.mark(key + ("totals", name)), "wrong-points",
                                 f"after hand {i + 1} '{name}' has {totals[seat]} in all; the "
                                 f"sheet says {row.totals[name]}")
        replay.sheet.append(SheetRow(i + 1, {n: scores[s] for s, n in enumerate(names)},
                                     {n: totals[s] for s, n in enumerate(names)}))
    replay.verdict = standing
    replay.complete = not stopped and standing is not None and standing.over
    if standing is not None and standing.over:
        replay.losers = tuple(names[s] for s in sorted(standing.losers))
        replay.winners = tuple(names[s] for s in sorted(standing.winners))
    _check_verdict(ctx, replay, end, standing, stopped)


def _check_verdict(ctx: Context, replay: Replay, end: EndRule, standing: GameVerdict | None,
                   stopped: bool) -> None:
    seats, src, report = ctx.seats, ctx.src, ctx.report
    names, result = seats.names, ctx.spec.result
    if result is None:
        return
    for field, value in (("points", result.points), ("tricks", result.tricks),
                         ("scores", result.scores), ("slam", result.slam)):
        if value is not None:
            report.error(src.key_mark(("result", field)), "bad-value",
                         f"'{field}' is a claim about one hand: it belongs to a deal or a position")
    if result.losers is None and result.winners is None or stopped:
        return
    if standing is None or not standing.over:
        why = _why_not_over(end, standing, names) if standing else "no hand has been played"
        report.error(src.key_mark(("result",)), "wrong-result",
                     f"the game is not over after hand {standing.hands if standing else 0}: {why}",
                     hint=end_text(end))
        return
    for what, claimed, actual in (("losers", result.losers, replay.losers),
                                  ("winners", result.winners, replay.winners)):
        if claimed is None:
            continue
        if any(seats.index(n, ("result", what, i)) is None for i, n in enumerate(claimed)):
            continue
        if set(claimed) != set(actual):
            report.error(src.mark(("result", what)), "wrong-result",
                         f"the {what} are {quoted(actual) or 'nobody'}; the script says "
                         f"{quoted(claimed) or 'nobody'}",
                         hint=f"{_totals(standing, names)}; {end_text(end)}")


def _totals(v: GameVerdict, names: Sequence[str]) -> str:
    return "totals: " + ", ".join(f"{names[s]} {v.totals[s]}" for s in range(len(names)))
