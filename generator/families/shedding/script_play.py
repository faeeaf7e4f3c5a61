"""A shedding game's example script at the play table (families/guide.py): the pack that
deals its hands, turned card and stock, and its moves as the table's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import Json
from ..scripted import GuideError, Script, cards_of, round_robin

if TYPE_CHECKING:
    from ..table_play import PlayTable


def example_start(table: PlayTable[Any], script: Script, dealer: int) -> Json:
    """The pack that deals the script's hands from the dealer's left (engine.py: deal), then
    the turned card, the stock, and the cards the script does not place."""
    hands = script.hands()
    pack = round_robin(hands, dealer, sum(len(h) for h in hands))
    pack += [script.script["turned"]] if script.script.get("turned") else []
    pack += cards_of(script.script.get("stock"))
    return {"pack": pack + script.rest(pack)}


def example_moves(table: PlayTable[Any], script: Script) -> tuple[list[Json], int, list[int]]:
    """The script's moves, a step each: a draw of several cards is the table's draws until
    it has them; a stock made again from the pile cannot be followed (the table shuffles
    it by its seed)."""
    moves: list[Json] = []
    steps: list[int] = []
    for step in script.script.get("moves") or []:
        seat = script.seat(step["by"])
        if step.get("restock"):
            raise GuideError("the stock is made again from the pile, shuffled: the table "
                             "shuffles it by its own seed")
        if step.get("play"):
            move: Json = {"by": seat, "play": " ".join(cards_of(step["play"]))}
            if step.get("suit"):
                move["suit"] = step["suit"]
            if step.get("announce"):
                move["announce"] = True
            script.play(move)
            moves.append(move)
        elif step.get("draw"):
            want, drawn = cards_of(step["draw"]), list[str]()
            while len(drawn) < len(want):  # one draw or several, as the game draws
                moves.append({"by": seat, "draw": True})
                got = script.play(moves[-1]).get("drawn") or []
                if not got:
                    raise GuideError(f"{step['by']} draws nothing where the script draws {want}")
                drawn += got
            if drawn != want:
                raise GuideError(f"{step['by']} draws {drawn} where the script draws {want}")
        elif step.get("pass"):
            moves.append({"by": seat, "pass": True})
            script.play(moves[-1])
        else:
            raise GuideError(f"a move that neither plays, draws nor passes: {step}")
        steps.append(len(moves))
    return moves, 0, steps


def example_result(table: PlayTable[Any], script: Json, result: Json, seats: list[str]
                   ) -> str | None:
    """What the table's winner says against the script's, or None when they agree."""
    claims = script.get("result") or {}
    if "winner" in claims:
        winner = result.get("winner")
        if (None if winner is None else seats[winner]) != claims["winner"]:
            return f"winner {winner}, the script's {claims['winner']}"
    return None
