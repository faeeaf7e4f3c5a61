"""A trick-taking game's options as the JSON the play table reads, and back: the one thing
the browser's engine (templates/static/play/families/tricks.js) and the Python table
(``play``) know of a game. ``game_from_options(play_options(game))`` has the game's cards
and options exactly (tests/test_play_tricks.py holds it over every game).

Every key is always written, with the defaults of the first games where a game does not
use an option, so that both engines read one shape; the keys of the first games keep their
meaning and values.
"""

from __future__ import annotations

from ...core.cards import Card, Deck, Rank, Suit, card_name, parse_card
from ..moves import Json
from .engine import TricksGame
from .options import (
    Bidding,
    Dealing,
    FirstLead,
    FirstTrick,
    Follow,
    HeartsLead,
    Passing,
    PassTo,
    Rotation,
    Sides,
    TricksOptions,
    TrumpFrom,
    Trumps,
)
from .scoring import (
    BidScore,
    Book,
    EndRule,
    Scoring,
    SetBonus,
    Slam,
    SlamTakes,
    TrickBonus,
    Winning,
)


def play_options(game: TricksGame, *, game_id: str, variant: str | None) -> Json:
    """What the play table needs to deal and play ``game``, as JSON."""
    o, s = game.options, game.scoring
    t, d, b = o.trumps, o.dealing, s.bid
    return {
        "family": "tricks", "game": game_id, "variant": variant, "players": o.players,
        "cards": [card_name(c) for c in game.cards],
        "play": o.rotation.value,
        "passing": {"count": o.passing.count, "schedule": [d.value for d in o.passing.schedule]},
        "first_lead": o.first_lead.value, "hearts_lead": o.hearts_lead.value,
        "queen_breaks_hearts": o.queen_breaks_hearts, "first_trick": o.first_trick.value,
        "points": [[card_name(c), v] for c, v in s.table],
        "special": [[card_name(c), v] for c, v in s.special],
        "per_trick": s.per_trick, "clean_tricks": s.clean_tricks, "no_tricks": s.no_tricks,
        "slam": None if s.slam is None else {"takes": s.slam.takes.value, "taker": s.slam.taker,
                                             "others": s.slam.others},
        "end": {"winning": o.end.winning.value, "over": o.end.over, "hands": o.end.hands},
        # the options of the games that take tricks (issue 34)
        "trumps": {"source": t.source.value, "suit": None if t.suit is None else t.suit.value,
                   "order": [None if x is None else x.value for x in t.order],
                   "must_trump": t.must_trump, "over_trump": t.over_trump,
                   "turned_drawn_last": t.turned_drawn_last},
        "follow": o.follow.value,
        "ranking": [r.value for r in o.ranking],
        "sides": o.sides.value,
        "deal": {"size": d.size, "by_hand": list(d.by_hand), "draw": d.draw},
        "bids": None if o.bidding is None else {"hook": o.bidding.hook},
        "bid_score": None if b is None else {
            "made": b.made, "per_trick": b.per_trick, "per_bid": b.per_bid, "missed": b.missed,
            "per_trick_off": b.per_trick_off, "missed_per_bid": b.missed_per_bid,
            "exact": b.exact},
        "book": None if s.book is None else {"tricks": s.book.tricks,
                                             "per_trick": s.book.per_trick},
        "trick_points": [[x.trick, x.value] for x in s.trick_bonus],  # trick -1: the last
        "sets": [{"tricks": list(x.tricks), "cards": [card_name(c) for c in x.cards],
                  "value": x.value} for x in s.sets],
        "ends_with": [card_name(c) for c in o.ends_with],
        "total": s.total, "zero_sum": s.zero_sum,
    }


def _cards(names: list[str]) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in names)


def _scoring(data: Json) -> Scoring:
    slam, book, bid = data["slam"], data["book"], data["bid_score"]
    return Scoring(
        tuple((parse_card(c), v) for c, v in data["points"]),
        tuple((parse_card(c), v) for c, v in data["special"]),
        total=data["total"], per_trick=data["per_trick"], clean_tricks=data["clean_tricks"],
        no_tricks=data["no_tricks"], zero_sum=data["zero_sum"],
        slam=None if slam is None else Slam(SlamTakes(slam["takes"]), slam["taker"],
                                            slam["others"]),
        trick_bonus=tuple(TrickBonus(t, v) for t, v in data["trick_points"]),
        sets=tuple(SetBonus(tuple(x["tricks"]), _cards(x["cards"]), x["value"])
                   for x in data["sets"]),
        book=None if book is None else Book(book["tricks"], book["per_trick"]),
        bid=None if bid is None else BidScore(
            bid["made"], bid["per_trick"], bid["per_bid"], bid["missed"], bid["per_trick_off"],
            bid["missed_per_bid"], bid["exact"]))


def game_from_options(data: Json) -> TricksGame:
    """The engine's game from ``play_options`` JSON (the table trusts nothing else)."""
    end, t, d = data["end"], data["trumps"], data["deal"]
    options = TricksOptions(
        scoring=_scoring(data),
        end=EndRule(Winning(end["winning"]), over=end["over"], hands=end["hands"]),
        players=data["players"], rotation=Rotation(data["play"]),
        passing=Passing(data["passing"]["count"],
                        tuple(PassTo(d) for d in data["passing"]["schedule"])),
        first_lead=FirstLead(data["first_lead"]), hearts_lead=HeartsLead(data["hearts_lead"]),
        queen_breaks_hearts=data["queen_breaks_hearts"], first_trick=FirstTrick(data["first_trick"]),
        trumps=Trumps(TrumpFrom(t["source"]), None if t["suit"] is None else Suit(t["suit"]),
                      tuple(None if x is None else Suit(x) for x in t["order"]),
                      must_trump=t["must_trump"], over_trump=t["over_trump"],
                      turned_drawn_last=t["turned_drawn_last"]),
        follow=Follow(data["follow"]), ranking=tuple(Rank(r) for r in data["ranking"]),
        sides=Sides(data["sides"]),
        dealing=Dealing(d["size"], tuple(d["by_hand"]), d["draw"]),
        bidding=None if data["bids"] is None else Bidding(data["bids"]["hook"]),
        ends_with=_cards(data["ends_with"]))
    return TricksGame(Deck("play", _cards(data["cards"])), (), options)
