"""The shape of the trick-taking family's files: the options in game.yaml and the example
scripts (a deal or a position late in a hand, played trick by trick, or a score sheet).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...model.schema import CardsText, ScriptSpec, SeatName, Strict

PassTo = Literal["left", "right", "across", "none"]


# -- game.yaml: options -------------------------------------------------------------------

class PassingSpec(Strict):
    count: int = Field(ge=1, le=13, description="cards each player passes")
    schedule: list[PassTo] = Field(min_length=1, description="where the cards go, hand by hand")


class SlamSpec(Strict):
    takes: Literal["queen-and-hearts", "all-tricks"]
    taker: int
    others: int | None = None  # absent: the others score as usual


class EndSpec(Strict):
    winning: Literal["lowest-wins", "highest-wins", "turin"]
    over: int | None = None  # the game ends after a hand in which a total goes over this
    hands: int | None = Field(default=None, ge=1)


class TricksOptionsSpec(Strict):
    players: int = Field(default=4, ge=2, le=8)
    play: Literal["clockwise", "counter-clockwise"] = "clockwise"
    passing: PassingSpec | None = None
    first_lead: Literal["right-of-dealer", "left-of-dealer", "two-of-clubs"]
    hearts_lead: Literal["any-time", "when-broken"] = "any-time"
    queen_breaks_hearts: bool = False
    first_trick: Literal["anything", "no-points"] = "anything"
    # the scoring table: "cards: value each", e.g. {Q♠: 13, A♥: 5, 2♥ 3♥ 4♥: 1}
    points: dict[str, int]
    total: int | None = None  # what the rules say the table is worth; checked
    special: dict[str, int] = {}  # cards that always count for their taker (J♦: -10)
    per_trick: int = 0
    clean_tricks: int | None = None  # took tricks, none of them with points
    no_tricks: int | None = None  # took no trick at all
    slam: SlamSpec | None = None
    zero_sum: bool = False  # the rules say a hand's scores add up to zero; checked
    end: EndSpec


# -- examples/<name>.yaml ------------------------------------------------------------------

class TrickSpec(Strict):
    lead: SeatName | None = None  # who leads (a claim; required for a position's first trick)
    cards: CardsText  # in order of play, the leader's card first
    winner: SeatName | None = None
    points: int | None = None  # what the trick's cards are worth
    broken: bool | None = None  # hearts are broken once the trick is over


class SheetRowSpec(Strict):
    scores: dict[str, int]  # the hand's scores
    totals: dict[str, int] | None = None  # the running totals after it (a claim)


class TricksResultSpec(Strict):
    # of a hand
    points: dict[str, int] | None = None  # card values taken
    tricks: dict[str, int] | None = None  # tricks taken
    scores: dict[str, int] | None = None  # the hand's scores
    slam: SeatName | None = None  # who took everything
    # of a score sheet
    losers: list[SeatName] | None = None
    winners: list[SeatName] | None = None


class TricksExampleSpec(ScriptSpec):
    seats: list[SeatName] = Field(min_length=2)
    dealer: SeatName | None = None
    variant: str | None = None
    hand: int = Field(default=1, ge=1, description="which hand of the game: sets the passing")
    deal: dict[str, str] | None = None
    pass_to: PassTo | None = None
    passes: dict[str, str] | None = None
    position: dict[str, str] | None = None
    taken: dict[str, str] | None = None
    tricks: list[TrickSpec] = []
    sheet: list[SheetRowSpec] | None = None
    result: TricksResultSpec | None = None
