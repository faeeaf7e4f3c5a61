"""A trick game's example script at the play table (families/guide.py): the pack that deals
its hands (and stock) or the position it starts from, and its passes, bids and tricks as the
table's moves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..moves import Json
from ..scripted import GuideError, Script, cards_of

if TYPE_CHECKING:
    from ..table_play import PlayTable


def example_start(table: PlayTable[Any], script: Script, dealer: int) -> Json:
    """A script from a position: its hands, what each seat has taken, the leader of its first
    trick, the stock, the turned card and the bids (play.py: start_from). From a deal:
    ``example_pack``."""
    held = script.position()
    if held is None:
        return {"pack": example_pack(script, dealer)}
    s = script.script
    tricks = s.get("tricks") or []
    if not tricks or not tricks[0].get("lead"):
        raise GuideError("the position's first trick does not say who leads")
    taken = s.get("taken") or {}
    bids = s.get("bids")
    position: Json = {"hands": held, "taken": [cards_of(taken.get(name)) for name in script.seats],
                      "leader": script.seat(tricks[0]["lead"])}
    if s.get("stock"):
        position["stock"] = cards_of(s["stock"])
    if s.get("turned"):
        position["turned"] = s["turned"]
    if bids is not None:
        position["bids"] = [bids.get(name) for name in script.seats]
    return {"position": position}


def example_pack(script: Script, dealer: int) -> list[str]:
    """The pack that deals the script's hands: seat i takes its cards i, i + n, ... (deal.py:
    deal_pack), the dealer's turned card last in its hand; then the turned card and the
    stock, then the cards the script does not place."""
    hands = script.hands()
    trumps = script.options.get("trumps") or {}
    turned = script.script.get("turned")
    if turned and trumps.get("source") == "dealer-last":  # the dealer's last card is turned
        mine = hands[dealer]
        if turned not in mine:
            raise GuideError(f"the turned card {turned} is not in the dealer's hand")
        hands[dealer] = [c for c in mine if c != turned] + [turned]
    size = len(hands[0])
    if any(len(h) != size for h in hands):
        raise GuideError("the hands are not of one size")
    pack = [hands[j % len(hands)][j // len(hands)] for j in range(size * len(hands))]
    if turned and trumps.get("source") == "turned":
        pack.append(turned)
    pack += cards_of(script.script.get("stock"))
    return pack + script.rest(pack)


def example_moves(table: PlayTable[Any], script: Script) -> tuple[list[Json], int, list[int]]:
    """The passes and the bids (before the first step), then the tricks: a step each."""
    order = {c: i for i, c in enumerate(script.options["cards"])}
    moves: list[Json] = []
    passes = script.script.get("passes") or {}
    for by, name in enumerate(script.seats):
        if name in passes:
            moves.append({"by": by, "pass": sorted(cards_of(passes[name]), key=order.__getitem__)})
            script.play(moves[-1])
    bids = script.script.get("bids") or {}
    while table.to_json().get("bidding"):
        seat = table.turn()
        assert seat is not None
        if script.seats[seat] not in bids:
            raise GuideError(f"{script.seats[seat]} bids in the hand, and the script has no bid")
        moves.append({"by": seat, "bid": bids[script.seats[seat]]})
        script.play(moves[-1])
    start, steps = len(moves), []
    for trick in script.script.get("tricks") or []:
        for card in cards_of(trick["cards"]):
            moves.append({"by": table.turn(), "play": card})
            script.play(moves[-1])
        steps.append(len(moves))
    return moves, start, steps


def example_result(table: PlayTable[Any], script: Json, result: Json, seats: list[str]
                   ) -> str | None:
    """What the table's scores say against the script's, or None when they agree."""
    claims = (script.get("result") or {}).get("scores")
    if claims:
        want = [claims.get(name) for name in seats]
        got = list(result.get("scores") or [])
        if any(w is not None and w != g for w, g in zip(want, got)):
            return f"scores {got}, the script's {want}"
    return None
