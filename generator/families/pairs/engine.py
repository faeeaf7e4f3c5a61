"""Drawing-and-pairing games: Black Peter, Uomo Nero, Schwarzer Peter, Old Maid, Peppa tencia.

One engine; each game is a set of options (data, not subclasses). Seats are numbered
0..n-1 in clockwise order, so a player's left-hand neighbour is the next seat.
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Hashable, Iterable, Sequence

from ...core.cards import Card, Deck, card_name, cards_name
from .options import (
    Direction,
    FirstTurn,
    MatchKind,
    MatchRule,
    OddCardFate,
    OddMode,
    Pairing,
    PairsOptions,
    Winners,
)

_ODD = ("odd",)  # the partner key of the named odd card: it never pairs
_ALONE = ("alone",)  # cards laid down on sight


@dataclass(frozen=True, slots=True)
class Draw:
    """One move: ``drawer`` takes ``card`` from ``source``."""

    drawer: int
    source: int
    card: Card


@dataclass(frozen=True, slots=True)
class DrawRecord:
    """What a draw did."""

    move: Draw
    pair: tuple[Card, Card] | None
    out: tuple[int, ...]  # players who ran out of cards with this draw


@dataclass(frozen=True, slots=True)
class RoundResult:
    holder: int  # who holds the last card
    last_card: Card
    winners: frozenset[int]
    losers: frozenset[int]
    draws: int


@dataclass(frozen=True)
class PairsGame:
    """An immutable pairing game: the cards in play and the options."""

    deck: Deck
    removed: tuple[Card, ...]
    options: PairsOptions
    cards: tuple[Card, ...] = field(init=False)
    _keys: dict[Card, Hashable] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", self.deck.without(self.removed))
        object.__setattr__(self, "_keys", {c: self._compute_key(c) for c in self.deck.cards})

    def _compute_key(self, card: Card, *, named_odd: bool = True) -> Hashable:
        opts = self.options
        if named_odd and opts.odd_card is not None and card == opts.odd_card:
            return _ODD
        if card in opts.lay_down_alone:
            return _ALONE
        for i, pair in enumerate(opts.explicit_pairs):
            if card in pair:
                return ("pair", i)
        if opts.pairing is Pairing.RANK:
            return ("rank", card.rank)
        return ("rank", card.rank, card.colour)

    def key(self, card: Card) -> Hashable:
        return self._keys.get(card, _ODD)

    def is_pair(self, a: Card, b: Card) -> bool:
        key = self.key(a)
        return a != b and key not in (_ODD, _ALONE) and key == self.key(b)

    def lays_alone(self, card: Card) -> bool:
        return self.key(card) == _ALONE

    def odd_candidates(self) -> tuple[Card, ...]:
        """The cards that can be the last one: the named odd card, or every card of the group
        with an odd count (leftover); none known in advance when the odd card is hidden."""
        if self.options.odd_mode is OddMode.NAMED and self.options.odd_card is not None:
            return (self.options.odd_card,)
        if self.options.odd_mode is OddMode.HIDDEN:
            return ()
        groups: dict[Hashable, list[Card]] = {}
        for card in self.cards:
            if self.key(card) not in (_ODD, _ALONE):
                groups.setdefault(self.key(card), []).append(card)
        uneven = [g for g in groups.values() if len(g) % 2]
        return tuple(uneven[0]) if len(uneven) == 1 else ()

    def problems(self) -> list[str]:
        """Why this deck and these options cannot leave exactly one odd card, if they can't."""
        out = []
        odd = self.options.odd_card
        if odd is not None and odd not in self.cards:
            where = "removed" if odd in self.removed else f"not in the {self.deck.name} deck"
            out.append(f"the odd card {card_name(odd)} is {where}")
        elif odd is not None:  # the pairing rule must leave the named odd card without a partner
            natural = self._compute_key(odd, named_odd=False)
            mates = [c for c in self.cards if c != odd and self.key(c) == natural]
            if mates:
                out.append(f"the odd card {card_name(odd)} pairs with {cards_name(mates)} under "
                           f"'{self.options.pairing}' pairing: name no odd card ('none': the "
                           "last card of the odd group is left over) or pair those cards explicitly")
        for pair in self.options.explicit_pairs:
            for card in pair:
                if card not in self.cards:
                    out.append(f"explicit pair {cards_name(pair)} names {card_name(card)}, "
                               "which is not in play")
        classes: dict[Hashable, list[Card]] = {}
        for card in self.cards:
            key = self.key(card)
            if key not in (_ODD, _ALONE):
                classes.setdefault(key, []).append(card)
        uneven = [members for members in classes.values() if len(members) % 2]
        mode = self.options.odd_mode
        if mode is OddMode.LEFTOVER:
            if len(uneven) != 1:
                groups = "; ".join(cards_name(m) for m in uneven) or "none"
                out.append(f"exactly one group of cards that pair with one another must have an "
                           f"odd count, so that its last card is left over; found {len(uneven)} "
                           f"({groups})")
            return out
        for members in uneven:
            out.append(f"{cards_name(members)} cannot all be paired: "
                       f"{len(members)} cards pair with one another")
        return out

    # -- dealing ---------------------------------------------------------------------------

    def deal_sizes(self, players: int, dealer: int, cards: int | None = None) -> list[int]:
        """Hand sizes when all cards are dealt one at a time from the dealer's left."""
        total = len(self.cards) if cards is None else cards
        sizes = [total // players] * players
        for i in range(total % players):
            sizes[(dealer + 1 + i) % players] += 1
        return sizes

    def deal(self, rng: random.Random, *, players: int, dealer: int
             ) -> tuple[list[list[Card]], Card | None]:
        """Shuffle and deal; returns the hands and the hidden card (when the odd card is hidden)."""
        pack = list(self.cards)
        rng.shuffle(pack)
        hidden = pack.pop() if self.options.odd_mode is OddMode.HIDDEN else None
        hands: list[list[Card]] = [[] for _ in range(players)]
        for i, card in enumerate(pack):
            hands[(dealer + 1 + i) % players].append(card)
        return hands, hidden

    def lay_down_first(self, hand: Sequence[Card]
                       ) -> tuple[list[Card], list[tuple[Card, Card]], list[Card]]:
        """Kept cards, pairs and single cards laid down from a dealt hand (three alike: keep one)."""
        kept: dict[Hashable, Card] = {}
        pairs: list[tuple[Card, Card]] = []
        alone: list[Card] = []
        for card in hand:
            key = self.key(card)
            if key == _ALONE:
                alone.append(card)
            elif key != _ODD and key in kept:
                pairs.append((kept.pop(key), card))
            else:
                kept[key if key != _ODD else card] = card
        return list(kept.values()), pairs, alone

    def new_round(self, hands: Sequence[Sequence[Card]], *, dealer: int,
                  first_drawer: int | None = None) -> PairsState:
        """A round from hands that hold no pair (after the first pairs)."""
        return PairsState(self, hands, dealer=dealer, first_drawer=first_drawer)

    def random_round(self, rng: random.Random, players: int, *, dealer: int | None = None
                     ) -> RoundResult:
        """Deal and play one whole round with random draws."""
        dealer = rng.randrange(players) if dealer is None else dealer
        dealt, _hidden = self.deal(rng, players=players, dealer=dealer)
        state = self.new_round([self.lay_down_first(h)[0] for h in dealt], dealer=dealer)
        hands = state.hands
        while not state.is_over():
            state.apply_index(rng.randrange(len(hands[state.source()])))
        return state.result()

    def variant(self, *, deck: Deck | None = None, removed: Iterable[Card] | None = None,
                **options: object) -> PairsGame:
        return PairsGame(deck or self.deck,
                         tuple(self.removed if removed is None else removed),
                         replace(self.options, **options))  # type: ignore[arg-type]


class Fault(enum.StrEnum):
    """Why a draw is not allowed; the values are the finding codes of `rulebook check`."""

    OVER = "round-over"
    WRONG_PLAYER = "wrong-player"
    WRONG_SOURCE = "wrong-source"
    NOT_HELD = "card-not-held"


@dataclass(frozen=True, slots=True)
class Illegal:
    """A draw refused, with what the rules expected instead."""

    fault: Fault
    move: Draw
    drawer: int | None = None  # whose turn it really is
    source: int | None = None  # whom they really draw from

    def describe(self) -> str:
        if self.fault is Fault.OVER:
            return "the round is already over"
        if self.fault is Fault.WRONG_PLAYER:
            return f"it is seat {self.drawer}'s turn to draw"
        if self.fault is Fault.WRONG_SOURCE:
            return f"seat {self.drawer} draws from seat {self.source}"
        return f"{card_name(self.move.card)} is not in seat {self.move.source}'s hand"


class IllegalMove(ValueError):
    """A draw the rules do not allow; ``illegal`` says what was expected."""

    def __init__(self, illegal: Illegal) -> None:
        self.illegal = illegal
        super().__init__(illegal.describe())


class RoundError(ValueError):
    """A question the round cannot answer in its state (its result before the end)."""


def next_with_cards(hands: Sequence[object], seat: int, step: int, *,
                    include_self: bool = False) -> int:
    """The nearest seat from ``seat`` in direction ``step`` whose hand is not empty."""
    n = len(hands)
    for i in range(0 if include_self else 1, n + 1):
        other = (seat + step * i) % n
        if hands[other] and (include_self or other != seat):
            return other
    raise RoundError("no other player has cards")


def first_drawer(options: PairsOptions, hands: Sequence[object], *, dealer: int) -> int:
    """Who draws first, given which seats still hold cards after the first pairs."""
    left = Direction.LEFT.step
    if options.first_turn is FirstTurn.LEFT_OF_DEALER_DRAWS:
        return next_with_cards(hands, dealer, left)
    offerer = next_with_cards(hands, dealer, left,
                              include_self=options.first_turn is FirstTurn.DEALER_OFFERS)
    return next_with_cards(hands, offerer, options.draw_from.opposite.step)


class PairsState:
    """One round in play. Hands never hold a pair: pairs are laid down at once."""

    def __init__(self, game: PairsGame, hands: Sequence[Sequence[Card]], *, dealer: int,
                 first_drawer: int | None = None) -> None:
        self.game = game
        self.players = len(hands)
        self.dealer = dealer
        # One dict per hand, keyed by partner key, so that a drawn card finds its partner at once.
        self.hands: list[dict[Hashable, Card]] = []
        for hand in hands:
            d: dict[Hashable, Card] = {}
            for card in hand:
                key = game.key(card)
                d[key if key not in d and key != _ODD else (key, card)] = card
            self.hands.append(d)
        self._active = sum(1 for h in self.hands if h)
        self.out_groups: list[tuple[int, ...]] = []
        first_out = tuple(i for i, h in enumerate(self.hands) if not h)
        if first_out:
            self.out_groups.append(first_out)
        self.draws = 0
        self._draw_step = game.options.draw_from.step
        self._turn_step = game.options.turn_passes.step
        self.drawer: int | None = None
        self._source = -1  # whom the drawer draws from; kept with the drawer for speed
        if not self.is_over():
            self._set_drawer(self._first_drawer() if first_drawer is None else first_drawer)

    # -- seats -----------------------------------------------------------------------------

    def has_cards(self, seat: int) -> bool:
        return bool(self.hands[seat])

    def _next_active(self, seat: int, direction: Direction | int, *,
                     include_self: bool = False) -> int:
        step = direction if isinstance(direction, int) else direction.step
        return next_with_cards(self.hands, seat, step, include_self=include_self)

    def _set_drawer(self, drawer: int | None) -> None:
        self.drawer = drawer
        if drawer is not None:
            self._source = self._next_active(drawer, self._draw_step)

    def _first_drawer(self) -> int:
        return first_drawer(self.game.options, self.hands, dealer=self.dealer)

    def source(self) -> int:
        """Whom the player to move draws from: the nearest neighbour with cards."""
        if self.drawer is None:
            raise RoundError("the round is over")
        return self._source

    def hand(self, seat: int) -> list[Card]:
        return list(self.hands[seat].values())

    # -- play ------------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self._active <= 1

    def legal_moves(self) -> list[Draw]:
        if self.is_over() or self.drawer is None:
            return []
        source = self.source()
        return [Draw(self.drawer, source, c) for c in self.hands[source].values()]

    def why_illegal(self, move: Draw) -> Illegal | None:
        """None when ``move`` is allowed now; otherwise what is wrong with it."""
        if self.is_over() or self.drawer is None:
            return Illegal(Fault.OVER, move)
        if move.drawer != self.drawer:
            return Illegal(Fault.WRONG_PLAYER, move, drawer=self.drawer, source=self._source)
        if move.source != self._source:
            return Illegal(Fault.WRONG_SOURCE, move, drawer=self.drawer, source=self._source)
        if move.card not in self.hands[move.source].values():
            return Illegal(Fault.NOT_HELD, move, drawer=self.drawer, source=self._source)
        return None

    def can_apply(self, move: Draw) -> bool:
        return self.why_illegal(move) is None

    def apply(self, move: Draw) -> DrawRecord:
        """Make the draw and say what it did; IllegalMove when the rules do not allow it."""
        illegal = self.why_illegal(move)
        if illegal is not None:
            raise IllegalMove(illegal)
        hand = self.hands[move.source]
        key = next(k for k, card in hand.items() if card == move.card)
        del hand[key]
        return self._receive(move, key)

    def apply_index(self, index: int) -> DrawRecord:
        """Draw the source's card at ``index`` (the fast path for simulation)."""
        source = self._source
        hand = self.hands[source]
        key = list(hand)[index]
        card = hand.pop(key)
        return self._receive(Draw(self.drawer, source, card), key)  # type: ignore[arg-type]

    def play_randomly(self, rng: random.Random) -> None:
        """Random draws to the end: ``apply_index(rng.randrange(len(the source's hand)))``
        until the round is over, the same draws and the same state at the end, without the
        move and the record each draw returns, which a simulation never reads (a round of
        eight is some 170 draws)."""
        hands, randrange = self.hands, rng.randrange
        turn_step, draw_step = self._turn_step, self._draw_step
        while self._active > 1:
            source, drawer = self._source, self.drawer
            assert drawer is not None  # a round not over has a drawer
            hand = hands[source]
            key = list(hand)[randrange(len(hand))]
            card = hand.pop(key)
            mine = hands[drawer]
            if key == _ALONE:
                pass
            elif key in mine:  # the pair laid down
                del mine[key]
            else:
                mine[key] = card
            self.draws += 1
            out = tuple(s for s in (source, drawer) if not hands[s])
            if out:
                self._active -= len(out)
                self.out_groups.append(out)
            if self._active <= 1:
                self.drawer = None
                break
            self.drawer = drawer = next_with_cards(hands, drawer, turn_step)
            self._source = next_with_cards(hands, drawer, draw_step)

    def _receive(self, move: Draw, key: Hashable) -> DrawRecord:
        """Give the drawn card to the drawer; ``key`` is its key in the source's hand."""
        drawer = move.drawer
        hand = self.hands[drawer]
        pair = None
        if key == _ALONE:
            pass
        elif key in hand:  # a named odd card's key holds the card itself, so it never matches
            pair = (move.card, hand.pop(key))
        else:
            hand[key] = move.card
        self.draws += 1
        out = tuple(s for s in (move.source, drawer) if not self.hands[s])
        if out:
            self._active -= len(out)
            self.out_groups.append(out)
        self._set_drawer(None if self._active <= 1 else self._next_active(drawer, self._turn_step))
        return DrawRecord(move, pair, out)

    def result(self) -> RoundResult:
        if not self.is_over():
            raise RoundError("the round is not over")
        holders = [i for i, h in enumerate(self.hands) if h]
        if not holders:  # only a position without the last card ends like this
            raise RoundError("no card is left: the last card must be in someone's hand")
        holder = holders[0]
        cards = list(self.hands[holder].values()) if holders else []
        last = cards[0] if cards else Card(None, None)
        everyone = frozenset(range(self.players))
        opts = self.game.options
        if opts.odd_card_holder is OddCardFate.WINS:
            winners = frozenset({holder})
        elif opts.winners is Winners.FIRST_OUT and self.out_groups:
            winners = frozenset(self.out_groups[0])
        else:
            winners = everyone - {holder}
        losers = everyone - {holder} if opts.odd_card_holder is OddCardFate.WINS else frozenset({holder})
        return RoundResult(holder, last, winners, losers, self.draws)


@dataclass(frozen=True, slots=True)
class MatchOutcome:
    losers: frozenset[int]  # empty while the match goes on
    penalties: tuple[int, ...]
    hands_played: int


def match_outcome(rule: MatchRule, players: int, round_losers: Iterable[int]) -> MatchOutcome:
    """Score a match from the loser of each hand, in order."""
    counts: Counter[int] = Counter()
    played = 0
    for loser in round_losers:
        counts[loser] += 1
        played += 1
        if rule.kind is MatchKind.FIRST_TO_LOSSES and counts[loser] >= (rule.losses or 1):
            return MatchOutcome(frozenset({loser}), _tally(counts, players), played)
    penalties = _tally(counts, players)
    if rule.kind is MatchKind.AGREED_HANDS and rule.hands is not None and played >= rule.hands:
        worst = max(penalties)
        return MatchOutcome(frozenset(i for i, p in enumerate(penalties) if p == worst),
                            penalties, played)
    return MatchOutcome(frozenset(), penalties, played)


def _tally(counts: Counter[int], players: int) -> tuple[int, ...]:
    return tuple(counts[i] for i in range(players))
