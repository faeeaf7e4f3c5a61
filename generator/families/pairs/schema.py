"""The shape of the pairing family's files: the options in game.yaml and the example scripts
(a deal, a position after the first pairs, or counts alone; then the moves).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from ...model.schema import CardsText, ScriptSpec, SeatName, Strict

# -- game.yaml: options -------------------------------------------------------------------

class MatchSpec(Strict):
    kind: Literal["first-to-losses", "agreed-hands"]
    losses: int | None = Field(default=None, ge=1)
    hands: int | None = Field(default=None, ge=1)


class PairsOptionsSpec(Strict):
    pairing: Literal["rank", "rank-and-colour"]
    pairs: list[list[str]] = []
    odd_card: str  # a card, "hidden" (removed face down at random) or "none" (the leftover)
    lay_down_alone: CardsText = []
    draw_from: Literal["left", "right"]
    turn_passes: Literal["left", "right"] = "left"
    first_turn: Literal["dealer-offers", "left-of-dealer-draws", "left-of-dealer-offers"] = \
        "dealer-offers"
    odd_card_holder: Literal["loses", "wins"] = "loses"
    winners: Literal["all-others", "first-out"] = "all-others"
    match: MatchSpec | None = None


# -- examples/<name>.yaml ------------------------------------------------------------------

class MoveSpec(Strict):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    by: SeatName | None = None
    from_: SeatName | None = Field(default=None, alias="from")
    draw: str
    pair: CardsText | None = None
    hands: dict[str, str] | None = None
    out: list[SeatName] | None = None


class ResultSpec(Strict):
    loser: SeatName | None = None
    winners: list[SeatName] | None = None


class PairsExampleSpec(ScriptSpec):
    seats: list[SeatName] = Field(min_length=2)
    dealer: SeatName
    variant: str | None = None
    deal: dict[str, str] | None = None
    hidden_card: str | None = None
    first_pairs: dict[str, str] | None = None
    position: dict[str, str] | None = None
    deal_counts: dict[str, int] | None = None
    kept_counts: dict[str, int] | None = None
    first: SeatName | None = None
    moves: list[MoveSpec] = []
    result: ResultSpec | None = None
