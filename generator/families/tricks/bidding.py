"""Bids: before the first trick each player, in turn from the dealer's left, bids the
tricks they will take, 0 to the hand's size; with the dealer's *hook* the dealer, bidding
last, may not make the bids add up to the tricks of the hand, so that someone must miss."""

from __future__ import annotations

from typing import Sequence

from .moves import Bid, Fault, Illegal


def why_bid_illegal(bid: Bid, *, turn: int | None, bids: Sequence[int | None], tricks: int,
                    hook: bool) -> Illegal | None:
    """None when ``bid`` is allowed now; ``turn`` is the seat to bid (None: nobody bids)."""
    if turn is None:
        return Illegal(Fault.BID, bid.seat, (), 0, detail=f"bids {bid.tricks}, but nobody bids "
                       "now: the bids come before the first trick")
    if bid.seat != turn:
        return Illegal(Fault.WRONG_PLAYER, bid.seat, (), 0, turn=turn, detail="bid")
    if not 0 <= bid.tricks <= tricks:
        return Illegal(Fault.BID, bid.seat, (), 0, detail=f"bids {bid.tricks}; in a hand of "
                       f"{tricks} trick(s) a bid is 0 to {tricks}")
    others = [b for s, b in enumerate(bids) if s != bid.seat]
    if hook and all(b is not None for b in others):
        total = sum(b for b in others if b is not None)
        if total + bid.tricks == tricks:
            return Illegal(Fault.BID, bid.seat, (), 0, detail=(
                f"may not bid {bid.tricks}: the bids would add up to the {tricks} trick(s) of "
                f"the hand (the others bid {total}), and the dealer bidding last may not"))
    return None


def legal_bids(*, turn: int | None, bids: Sequence[int | None], tricks: int, hook: bool
               ) -> list[Bid]:
    if turn is None:
        return []
    return [Bid(turn, t) for t in range(tricks + 1)
            if why_bid_illegal(Bid(turn, t), turn=turn, bids=bids, tricks=tricks, hook=hook) is None]
