"""Trick-taking point-avoidance games: Peppa, Chat Noir, Hearts, Peppa Scivolosa.

One engine; each game is a set of options (data, not subclasses): how many cards are passed
and to whom, who leads, when hearts may be led, what each card is worth and the rules that
score a whole hand, and how a game of several hands ends (see ``tricks_score``). Seats are
numbered 0..n-1 in clockwise order, so a player's left-hand neighbour is the next seat.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Iterable, Sequence, overload

from ...core.cards import Card, Deck, Rank, Suit, card_name, cards_name
from .options import FirstLead, FirstTrick, HeartsLead, PassTo, TricksOptions
from .scoring import HandResult, Scoring, score_hand

TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)


# Comparing enum members by identity is several times faster than Card equality, which
# matters in the simulation's inner loop.
def _is_queen(card: Card) -> bool:
    return card.rank is Rank.QUEEN and card.suit is Suit.SPADES


def _is_two_of_clubs(card: Card) -> bool:
    return card.rank is Rank.TWO and card.suit is Suit.CLUBS


def _take(hand: list[Card], card: Card) -> None:
    """Remove ``card`` from ``hand``: by identity when it is the very object, else by value."""
    for i, c in enumerate(hand):
        if c is card:
            del hand[i]
            return
    hand.remove(card)


# -- moves and what they did -----------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Pass:
    """``seat`` passes ``cards`` face down; everyone's passes change hands at once."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: Card


class Fault(enum.StrEnum):
    """Why a move is not allowed; the values are the finding codes of `rulebook check`."""

    WRONG_PLAYER = "wrong-player"
    NOT_HELD = "card-not-held"
    REVOKE = "revoke"  # did not follow suit while able to
    LEAD = "illegal-lead"  # hearts before they are broken, or not the 2♣ first
    DISCARD = "illegal-discard"  # a heart or the Q♠ on the first trick
    PASS = "bad-pass"
    OVER = "hand-over"


@dataclass(frozen=True, slots=True)
class Illegal:
    """A move refused, with what the rules expected instead."""

    fault: Fault
    seat: int
    cards: tuple[Card, ...]  # what the move gives or plays
    trick: int  # the trick it belongs to (0 while passing)
    led: Suit | None = None
    legal: tuple[Card, ...] = ()  # what the seat could play (for NOT_HELD: what it holds)
    turn: int | None = None  # whose turn it really is
    detail: str = ""

    def describe(self, names: Sequence[str]) -> str:
        """The message, with seat names: ``trick 3: Bruno must follow ♥ (holds 7♥ K♥); ...``."""
        who, what = names[self.seat], cards_name(self.cards)
        where = f"trick {self.trick}: " if self.trick else ""
        legal = cards_name(self.legal)
        if self.fault is Fault.REVOKE:
            same = cards_name(c for c in self.legal if c.suit is self.led)
            return f"{where}'{who}' must follow {self.led} (holds {same}); the script plays {what}"
        if self.fault is Fault.LEAD:
            return f"{where}'{who}' may not lead {what} {self.detail}; they may lead {legal}"
        if self.fault is Fault.DISCARD:
            return f"{where}'{who}' may not play {what} {self.detail}; they may play {legal}"
        if self.fault is Fault.WRONG_PLAYER and self.turn is not None:
            return f"{where}'{names[self.turn]}' plays now, not '{who}'"
        if self.fault is Fault.NOT_HELD:
            return f"{where}{what} is not in '{who}''s hand ({legal or 'no cards'})"
        if self.fault is Fault.PASS and self.detail.startswith("passes"):
            return f"'{who}' {self.detail}"
        return f"{where}{self.detail}"


class IllegalMove(ValueError):
    """A move the rules do not allow; ``illegal`` says what was expected."""

    def __init__(self, illegal: Illegal, names: Sequence[str] | None = None) -> None:
        self.illegal = illegal
        super().__init__(illegal.describe(names or [f"seat {i}" for i in range(64)]))


@dataclass(frozen=True, slots=True)
class TrickRecord:
    number: int  # counting from 1 within the hand
    leader: int
    plays: tuple[Play, ...]  # in order of play
    winner: int
    points: int  # the table's values (and special cards) of the cards in the trick
    broken: bool  # hearts are broken once this trick is over


@dataclass(frozen=True, slots=True)
class PassRecord:
    move: Pass
    exchanged: bool  # everyone has passed now, and the cards changed hands


@dataclass(frozen=True, slots=True)
class PlayRecord:
    move: Play
    trick: TrickRecord | None  # the trick, once this play completes it


# -- the game --------------------------------------------------------------------------

@dataclass(frozen=True)
class TricksGame:
    """An immutable trick-taking game: the cards in play and the options."""

    deck: Deck
    removed: tuple[Card, ...]
    options: TricksOptions
    cards: tuple[Card, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", self.deck.without(self.removed))

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def hand_size(self) -> int:
        return len(self.cards) // self.players

    @property
    def scoring(self) -> Scoring:
        return self.options.scoring

    def value(self, card: Card) -> int:
        """What taking ``card`` is worth: the table's value plus any special value."""
        return self.scoring.value(card)

    def problems(self) -> list[str]:
        """Why these cards and options cannot make a playable hand, if they can't."""
        o, out = self.options, []
        if len(self.cards) % o.players:
            out.append(f"{len(self.cards)} cards do not deal out evenly to {o.players} players")
        if o.passing.count >= self.hand_size > 0 and o.passing.schedule:
            out.append(f"passing {o.passing.count} cards leaves nothing of a "
                       f"{self.hand_size}-card hand")
        if PassTo.ACROSS in o.passing.schedule and o.players % 2:
            out.append(f"nobody sits across with {o.players} players; the schedule passes across")
        if o.first_lead is FirstLead.TWO_OF_CLUBS and TWO_OF_CLUBS not in self.cards:
            out.append("the 2♣ leads the first trick, but it is not in play")
        valued = [c for c, _ in self.scoring.table + self.scoring.special]
        gone = [c for c in valued if c not in self.cards]
        if gone:
            out.append(f"the scoring table values {cards_name(gone)}, which are not in play")
        return out

    def table_total(self) -> int:
        """What the scoring table's cards are worth together (special cards apart)."""
        return sum(v for c, v in self.scoring.table if c in self.cards)

    def hand_sums(self) -> frozenset[int] | None:
        """Every possible sum of one hand's scores, or None when it depends on the play."""
        special = sum(v for c, v in self.scoring.special if c in self.cards)
        return self.scoring.hand_sums(players=self.players, tricks=self.hand_size,
                                      table=self.table_total(), special=special)

    def explain_sums(self) -> str:
        """Where a hand's sum comes from, for messages: ``the table: 36; ...``."""
        s, parts = self.scoring, [f"the cards of the table: {self.table_total()}"]
        if s.per_trick:
            parts.append(f"{self.hand_size} tricks × {s.per_trick}: {self.hand_size * s.per_trick}")
        special = [(c, v) for c, v in s.special if c in self.cards]
        if special:
            parts.append("special cards: " + ", ".join(f"{card_name(c)} {v}" for c, v in special))
        if s.slam is not None:
            others = (f" + {self.players - 1} × {s.slam.others}" if s.slam.others is not None
                      else " (the others score as usual)")
            parts.append(f"when one player takes everything: {s.slam.taker}{others}")
        return "; ".join(parts)

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

    def first_leader(self, dealer: int, hands: Sequence[Iterable[Card]]) -> int:
        o = self.options
        if o.first_lead is FirstLead.TWO_OF_CLUBS:
            for seat, hand in enumerate(hands):
                if TWO_OF_CLUBS in hand:
                    return seat
        if o.first_lead is FirstLead.LEFT_OF_DEALER:
            return (dealer + 1) % o.players
        return (dealer - 1) % o.players

    def new_hand(self, hands: Sequence[Sequence[Card]], *, dealer: int, hand: int = 1
                 ) -> TricksState:
        """A hand as dealt; passing comes first when the schedule passes in this hand."""
        return TricksState(self, hands, dealer=dealer, direction=self.options.passing.direction(hand))

    def resume(self, hands: Sequence[Sequence[Card]], *, taken: Sequence[Sequence[Card]],
               leader: int) -> TricksState:
        """A hand late in play: what each seat holds and has taken, and who leads next."""
        return TricksState(self, hands, dealer=None, direction=PassTo.NONE, taken=taken,
                           leader=leader)

    def random_round(self, rng: random.Random, *, dealer: int | None = None, hand: int = 1
                     ) -> HandResult:
        """Deal, pass and play one whole hand with random legal choices."""
        dealer = rng.randrange(self.players) if dealer is None else dealer
        state = self.new_hand(self.deal(rng), dealer=dealer, hand=hand)
        if state.passing:
            count = self.options.passing.count
            for seat in range(self.players):
                state.apply(Pass(seat, tuple(rng.sample(state.hands[seat], count))))
        while state.turn is not None:
            # a card from legal_cards() needs no second check: the fast path for simulation
            state.apply(Play(state.turn, rng.choice(state.legal_cards())), strict=False)
        return state.result()


class TricksState:
    """One hand in play: passing (when the schedule says so), then the tricks."""

    def __init__(self, game: TricksGame, hands: Sequence[Sequence[Card]], *, dealer: int | None,
                 direction: PassTo, taken: Sequence[Sequence[Card]] | None = None,
                 leader: int | None = None) -> None:
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
        self.turn: int | None = None if self.passing or not self.hands[self.leader] else self.leader

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
        if len(set(move.cards)) != count:
            return Illegal(Fault.PASS, move.seat, move.cards, 0,
                           detail=f"passes {len(set(move.cards))} different card(s); "
                           f"this game passes {count}")
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
        self.turn = self.leader
        return PassRecord(move, exchanged=True)

    def legal_passes(self) -> list[Pass]:
        """Every way the next seat still to pass may choose its cards."""
        if not self.passing:
            return []
        seat = next(s for s in range(self.players) if s not in self.passes)
        return [Pass(seat, cs) for cs in combinations(self.hands[seat], self.options.passing.count)]

    # -- play ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return not self.passing and self.turn is None

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
            suit = self.trick[0].card.suit
            same = [c for c in hand if c.suit is suit]
            if same:
                return same
        elif first and o.first_lead is FirstLead.TWO_OF_CLUBS and any(map(_is_two_of_clubs, hand)):
            return [c for c in hand if _is_two_of_clubs(c)]
        elif o.hearts_lead is HeartsLead.WHEN_BROKEN and not self.broken:
            other = [c for c in hand if c.suit is not Suit.HEARTS]
            if other:
                hand = other
        if first and o.first_trick is FirstTrick.NO_POINTS:
            clean = [c for c in hand if c.suit is not Suit.HEARTS and not _is_queen(c)]
            if clean:
                return clean
        return list(hand)

    def legal_moves(self) -> list[Pass] | list[Play]:
        if self.passing:
            return self.legal_passes()
        return [Play(self.turn, c) for c in self.legal_cards()] if self.turn is not None else []

    # -- the move vocabulary: why a move is illegal, whether it is legal, make it -----------

    def why_illegal(self, move: Pass | Play) -> Illegal | None:
        """None when ``move`` is allowed now; otherwise what is wrong with it."""
        if isinstance(move, Pass):
            return self._why_pass_illegal(move)
        return self._why_play_illegal(move)

    def can_apply(self, move: Pass | Play) -> bool:
        return self.why_illegal(move) is None

    @overload
    def apply(self, move: Pass) -> PassRecord: ...

    @overload
    def apply(self, move: Play, *, strict: bool = True) -> PlayRecord: ...

    def apply(self, move: Pass | Play, *, strict: bool = True) -> PassRecord | PlayRecord:
        """Make the move and say what it did; IllegalMove when the rules do not allow it.

        ``strict=False`` plays a held card even against the rules (by whoever's turn it is),
        so that a replay which has reported the fault can go on checking what follows."""
        if isinstance(move, Pass):
            illegal = self._why_pass_illegal(move)
            if illegal is not None:
                raise IllegalMove(illegal)
            return self._pass(move)
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
        if not self.trick:
            why = ("first: the holder of the 2♣ opens with it" if legal == [TWO_OF_CLUBS]
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
        led = self.trick[0].card.suit
        best = max((p for p in self.trick if p.card.suit is led),
                   key=lambda p: p.card.rank.high if p.card.rank else 0)
        cards = [p.card for p in self.trick]
        self.broken = self.broken or any(self._breaks(c) for c in cards)
        winner = best.seat
        self.taken[winner].extend(cards)
        self.tricks_won[winner] += 1
        record = TrickRecord(self.trick_number, self.trick[0].seat, tuple(self.trick), winner,
                             sum(self.game.value(c) for c in cards), self.broken)
        self.trick = []
        self.trick_number += 1
        self.leader = winner
        self.turn = winner if self.hands[winner] else None
        return PlayRecord(move, record)

    def result(self) -> HandResult:
        if not self.is_over():
            raise IllegalMove(Illegal(Fault.OVER, 0, (), self.trick_number,
                                      detail="the hand is not over"))
        return score_hand(self.game.scoring, taken=self.taken, tricks=self.tricks_won,
                          in_play=self.game.cards)
