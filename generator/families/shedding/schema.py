"""The shape of the shedding family's files: the options in game.yaml and the example scripts
(a deal, the card turned and the stock's order; then the moves and the result).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from ...core.languages import Gender
from ...model.schema import DRAFT, GENDERS, CardsText, ScriptSpec, SeatName, Strict

# -- game.yaml: options -------------------------------------------------------------------


class SpecialSpec(Strict):
    """What one kind of card does when it is played."""

    cards: CardsText = Field(examples=["8", "2", "★", "Q♠"], description=(
        "The cards it applies to: ranks (`8`: every eight), cards (`Q♠`) or a joker (`★`, or "
        "`☆` for the red joker of a deck with two), several separated by spaces."))
    wild: bool = Field(default=False, examples=[True], description=(
        "It goes on any card, and its player names the suit the next player must follow."))
    on_anything: bool = Field(default=False, examples=[True], description=(
        "It goes on any card without naming a suit; anything goes on it in turn when it has "
        "no suit (the joker)."))
    draw: int = Field(default=0, ge=0, examples=[2], description=(
        "The next player draws this many cards (and misses the turn), unless `stacking` lets "
        "them pass the penalty on."))
    skip: bool = Field(default=False, examples=[True], description=(
        "The next player misses a turn (or, with `skip_passed_on`, passes the stop on)."))
    cancels_draw: bool = Field(default=False, examples=[True], description=(
        "It may be played by a player who must draw, whatever the card on the pile: the draw "
        "is cancelled, and the card does what else it does (Macao's 4 stops the next "
        "player)."))
    reverse: bool = Field(default=False, examples=[True], description=(
        "The direction of play turns round (between two players: its player plays again)."))
    again: bool = Field(default=False, examples=[True], description=(
        "Its player plays again at once."))


class AnnouncementSpec(Strict):
    """A call a player must make when one card is left in hand."""

    call: str = Field(min_length=1, examples=["Macao"], description=(
        "What is said, in the source language (the example scripts write `announce: true`)."))
    penalty: int = Field(ge=1, examples=[5], description=(
        "How many cards a player who does not say it draws at once."))


class MatchSpec(Strict):
    """A match of several hands, to a total."""

    target: int = Field(ge=1, examples=[100], description=(
        "The match ends after the hand in which a player's total reaches this: with "
        "`winner-collects` the highest total wins it, with `penalty` the lowest."))


class ShedOptionsSpec(Strict):
    """The options of a shedding game (Crazy Eights, Mau-Mau, Macao): how many cards are
    dealt, what goes on what, what the special cards do, drawing, the call, the score."""

    cards_dealt: int | dict[str, int] = Field(examples=[7, {"2": 7, "3": 5, "4": 5}], description=(
        "How many cards each player is dealt: one number, or one by number of players (a "
        "number of players left out is not dealt for)."))
    direction: Literal["left", "right"] = Field(default="left", description=(
        "Where play goes first: to the left (clockwise, the next seat) or to the right. "
        "The player on that side of the dealer starts."))
    specials: list[SpecialSpec] = Field(default=[], examples=[[
        {"cards": "8", "wild": True}, {"cards": "2", "draw": 2}]], description=(
        "The special cards and what each does; the first entry that names a card wins."))
    turned_special: Literal["bottom", "takes-effect", "no-effect"] = Field(
        default="no-effect", description=(
            "When the card turned to start the pile is special: `bottom` (it goes under the "
            "stock and the next card is turned), `takes-effect` (the first player acts on it: "
            "draws, is skipped, or may play any card on a wild card) or `no-effect` (it is an "
            "ordinary card of its suit and rank)."))
    several: bool = Field(default=False, examples=[True], description=(
        "Several cards of one rank may be played at once; the first must fit, and their "
        "effects add up."))
    wild_on_wild: bool = Field(default=True, examples=[False], description=(
        "A wild card may go on a wild card (Mau-Mau's \"no jack on a jack\" says no)."))
    stacking: Literal["none", "same-rank", "any-draw"] = Field(default="none", description=(
        "A player made to draw may pass the penalty on, adding to it: never (`none`), with a "
        "draw card of the same rank (`same-rank`) or with any draw card (`any-draw`)."))
    skip_passed_on: bool = Field(default=False, examples=[True], description=(
        "A player about to miss a turn may play a skip card instead (any skip card, whatever "
        "the card on the pile): the stop passes to the next player, who misses one turn for "
        "each skip card played in a row, unless they pass it on too. A player who takes the "
        "stop passes (`pass: true`) and the turns still to miss are skipped."))
    unable: Literal["draw-one", "draw-one-and-pass", "draw-until-playable"] = Field(
        default="draw-one", description=(
            "A player who does not play draws: one card and may then play a card that fits "
            "or pass (`draw-one`), one card and the turn ends (`draw-one-and-pass`), or until "
            "a card fits (`draw-until-playable`)."))
    draw_when_able: bool = Field(default=False, examples=[True], description=(
        "A player who could play may draw instead."))
    empty_stock: Literal["turn-over", "shuffle"] = Field(default="turn-over", description=(
        "When the stock runs out, the pile but its top card becomes the stock: turned face "
        "down as it lies (`turn-over`), or shuffled (`shuffle`; a script gives the new order "
        "as `restock`)."))
    announcement: AnnouncementSpec | None = Field(default=None, examples=[
        {"call": "Macao", "penalty": 5}], description=(
        "A call a player makes when a play leaves one card in hand, with its penalty; leave "
        "it out when the game has none."))
    scoring: Literal["none", "winner-collects", "penalty"] = Field(default="none", description=(
        "What a hand scores: nothing but who went out first (`none`), the cards left in the "
        "others' hands for the winner (`winner-collects`), or each player's own cards left, "
        "as penalty points (`penalty`)."))
    points: dict[str, int] = Field(default={}, examples=[{"8": 50, "★": 50}], description=(
        "What a card left in hand counts, by rank (or `★` for a joker, both jokers of a deck "
        "with two unless `☆` prices the red one apart); the rest count their pips, a picture "
        "10, an ace 1 and a joker 50."))
    match: MatchSpec | None = Field(default=None, examples=[{"target": 100}], description=(
        "A match of several hands to a total; leave it out when a game is one hand."))


# -- examples/<name>.yaml ------------------------------------------------------------------


class MoveSpec(Strict):
    """One move: a play, a draw or a pass. Everything but the move itself is a claim the
    replay checks."""

    by: SeatName | None = Field(default=None, examples=["Anna"],
                                description="Who moves; implied by the rules when left out.")
    play: CardsText | None = Field(default=None, examples=["7♠", "2♣ 2♦"], description=(
        "The card (or cards of one rank) put on the pile."))
    suit: str | None = Field(default=None, examples=["♥"], description=(
        "The suit named with a wild card."))
    announce: bool = Field(default=False, examples=[True], description=(
        "The player makes the game's call (one card left after this play)."))
    draw: CardsText | None = Field(default=None, examples=["K♠", "K♠ 3♦"], description=(
        "The player draws; the cards drawn (a claim; `[]` when none is left)."))
    pass_: bool = Field(default=False, alias="pass", examples=[True], description=(
        "The player ends the turn without playing."))
    restock: CardsText | None = Field(default=None, examples=["4♣ 9♥ J♦"], description=(
        "With `empty_stock: shuffle`: the order of the stock made again during this move."))
    penalty: CardsText | None = Field(default=None, examples=["5♦ 6♣"], description=(
        "The cards drawn for a missed call (a claim)."))
    hands: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♣ 7♦"}],
                                         description="What some players hold after the move.")


class ResultSpec(Strict):
    """How the hand ended (claims the replay checks)."""

    winner: SeatName | None = Field(default=None, examples=["Anna"], description=(
        "Who went out (or holds the fewest points when nobody could go on)."))
    points: dict[str, int] | None = Field(default=None, examples=[{"Bruno": 23}], description=(
        "The cards left in each player's hand, by value."))
    scores: dict[str, int] | None = Field(default=None, examples=[{"Anna": 23}], description=(
        "What each player scores for the hand."))


class ShedExampleSpec(ScriptSpec):
    """An example hand of a shedding game, replayed by `rulebook check`: the deal, the card
    turned and the stock, then the moves and the result."""

    seats: list[SeatName] = Field(min_length=2, examples=[["Anna", "Bruno", "Carla"]],
                                  description="The players in clockwise order.")
    genders: dict[SeatName, Gender] = Field(default={}, description=GENDERS, examples=[
        {"Anna": "f", "Bruno": "m", "Carla": "f"}])
    dealer: SeatName = Field(examples=["Carla"], description="Who deals.")
    variant: str | None = Field(default=None, examples=["two-players"], description=(
        "The variant of game.yaml this hand is played by; the game itself when left out."))
    deal: dict[str, str] = Field(examples=[{"Anna": "A♠ 7♥ K♣ 2♦ 9♠"}], description=(
        "Each player's hand as dealt, by seat."))
    turned: str = Field(examples=["7♣"], description="The card turned to start the pile.")
    stock: CardsText = Field(default=[], examples=["K♠ 3♦ 9♣"], description=(
        "The stock under the card turned, from the top, as far as the moves draw it."))
    moves: list[MoveSpec] = Field(default=[], description="The moves, in order.")
    result: ResultSpec | None = Field(default=None, description="How the hand ends (claims).")
    draft: bool = Field(default=False, examples=[True], description=DRAFT)
