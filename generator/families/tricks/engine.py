"""Trick-taking games: Peppa, Chat Noir, Hearts, Peppa Scivolosa; Whist, Briscola, Oh Hell.

One engine; each game is a set of options (data, not subclasses): how many cards are dealt
and passed and to whom, who leads, when hearts may be led, what must be followed, trumps and
the ranking of the cards, bids, a stock drawn from after each trick, what each card is worth
and the rules that score a whole hand, and how a game of several hands ends (see
``scoring``). Seats are numbered 0..n-1 in clockwise order, so a player's left-hand
neighbour is the next seat. The moves and records are in ``moves``; trumps and the ranking
in ``trumps``, bids in ``bidding``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Iterable, Sequence, overload

from ...core.cards import Card, Deck, Rank, Suit, card_name
from . import sums
from .bidding import legal_bids, why_bid_illegal
from .deal import Dealt, deal_hand
from .moves import (
    Bid,
    BidRecord,
    Fault,
    Illegal,
    IllegalMove,
    Pass,
    PassRecord,
    Play,
    PlayRecord,
    TrickRecord,
)
from .options import (
    FirstLead,
    FirstTrick,
    Follow,
    HeartsLead,
    PassTo,
    Sides,
    TricksOptions,
    TrumpFrom,
)
from .scoring import HandResult, Scoring, score_hand
from .trumps import Power, over, power_table, top_trump, trick_winner

__all__ = ["Bid", "BidRecord", "Dealt", "Fault", "Illegal", "IllegalMove", "Pass", "PassRecord",
           "Play", "PlayRecord", "TrickRecord", "TricksGame", "TricksState", "TWO_OF_CLUBS"]

TWO_OF_CLUBS = sums.TWO_OF_CLUBS


# Comparing enum members by identity is several times faster than Card equality, which
# matters in the simulation's inner loop.
def _is_queen(card: Card) -> bool:
    return card.rank is Rank.QUEEN and card.suit is Suit.SPADES


def _take(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand``: by identity when it is the very object, else by value."""
    for i, c in enumerate(hand):
        if c is card:
            del hand[i]
            return
    hand.remove(card)


# -- the game --------------------------------------------------------------------------

@dataclass(frozen=True)
class TricksGame:
    """An immutable trick-taking game: the cards in play and the options."""

    deck: Deck
    removed: tuple[Card, ...]
    options: TricksOptions
    cards: tuple[Card, ...] = field(init=False)
    power: Power = field(init=False, repr=False, compare=False)
    # the card that must open the first trick (its holder leads it): the 2♣, the lowest
    # club in play, or none when a neighbour of the dealer leads what they like
    opening: Card | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", self.deck.without(self.removed))
        object.__setattr__(self, "power", power_table(self.options.ranking))
        object.__setattr__(self, "opening", sums.opening_card(self.cards, self.options,
                                                               self.power))

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def hand_size(self) -> int:
        """The cards each player is dealt in the first hand (see ``cards_for``)."""
        return self.cards_for(1)

    def cards_for(self, hand: int) -> int:
        """The cards each player is dealt in the ``hand``-th hand of a game (from 1)."""
        return self.options.dealing.size_for(hand, len(self.cards), self.players)

    def tricks_for(self, hand: int) -> int:
        """The tricks of the ``hand``-th hand: the cards dealt, and those drawn from the stock."""
        return self.cards_for(hand) + self.stock_size(hand) // self.players

    def stock_size(self, hand: int) -> int:
        """The cards drawn from the stock in the ``hand``-th hand: those not dealt, less a
        turned card that is not drawn."""
        o = self.options
        if not o.dealing.draw:
            return 0
        left = len(self.cards) - self.cards_for(hand) * self.players
        out = o.trumps.source is TrumpFrom.TURNED and not o.trumps.turned_drawn_last and left > 0
        return left - 1 if out else left

    @property
    def plain(self) -> bool:
        """No trumps, ace high and suit followed: the engine's fast path applies."""
        o = self.options
        return (o.trumps.source is TrumpFrom.NONE and not o.ranking
                and o.follow is Follow.SUIT)

    @property
    def scoring(self) -> Scoring:
        return self.options.scoring

    def value(self, card: Card) -> int:
        """What taking ``card`` is worth: the table's value plus any special value."""
        return self.scoring.value(card)

    def problems(self) -> list[str]:
        """Why these cards and options cannot make a playable hand, if they can't."""
        return sums.problems(self.cards, self.options)

    def table_total(self) -> int:
        """What the scoring table's cards are worth together (special cards apart)."""
        return sums.table_total(self.cards, self.scoring)

    def hand_sums(self) -> frozenset[int] | None:
        """Every possible sum of one hand's scores, or None when it depends on the play."""
        return sums.hand_sums(self.cards, self.options)

    def explain_sums(self) -> str:
        """Where a hand's sum comes from, for messages: ``the table: 36; ...``."""
        return sums.explain_sums(self.cards, self.options)

    def variant(self, *, deck: Deck | None = None, removed: Iterable[Card] | None = None,
                **options: object) -> TricksGame:
        return TricksGame(deck or self.deck, tuple(self.removed if removed is None else removed),
                          replace(self.options, **options))  # type: ignore[arg-type]

    # -- dealing and starting a hand -------------------------------------------------------

    def deal(self, rng: random.Random) -> list[list[Card]]:
        pack = list(self.cards)
        rng.shuffle(pack)
        n = self.players
        return [pack[i::n] for i in range(n)]

    def deal_hand(self, rng: random.Random, *, dealer: int, hand: int = 1) -> Dealt:
        """Shuffle and deal the ``hand``-th hand: the stock and the turned card with it."""
        o = self.options
        if o.dealing.size is None and not o.dealing.by_hand and not o.trumps.turns_card:
            return Dealt(self.deal(rng))  # the first games' deal, draw for draw the same
        return deal_hand(self.cards, o, rng, dealer=dealer, size=self.cards_for(hand))

    def first_leader(self, dealer: int, hands: Sequence[Iterable[Card]]) -> int:
        o, opening = self.options, self.opening
        if opening is not None:
            for seat, hand in enumerate(hands):
                if opening in hand:
                    return seat
        if o.first_lead is FirstLead.LEFT_OF_DEALER:
            return (dealer + 1) % o.players
        return (dealer - 1) % o.players

    def new_hand(self, hands: Sequence[Sequence[Card]], *, dealer: int, hand: int = 1,
                 stock: Sequence[Card] = (), turned: Card | None = None) -> TricksState:
        """A hand as dealt; passing comes first when the schedule passes in this hand, then
        the bids in a game with bids. ``stock`` is what was not dealt, top first (without
        the turned card); ``turned`` the card turned up for trumps."""
        return TricksState(self, hands, dealer=dealer, hand=hand,
                           direction=self.options.passing.direction(hand),
                           stock=self._stock(stock, turned), trump=self.trump_for(hand, turned))

    def resume(self, hands: Sequence[Sequence[Card]], *, taken: Sequence[Sequence[Card]],
               leader: int, hand: int = 1, stock: Sequence[Card] = (),
               turned: Card | None = None, bids: Sequence[int] | None = None) -> TricksState:
        """A hand late in play: what each seat holds and has taken, who leads next, and the
        stock, the turned card and the bids where the game has them."""
        return TricksState(self, hands, dealer=None, hand=hand, direction=PassTo.NONE,
                           taken=taken, leader=leader, stock=self._stock(stock, turned),
                           trump=self.trump_for(hand, turned), bids=bids)

    def trump_for(self, hand: int, turned: Card | None) -> Suit | None:
        """The trump suit of the ``hand``-th hand, with ``turned`` the card turned up."""
        return self.options.trumps.suit_for(hand, turned.suit if turned is not None else None)

    def _stock(self, stock: Sequence[Card], turned: Card | None) -> list[Card]:
        """The cards to draw from, top first: the turned card goes under them, to be drawn
        last, where the game says so (Briscola)."""
        o = self.options
        if not o.dealing.draw:
            return []
        last = [turned] if turned is not None and o.trumps.turned_drawn_last \
            and o.trumps.source is TrumpFrom.TURNED else []
        return list(stock) + last

    def random_round(self, rng: random.Random, *, dealer: int | None = None, hand: int = 1
                     ) -> HandResult:
        """Deal, pass and play one whole hand with random legal choices."""
        dealer = rng.randrange(self.players) if dealer is None else dealer
        dealt = self.deal_hand(rng, dealer=dealer, hand=hand)
        state = self.new_hand(dealt.hands, dealer=dealer, hand=hand, stock=dealt.stock,
                              turned=dealt.turned)
        state.random_start(rng)
        while state.turn is not None:
            # a card from legal_cards() needs no second check: the fast path for simulation
            state.apply(Play(state.turn, rng.choice(state.legal_cards())), strict=False)
        return state.result()


class TricksState:
    """One hand in play: passing (when the schedule says so), the bids (in a game with
    bids), then the tricks, each followed by the draws from the stock where there is one."""

    def __init__(self, game: TricksGame, hands: Sequence[Sequence[Card]], *, dealer: int | None,
                 direction: PassTo, taken: Sequence[Sequence[Card]] | None = None,
                 leader: int | None = None, hand: int = 1, stock: Sequence[Card] = (),
                 trump: Suit | None = None, bids: Sequence[int] | None = None) -> None:
        self.game = game
        self.options = game.options
        self.players = n = len(hands)
        self.dealer = dealer
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.direction = direction
        self.passes: dict[int, tuple[Card, ...]] = {}
        self.taken: list[list[Card]] = [list(t) for t in taken] if taken else [[] for _ in range(n)]
        self.tricks_won = [len(t) // n for t in self.taken]
        self.trick_number = sum(self.tricks_won) + 1
        self.broken = any(self._breaks(c) for t in self.taken for c in t)
        self.trick: list[Play] = []
        self._step = self.options.rotation.step
        self.passing = direction is not PassTo.NONE and self.options.passing.count > 0
        self.leader = leader if leader is not None else game.first_leader(dealer or 0, self.hands)
        self.hand = hand
        self.stock = list(stock)  # top first
        self.trump = trump
        o = self.options
        self._plain = game.plain and trump is None
        self._must_trump = trump is not None and o.trumps.must_trump
        self._over_trump = trump is not None and o.trumps.over_trump
        self._follow = o.follow is Follow.SUIT
        self._enders = frozenset(o.ends_with)
        # who took each trick, in order; unknown for the tricks before a position
        self.winners: list[int] | None = None if any(self.taken) else []
        self.total_tricks = (sum(map(len, self.hands)) + len(self.stock)) // n \
            + self.trick_number - 1
        bidding = o.bidding is not None and bids is None
        self.bids: list[int | None] = list(bids) if bids is not None else [None] * n
        self.bid_turn: int | None = (dealer or 0) % n if bidding else None
        if self.bid_turn is not None:
            self.bid_turn = (self.bid_turn + self._step) % n  # the dealer's left bids first
        self.bidding = bidding
        self.turn: int | None = None if self.passing or self.bidding or not self.hands[self.leader] \
            else self.leader

    # -- passing ---------------------------------------------------------------------------

    def pass_target(self, seat: int) -> int:
        return self.direction.target(seat, self.players)

    def _why_pass_illegal(self, move: Pass) -> Illegal | None:
        count = self.options.passing.count
        if not self.passing:
            return Illegal(Fault.PASS, move.seat, move.cards, 0,
                           detail="nobody passes cards in this hand")
        if move.seat in self.passes:
            return Illegal(Fault.PASS, move.seat, move.cards, 0, detail="passes twice")
        missing = [c for c in move.cards if c not in self.hands[move.seat]]
        if missing:
            return Illegal(Fault.NOT_HELD, move.seat, tuple(missing), 0,
                           legal=tuple(self.hands[move.seat]))
        if len(set(move.cards)) != len(move.cards):
            twice = sorted({c for c in move.cards if move.cards.count(c) > 1}, key=move.cards.index)
            return Illegal(Fault.PASS, move.seat, tuple(twice), 0,
                           detail="passes a card twice")
        if len(move.cards) != count:
            return Illegal(Fault.PASS, move.seat, move.cards, 0,
                           detail=f"passes {len(move.cards)} card(s); this game passes {count}")
        return None

    def _pass(self, move: Pass) -> PassRecord:
        """Set a seat's passed cards aside; when everyone has, exchange them all at once."""
        self.passes[move.seat] = move.cards
        if len(self.passes) < self.players:
            return PassRecord(move, exchanged=False)
        for seat, cards in self.passes.items():
            for card in cards:
                self.hands[seat].remove(card)
        for seat, cards in self.passes.items():
            self.hands[self.pass_target(seat)].extend(cards)
        self.passing = False
        self.leader = self.game.first_leader(self.dealer or 0, self.hands) \
            if self.dealer is not None else self.leader
        self.turn = None if self.bidding else self.leader
        return PassRecord(move, exchanged=True)

    def legal_passes(self) -> list[Pass]:
        """Every way the next seat still to pass may choose its cards."""
        if not self.passing:
            return []
        seat = next(s for s in range(self.players) if s not in self.passes)
        return [Pass(seat, cs) for cs in combinations(self.hands[seat], self.options.passing.count)]

    # -- bidding ---------------------------------------------------------------------------

    def _why_bid_illegal(self, move: Bid) -> Illegal | None:
        if self.passing:
            return Illegal(Fault.BID, move.seat, (), 0, detail=f"bids {move.tricks} before the "
                           "cards are passed")
        bidding = self.options.bidding
        return why_bid_illegal(move, turn=self.bid_turn, bids=self.bids, tricks=self.total_tricks,
                               hook=bidding is not None and bidding.hook)

    def _bid(self, move: Bid) -> BidRecord:
        self.bids[move.seat] = move.tricks
        if all(b is not None for b in self.bids):
            self.bidding, self.bid_turn = False, None
            self.turn = self.leader if self.hands[self.leader] else None
            return BidRecord(move, done=True)
        assert self.bid_turn is not None
        self.bid_turn = (self.bid_turn + self._step) % self.players
        return BidRecord(move, done=False)

    def legal_bids(self) -> list[Bid]:
        bidding = self.options.bidding
        return legal_bids(turn=self.bid_turn, bids=self.bids, tricks=self.total_tricks,
                          hook=bidding is not None and bidding.hook)

    def random_start(self, rng: random.Random) -> None:
        """Passes and bids chosen at random, until the first trick is to be led."""
        if self.passing:
            count = self.options.passing.count
            for seat in range(self.players):
                self.apply(Pass(seat, tuple(rng.sample(self.hands[seat], count))))
        while self.bidding:
            self.apply(rng.choice(self.legal_bids()))

    # -- play ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return not self.passing and not self.bidding and self.turn is None

    @property
    def led(self) -> Suit | None:
        return self.trick[0].card.suit if self.trick else None

    def _breaks(self, card: Card) -> bool:
        return card.suit is Suit.HEARTS or (self.options.queen_breaks_hearts and _is_queen(card))

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play now."""
        if self.turn is None:
            return []
        hand, o = self.hands[self.turn], self.options
        first = self.trick_number == 1
        if self.trick:
            if self._follow:
                suit = self.trick[0].card.suit
                same = [c for c in hand if c.suit is suit]
                if same:
                    if self._over_trump and suit is self.trump:
                        return self._over(same)
                    return same
                if self._must_trump:
                    trumps = [c for c in hand if c.suit is self.trump]
                    if trumps:
                        return self._over(trumps) if self._over_trump else trumps
        elif first and self.game.opening is not None and self.game.opening in hand:
            return [self.game.opening]
        elif o.hearts_lead is HeartsLead.WHEN_BROKEN and not self.broken:
            other = [c for c in hand if c.suit is not Suit.HEARTS]
            if other:
                hand = other
        if first and o.first_trick is FirstTrick.NO_POINTS:
            clean = [c for c in hand if c.suit is not Suit.HEARTS and not _is_queen(c)]
            if clean:
                return clean
        return list(hand)

    def _over(self, trumps: list[Card]) -> list[Card]:
        assert self.trump is not None
        return over(trumps, self.trick, trump=self.trump, power=self.game.power)

    def legal_moves(self) -> list[Pass] | list[Bid] | list[Play]:
        if self.passing:
            return self.legal_passes()
        if self.bidding:
            return self.legal_bids()
        return [Play(self.turn, c) for c in self.legal_cards()] if self.turn is not None else []

    # -- the move vocabulary: why a move is illegal, whether it is legal, make it -----------

    def why_illegal(self, move: Pass | Bid | Play) -> Illegal | None:
        """None when ``move`` is allowed now; otherwise what is wrong with it."""
        if isinstance(move, Pass):
            return self._why_pass_illegal(move)
        if isinstance(move, Bid):
            return self._why_bid_illegal(move)
        return self._why_play_illegal(move)

    def can_apply(self, move: Pass | Bid | Play) -> bool:
        return self.why_illegal(move) is None

    @overload
    def apply(self, move: Pass) -> PassRecord: ...

    @overload
    def apply(self, move: Bid, *, strict: bool = True) -> BidRecord: ...

    @overload
    def apply(self, move: Play, *, strict: bool = True) -> PlayRecord: ...

    def apply(self, move: Pass | Bid | Play, *, strict: bool = True
              ) -> PassRecord | BidRecord | PlayRecord:
        """Make the move and say what it did; IllegalMove when the rules do not allow it.

        ``strict=False`` plays a held card (or makes a bid) even against the rules, by
        whoever's turn it is, so that a replay which has reported the fault can go on
        checking what follows."""
        if isinstance(move, Pass):
            illegal = self._why_pass_illegal(move)
            if illegal is not None:
                raise IllegalMove(illegal)
            return self._pass(move)
        if isinstance(move, Bid):
            illegal = self._why_bid_illegal(move)
            if illegal is not None and (strict or self.bid_turn is None):
                raise IllegalMove(illegal)
            return self._bid(Bid(self.bid_turn, move.tricks) if self.bid_turn is not None
                             else move)
        if strict:
            illegal = self._why_play_illegal(move)
            if illegal is not None:
                raise IllegalMove(illegal)
            return self._play(move)
        if self.turn is None or move.card not in self.hands[self.turn]:
            raise IllegalMove(Illegal(Fault.NOT_HELD, move.seat, (move.card,), self.trick_number,
                                      legal=tuple(self.hands[move.seat])))
        return self._play(Play(self.turn, move.card))

    def _why_play_illegal(self, move: Play) -> Illegal | None:
        number = self.trick_number
        if self.passing:
            return Illegal(Fault.PASS, move.seat, (move.card,), number,
                           detail="the cards must be passed before the first trick")
        if self.bidding:
            return Illegal(Fault.BID, move.seat, (move.card,), number,
                           detail="plays before the bids are over: everyone bids before the "
                           "first trick")
        if self.turn is None:
            return Illegal(Fault.OVER, move.seat, (move.card,), number,
                           detail="the hand is already over")
        if move.seat != self.turn:
            return Illegal(Fault.WRONG_PLAYER, move.seat, (move.card,), number, turn=self.turn)
        hand = self.hands[move.seat]
        if move.card not in hand:
            return Illegal(Fault.NOT_HELD, move.seat, (move.card,), number, legal=tuple(hand))
        legal = self.legal_cards()
        if move.card in legal:
            return None
        led = self.led
        if led is not None and move.card.suit is not led and any(c.suit is led for c in hand):
            return Illegal(Fault.REVOKE, move.seat, (move.card,), number, led=led, legal=tuple(legal))
        trump = self.trump
        if (self._must_trump or self._over_trump) and self.trick and trump is not None \
                and all(c.suit is trump for c in legal):
            if move.card.suit is not trump:
                return Illegal(Fault.TRUMP, move.seat, (move.card,), number, led=led,
                               legal=tuple(legal))
            top = top_trump(self.trick, trump=trump, power=self.game.power)
            return Illegal(Fault.OVER_TRUMP, move.seat, (move.card,), number, led=led,
                           legal=tuple(legal), detail=card_name(top) if top else "")
        if not self.trick:
            opening = self.game.opening
            why = (f"first: the holder of the {card_name(opening)} opens with it"
                   if opening is not None and legal == [opening]
                   else "before hearts are broken" if move.card.suit is Suit.HEARTS
                   else "on the first trick")
            return Illegal(Fault.LEAD, move.seat, (move.card,), number, legal=tuple(legal),
                           detail=why)
        return Illegal(Fault.DISCARD, move.seat, (move.card,), number, led=led, legal=tuple(legal),
                       detail="on the first trick")

    def _play(self, move: Play) -> PlayRecord:
        _take(self.hands[move.seat], move.card)
        self.trick.append(move)
        if len(self.trick) < self.players:
            self.turn = (move.seat + self._step) % self.players
            return PlayRecord(move, None)
        if self._plain:
            led = self.trick[0].card.suit
            best = max((p for p in self.trick if p.card.suit is led),
                       key=lambda p: p.card.rank.high if p.card.rank else 0)
        else:
            best = trick_winner(self.trick, trump=self.trump, power=self.game.power)
        cards = [p.card for p in self.trick]
        self.broken = self.broken or any(self._breaks(c) for c in cards)
        winner = best.seat
        self.taken[winner].extend(cards)
        self.tricks_won[winner] += 1
        if self.winners is not None:
            self.winners.append(winner)
        draws = self._draw(winner) if self.stock else ()
        record = TrickRecord(self.trick_number, self.trick[0].seat, tuple(self.trick), winner,
                             sum(self.game.value(c) for c in cards), self.broken, draws)
        self.trick = []
        self.trick_number += 1
        self.leader = winner
        self.turn = winner if self.hands[winner] else None
        if self._enders and not self._enders.isdisjoint(cards):
            self.turn = None  # the hand ends here: the cards still held are not played
        return PlayRecord(move, record)

    def _draw(self, winner: int) -> tuple[tuple[int, Card], ...]:
        """After a trick, each player draws one card from the stock, the winner first and
        then round the table, while it lasts (the options make it last whole rounds)."""
        out = []
        for i in range(self.players):
            if not self.stock:
                break
            seat = (winner + i * self._step) % self.players
            card = self.stock.pop(0)
            self.hands[seat].append(card)
            out.append((seat, card))
        return tuple(out)

    def result(self) -> HandResult:
        if not self.is_over():
            raise IllegalMove(Illegal(Fault.OVER, 0, (), self.trick_number,
                                      detail="the hand is not over"))
        o = self.options
        return score_hand(self.game.scoring, taken=self.taken, tricks=self.tricks_won,
                          in_play=self.game.cards, winners=self.winners,
                          bids=[b or 0 for b in self.bids] if o.bidding is not None else None,
                          sides=o.side_seats() if o.sides is Sides.PARTNERS else None)
