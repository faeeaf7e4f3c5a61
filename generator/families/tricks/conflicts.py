"""Options of a trick-taking game that cannot go together, each reported at the option's
line with a hint: a bid with nothing to score it, a stock with every card dealt, partners
with an odd number of players, trumps from a turned card with no card left to turn, ...

Each option is sound on its own (the schema saw to that); these are the pairs. The counts
of cards (a deal that needs more cards than are in play) are the game's ``problems()``."""

from __future__ import annotations

from typing import Callable

from ...core.cards import Rank, cards_name
from ...core.diagnostics import Report
from ...model.source import Key, Source
from .engine import TricksGame
from .options import FirstLead, Follow, Sides, TrumpFrom
from .schema import TricksOptionsSpec
from .scoring import LAST

CODE = "option-conflict"


def check_conflicts(game: TricksGame, spec: TricksOptionsSpec, src: Source,
                    at: Callable[[str], Key], report: Report) -> bool:
    """Report each pair of options that cannot go together; False when there was one."""
    o, s = game.options, game.scoring
    n, cards = o.players, len(game.cards)
    errors = len(report.errors)

    def error(option: Key, message: str, hint: str) -> None:
        report.error(src.mark(option), CODE, message, hint=hint)

    if o.bidding is not None and s.bid is None:
        error(at("bids"), "the players bid, but nothing scores a bid",
              "add 'bid_score' (what a bid made or missed scores), or remove 'bids'")
    if s.bid is not None and o.bidding is None:
        error(at("bid_score"), "'bid_score' scores bids, but nobody bids in this game",
              "add 'bids' (the players bid before the first trick), or remove 'bid_score'")
    if o.sides is Sides.PARTNERS and n % 2:
        error(at("sides"), f"partners sit across the table: {n} players cannot make sides "
              "of two", "play partners with 4, 6 or 8 players, or 'sides: each'")
    every_card = o.dealing.size is None and not o.dealing.by_hand
    dealt_all = every_card or all(k * n >= cards for k in (o.dealing.by_hand or (game.hand_size,)))
    if o.dealing.draw and dealt_all:
        error(at("deal") + ("draw",), "the players draw from a stock, but every card is dealt: "
              "no stock is left", "give each player fewer cards ('deal: {cards: 3}')")
    elif o.dealing.draw and o.dealing.by_hand:
        error(at("deal") + ("draw",), "the players draw from a stock, but the hands change size "
              "hand by hand", "draw with a fixed number of cards each ('deal: {cards: 3}')")
    elif o.dealing.draw:
        left = game.stock_size(1)
        if left % n:
            error(at("deal") + ("draw",), f"the stock of {left} card(s) to draw does not go "
                  f"round {n} players evenly", "remove cards from the deck, or deal "
                  "another number each, so that every player draws after every trick")
    if o.dealing.size is not None and o.dealing.by_hand:
        error(at("deal"), "'cards' and 'by_hand' both give the hand's size",
              "keep one of them: a fixed number each, or a number hand by hand")
    if o.first_lead in (FirstLead.TWO_OF_CLUBS, FirstLead.LOWEST_CLUB) and not every_card:
        card = "2♣" if o.first_lead is FirstLead.TWO_OF_CLUBS else "lowest club"
        error(at("first_lead"), f"the holder of the {card} leads, but not every card is dealt: "
              f"the {card} may be in nobody's hand", "deal every card, or let a neighbour of "
              "the dealer lead ('left-of-dealer')")
    _trumps(game, spec, at, error, dealt_all=dealt_all)
    if o.ranking:
        ranks = [r for r in Rank if any(c.rank is r for c in game.cards)]
        missing = [r.value for r in ranks if r not in o.ranking]
        twice = sorted({r.value for r in o.ranking if o.ranking.count(r) > 1})
        extra = [r.value for r in o.ranking if r not in ranks]
        if missing or twice or extra:
            what = "; ".join(x for x in (
                f"leaves out {' '.join(missing)}" if missing else "",
                f"names {' '.join(twice)} twice" if twice else "",
                f"names {' '.join(extra)}, not in play" if extra else "") if x)
            error(at("ranking"), f"the ranking {what}",
                  f"rank every rank in play once, highest first: {' '.join(r.value for r in ranks)}")
    tricks = min(game.tricks_for(h) for h in range(1, max(1, len(o.dealing.by_hand)) + 1))
    if s.book is not None and s.book.tricks >= tricks:
        error(at("book"), f"a book of {s.book.tricks} trick(s) leaves no trick to score: a "
              f"hand has {tricks}", "the book is the tricks a side must take "
              "before the next ones score (Whist: 6 of 13)")
    for bonus, key in zip(s.trick_bonus, spec.trick_points):
        if bonus.trick != LAST and bonus.trick > tricks:
            error(at("trick_points") + (key,), f"trick {bonus.trick} scores, but a hand has "
                  f"{tricks} trick(s)", "a trick is `first`, `last` or a number up to the "
                  "tricks of the shortest hand")
    gone = [c for c in o.ends_with if c not in game.cards]
    if gone:
        error(at("ends_with"), f"the hand ends when {cards_name(gone)} is taken, but it is not "
              "in play", "name cards of the game's deck")
    for i, group in enumerate(s.sets):
        gone = [c for c in group.cards if c not in game.cards]
        if gone:
            error(at("sets") + (i, "cards"), f"the set names {cards_name(gone)}, not in play",
                  "a set's cards must be in the game's deck")
    return len(report.errors) == errors


def _trumps(game: TricksGame, spec: TricksOptionsSpec, at: Callable[[str], Key],
            error: Callable[[Key, str, str], None], *, dealt_all: bool) -> None:
    o, t = game.options, game.options.trumps
    key = at("trumps")
    if t.source is TrumpFrom.SUIT and t.suit is None:
        error(key, "trumps are one suit, but 'suit' does not say which", "add 'suit: ♠' (or ♥ ♦ ♣)")
    if t.source is not TrumpFrom.SUIT and t.suit is not None:
        error(key + ("suit",), f"'suit' names the trumps, but they come from '{t.source}'",
              "use 'source: suit', or remove 'suit'")
    if t.source is TrumpFrom.BY_HAND and not t.order:
        error(key, "trumps change hand by hand, but 'order' does not say how",
              "add 'order: [none, ♠, ♥, ♦, ♣]'")
    if t.source is not TrumpFrom.BY_HAND and t.order:
        error(key + ("order",), f"'order' gives the trumps hand by hand, but they come from "
              f"'{t.source}'", "use 'source: by-hand', or remove 'order'")
    if t.source is TrumpFrom.TURNED and dealt_all and not o.dealing.by_hand:
        error(key + ("source",), "trumps come from a card turned up after the deal, but every "
              "card is dealt: none is left to turn", "use 'dealer-last' (the dealer's last card "
              "is turned up), or deal fewer cards ('deal: {cards: 3}')")
    if t.turned_drawn_last and (t.source is not TrumpFrom.TURNED or not o.dealing.draw):
        error(key + ("turned_drawn_last",), "the turned card is drawn last, but "
              + ("trumps do not come from a turned card" if t.source is not TrumpFrom.TURNED
                 else "nobody draws from the stock"),
              "turned_drawn_last goes with 'source: turned' and 'deal: {draw: true}'")
    if t.source is TrumpFrom.NONE and (t.must_trump or t.over_trump):
        which = "must_trump" if t.must_trump else "over_trump"
        error(key + (which,), f"'{which}' without trumps", "say where the trumps come from "
              "('source'), or remove it")
    elif o.follow is Follow.NONE and (t.must_trump or t.over_trump):
        which = "must_trump" if t.must_trump else "over_trump"
        error(key + (which,), f"'{which}', but nobody must follow suit ('follow: none')",
              "with 'follow: none' any card may be played: remove it, or 'follow: suit'")
    if t.source is TrumpFrom.SUIT and t.suit is not None and not any(
            c.suit is t.suit for c in game.cards):
        error(key + ("suit",), f"trumps are {t.suit}, but no {t.suit} is in play",
              "name a suit of the cards in play")
