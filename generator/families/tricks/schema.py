"""The shape of the trick-taking family's files: the options in game.yaml and the example
scripts (a deal or a position late in a hand, played trick by trick, or a score sheet).

Cards stay text here and are parsed by the family, which knows where each token stands.
"""

from __future__ import annotations

from typing import Annotated, Literal, Union

from pydantic import BeforeValidator, Field, WithJsonSchema

from ...core.languages import Gender
from ...model.schema import DRAFT, GENDERS, CardsText, ScriptSpec, SeatName, Strict

PassTo = Literal["left", "right", "across", "none"]
SuitText = Literal["♠", "♥", "♦", "♣"]
# a rank as written in YAML: `3` reads as a number, and means the rank 3
_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
# a rank as YAML reads it: a letter, or a number (`[A, 3, K]` has the number 3), so the JSON
# Schema an editor checks against takes both, as the checker does
RankText = Annotated[Literal["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"],
                     BeforeValidator(lambda v: str(v) if isinstance(v, int) else v),
                     WithJsonSchema({"enum": [*_RANKS, *(int(r) for r in _RANKS if r.isdigit())],
                                     "description": "a rank: A K Q J 10 9 8 7 6 5 4 3 2"})]
# a trick by its position in the hand: `first`, `last` or its number, counting from 1
TrickAt = Union[Literal["first", "last"], Annotated[int, Field(ge=1)]]


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


class TrumpsSpec(Strict):
    """Trumps: a trump takes a trick of any other suit, and the highest trump wins it."""

    source: Literal["none", "suit", "dealer-last", "turned", "by-hand"] = Field(description=(
        "Where the trump suit comes from: `suit` (always the one of `suit`), `dealer-last` "
        "(the dealer's last card is turned up and stays in their hand, as in Whist), "
        "`turned` (the top card of the stock is turned up after the deal, as in Briscola and "
        "Oh Hell; a hand with no card left to turn has no trumps), `by-hand` (a suit or none "
        "hand by hand, in the order of `order`) or `none`."))
    suit: SuitText | None = Field(default=None, examples=["♠"], description=(
        "With `source: suit`: the trump suit."))
    order: list[SuitText | Literal["none"]] | None = Field(
        default=None, min_length=1, examples=[["none", "♠", "♥", "♦", "♣"]], description=(
            "With `source: by-hand`: the trump suit of each hand (`none`: no trumps); the "
            "list starts again after its last hand."))
    must_trump: bool = Field(default=False, description=(
        "Whether a player who cannot follow suit must play a trump when they hold one."))
    over_trump: bool = Field(default=False, description=(
        "Whether a player who must play a trump (following a trump lead, or trumping with "
        "`must_trump`) must beat the highest trump in the trick when they can."))
    turned_drawn_last: bool = Field(default=False, description=(
        "With `source: turned` and a stock drawn from: the turned card goes face up under "
        "the stock and is the last card drawn (Briscola)."))


class DealSpec(Strict):
    """How many cards each player is dealt, when not every card is; the rest is the stock."""

    cards: int | None = Field(default=None, ge=1, examples=[3], description=(
        "The cards each player is dealt; the others stay in a stock."))
    by_hand: list[Annotated[int, Field(ge=1)]] | None = Field(
        default=None, min_length=1, examples=[[1, 2, 3, 4, 5, 4, 3, 2, 1]], description=(
            "The cards each player is dealt, hand by hand (Oh Hell); the list starts again "
            "after its last hand."))
    draw: bool = Field(default=False, description=(
        "Whether, after each trick, each player draws a card from the stock while it lasts, "
        "the trick's winner first, then round the table."))


class BidsSpec(Strict):
    """Bids: before the first trick each player, from the one after the dealer (the dealer's
    left when play goes clockwise) round to the dealer, bids how many tricks they will take
    (0 to the hand's tricks)."""

    hook: bool = Field(default=False, description=(
        "The dealer's hook: the dealer, bidding last, may not make the bids add up to the "
        "tricks of the hand."))


class BidScoreSpec(Strict):
    """What a bid scores, made or missed."""

    made: int = Field(default=10, examples=[10], description="For a bid made.")
    per_trick: int = Field(default=1, examples=[1], description=(
        "And for each trick taken, when the bid is made."))
    per_bid: int = Field(default=0, examples=[10], description=(
        "And for each trick bid, when the bid is made."))
    missed: int = Field(default=0, examples=[0], description="For a bid missed.")
    per_trick_off: int = Field(default=0, examples=[-1], description=(
        "And for each trick over or under the bid, when it is missed."))
    missed_per_bid: int = Field(default=0, examples=[-10], description=(
        "And for each trick bid, when the bid is missed."))
    exact: bool = Field(default=True, description=(
        "Whether a bid is made only with exactly the tricks bid; `false`: with at least as "
        "many."))


class BookSpec(Strict):
    """Points for each trick a side takes over a book (Whist: one a trick over six)."""

    tricks: int = Field(ge=0, examples=[6], description="The book: the tricks that score nothing.")
    per_trick: int = Field(default=1, examples=[1], description="Each trick over the book.")


class SetSpec(Strict):
    """A bonus for whoever takes all of a set together (the first trick, the last trick and
    the Q♣)."""

    tricks: list[TrickAt] = Field(default=[], examples=[["first", "last"]], description=(
        "Tricks by their position: `first`, `last` or a number from 1."))
    cards: CardsText = Field(default=[], examples=["Q♣"], description=(
        "Cards taken in any trick."))
    points: int = Field(examples=[-1], description="What taking all of them together scores.")


class TricksOptionsSpec(Strict):
    """The options of a trick-taking game: the players, the deal, the passing, the leads,
    trumps and what must be followed, sides, bids, the scoring and the end of the game.
    Every option left out keeps the first games' rule: every card dealt, suit followed, no
    trumps, ace high, each for themselves, no bids."""

    players: int = Field(default=4, ge=2, le=8, examples=[4], description=(
        "How many play; the cards in play are dealt out evenly among them."))
    play: Literal["clockwise", "counter-clockwise"] = Field(default="clockwise", description=(
        "Which way play goes: clockwise is to the left-hand neighbour, the next seat."))
    passing: PassingSpec | None = Field(default=None, examples=[{
        "count": 3, "schedule": ["left", "right", "across", "none"]}], description=(
        "Cards passed before the first trick; leave it out when nobody passes."))
    first_lead: Literal["right-of-dealer", "left-of-dealer", "two-of-clubs",
                        "lowest-club"] = Field(
        description=("Who leads the first trick: a neighbour of the dealer, the holder of the "
                     "2♣, who must lead it, or (`lowest-club`) the holder of the lowest club "
                     "in play, who must lead it: the 3♣ when the 2♣ is taken out."))
    hearts_lead: Literal["any-time", "when-broken"] = Field(default="any-time", description=(
        "When a heart may be led: at any time, or once hearts are broken (a heart has been "
        "played) or the leader holds nothing else."))
    queen_breaks_hearts: bool = Field(default=False, description=(
        "Whether playing the Q♠ breaks hearts too."))
    first_trick: Literal["anything", "no-points"] = Field(default="anything", description=(
        "`no-points`: no heart and no Q♠ on the first trick, unless a player holds nothing "
        "else."))
    # the scoring table: "cards: value each", e.g. {Q♠: 13, A♥: 5, 2♥ 3♥ 4♥: 1}
    points: dict[str, int] = Field(default={}, examples=[{"Q♠": 13, "A♥ K♥ Q♥ J♥ 10♥": 1}],
                                   description=(
        "The scoring table: cards (one or several) and the points each is worth to the player "
        "who takes it (none when left out)."))
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
    deal: DealSpec | None = Field(default=None, examples=[{"cards": 3, "draw": True}],
                                  description=(
        "How many cards each player is dealt and whether they draw from the stock; leave it "
        "out to deal every card."))
    trumps: TrumpsSpec | None = Field(default=None, examples=[{
        "source": "turned", "must_trump": True}], description=(
        "Trumps; leave it out for a game without trumps."))
    follow: Literal["suit", "none"] = Field(default="suit", description=(
        "What a player must play to a trick: `suit` (a card of the suit led, when they hold "
        "one) or `none` (any card: Briscola)."))
    ranking: list[RankText] | None = Field(
        default=None, examples=[["A", 3, "K", "Q", "J", 7, 6, 5, 4, 2]], description=(
            "The ranks from the highest to the lowest in a trick, every rank in play once; "
            "leave it out for ace high (A K Q J 10 ... 2)."))
    sides: Literal["each", "partners"] = Field(default="each", description=(
        "`each` for themselves, or `partners`: fixed partners across the table (seat i with "
        "seat i + players/2), who score together as one player would, each partner scoring "
        "the side's score."))
    bids: BidsSpec | None = Field(default=None, examples=[{"hook": True}], description=(
        "Bids before the first trick; leave it out for a game without bids. `bid_score` says "
        "what they score."))
    bid_score: BidScoreSpec | None = Field(default=None, examples=[{"made": 10, "per_trick": 1}],
                                           description=(
        "What a bid scores, made or missed (with `bids`); with partners a side's bid is its "
        "partners' bids together."))
    book: BookSpec | None = Field(default=None, examples=[{"tricks": 6}], description=(
        "Points for each trick over a book (Whist)."))
    trick_points: dict[str, int] = Field(default={}, examples=[{"first": -1, "last": -1}],
                                         description=(
        "Points for whoever takes a trick by its position: `first`, `last` or its number "
        "from 1."))
    ends_with: CardsText = Field(default=[], examples=["K♥"], description=(
        "The hand ends after the trick that takes any of these cards; the cards still held "
        "are not played."))
    sets: list[SetSpec] = Field(default=[], examples=[[{
        "tricks": ["first", "last"], "cards": "Q♣", "points": -1}]], description=(
        "Bonuses for taking all of a set of tricks and cards together."))


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
    draws: dict[str, str] | None = Field(default=None, examples=[{"Bruno": "5♠", "Anna": "3♥"}],
                                         description=(
        "With a stock to draw from: the card each player draws after the trick, in the order "
        "they draw, the trick's winner first (a claim)."))


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
    side_tricks: dict[str, int] | None = Field(default=None, examples=[{"Anna": 7, "Bruno": 6}],
                                               description=(
        "Of a hand with partners: the tricks each side took, by one seat of the side."))
    side_scores: dict[str, int] | None = Field(default=None, examples=[{"Anna": 1, "Bruno": 0}],
                                               description=(
        "Of a hand with partners: each side's score, by one seat of the side."))
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
        "Which hand of the game this is: it decides where the cards are passed, how many are "
        "dealt (`deal.by_hand`) and the trumps (`trumps.order`)."))
    deal: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♠ 6♠ Q♥ 10♥"}],
                                        description=(
        "The hands as dealt, by seat: every card in play, or, in a game with a stock, the "
        "cards dealt (the rest in `stock` and `turned`)."))
    pass_to: PassTo | None = Field(default=None, description=(
        "Where this hand's cards are passed (a claim)."))
    passes: dict[str, str] | None = Field(default=None, examples=[{"Anna": "K♠ Q♥ 10♥"}],
                                          description=(
        "The cards each player passes, by seat (needed when the hand has a pass)."))
    stock: CardsText | None = Field(default=None, examples=["4♠ 7♥ A♦ 2♣"], description=(
        "With a `deal` (or a `position`) of a game with a stock: the cards not dealt, top "
        "first, without the turned card."))
    turned: str | None = Field(default=None, examples=["7♦"], description=(
        "In a game whose trumps come from a turned card: the card turned up (the dealer's "
        "last card, or the top of the stock)."))
    bids: dict[str, int] | None = Field(default=None, examples=[{"Bruno": 1, "Carla": 0}],
                                        description=(
        "In a game with bids: each player's bid, in the order they bid (from the player "
        "after the dealer)."))
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
    draft: bool = Field(default=False, examples=[True], description=DRAFT)
