"""A pairing game's example script at the play table (families/guide.py): the pack that
deals its hands or the position it starts from, and its draws as the table's moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import Json
from ..scripted import Script, round_robin

if TYPE_CHECKING:
    from ..table_play import PlayTable


def example_start(table: PlayTable[Any], script: Script, dealer: int) -> Json:
    """A script from a position: its hands (play.py: start_from). From a deal: the pack
    that deals its hands, one card each from the dealer's left, the odd card set aside last
    (play.py: deal)."""
    held = script.position()
    if held is not None:
        return {"position": {"hands": held}}
    hands = script.hands()
    pack = round_robin(hands, dealer, sum(len(h) for h in hands))
    hidden = script.script.get("hidden_card")
    return {"pack": pack + ([hidden] if hidden else [])}


def example_moves(table: PlayTable[Any], script: Script) -> tuple[list[Json], int, list[int]]:
    """The script's draws, played on the table: a step each."""
    moves: list[Json] = []
    for step in script.script.get("moves") or []:
        move = {"by": script.seat(step["by"]), "from": script.seat(step["from"]), "draw": step["draw"]}
        script.play(move)
        moves.append(move)
    return moves, 0, list(range(1, len(moves) + 1))


def example_result(table: PlayTable[Any], script: Json, result: Json, seats: list[str]
                   ) -> str | None:
    """What the table's result says against the script's loser, or None when they agree."""
    loser = (script.get("result") or {}).get("loser")
    if loser and [seats[s] for s in result.get("losers") or []] != [loser]:
        return f"losers {result.get('losers')}, the script's {loser}"
    return None
