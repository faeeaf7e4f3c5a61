"""A shedding hand at the play table, as plain JSON: the Python twin of the browser's engine
(templates/static/play/families/shedding.js).

The table reads only ``play_options`` (what a game, variant and player count need, as JSON),
deals with the shared seeded generator (``core.prng``) and plays through the checker's own
engine (``ShedState``), so that a move the table allows is a move ``rulebook check`` allows.
Moves use the scripts' words: ``{"by": 1, "play": "8♥", "suit": "♣"}`` (several cards of
a rank: ``"play": "2♥ 2♠"``; the call: ``"announce": true``),
``{"by": 1, "draw": true}``, ``{"by": 1, "pass": true}``; seats are numbers, clockwise from 0.
"""

from __future__ import annotations

from collections import Counter

from ...core.cards import Card, Deck, Rank, Suit, card_name, parse_card
from ...core.prng import Mulberry32, stream
from ..moves import Json, PlayError, card_of, seat_of
from ..table_play import PlayTable
from . import script_play
from .engine import Draw, Move, Pass, Play, ShedGame, ShedState, match_over
from .options import (
    Announcement,
    Direction,
    EmptyStock,
    MatchRule,
    Scoring,
    ShedOptions,
    Special,
    Stacking,
    TurnedSpecial,
    Unable,
)

_SUITS = {s.value: s for s in Suit}


def _special_json(s: Special) -> Json:
    return {"ranks": sorted(r.value for r in s.ranks), "cards": sorted(card_name(c) for c in s.cards),
            "wild": s.wild, "on_anything": s.on_anything, "draw": s.draw, "skip": s.skip,
            "reverse": s.reverse, "again": s.again, "cancels_draw": s.cancels_draw}


def play_options(game: ShedGame, players: int, *, game_id: str, variant: str | None) -> Json:
    """What the play table needs to deal and play ``game`` for ``players``, as JSON."""
    o = game.options
    return {
        "family": "shedding", "game": game_id, "variant": variant, "players": players,
        "cards": [card_name(c) for c in game.cards], "cards_dealt": game.hand_size(players),
        "direction": o.direction.value, "specials": [_special_json(s) for s in o.specials],
        "turned_special": o.turned_special.value, "several": o.several,
        "wild_on_wild": o.wild_on_wild, "stacking": o.stacking.value,
        "skip_passed_on": o.skip_passed_on, "unable": o.unable.value,
        "draw_when_able": o.draw_when_able, "empty_stock": o.empty_stock.value,
        "announcement": None if o.announcement is None else {
            "call": o.announcement.call, "penalty": o.announcement.penalty},
        "scoring": o.scoring.value,
        "points": {(card_name(k) if isinstance(k, Card) else k.value): v
                   for k, v in o.points.items()},
        "match": None if o.match is None else {"target": o.match.target},
    }


def game_from_options(data: Json) -> ShedGame:
    """The engine's game from ``play_options`` JSON (the table trusts nothing else)."""
    cards = tuple(parse_card(c) for c in data["cards"])
    specials = tuple(Special(
        ranks=frozenset(Rank(r) for r in s["ranks"]),
        cards=frozenset(parse_card(c) for c in s["cards"]), wild=s["wild"],
        on_anything=s["on_anything"], draw=s["draw"], skip=s["skip"], reverse=s["reverse"],
        again=s["again"], cancels_draw=s["cancels_draw"]) for s in data["specials"])
    call = data.get("announcement")
    match = data.get("match")
    options = ShedOptions(
        cards_dealt={data["players"]: data["cards_dealt"]}, specials=specials,
        direction=Direction(data["direction"]), turned_special=TurnedSpecial(data["turned_special"]),
        several=data["several"], wild_on_wild=data["wild_on_wild"],
        stacking=Stacking(data["stacking"]), skip_passed_on=data["skip_passed_on"],
        unable=Unable(data["unable"]),
        draw_when_able=data["draw_when_able"], empty_stock=EmptyStock(data["empty_stock"]),
        announcement=None if call is None else Announcement(call["call"], call["penalty"]),
        scoring=Scoring(data["scoring"]),
        points={(parse_card(k) if k in ("★", "☆") else Rank(k)): v
                for k, v in data["points"].items()},
        match=None if match is None else MatchRule(match["target"]))
    return ShedGame(Deck("play", cards), (), options)


def move_json(move: Move) -> Json:
    if isinstance(move, Play):
        out: Json = {"by": move.seat, "play": " ".join(card_name(c) for c in move.cards)}
        if move.suit is not None:
            out["suit"] = move.suit.value
        if move.announce:
            out["announce"] = True
        return out
    return {"by": move.seat, "draw": True} if isinstance(move, Draw) else \
        {"by": move.seat, "pass": True}


def move_of(data: Json, players: int) -> Move:
    seat = seat_of(data["by"], players)
    if "play" in data:
        suit = data.get("suit")
        if not isinstance(data["play"], str):
            raise ValueError("'play' is the cards played, as text")
        return Play(seat, tuple(card_of(c) for c in data["play"].split()),
                    None if suit is None else _SUITS[suit], bool(data.get("announce", False)))
    if data.get("draw") is True:
        return Draw(seat)
    if data.get("pass") is True:
        return Pass(seat)
    raise ValueError("a move plays, draws or passes")


class ShedTable(PlayTable[ShedGame]):
    """Hands of one shedding game at one table; a match to a total when the game has one."""

    family = "shedding"
    # an example script at the table: its pack and moves (script_play.py, families/guide.py)
    example_start = script_play.example_start
    example_moves = script_play.example_moves
    example_result = script_play.example_result

    @staticmethod
    def game_from_options(options: Json) -> ShedGame:
        return game_from_options(options)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.game.cards

    def new_match(self) -> None:
        self.totals = [0] * self.players

    def deal(self, pack: list[Card]) -> None:
        hands, stock = self.game.deal(pack, players=self.players, dealer=self.dealer)
        self.dealt = [self.sorted(h) for h in hands]
        restock = Mulberry32(self.seed ^ 0x5EED)
        self.state = ShedState(self.game, self.dealt, stock, dealer=self.dealer,
                               shuffle=restock.shuffle)
        self.bots = [stream(self.seed, seat + 1) for seat in range(self.players)]
        self.moves: list[Json] = []
        self.last: Json | None = None
        self.scored = False

    def turn(self) -> int | None:
        return None if self.state.is_over() else self.state.turn

    def is_over(self) -> bool:
        return self.state.is_over()

    def legal_moves(self) -> list[Json]:
        return [move_json(m) for m in self.state.legal_moves()]

    def play(self, move: Json) -> Json:
        try:
            parsed = move_of(move, self.players)
        except (KeyError, TypeError, ValueError) as err:
            raise PlayError("bad-move", f"not a move: {move!r} ({err})", self.legal_moves()) from None
        illegal = self.state.why_illegal(parsed)
        if illegal is not None:
            raise PlayError(illegal.fault.value, illegal.describe(), self.legal_moves())
        record = self.state.apply(parsed)
        event = move_json(parsed)
        if record.drawn:
            event["drawn"] = [card_name(c) for c in record.drawn]
        if record.penalty:
            event["penalty"] = [card_name(c) for c in record.penalty]
        if record.missed:
            event["missed"] = record.missed
        if record.skipped:
            event["skipped"] = list(record.skipped)
        self.moves.append(event)
        self.last = event
        if self.state.is_over() and not self.scored:
            self.scored = True
            for seat, score in enumerate(self.state.result().scores):
                self.totals[seat] += score
        return event

    def view(self, seat: int) -> Json:
        """What ``seat`` may know: its hand, the pile's top, the suit asked for, the draw
        pending, how many cards the others and the stock hold, whose turn it is."""
        s = self.state
        return {"seat": seat, "hand": [card_name(c) for c in self.sorted(s.hand(seat))],
                "top": card_name(s.top), "asked": s.asked.value if s.asked else None,
                "pending": s.pending, "stops": s.stops, "waiting": list(s.waiting),
                "drawn": s.drawn, "counts": [len(h) for h in s.hands],
                "stock": len(s.stock), "turn": None if s.is_over() else s.turn}

    def bot_move(self, seat: int) -> Json:
        """The bot's move for ``seat``, from its view: a card that fits, ordinary cards
        before draw cards and wild cards last; a wild card names the suit it holds most of;
        the call when one card is left; else it draws, or passes."""
        view = self.view(seat)
        if view["turn"] != seat:
            raise PlayError("wrong-player", f"it is seat {view['turn']}'s turn",
                            self.legal_moves())
        moves = self.state.legal_moves()  # a function of this hand and the public table
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:
            hand = [parse_card(c) for c in view["hand"]]

            def cost(m: Play) -> tuple[int, int, int]:
                s = self.game.special(m.cards[0])
                return (2 if s.wild else 1 if self.game.is_special(m.cards[0]) else 0,
                        -len(m.cards), self.order[m.cards[0]])
            best = min(cost(m) for m in plays)
            chosen = [m for m in plays if cost(m) == best]
            if chosen[0].suit is not None:
                left = [c.suit for c in hand if c not in chosen[0].cards and c.suit]
                suits = Counter(left)
                want = max(Suit, key=lambda su: (suits[su], -list(Suit).index(su)))
                chosen = [m for m in chosen if m.suit is want] or chosen
            return move_json(chosen[self.bots[seat].below(len(chosen))])
        return move_json(next(m for m in moves if isinstance(m, Draw | Pass)))

    def to_json(self) -> Json:
        s = self.state
        over = s.is_over()
        result = s.result() if over else None
        done, winners = match_over(self.game.options, self.totals) if over else (False, ())
        return {
            "family": "shedding", "players": self.players, "seed": self.seed,
            "round": self.round_number, "dealer": self.dealer,
            "dealt": [[card_name(c) for c in h] for h in self.dealt],
            "turned": card_name(s.turned),
            "hands": [[card_name(c) for c in self.sorted(s.hand(i))] for i in range(self.players)],
            "pile": [card_name(c) for c in s.pile], "stock": len(s.stock),
            "asked": s.asked.value if s.asked else None, "pending": s.pending,
            "stops": s.stops, "waiting": list(s.waiting),
            "turn": None if over else s.turn, "moves": list(self.moves), "last": self.last,
            "over": over,
            "result": None if result is None else {
                "winner": result.winner, "points": list(result.points),
                "scores": list(result.scores), "blocked": result.blocked},
            "match": None if self.game.options.match is None else {
                "totals": list(self.totals), "over": done, "winners": list(winners)},
        }
