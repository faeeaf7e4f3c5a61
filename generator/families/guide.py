"""An example round as the play tables play it: the deal as a pack the table deals in order,
and the script's moves in the engine's notation, step by step (the play page's guide: the
reader plays the first seat of the game page's first example, the others follow the script).

The example scripts and the play tables speak of the same round in two ways: a script names
its seats and says who held what; a table is dealt a pack and takes moves by seat number.
Each family's table turns one into the other (``example_start``: the pack that deals the
script's hands, or the position the script starts from; and ``example_moves``, in its
script_play.py), and ``scripted_round`` proves the result
by playing it on the Python table (the twin of engine.js): every move accepted, the round
over at the last one, the result the script's. A script the table cannot play as written
(a round cut short, a stock shuffled again) raises ``GuideError`` saying why, and the
example is not the guide's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..model.game import GameBundle
from .moves import Json, PlayError
from .play import new_table
from .scripted import GuideError, Script

Options = Callable[[GameBundle, "str | None", int], Json]
__all__ = ["GuideError", "ScriptedRound", "scripted_round"]


@dataclass(frozen=True)
class ScriptedRound:
    """An example round for the play table: ``deal`` for ``newRound(options, seed, deal)``,
    then ``moves`` in order. ``start`` moves come before the first step (the passes, the
    bids: the narration's "start"); step ``i`` ends after ``steps[i]`` moves in all."""

    example: str
    variant: str | None
    players: int
    deal: Json  # {"pack": [card, ...] or "position": {...}, "dealer": seat, "round": n}
    moves: list[Json]
    start: int
    steps: list[int]
    result: Json  # the table's result at the end (the state's "result")


def scripted_round(bundle: GameBundle, name: str, options: Options) -> ScriptedRound:
    """The example ``name`` of ``bundle`` as a deal and moves of the play table, proven by
    playing them on the Python table; ``GuideError`` when the table cannot play it."""
    if name not in bundle.examples:
        raise GuideError(f"{bundle.rules.id} has no example {name!r}")
    script: Json = bundle.examples[name].spec.model_dump(by_alias=True, exclude_none=True)
    seats = list(script["seats"])
    try:
        opts = options(bundle, script.get("variant"), len(seats))
    except ValueError as err:
        raise GuideError(str(err)) from None
    table = new_table(opts)
    r = Script(script, seats, opts, table)
    dealer = r.seat(script["dealer"]) if script.get("dealer") else 0
    deal: Json = {**table.example_start(r, dealer), "dealer": dealer,
                  "round": int(script.get("hand", 1))}
    try:
        state = table.new_round(0, deal)
    except PlayError as err:
        raise GuideError(f"the table cannot deal it: {err}") from None
    held = r.position()
    hands, want = (state["dealt"], r.hands()) if held is None else (state["hands"], held)
    if [sorted(h) for h in hands] != [sorted(h) for h in want]:
        raise GuideError("the table deals other hands than the script's")
    moves, start, steps = table.example_moves(r)
    end = table.to_json()
    if not end["over"]:
        raise GuideError("the round is not over at the script's last move")
    wrong = table.example_result(script, end["result"], seats)
    if wrong:
        raise GuideError(f"the table's result is not the script's: {wrong}")
    return ScriptedRound(example=name, variant=script.get("variant"), players=len(seats),
                         deal=deal, moves=moves, start=start, steps=steps, result=end["result"])

