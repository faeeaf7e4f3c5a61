"""The shape of the trick-taking family's files: the options in game.yaml and the example
scripts (a deal or a position late in a hand, played trick by trick, or a score sheet).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...core.languages import Gender
from ...model.schema import GENDERS, CardsText, ScriptSpec, SeatName, Strict

PassTo = Literal["left", "right", "across", "none"]


# -- game.yaml: options -------------------------------------------------------------------

class PassingSpec(Strict):
    """Cards passed before the first trick."""

    count: int = Field(ge=1, le=13, examples=[3], description="The cards each player passes.")
    schedule: list[PassTo] = Field(min_length=1, examples=[["left", "right", "across", "none"]],
                                   description="Where the cards go, hand by hand; the list "
                                   "starts again after its last hand.")


class SlamSpec(Strict):
    """Taking everything (shooting the moon): scored in place of the cards."""

    takes: Literal["queen-and-hearts", "all-tricks"] = Field(description=(
        "What counts as everything: the Q♠ and every heart in play, or every trick."))
    taker: int = Field(examples=[0], description="What the player who takes everything scores.")
    # absent: the others score as usual
    others: int | None = Field(default=None, examples=[26], description=(
        "What each other player scores; when left out, they score as usual."))


class EndSpec(Strict):
    """When the game ends and who wins."""

    winning: Literal["lowest-wins", "highest-wins", "turin"] = Field(description=(
        "Who wins once the game ends: the lowest total, the highest, or `turin` (whoever goes "
        "over loses with the next player above; the two lowest win)."))
    # the game ends after a hand in which a total goes over this
    over: int | None = Field(default=None, examples=[100], description=(
        "The game ends after a hand in which a total goes over this."))
    hands: int | None = Field(default=None, ge=1, examples=[12], description=(
        "The game ends after this many hands. `over`, `hands` or both must be given."))


class TricksOptionsSpec(Strict):
    """The options of a trick-taking point-avoidance game (Hearts, Peppa): the players, the
    passing, the leads, the scoring table and the end of the game."""

    players: int = Field(default=4, ge=2, le=8, examples=[4], description=(
        "How many play; the cards in play are dealt out evenly among them."))
    play: Literal["clockwise", "counter-clockwise"] = Field(default="clockwise", description=(
        "Which way play goes: clockwise is to the left-hand neighbour, the next seat."))
    passing: PassingSpec | None = Field(default=None, examples=[{
        "count": 3, "schedule": ["left", "right", "across", "none"]}], description=(
        "Cards passed before the first trick; leave it out when nobody passes."))
    first_lead: Literal["right-of-dealer", "left-of-dealer", "two-of-clubs"] = Field(
        description=("Who leads the first trick: a neighbour of the dealer, or the holder of "
                     "the 2♣, who must lead it."))
    hearts_lead: Literal["any-time", "when-broken"] = Field(default="any-time", description=(
        "When a heart may be led: at any time, or once hearts are broken (a heart has been "
        "played) or the leader holds nothing else."))
    queen_breaks_hearts: bool = Field(default=False, description=(
        "Whether playing the Q♠ breaks hearts too."))
    first_trick: Literal["anything", "no-points"] = Field(default="anything", description=(
        "`no-points`: no heart and no Q♠ on the first trick, unless a player holds nothing "
        "else."))
    # the scoring table: "cards: value each", e.g. {Q♠: 13, A♥: 5, 2♥ 3♥ 4♥: 1}
    points: dict[str, int] = Field(examples=[{"Q♠": 13, "A♥ K♥ Q♥ J♥ 10♥": 1}], description=(
        "The scoring table: cards (one or several) and the points each is worth to the player "
        "who takes it."))
    total: int | None = Field(default=None, examples=[26], description=(
        "What the rules say the table adds up to; `rulebook check` adds it up."))
    special: dict[str, int] = Field(default={}, examples=[{"J♦": -10}], description=(
        "Cards that always count for their taker, even when someone takes everything."))
    per_trick: int = Field(default=0, examples=[10], description=(
        "Points for each trick taken, whatever it holds."))
    clean_tricks: int | None = Field(default=None, examples=[-10], description=(
        "What a player scores who took tricks, none of them with points."))
    no_tricks: int | None = Field(default=None, examples=[-20], description=(
        "What a player scores who took no trick at all."))
    slam: SlamSpec | None = Field(default=None, examples=[{
        "takes": "queen-and-hearts", "taker": 0, "others": 26}], description=(
        "Taking everything (shooting the moon); leave it out when it scores nothing special."))
    zero_sum: bool = Field(default=False, description=(
        "Whether the rules say a hand's scores add up to zero; `rulebook check` verifies it."))
    end: EndSpec = Field(examples=[{"over": 100, "winning": "lowest-wins"}],
                         description="When the game ends and who wins.")


# -- examples/<name>.yaml ------------------------------------------------------------------

class TrickSpec(Strict):
    """One trick: the cards played and, as claims, who led, who won and what it is worth."""

    # who leads (a claim; required for a position's first trick)
    lead: SeatName | None = Field(default=None, examples=["Anna"], description=(
        "Who leads (a claim; needed for the first trick after a `position`)."))
    # in order of play, the leader's card first
    cards: CardsText = Field(examples=["2♣ J♣ K♠ 10♣"], description=(
        "The cards in order of play, the leader's first."))
    winner: SeatName | None = Field(default=None, examples=["Bruno"], description=(
        "Who takes the trick (a claim)."))
    points: int | None = Field(default=None, examples=[13], description=(
        "What the trick's cards are worth (a claim)."))
    broken: bool | None = Field(default=None, description=(
        "Whether hearts are broken once the trick is over (a claim)."))


class SheetRowSpec(Strict):
    """One hand of a score sheet."""

    scores: dict[str, int] = Field(examples=[{"Anna": 13, "Bruno": 7, "Carla": 6, "Dario": 0}],
                                   description="The hand's scores, by seat.")
    totals: dict[str, int] | None = Field(default=None, examples=[{"Anna": 13, "Bruno": 7}], description=(
        "The running totals after the hand, by seat (a claim)."))


class TricksResultSpec(Strict):
    """How the hand or the game ended (claims the replay checks)."""

    # of a hand
    points: dict[str, int] | None = Field(default=None, examples=[{"Anna": 13, "Bruno": 0}],
                                          description="Of a hand: the card values each took.")
    tricks: dict[str, int] | None = Field(default=None, examples=[{"Anna": 3, "Bruno": 1}],
                                          description="Of a hand: the tricks each took.")
    scores: dict[str, int] | None = Field(default=None, examples=[{"Anna": 13, "Bruno": 0}],
                                          description="Of a hand: each one's score.")
    slam: SeatName | None = Field(default=None, examples=["Anna"], description=(
        "Of a hand: who took everything."))
    # of a score sheet
    losers: list[SeatName] | None = Field(default=None, description=(
        "Of a score sheet: who lost the game."))
    winners: list[SeatName] | None = Field(default=None, description=(
        "Of a score sheet: who won the game."))


class TricksExampleSpec(ScriptSpec):
    """An example of a trick-taking game, replayed by `rulebook check`: a hand from the `deal`
    (and the passes), a hand from a `position` late in it, or a score `sheet` of a whole
    game."""

    seats: list[SeatName] = Field(min_length=2, examples=[["Anna", "Bruno", "Carla", "Dario"]],
                                  description="The players in clockwise order: each one's "
                                  "left-hand neighbour is the next seat.")
    genders: dict[SeatName, Gender] = Field(default={}, description=GENDERS, examples=[
        {"Anna": "f", "Bruno": "m", "Carla": "f", "Dario": "m"}])
    dealer: SeatName | None = Field(default=None, examples=["Dario"], description=(
        "Who deals (needed with a `deal`: it decides the first lead)."))
    variant: str | None = Field(default=None, examples=["three-players"], description=(
        "The variant of game.yaml this hand is played by; the game itself when left out."))
    hand: int = Field(default=1, ge=1, examples=[2], description=(
        "Which hand of the game this is: it decides where the cards are passed."))
    deal: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♠ 6♠ Q♥ 10♥"}],
                                        description="Every card in play, by seat.")
    pass_to: PassTo | None = Field(default=None, description=(
        "Where this hand's cards are passed (a claim)."))
    passes: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♠ Q♥ 10♥"}],
                                          description=(
        "The cards each player passes, by seat (needed when the hand has a pass)."))
    position: dict[str, str] | None = Field(default=None, examples=[{"Anna": "A♥ 2♣"}],
                                            description=(
        "The hands late in a hand, by seat, all of one size; with `taken`, every card in "
        "play is accounted for."))
    taken: dict[str, str] | None = Field(default=None, examples=[{"Bruno": "A♠ K♠ Q♦ J♦"}],
                                         description=(
        "With a `position`: the cards each player has taken in tricks so far."))
    tricks: list[TrickSpec] = Field(default=[], description="The tricks, in order.")
    sheet: list[SheetRowSpec] | None = Field(default=None, description=(
        "A score sheet: the scores of each hand of a whole game, in place of cards."))
    result: TricksResultSpec | None = Field(default=None, description=(
        "How the hand or the game ends (claims)."))
