"""Shedding games: Crazy Eights, Mau-Mau, Macao.

One engine; each game is a set of options (data, not subclasses). Seats are numbered 0..n-1
clockwise, so a player's left-hand neighbour is the next seat. The stock is a list whose
first card is the next one drawn; the discard pile is a list whose last card is its top.

A round is dealt from a shuffled pack (``deal``) or from a script's deal, turned card and
stock order (``new_round``); it is then played by ``apply`` of three moves: play cards,
draw, pass. ``why_illegal`` says what is wrong with a move before it is made.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, NamedTuple, Sequence

from ...core.cards import JOKER, Card, Deck, Rank, Suit, card_name, cards_name
from .options import (
    EmptyStock,
    Scoring,
    ShedOptions,
    Special,
    Stacking,
    TurnedSpecial,
    Unable,
)

Shuffle = Callable[[list[Card]], None]
_PICTURES = (Rank.JACK, Rank.QUEEN, Rank.KING)
_SUITS = tuple(Suit)  # the suits a wild card may name, in the order legal_moves offers them
_NO_SPECIAL = Special()


def default_points(card: Card) -> int:
    """A card left in hand: a number card its pips, a picture 10, an ace 1, the joker 50."""
    if card.rank is None:
        return 50
    if card.rank in _PICTURES:
        return 10
    if card.rank is Rank.ACE:
        return 1
    return int(card.rank.value)


@dataclass(frozen=True, slots=True)
class Play:
    """One or several cards of one rank put on the pile; ``suit`` is the suit named with a
    wild card; ``announce`` says the call (Last card, Macao)."""

    seat: int
    cards: tuple[Card, ...]
    suit: Suit | None = None
    announce: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw from the stock: a penalty, or because the player does not play."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without playing (after drawing, or when nothing can be drawn)."""

    seat: int


Move = Play | Draw | Pass


class MoveRecord(NamedTuple):
    """What a move did. A named tuple, not a frozen dataclass: every move of a simulated
    hand makes one, and a frozen dataclass's thirteen fields cost three times as long to set."""

    move: Move
    drawn: tuple[Card, ...] = ()  # cards drawn by this move (a draw, or a penalty)
    penalty: tuple[Card, ...] = ()  # cards drawn for a missed announcement
    restocks: int = 0  # how many times the stock was made again from the pile
    asked: Suit | None = None  # the suit to follow after this move, when one was named
    pending: int = 0  # the cards the next player must draw after this move
    stops: int = 0  # the turns the next player misses unless they pass the stop on
    cancelled: int = 0  # the cards of a draw this play cancelled
    missed: int = 0  # a stop taken: the turns its player misses, this one the first
    skipped: tuple[int, ...] = ()  # players who miss their turn
    reversed: bool = False
    out: bool = False  # the player has no cards left: the hand is over
    next: int | None = None  # whose turn it is now


@dataclass(frozen=True, slots=True)
class HandResult:
    winner: int | None  # None when a blocked hand has a tie for the fewest points
    points: tuple[int, ...]  # each player's cards left, by value
    scores: tuple[int, ...]  # what each scores for the hand
    turns: int
    restocks: int
    blocked: bool  # ended because nobody could play or draw


class Fault(enum.StrEnum):
    """Why a move is not allowed; the values are the finding codes of `rulebook check`."""

    OVER = "round-over"
    WRONG_PLAYER = "wrong-player"
    NOT_HELD = "card-not-held"
    NO_MATCH = "illegal-card"  # a card that does not go on the pile
    WRONG_SUIT = "wrong-suit"  # does not follow the suit named with a wild card
    MIXED = "several-cards"  # several cards not allowed, or not of one rank
    SUIT_NEEDED = "suit-not-named"  # a wild card played without naming a suit
    SUIT_NOT_WILD = "suit-not-wild"  # a suit named with a card that is not wild
    MUST_DRAW = "draw-not-taken"  # a penalty is pending: draw it (or pass it on)
    MUST_DRAW_FIRST = "pass-before-draw"  # pass without drawing
    STOPPED = "stop-not-taken"  # a stopped player plays a skip card or misses the turn
    MAY_NOT_DRAW = "draw-not-allowed"  # a draw while able to play, or a second draw
    FALSE_CALL = "false-announcement"  # the call made with more than one card left


@dataclass(frozen=True, slots=True)
class Illegal:
    fault: Fault
    move: Move
    expected: str = ""  # what the rules expected instead, in words

    def describe(self) -> str:
        return self.expected


class IllegalMove(ValueError):
    def __init__(self, illegal: Illegal) -> None:
        self.illegal = illegal
        super().__init__(illegal.describe())


class RoundError(ValueError):
    """A question the round cannot answer in its state (its result before the end)."""


@dataclass(frozen=True)
class ShedGame:
    """An immutable shedding game: the cards in play and the options."""

    deck: Deck
    removed: tuple[Card, ...]
    options: ShedOptions
    cards: tuple[Card, ...] = field(init=False)
    # what each card of the deck does, looked up once: a random hand asks it thousands of
    # times, and walking the specials hashes the card once for each of them
    _specials: dict[Card, Special] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", self.deck.without(self.removed))
        object.__setattr__(self, "_specials", {c: self._find_special(c) for c in self.deck.cards})

    def special(self, card: Card) -> Special:
        """What ``card`` does (an empty ``Special`` for an ordinary card); the first entry
        that selects it wins."""
        found = self._specials.get(card)
        return found if found is not None else self._find_special(card)

    def _find_special(self, card: Card) -> Special:
        for s in self.options.specials:
            if s.selects(card):
                return s
        return _NO_SPECIAL

    def is_special(self, card: Card) -> bool:
        s = self.special(card)
        return (s.wild or s.on_anything or bool(s.draw) or s.skip or s.reverse or s.again
                or s.cancels_draw)

    def points(self, card: Card) -> int:
        """What ``card`` counts left in hand: its rank's points, or a joker's (the red joker
        the ☆ key's, else the ★ key's, which prices both jokers), or the default."""
        if card.rank is None:
            return self.options.points.get(card, self.options.points.get(JOKER, default_points(card)))
        return self.options.points.get(card.rank, default_points(card))

    def hand_size(self, players: int) -> int | None:
        """How many cards each of ``players`` is dealt; None when the game does not say, or
        when the deck is too small for them and a card turned."""
        size = self.options.cards_dealt.get(players, self.options.dealt_any)
        if size is None or players * size + 1 > len(self.cards):
            return None
        return size

    def problems(self) -> list[str]:
        out = []
        for players, size in sorted(self.options.cards_dealt.items()):
            if players * size + 1 > len(self.cards):
                out.append(f"{players} players dealt {size} cards each need "
                           f"{players * size + 1} cards with the one turned; the deck has "
                           f"{len(self.cards)}")
        if all(self.is_special(c) for c in self.cards):
            out.append("every card is special: no card can be turned to start the pile")
        return out

    # -- dealing ---------------------------------------------------------------------------

    def deal(self, pack: Sequence[Card], *, players: int, dealer: int
             ) -> tuple[list[list[Card]], list[Card]]:
        """Hands dealt one card at a time from the dealer's left; the rest is the stock,
        its first card on top (turned next)."""
        size = self.hand_size(players)
        if size is None:
            raise RoundError(f"this game is not dealt for {players} players")
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i in range(size * players):
            hands[(dealer + 1 + i) % players].append(pack[i])
        return hands, list(pack[size * players:])

    def new_round(self, hands: Sequence[Sequence[Card]], stock: Sequence[Card], *, dealer: int,
                  shuffle: Shuffle | None = None) -> ShedState:
        """A round from dealt hands and the stock (its first card is turned to start);
        ``shuffle`` shuffles the pile made into a stock again, when the game shuffles it."""
        return ShedState(self, hands, stock, dealer=dealer, shuffle=shuffle)

    def random_round(self, rng: random.Random, players: int, *, dealer: int = 0) -> ShedState:
        pack = list(self.cards)
        rng.shuffle(pack)
        hands, stock = self.deal(pack, players=players, dealer=dealer)
        return self.new_round(hands, stock, dealer=dealer, shuffle=rng.shuffle)

    def variant(self, **options: object) -> ShedGame:
        return ShedGame(self.deck, self.removed,
                        replace(self.options, **options))  # type: ignore[arg-type]


class ShedState:
    """One hand in play."""

    def __init__(self, game: ShedGame, hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                 *, dealer: int, shuffle: Shuffle | None = None) -> None:
        self.game = game
        o = game.options
        self.players = len(hands)
        self.dealer = dealer
        self.shuffle = shuffle
        self.hands: list[list[Card]] = [list(h) for h in hands]
        self.stock: list[Card] = list(stock)
        self.pile: list[Card] = []
        self.buried: list[Card] = []  # special cards turned and put under the stock
        self.step = o.direction.step
        self.asked: Suit | None = None
        self.free = False  # any card may be played (a wild or a joker turned at the start)
        self.pending = 0  # cards the player to move must draw, unless they pass them on
        self.stops = 0  # turns the player to move misses, unless they pass the stop on
        self.waiting = [0] * self.players  # turns each player is still to miss
        self.drawn = False  # the player to move has drawn this turn
        self.last_drawn: tuple[Card, ...] = ()
        self.turns = 0
        self.restocks = 0
        self.idle = 0  # turns in a row in which nobody played nor drew a card
        self.winner: int | None = None
        self.blocked = False
        self.restock_order: list[Card] | None = None  # a script's order for a shuffled stock
        # what each card of the hand does, by the card object's identity: a random hand asks
        # it of every card held at every move, and hashing a card costs more than the rest of
        # the question (the card is kept with it, so that an identity is never another card's)
        self._specials: dict[int, tuple[Card, Special]] = {
            id(c): (c, game.special(c)) for cards in (*self.hands, self.stock) for c in cards}
        self._turn_over_start()

    # -- the start -------------------------------------------------------------------------

    def _turn_over_start(self) -> None:
        o = self.game.options
        first = (self.dealer + self.step) % self.players
        if not self.stock:
            raise RoundError("no card is left to turn")
        card = self.stock.pop(0)
        while o.turned_special is TurnedSpecial.BOTTOM and self.game.is_special(card):
            self.buried.append(card)
            self.stock.append(card)
            if len(self.buried) > len(self.stock):
                raise RoundError("every card of the stock is special")
            card = self.stock.pop(0)
        self.pile.append(card)
        self.turned = card
        self.turn = first
        if o.turned_special is not TurnedSpecial.TAKES_EFFECT:
            return
        s = self.game.special(card)
        if s.wild or s.on_anything or card.is_joker:
            self.free = True
        if s.reverse:
            self.step = -self.step
            self.turn = (self.dealer + self.step) % self.players
        if s.draw:
            self.pending = s.draw
        elif s.skip and o.skip_passed_on:
            self.stops = 1
        elif s.skip:
            self.turn = (self.turn + self.step) % self.players

    # -- reading the state -----------------------------------------------------------------

    @property
    def top(self) -> Card:
        return self.pile[-1]

    def is_over(self) -> bool:
        return self.winner is not None or self.blocked

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat])

    def drawable(self) -> int:
        """How many cards could be drawn now: the stock and the pile under its top."""
        return len(self.stock) + len(self.pile) - 1

    def fits(self, card: Card) -> bool:
        """Whether ``card`` may go on the pile now as the first card of a play."""
        return bool(self._fitting((card,)))

    def playable(self, seat: int) -> list[Card]:
        return self._fitting(self.hands[seat])

    def special(self, card: Card) -> Special:
        """What ``card`` does (``ShedGame.special``)."""
        known = self._specials.get(id(card))
        return known[1] if known is not None and known[0] is card else self.game.special(card)

    def _fitting(self, cards: Iterable[Card]) -> list[Card]:
        """Those of ``cards`` that may go on the pile now as the first card of a play. What
        the state asks of a card is read once for all of them: a random hand asks it of
        every card in hand at every move."""
        game, top = self.game, self.top
        special = self.special
        if self.stops:  # only a skip card passes a stop on
            return [c for c in cards if special(c).skip]
        if self.pending:
            stacking = game.options.stacking
            return [c for c in cards if special(c).cancels_draw
                    or (bool(special(c).draw) and stacking is not Stacking.NONE
                        and (stacking is Stacking.ANY_DRAW or c.rank == top.rank))]
        free, asked = self.free, self.asked
        wild_fits = game.options.wild_on_wild or free or not special(top).wild
        anything_on_top = top.is_joker  # a joker played names no suit: anything goes on it
        out = []
        for c in cards:
            s = special(c)
            if s.wild:
                fits = wild_fits
            elif s.on_anything or free:
                fits = True
            elif asked is not None:
                fits = c.suit == asked
            else:
                fits = anything_on_top or c.suit == top.suit or c.rank == top.rank
            if fits:
                out.append(c)
        return out

    def legal_moves(self) -> list[Move]:
        """Every legal move, with one card played at a time (several of a rank: the longest
        run in hand order as well), and each suit named with a wild card."""
        if self.is_over():
            return []
        seat, o = self.turn, self.game.options
        out: list[Move] = []
        hand = self.hands[seat]
        playable = self.playable(seat)  # once: the draw's and the pass's legality need it too
        if not (self.drawn and o.unable is Unable.DRAW_ONE_AND_PASS):
            names_suit = not (self.pending or self.stops)
            for card in playable:
                runs: list[tuple[Card, ...]] = [(card,)]
                if o.several and card.rank is not None:
                    same = tuple(c for c in hand if c.rank == card.rank and c != card)
                    if same:
                        runs.append((card, *same))
                wild = names_suit and self.special(card).wild
                for run in runs:
                    announce = len(hand) - len(run) == 1 and o.announcement is not None
                    if wild:
                        out.extend(Play(seat, run, suit, announce) for suit in _SUITS)
                    else:
                        out.append(Play(seat, run, None, announce))
        draw, pass_ = Draw(seat), Pass(seat)
        if self._why_illegal_draw(draw, playable) is None:
            out.append(draw)
        if self._why_illegal_pass(pass_, playable) is None:
            out.append(pass_)
        return out

    # -- legality --------------------------------------------------------------------------

    def why_illegal(self, move: Move) -> Illegal | None:
        if self.is_over():
            return Illegal(Fault.OVER, move, "the hand is already over")
        if move.seat != self.turn:
            return Illegal(Fault.WRONG_PLAYER, move, f"it is seat {self.turn}'s turn")
        if isinstance(move, Play):
            return self._why_illegal_play(move)
        if isinstance(move, Draw):
            return self._why_illegal_draw(move)
        return self._why_illegal_pass(move)

    def _why_illegal_play(self, move: Play) -> Illegal | None:
        game, o = self.game, self.game.options
        hand = list(self.hands[move.seat])
        for card in move.cards:
            if card not in hand:
                return Illegal(Fault.NOT_HELD, move, f"{card_name(card)} is not in the hand "
                               f"({cards_name(self.hands[move.seat]) or 'no cards'})")
            hand.remove(card)
        if not move.cards:
            return Illegal(Fault.MIXED, move, "a play puts at least one card on the pile")
        if self.drawn and o.unable is Unable.DRAW_ONE_AND_PASS:
            return Illegal(Fault.MUST_DRAW_FIRST, move,
                           "in this game a player who draws ends the turn: pass")
        first = move.cards[0]
        if len(move.cards) > 1:
            if not o.several:
                return Illegal(Fault.MIXED, move, "in this game one card is played at a time")
            if first.rank is None or any(c.rank != first.rank for c in move.cards):
                return Illegal(Fault.MIXED, move,
                               "several cards played at once are of one rank")
        if self.stops and not self.fits(first):
            return Illegal(Fault.STOPPED, move, self._stopped_why())
        if self.pending and not self.fits(first):
            if o.stacking is Stacking.NONE:
                why = f"draw the {self.pending} cards the last play gives"
            else:
                which = "a draw card" if o.stacking is Stacking.ANY_DRAW else \
                    f"a {self.top.rank.value if self.top.rank else card_name(self.top)}"
                why = f"draw the {self.pending} cards, or pass them on with {which}"
            return Illegal(Fault.MUST_DRAW, move, why)
        if not self.fits(first):
            if self.asked is not None and not game.special(first).wild:
                return Illegal(Fault.WRONG_SUIT, move,
                               f"{card_name(first)} does not follow the suit named, "
                               f"{self.asked.value}")
            return Illegal(Fault.NO_MATCH, move, f"{card_name(first)} goes neither on "
                           f"{card_name(self.top)} by suit nor by rank")
        wild = game.special(first).wild and not (self.pending or self.stops)
        if wild and move.suit is None:
            return Illegal(Fault.SUIT_NEEDED, move,
                           f"a player who plays {card_name(first)} names a suit")
        if not wild and move.suit is not None:
            return Illegal(Fault.SUIT_NOT_WILD, move,
                           f"{card_name(first)} is not wild: no suit is named with it")
        left = len(self.hands[move.seat]) - len(move.cards)
        if move.announce and (o.announcement is None or left != 1):
            call = o.announcement.call if o.announcement else "no call"
            return Illegal(Fault.FALSE_CALL, move, f"'{call}' is said with one card left "
                           f"after the play; {left} are left" if o.announcement
                           else "this game has no call")
        return None

    def _stopped_why(self) -> str:
        turns = "the turn" if self.stops == 1 else f"{self.stops} turns"
        return f"a player stopped misses {turns} (pass) or passes the stop on with a skip card"

    def _why_illegal_draw(self, move: Draw, playable: list[Card] | None = None
                          ) -> Illegal | None:
        """``playable``: the mover's cards that fit, when the caller has them already."""
        o = self.game.options
        if playable is None:
            playable = self.playable(move.seat)
        if self.stops:
            return Illegal(Fault.STOPPED, move, self._stopped_why())
        if self.pending:
            return None
        if self.drawn:
            if o.unable is Unable.DRAW_ONE_AND_PASS or o.unable is Unable.DRAW_ONE:
                return Illegal(Fault.MAY_NOT_DRAW, move, "one card is drawn a turn: play or pass")
            if playable or not self.drawable():
                return Illegal(Fault.MAY_NOT_DRAW, move, "a card drawn fits: play it")
        if not o.draw_when_able and playable:
            return Illegal(Fault.MAY_NOT_DRAW, move, "a player who can play does not draw: "
                           f"{cards_name(playable)} fit")
        if not self.drawable():
            return Illegal(Fault.MAY_NOT_DRAW, move, "no card is left to draw: pass")
        return None

    def _why_illegal_pass(self, move: Pass, playable: list[Card] | None = None
                          ) -> Illegal | None:
        """``playable``: the mover's cards that fit, when the caller has them already."""
        o = self.game.options
        if playable is None:
            playable = self.playable(move.seat)
        if self.stops:
            return None  # the stop taken: the turn missed
        if self.pending:
            return Illegal(Fault.MUST_DRAW, move, f"draw the {self.pending} cards first")
        if self.drawn:
            if o.unable is Unable.DRAW_UNTIL_PLAYABLE and playable:
                return Illegal(Fault.MAY_NOT_DRAW, move, "a card drawn fits: play it")
            return None
        if self.drawable():
            return Illegal(Fault.MUST_DRAW_FIRST, move, "a player who does not play draws "
                           "first")
        if playable and not o.draw_when_able:
            return Illegal(Fault.MUST_DRAW_FIRST, move, "a player who can play does not pass: "
                           f"{cards_name(playable)} fit")
        return None

    def can_apply(self, move: Move) -> bool:
        return self.why_illegal(move) is None

    # -- making moves ----------------------------------------------------------------------

    def apply(self, move: Move) -> MoveRecord:
        illegal = self.why_illegal(move)
        if illegal is not None:
            raise IllegalMove(illegal)
        return self._apply_legal(move)

    def _apply_legal(self, move: Move) -> MoveRecord:
        """``move``, known to be legal (one of ``legal_moves``), made."""
        self.turns += 1
        if isinstance(move, Play):
            return self._play(move)
        if isinstance(move, Draw):
            return self._draw(move)
        return self._pass(move)

    def _take(self, count: int) -> tuple[tuple[Card, ...], int]:
        """Up to ``count`` cards from the stock, the stock made again from the pile when
        it runs out; the cards and how many times it was made again."""
        taken: list[Card] = []
        restocks = 0
        while len(taken) < count:
            if not self.stock:
                if len(self.pile) <= 1:
                    break
                self._restock()
                restocks += 1
            taken.append(self.stock.pop(0))
        return tuple(taken), restocks

    def _restock(self) -> None:
        under = self.pile[:-1]
        del self.pile[:-1]
        if self.restock_order is not None:
            order, self.restock_order = self.restock_order, None
            if sorted(order, key=card_name) != sorted(under, key=card_name):
                raise RoundError(f"the stock made again holds {cards_name(under)}, in any order")
            under = list(order)
        elif self.game.options.empty_stock is EmptyStock.SHUFFLE:
            (self.shuffle or random.Random(0).shuffle)(under)
        self.stock = under
        self.restocks += 1

    def _advance(self, skips: int = 0) -> tuple[int, ...]:
        """The turn to the next player (past ``skips`` players and those still to miss a
        turn); the players it went past."""
        passed = []
        for _ in range(skips):
            self.turn = (self.turn + self.step) % self.players
            passed.append(self.turn)
        self.turn = (self.turn + self.step) % self.players
        while self.waiting[self.turn]:  # ends: the player who moved is never waiting
            self.waiting[self.turn] -= 1
            passed.append(self.turn)
            self.turn = (self.turn + self.step) % self.players
        self.drawn = False
        self.last_drawn = ()
        return tuple(passed)

    def _play(self, move: Play) -> MoveRecord:
        o = self.game.options
        hand = self.hands[move.seat]
        for card in move.cards:
            hand.remove(card)
            self.pile.append(card)
        self.idle = 0
        penalty: tuple[Card, ...] = ()
        restocks = 0
        if (o.announcement is not None and len(hand) == 1 and not move.announce):
            penalty, restocks = self._take(o.announcement.penalty)
            hand.extend(penalty)
        s = self.special(move.cards[0])
        self.free = False
        self.asked = move.suit if s.wild and not (self.pending or self.stops) else None
        cancelled = 0
        if self.pending and s.cancels_draw and not s.draw:
            cancelled, self.pending = self.pending, 0
        if s.draw:
            self.pending += s.draw * len(move.cards)
        skips = len(move.cards) if s.skip else 0
        if skips and o.skip_passed_on:  # the next player takes the stop, or passes it on
            self.stops += skips
            skips = 0
        turned = bool(s.reverse) and len(move.cards) % 2 == 1
        if turned:
            self.step = -self.step
        if not hand:
            self.winner = move.seat
            return MoveRecord(move, penalty=penalty, restocks=restocks, cancelled=cancelled,
                              out=True)
        again = s.again or (turned and self.players == 2)
        skipped: tuple[int, ...] = ()
        if again:
            self.drawn = False
            self.last_drawn = ()
        else:
            skipped = self._advance(skips)
        return MoveRecord(move, penalty=penalty, restocks=restocks, asked=self.asked,
                          pending=self.pending, stops=self.stops, cancelled=cancelled,
                          skipped=skipped, reversed=turned, next=self.turn)

    def _draw(self, move: Draw) -> MoveRecord:
        o = self.game.options
        skipped: tuple[int, ...] = ()
        if self.pending:
            drawn, restocks = self._take(self.pending)
            self.pending = 0
            self.hands[move.seat].extend(drawn)
            skipped = self._advance()
        elif o.unable is Unable.DRAW_UNTIL_PLAYABLE:
            cards: list[Card] = []
            restocks = 0
            while True:
                got, r = self._take(1)
                restocks += r
                cards.extend(got)
                self.hands[move.seat].extend(got)
                if not got or self.fits(got[0]):
                    break
            drawn = tuple(cards)
            self.drawn = True
        else:
            drawn, restocks = self._take(1)
            self.hands[move.seat].extend(drawn)
            if o.unable is Unable.DRAW_ONE_AND_PASS:
                skipped = self._advance()
            else:
                self.drawn = True
        self.idle = 0 if drawn else self.idle + 1
        self.last_drawn = drawn
        return MoveRecord(move, drawn=drawn, restocks=restocks, asked=self.asked,
                          pending=self.pending, skipped=skipped, next=self.turn)

    def _pass(self, move: Pass) -> MoveRecord:
        missed = self.stops
        if missed:  # the stop taken: this turn is the first one missed
            self.waiting[move.seat] += missed - 1
            self.stops = 0
        elif not self.drawn:
            self.idle += 1
        skipped = self._advance()
        if self.idle >= self.players:
            self.blocked = True
        return MoveRecord(move, asked=self.asked, missed=missed, skipped=skipped,
                          next=None if self.blocked else self.turn)

    # -- the end ---------------------------------------------------------------------------

    def result(self) -> HandResult:
        if not self.is_over():
            raise RoundError("the hand is not over")
        points = tuple(sum(self.game.points(c) for c in h) for h in self.hands)
        winner = self.winner
        if winner is None:
            low = min(points)
            lowest = [i for i, p in enumerate(points) if p == low]
            winner = lowest[0] if len(lowest) == 1 else None
        scoring = self.game.options.scoring
        if scoring is Scoring.WINNER_COLLECTS:
            scores = tuple(sum(p for j, p in enumerate(points) if j != i) if i == winner else 0
                           for i in range(self.players))
        elif scoring is Scoring.PENALTY:
            scores = tuple(0 if i == winner else p for i, p in enumerate(points))
        else:
            scores = tuple(1 if i == winner else 0 for i in range(self.players))
        return HandResult(winner, points, scores, self.turns, self.restocks, self.blocked)

    def play_randomly(self, rng: random.Random, *, limit: int = 2_000) -> HandResult | None:
        """Random legal moves to the end (None when ``limit`` moves do not end it)."""
        for _ in range(limit):
            if self.is_over():
                return self.result()
            self._apply_legal(self.random_move(rng))  # legal by construction: not checked again
        return self.result() if self.is_over() else None

    def random_move(self, rng: random.Random) -> Move:
        """``legal_moves()[rng.randrange(len(legal_moves()))]``, the same draw from ``rng``, with
        only the drawn move made: the moves offered are counted in ``legal_moves``'s order and
        the one drawn is built alone. A simulated Macao hand is over two hundred moves, each
        with up to a dozen offered (four a wild card, one a suit), nearly all of them unplayed."""
        seat, o = self.turn, self.game.options
        hand = self.hands[seat]
        playable = self.playable(seat)
        offered: list[tuple[Card, int, int]] = []  # a playable card, its runs, its suits named
        total = 0
        if not (self.drawn and o.unable is Unable.DRAW_ONE_AND_PASS):
            names_suit = not (self.pending or self.stops)
            ranks: dict[Rank | None, int] = {}
            if o.several:  # a rank held once has no run; one held more often is looked at
                for c in hand:
                    ranks[c.rank] = ranks.get(c.rank, 0) + 1
            for card in playable:
                runs = 2 if ranks.get(card.rank, 0) > 1 and card.rank is not None and any(
                    c.rank == card.rank and c != card for c in hand) else 1
                suits = len(_SUITS) if names_suit and self.special(card).wild else 1
                offered.append((card, runs, suits))
                total += runs * suits
        draw, pass_ = Draw(seat), Pass(seat)
        may_draw = self._why_illegal_draw(draw, playable) is None
        may_pass = self._why_illegal_pass(pass_, playable) is None
        pick = rng.randrange(total + may_draw + may_pass)
        for card, runs, suits in offered:
            if pick >= runs * suits:
                pick -= runs * suits
                continue
            run: tuple[Card, ...] = (card,)
            if pick // suits:  # the second run: the card and the others of its rank in hand
                run = (card, *(c for c in hand if c.rank == card.rank and c != card))
            announce = len(hand) - len(run) == 1 and o.announcement is not None
            return Play(seat, run, _SUITS[pick % suits] if suits > 1 else None, announce)
        return draw if may_draw and pick == 0 else pass_


def match_over(options: ShedOptions, totals: Sequence[int]) -> tuple[bool, tuple[int, ...]]:
    """Whether a match with these totals is over, and its winners (the most points when the
    winner collects, the fewest under penalty points)."""
    rule = options.match
    if rule is None or not totals or max(totals) < rule.target:
        return False, ()
    best = min(totals) if options.scoring is Scoring.PENALTY else max(totals)
    return True, tuple(i for i, t in enumerate(totals) if t == best)


def suits_named(cards: Iterable[Card]) -> set[Suit]:
    return {c.suit for c in cards if c.suit is not None}
