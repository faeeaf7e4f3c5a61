"""The move vocabulary of the trick-taking games: the moves (a pass, a bid, a play), why one
is not allowed (a typed ``Fault`` whose value is the finding code of `rulebook check`), and
frozen records of what each move did. Pure data: the engine makes them, the replay, the play
table and the simulation read them."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Sequence

from ...core.cards import Card, Suit, cards_name


@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes ``cards`` face down; everyone's passes change hands at once."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Bid:
    """``seat`` bids to take ``tricks`` tricks in this hand."""

    seat: int
    tricks: int


class Fault(enum.StrEnum):
    """Why a move is not allowed; the values are the finding codes of `rulebook check`."""

    WRONG_PLAYER = "wrong-player"
    NOT_HELD = "card-not-held"
    REVOKE = "revoke"  # did not follow suit while able to
    LEAD = "illegal-lead"  # hearts before they are broken, or not the 2♣ first
    DISCARD = "illegal-discard"  # a heart or the Q♠ on the first trick
    PASS = "bad-pass"
    OVER = "hand-over"
    TRUMP = "must-trump"  # void in the suit led, held a trump and did not play one
    OVER_TRUMP = "must-over-trump"  # played a trump under the trick's, holding a higher one
    BID = "bad-bid"  # a bid out of range, against the dealer's hook, or out of its phase


@dataclass(frozen=True, slots=True)
class Illegal:
    """A move refused, with what the rules expected instead."""

    fault: Fault
    seat: int
    cards: tuple[Card, ...]  # what the move gives or plays
    trick: int  # the trick it belongs to (0 while passing)
    led: Suit | None = None
    legal: tuple[Card, ...] = ()  # what the seat could play (for NOT_HELD: what it holds)
    turn: int | None = None  # whose turn it really is
    detail: str = ""

    def describe(self, names: Sequence[str]) -> str:
        """The message, with seat names: ``trick 3: Bruno must follow ♥ (holds 7♥ K♥); ...``."""
        who, what = names[self.seat], cards_name(self.cards)
        where = f"trick {self.trick}: " if self.trick else ""
        legal = cards_name(self.legal)
        if self.fault is Fault.REVOKE:
            same = cards_name(c for c in self.legal if c.suit is self.led)
            return f"{where}'{who}' must follow {self.led} (holds {same}); the script plays {what}"
        if self.fault is Fault.LEAD:
            return f"{where}'{who}' may not lead {what} {self.detail}; they may lead {legal}"
        if self.fault is Fault.DISCARD:
            return f"{where}'{who}' may not play {what} {self.detail}; they may play {legal}"
        if self.fault is Fault.TRUMP:
            return (f"{where}'{who}' has no {self.led} and must play a trump (holds {legal}); "
                    f"the script plays {what}")
        if self.fault is Fault.OVER_TRUMP:
            return (f"{where}'{who}' must beat {self.detail} with a higher trump (holds "
                    f"{legal}); the script plays {what}")
        if self.fault is Fault.WRONG_PLAYER and self.turn is not None:
            verb = "bids" if self.detail == "bid" else "plays"
            return f"{where}'{names[self.turn]}' {verb} now, not '{who}'"
        if self.fault is Fault.BID:
            return f"{where}'{who}' {self.detail}"
        if self.fault is Fault.NOT_HELD:
            return f"{where}{what} is not in '{who}''s hand ({legal or 'no cards'})"
        if self.fault is Fault.PASS and self.detail.startswith("passes"):
            return f"'{who}' {self.detail}"
        return f"{where}{self.detail}"


class IllegalMove(ValueError):
    """A move the rules do not allow; ``illegal`` says what was expected."""

    def __init__(self, illegal: Illegal, names: Sequence[str] | None = None) -> None:
        self.illegal = illegal
        super().__init__(illegal.describe(names or [f"seat {i}" for i in range(64)]))


@dataclass(frozen=True, slots=True)
class TrickRecord:
    number: int  # counting from 1 within the hand
    leader: int
    plays: tuple[Play, ...]  # in order of play
    winner: int
    points: int  # the table's values (and special cards) of the cards in the trick
    broken: bool  # hearts are broken once this trick is over
    draws: tuple[tuple[int, Card], ...] = ()  # (seat, card) drawn from the stock, in order


@dataclass(frozen=True, slots=True)
class PassRecord:
    move: Pass
    exchanged: bool  # everyone has passed now, and the cards changed hands


@dataclass(frozen=True, slots=True)
class PlayRecord:
    move: Play
    trick: TrickRecord | None  # the trick, once this play completes it


@dataclass(frozen=True, slots=True)
class BidRecord:
    move: Bid
    done: bool  # everyone has bid now, and the first trick is led next
