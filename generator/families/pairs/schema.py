"""The shape of the pairing family's files: the options in game.yaml and the example scripts
(a deal, a position after the first pairs, or counts alone; then the moves).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import ConfigDict, Field

from ...core.languages import Gender
from ...model.schema import DRAFT, GENDERS, CardsText, ScriptSpec, SeatName, Strict

# -- game.yaml: options -------------------------------------------------------------------

class MatchSpec(Strict):
    """A match of several rounds."""

    kind: Literal["first-to-losses", "agreed-hands"] = Field(description=(
        "`first-to-losses`: the first to lose `losses` rounds loses the match; `agreed-hands`: "
        "a penalty point for each round lost, and after the hands agreed the most points lose."))
    losses: int | None = Field(default=None, ge=1, examples=[3], description=(
        "How many lost rounds lose the match (needed by `first-to-losses`)."))
    hands: int | None = Field(default=None, ge=1, examples=[5], description=(
        "How many hands an `agreed-hands` match has; leave it out when the table agrees."))


class PairsOptionsSpec(Strict):
    """The options of a drawing-and-pairing game (Black Peter, Old Maid): the pairing rule,
    the odd card, who draws from whom."""

    pairing: Literal["rank", "rank-and-colour"] = Field(description=(
        "Which two cards make a pair: two of the same rank, or of the same rank and colour."))
    pairs: list[list[str]] = Field(default=[], examples=[[["J♥", "J♦"]]], description=(
        "Pairs named outright, two cards each, whatever `pairing` says."))
    # a card, "hidden" (removed face down at random) or "none" (the leftover)
    odd_card: str = Field(examples=["J♣", "★", "hidden", "none"], description=(
        "The card that pairs with nothing: a card; `hidden` (a card is taken out face down "
        "at random, and its partner is the odd card); or `none` (no card is named: the last "
        "card of the group with an odd count is left over)."))
    lay_down_alone: CardsText = Field(default=[], examples=["A♠ A♥ A♦"], description=(
        "Cards laid down on their own as soon as they are held, without a partner."))
    draw_from: Literal["left", "right"] = Field(description=(
        "Whom a player draws from: the left-hand neighbour (the next seat) or the right-hand "
        "one (the previous seat)."))
    turn_passes: Literal["left", "right"] = Field(default="left", description=(
        "Where the turn goes next: to the left (clockwise, the next seat) or to the right."))
    first_turn: Literal["dealer-offers", "left-of-dealer-draws", "left-of-dealer-offers"] = \
        Field(default="dealer-offers", description=(
            "Who starts: `dealer-offers` (the first draw is from the dealer), "
            "`left-of-dealer-draws` (the player on the dealer's left draws first), or "
            "`left-of-dealer-offers` (the first draw is from the player on the dealer's left)."))
    odd_card_holder: Literal["loses", "wins"] = Field(default="loses", description=(
        "What holding the odd card at the end means."))
    winners: Literal["all-others", "first-out"] = Field(default="all-others", description=(
        "Who wins: everyone but the loser, or the first player out of cards (jointly when "
        "several go out at once)."))
    match: MatchSpec | None = Field(default=None, examples=[{"kind": "first-to-losses",
                                                             "losses": 3}], description=(
        "A match of several rounds; leave it out when a game is one round."))


# -- examples/<name>.yaml ------------------------------------------------------------------

class MoveSpec(Strict):
    """One turn: a player draws a card from another, and lays down a pair if it makes one.
    Everything but `draw` is a claim the replay checks."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, populate_by_name=True)
    by: SeatName | None = Field(default=None, examples=["Anna"],
                                description="Who draws; implied by the rules when left out.")
    from_: SeatName | None = Field(default=None, alias="from", examples=["Bruno"],
                                   description="Whom the card is drawn from; implied when left out.")
    draw: str = Field(examples=["7♠"], description="The card drawn.")
    pair: CardsText | None = Field(default=None, examples=["7♠ 7♥"], description=(
        "The pair laid down with the card drawn."))
    hands: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♣ ★"}], description=(
        "What some players hold after the move, by seat."))
    out: list[SeatName] | None = Field(default=None, examples=[["Carla"]], description=(
        "The players who run out of cards with this move."))


class ResultSpec(Strict):
    """How the round ended (claims the replay checks)."""

    loser: SeatName | None = Field(default=None, examples=["Anna"], description="Who lost.")
    winners: list[SeatName] | None = Field(default=None, examples=[["Bruno", "Carla"]],
                                           description="Who won.")


class PairsExampleSpec(ScriptSpec):
    """An example round of a pairing game, replayed by `rulebook check`: it starts from
    exactly one of `deal`, `position` or `deal_counts`, then the moves and the result."""

    seats: list[SeatName] = Field(min_length=2, examples=[["Anna", "Bruno", "Carla"]],
                                  description="The players in clockwise order: each one's "
                                  "left-hand neighbour is the next seat.")
    genders: dict[SeatName, Gender] = Field(default={}, description=GENDERS, examples=[
        {"Anna": "f", "Bruno": "m", "Carla": "f"}])
    dealer: SeatName = Field(examples=["Carla"], description="Who deals.")
    variant: str | None = Field(default=None, examples=["three-players"], description=(
        "The variant of game.yaml this round is played by; the game itself when left out."))
    deal: dict[str, str] | None = Field(default=None, examples=[{"Anna": "A♠ 7♥ K♣"}],
                                        description=(
        "Every card of the deck, by seat, as dealt one at a time from the dealer's left."))
    hidden_card: str | None = Field(default=None, examples=["J♣"], description=(
        "With `odd_card: hidden` and a `deal`: the card taken out face down."))
    first_pairs: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♣ 7♥"}],
                                               description=(
        "With a `deal`: what each player keeps after laying down their first pairs."))
    position: dict[str, str] | None = Field(default=None, examples=[{"Anna": "7♥ K♣"}],
                                            description=(
        "The hands after the first pairs, by seat: a round picked up later."))
    deal_counts: dict[str, int] | None = Field(default=None, examples=[{"Anna": 11}],
                                               description=(
        "How many cards each is dealt, without the cards (no moves then)."))
    kept_counts: dict[str, int] | None = Field(default=None, examples=[{"Anna": 5}],
                                               description=(
        "With `deal_counts`: how many cards each keeps after the first pairs."))
    first: SeatName | None = Field(default=None, examples=["Anna"], description=(
        "Who draws first (a claim)."))
    moves: list[MoveSpec] = Field(default=[], description="The turns, in order.")
    result: ResultSpec | None = Field(default=None, description=(
        "How the round ends (claims)."))
    draft: bool = Field(default=False, examples=[True], description=DRAFT)
