"""A trick-taking hand at the play table, as plain JSON: the Python twin of the browser's
engine (templates/static/play/families/tricks.js), which the differential test holds it to.

The table reads only ``play_options`` (JSON), deals with the shared seeded generator
(``core.prng``) and plays through the checker's own engine (``TricksState``). A table plays
a game of several hands with a running score sheet until the game's end rule says it is
over. Moves use the example scripts' notation: ``{"by": 2, "play": "Q♠"}`` and
``{"by": 0, "pass": ["K♠", "Q♥", "10♥"]}``; seats are numbers, clockwise from 0.
"""

from __future__ import annotations

import json
from copy import copy
from itertools import combinations

from ...core.cards import Card, Suit, card_name
from ..moves import Json, PlayError, card_of, seat_of
from ..table_play import PlayTable, position_cards
from . import script_play
from .bot import choose
from .deal import Dealt, deal_pack
from .engine import Bid, Pass, Play, TricksGame, TricksState
from .options import PassTo, TrumpFrom
from .play_options import game_from_options, play_options
from .scoring import HandResult, verdict
from .strong import LEVELS, choose_strong

__all__ = ["TricksTable", "game_from_options", "play_options"]


_NAMES: dict[Card, str] = {}


def _names(cards: list[Card] | tuple[Card, ...]) -> list[str]:
    """The cards' names; a card's name is made once (it is asked for at every step)."""
    out = []
    for card in cards:
        name = _NAMES.get(card)
        if name is None:
            name = _NAMES[card] = card_name(card)
        out.append(name)
    return out


class TricksTable(PlayTable[TricksGame]):
    """The hands of one trick-taking game at one table, with its score sheet."""

    family = "tricks"
    # an example script at the table: its pack and moves (script_play.py, families/guide.py)
    example_start = script_play.example_start
    example_moves = script_play.example_moves
    example_result = script_play.example_result

    def __init__(self, options: Json) -> None:
        level = options.get("level", "easy")
        if level not in LEVELS:
            raise ValueError(f"no computer players of the level {json.dumps(level)}: "
                             f"{' or '.join(LEVELS)}")
        budget = options.get("budget")
        if budget is not None and not (isinstance(budget, int) and not isinstance(budget, bool)
                                       and budget > 0):
            raise ValueError(f"the strong player's budget is a number of plays above 0, "
                             f"not {json.dumps(budget)}")
        super().__init__(options)

    @staticmethod
    def game_from_options(options: Json) -> TricksGame:
        return game_from_options(options)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.game.cards

    def new_match(self) -> None:
        self.sheet: list[list[int]] = []

    def deal(self, pack: list[Card]) -> None:
        """The hand's cards one at a time round the table (all of them, or the hand's size
        each with a stock and a turned card); passing first when the hand has it, then the
        bids."""
        n, o, hand = self.players, self.game.options, self.round_number
        if o.dealing.size is None and not o.dealing.by_hand and not o.trumps.turns_card:
            dealt = Dealt([pack[i::n] for i in range(n)])  # the first games' deal
        else:
            dealt = deal_pack(pack, o, dealer=self.dealer, size=self.game.cards_for(hand))
        self.dealt = [self.sorted(h) for h in dealt.hands]
        self.turned = dealt.turned
        self.state: TricksState = self.game.new_hand(self.dealt, dealer=self.dealer, hand=hand,
                                                     stock=dealt.stock, turned=dealt.turned)
        self.pass_to = self.state.direction.value if self.state.passing else "none"
        self.before: list[list[str]] = [[] for _ in range(n)]  # taken before a position
        self.passes: list[list[str] | None] = [None] * n
        self.tricks: list[Json] = []
        self.last: Json | None = None
        self.result: HandResult | None = None

    # -- a hand from a position --------------------------------------------------------------

    def position_error(self, position: Json) -> str | None:
        """A position is ``hands`` (each of one size, before a trick) and ``leader`` (who
        leads the next trick), and where it has them ``taken`` (each seat's cards taken in
        tricks so far), ``stock`` (top first), ``turned`` (the card turned up) and ``bids``
        (every seat's, made before). The twin of engine.js's TricksTable.positionError."""
        n, o = self.players, self.game.options
        why = position_cards(position, ("hands", "taken"), self.cards, n)
        if why is not None:
            return why
        stock, turned = position.get("stock") or [], position.get("turned")
        if not isinstance(stock, list) or not all(isinstance(c, str) for c in stock):
            return "stock is not a list of cards"
        if turned is not None and not isinstance(turned, str):
            return "turned is not a card"
        hands: list[list[str]] = position["hands"]
        taken: list[list[str]] = position.get("taken") or [[] for _ in range(n)]
        in_play = set(_names(self.cards))
        placed = {c for h in hands + taken for c in h}
        # the turned card stays in the dealer's hand where the dealer's last card is turned
        apart = [turned] if turned is not None and o.trumps.source is TrumpFrom.TURNED else []
        for card in stock + apart:
            if card not in in_play:
                return f"{card} in the stock is not a card in play"
            if card in placed:
                return f"{card} is placed twice"
            placed.add(card)
        if turned is not None and turned not in in_play:
            return f"the turned card {turned} is not a card in play"
        if len({len(h) for h in hands}) != 1 or not hands[0]:
            return "the hands are not of one size, of one card or more"
        for seat, pile in enumerate(taken):
            if len(pile) % n:
                return f"seat {seat} has taken {len(pile)} cards, not whole tricks"
        leader = position.get("leader")
        if not (isinstance(leader, int) and not isinstance(leader, bool) and 0 <= leader < n):
            return f"no seat {json.dumps(leader)} leads"
        whole = o.dealing.size is None and not o.dealing.by_hand and not o.trumps.turns_card
        if whole and len(placed) != len(in_play):
            return "not every card in play is placed"
        if turned is not None and not o.trumps.turns_card:
            return "no card is turned up in this game"
        if stock and not o.dealing.draw:
            return "this game has no stock"
        bids = position.get("bids")
        if o.bidding is None and bids is not None:
            return "nobody bids in this game"
        if o.bidding is not None and not (isinstance(bids, list) and len(bids) == n and all(
                isinstance(b, int) and not isinstance(b, bool) and b >= 0 for b in bids)):
            return f"bids is not a number of tricks for each of the {n} seats"
        scored_by_position = self.game.scoring.trick_bonus or any(
            s.tricks for s in self.game.scoring.sets)
        if any(taken) and scored_by_position:
            return "this game scores tricks by their position, and a position does not say " \
                "who took which trick"
        return None

    def start_from(self, position: Json) -> None:
        """The hand late in play as ``position`` has it (the checker's ``resume``): no
        passing, no bids to make, the tricks taken before it counted in the result."""
        n = self.players
        turned = position.get("turned")
        self.dealt = [self.sorted([card_of(c) for c in h]) for h in position["hands"]]
        self.turned = None if turned is None else card_of(turned)
        taken = [[card_of(c) for c in pile] for pile in position.get("taken") or [[]] * n]
        self.state = self.game.resume(
            self.dealt, taken=taken, leader=position["leader"], hand=self.round_number,
            stock=[card_of(c) for c in position.get("stock") or []], turned=self.turned,
            bids=position.get("bids"))
        self.pass_to = "none"
        self.before = [_names(pile) for pile in taken]
        self.passes = [None] * n
        self.tricks = []
        self.last = None
        self.result = None

    # -- moves -----------------------------------------------------------------------------

    def turn(self) -> int | None:
        """Who moves: the next seat to pass while passing, the seat to bid while bidding,
        else the seat to play."""
        if self.state.passing:
            return next(s for s in range(self.players) if s not in self.state.passes)
        if self.state.bidding:
            return self.state.bid_turn
        return self.state.turn

    def is_over(self) -> bool:
        return self.state.is_over()

    def legal_moves(self) -> list[Json]:
        s = self.state
        if s.passing:
            # the engine's legal_passes() (every `count` cards of the hand), taken from the
            # hand in deck order so that they come in the order engine.js gives them
            seat = next(s for s in range(self.players) if s not in self.state.passes)
            hand = _names(self.sorted(s.hands[seat]))
            return [{"by": seat, "pass": list(cs)}
                    for cs in combinations(hand, self.game.options.passing.count)]
        if s.bidding:
            return [{"by": b.seat, "bid": b.tricks} for b in s.legal_bids()]
        return [{"by": s.turn, "play": c} for c in _names(self.sorted(s.legal_cards()))]

    def play(self, move: Json) -> Json:
        """Make a pass, a bid or a play; ``PlayError`` when the rules do not allow it."""
        parsed = self._parse(move)
        illegal = self.state.why_illegal(parsed)
        if illegal is not None:
            raise PlayError(illegal.fault.value, illegal.describe([f"seat {i}" for i in
                                                                   range(self.players)]),
                            self.legal_moves())
        event: Json
        if isinstance(parsed, Pass):
            self.state.apply(parsed)
            self.passes[parsed.seat] = _names(self.sorted(parsed.cards))
            event = {"by": parsed.seat, "pass": self.passes[parsed.seat]}
            if not self.state.passing:
                event["exchanged"] = True
        elif isinstance(parsed, Bid):
            done = self.state.apply(parsed).done
            event = {"by": parsed.seat, "bid": parsed.tricks}
            if done:
                event["bids_done"] = True
        else:
            event = self._play(parsed)
        self.last = event
        return event

    def _play(self, move: Play) -> Json:
        record = self.state.apply(move)
        event: Json = {"by": move.seat, "play": card_name(move.card)}
        if record.trick is not None:
            t = record.trick
            trick = {"number": t.number, "lead": t.leader,
                     "cards": [card_name(p.card) for p in t.plays], "winner": t.winner,
                     "points": t.points, "broken": t.broken}
            if self.game.options.dealing.draw:
                # who drew what, winner first; view() hides the cards of the others' draws
                trick["draws"] = [{"by": seat, "card": card_name(c)} for seat, c in t.draws]
            self.tricks.append(trick)
            event["trick"] = trick
        if self.state.is_over():
            self.result = self.state.result()
            self.sheet.append(list(self.result.scores))
        return event

    def _parse(self, move: Json) -> Pass | Bid | Play:
        try:
            seat = seat_of(move["by"], self.players)
            if "pass" in move:
                if not isinstance(move["pass"], list):
                    raise TypeError("'pass' is a list of cards")
                return Pass(seat, tuple(card_of(c) for c in move["pass"]))
            if "bid" in move:
                bid = move["bid"]
                if not isinstance(bid, int) or isinstance(bid, bool):
                    raise TypeError("'bid' is a number of tricks")
                return Bid(seat, bid)
            return Play(seat, card_of(move["play"]))
        except (KeyError, TypeError, ValueError) as err:
            raise PlayError("bad-move", f"not a move: {move!r} ({err})", self.legal_moves()) from None

    # -- what a seat may know, and the bot ---------------------------------------------------

    def view(self, seat: int) -> Json:
        """What ``seat`` may know: its own hand and passes, the turned card and the trump
        suit, the bids made, the tricks played (and ``before``, the cards each seat had
        taken when the hand was taken up at a position: everyone saw those tricks) and the
        stock's size, the legal moves when it is its turn; never another seat's cards (of
        another seat's draw, only that it drew, unless it drew the turned card, which
        everyone saw)."""
        s = self.state
        mine = seat == self.turn()
        return {"seat": seat, "players": self.players, "hand_number": self.round_number,
                "hand": _names(self.sorted(s.hands[seat])), "passing": s.passing,
                "pass_to": self.pass_to, "passed": self.passes[seat],
                "trick": [{"by": p.seat, "play": card_name(p.card)} for p in s.trick],
                "tricks": [self._seen(t, seat) for t in self.tricks], "broken": s.broken,
                "turn": self.turn(), "legal": self.legal_moves() if mine and not s.passing else [],
                "turned": self._turned(), "trump": None if s.trump is None else s.trump.value,
                "bidding": s.bidding, "bids": list(s.bids), "stock": len(s.stock),
                "dealer": self.dealer, "counts": [len(h) for h in s.hands],
                "before": [list(pile) for pile in self.before]}

    def _turned(self) -> str | None:
        return None if self.turned is None else card_name(self.turned)

    def _seen(self, trick: Json, seat: int) -> Json:
        if "draws" not in trick:
            return trick
        turned = self._turned()
        return dict(trick, draws=[d if d["by"] == seat or d["card"] == turned
                                  else {"by": d["by"], "card": None} for d in trick["draws"]])

    def bot_move(self, seat: int) -> Json:
        view = self.view(seat)
        if view["turn"] != seat:
            raise PlayError("wrong-player", f"it is seat {view['turn']}'s turn",
                            self.legal_moves())
        if self.options.get("level") == "strong":
            return choose_strong(self, view, self.seed)
        return choose(self.options, view)

    def position(self, view: Json, hands: list[list[str]], stock: list[str]) -> TricksTable:
        """A copy of this table at the point of the hand ``view`` shows, with ``hands``
        (every seat's, the view's own among them) and ``stock`` (top first) as one world of
        the strong player's has them: what the view says of the hand (the tricks, the trick
        under way, the bids, the trumps) and nothing of the match (its sheet is empty). The
        twin of engine.js's ``position``."""
        t = copy(self)
        n = self.players
        tricks: list[Json] = view["tricks"]
        before: list[list[str]] = view["before"]
        taken: list[list[Card]] = [[card_of(c) for c in pile] for pile in before]
        for trick in tricks:
            taken[trick["winner"]].extend(card_of(c) for c in trick["cards"])
        in_hands = [self.sorted([card_of(c) for c in h]) for h in hands]
        bidding = view["bidding"]
        o = self.game.options
        leader = (view["trick"][0]["by"] if view["trick"] else tricks[-1]["winner"] if tricks
                  else self.game.first_leader(view["dealer"], in_hands))
        bids = None if o.bidding is None or bidding else list(view["bids"])
        state = TricksState(self.game, in_hands, dealer=view["dealer"], direction=PassTo.NONE,
                            taken=taken, leader=leader, hand=view["hand_number"],
                            stock=[card_of(c) for c in stock],
                            trump=None if view["trump"] is None else Suit(view["trump"]),
                            bids=bids)
        # who took the tricks before a position is unknown, as at the table (TricksState)
        state.winners = None if any(before) else [trick["winner"] for trick in tricks]
        state.broken = view["broken"]
        state.trick = [Play(p["by"], card_of(p["play"])) for p in view["trick"]]
        held = sum(len(h) for h in hands) + len(view["trick"])
        state.total_tricks = sum(map(len, before)) // n + len(tricks) + (held + len(stock)) // n
        if bidding:
            state.bids = list(view["bids"])
            state.bid_turn, state.turn = view["turn"], None
        else:
            state.turn = view["turn"]
        t.state = state
        t.round_number, t.dealer, t.seed = view["hand_number"], view["dealer"], 0
        t.sheet = []
        t.dealt = [list(h) for h in in_hands]
        t.turned = None if view["turned"] is None else card_of(view["turned"])
        t.pass_to = view["pass_to"]
        t.before = [list(pile) for pile in before]
        t.passes = [None] * n
        t.tricks = list(tricks)
        t.last = None
        t.result = None
        return t

    # -- what the page shows -----------------------------------------------------------------

    def _match(self) -> Json:
        totals = [sum(row[i] for row in self.sheet) for i in range(self.players)]
        v = verdict(self.game.options.end, totals, len(self.sheet))
        return {"hands": len(self.sheet), "totals": totals, "over": v.over,
                "winners": sorted(v.winners), "losers": sorted(v.losers),
                "sides": [list(g) for g in self.game.options.side_seats()]}

    def to_json(self) -> Json:
        s, r = self.state, self.result
        return {
            "family": "tricks", "players": self.players, "seed": self.seed,
            "round": self.round_number, "dealer": self.dealer, "pass_to": self.pass_to,
            "dealt": [_names(h) for h in self.dealt], "passes": list(self.passes),
            "passing": s.passing, "hands": [_names(self.sorted(h)) for h in s.hands],
            "turn": self.turn(), "trick": [{"by": p.seat, "play": card_name(p.card)} for p in s.trick],
            "trick_number": s.trick_number, "broken": s.broken, "tricks": list(self.tricks),
            "taken": [_names(t) for t in s.taken], "last": self.last, "over": s.is_over(),
            "turned": self._turned(), "trump": None if s.trump is None else s.trump.value,
            "stock": len(s.stock), "bidding": s.bidding, "bids": list(s.bids),
            "hand_tricks": s.total_tricks,
            "result": None if r is None else {
                "tricks": list(r.tricks), "points": list(r.points), "slam": r.slam,
                "scores": list(r.scores), "side_tricks": list(r.side_tricks),
                "side_scores": list(r.side_scores)},
            "sheet": [list(row) for row in self.sheet], "match": self._match(),
        }
