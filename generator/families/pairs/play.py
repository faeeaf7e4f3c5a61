"""A pairing round at the play table, as plain JSON: the Python twin of the browser's
engine (templates/static/play/families/pairs.js), which the differential test holds it to.

The table reads only ``play_options`` (what a game, variant and player count need, as JSON),
deals with the shared seeded generator (``core.prng``) and plays through the checker's own
engine (``PairsState``), so that a move the table allows is a move ``rulebook check``
allows. Moves and states use the example scripts' notation: ``{"by": 1, "from": 0,
"draw": "J♣"}``; seats are numbers, clockwise from 0.
"""

from __future__ import annotations

import json

from ...core.cards import Card, Deck, card_name, parse_card
from ...core.prng import stream
from ..moves import Json, PlayError, card_of, seat_of
from ..table_play import PlayTable, position_cards
from . import script_play
from .engine import Draw, PairsGame, PairsState, RoundResult, match_outcome
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

_MODE_NAMES = {OddMode.HIDDEN: "hidden", OddMode.LEFTOVER: "none"}
# An `agreed-hands` match whose game leaves the number to the table: the play table agrees on
# this many hands, so that the match ends (docs/play.md).
AGREED_HANDS = 5


def play_options(game: PairsGame, players: int, *, game_id: str, variant: str | None) -> Json:
    """What the play table needs to deal and play ``game`` for ``players``, as JSON."""
    o = game.options
    return {
        "family": "pairs", "game": game_id, "variant": variant, "players": players,
        "cards": [card_name(c) for c in game.cards],
        "pairing": o.pairing.value,
        "odd_card": card_name(o.odd_card) if o.odd_card is not None else _MODE_NAMES[o.odd_mode],
        "pairs": [[card_name(a), card_name(b)] for a, b in o.explicit_pairs],
        "lay_down_alone": sorted((card_name(c) for c in o.lay_down_alone),
                                 key=[card_name(c) for c in game.cards].index),
        "draw_from": o.draw_from.value, "turn_passes": o.turn_passes.value,
        "first_turn": o.first_turn.value, "odd_card_holder": o.odd_card_holder.value,
        "winners": o.winners.value,
        "match": None if o.match is None else {
            "kind": o.match.kind.value, "losses": o.match.losses,
            "hands": o.match.hands if o.match.hands is not None or o.match.kind
            is not MatchKind.AGREED_HANDS else AGREED_HANDS},
    }


def game_from_options(data: Json) -> PairsGame:
    """The engine's game from ``play_options`` JSON (the table trusts nothing else)."""
    cards = tuple(parse_card(c) for c in data["cards"])
    odd = data["odd_card"]
    mode = {"hidden": OddMode.HIDDEN, "none": OddMode.LEFTOVER}.get(odd, OddMode.NAMED)
    match = data.get("match")
    options = PairsOptions(
        pairing=Pairing(data["pairing"]),
        odd_card=parse_card(odd) if mode is OddMode.NAMED else None, odd_mode=mode,
        draw_from=Direction(data["draw_from"]), turn_passes=Direction(data["turn_passes"]),
        first_turn=FirstTurn(data["first_turn"]),
        explicit_pairs=tuple((parse_card(a), parse_card(b)) for a, b in data["pairs"]),
        lay_down_alone=frozenset(parse_card(c) for c in data["lay_down_alone"]),
        odd_card_holder=OddCardFate(data["odd_card_holder"]), winners=Winners(data["winners"]),
        match=None if match is None else MatchRule(MatchKind(match["kind"]), losses=match["losses"],
                                                   hands=match["hands"]))
    return PairsGame(Deck("play", cards), (), options)


class PairsTable(PlayTable[PairsGame]):
    """Rounds of one pairing game at one table; a match when the game has one."""

    family = "pairs"
    # an example script at the table: its pack and moves (script_play.py, families/guide.py)
    example_start = script_play.example_start
    example_moves = script_play.example_moves
    example_result = script_play.example_result

    @staticmethod
    def game_from_options(options: Json) -> PairsGame:
        return game_from_options(options)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.game.cards

    def new_match(self) -> None:
        self.round_losers: list[list[int]] = []

    def deal(self, pack: list[Card]) -> None:
        """The odd card set aside (when hidden), then one card each from the dealer's left."""
        n = self.players
        self.hidden = pack.pop() if self.game.options.odd_mode is OddMode.HIDDEN else None
        self.dealt: list[list[Card]] = [[] for _ in range(n)]
        for i, card in enumerate(pack):
            self.dealt[(self.dealer + 1 + i) % n].append(card)
        laid = [self.game.lay_down_first(hand) for hand in self.dealt]
        self.first_pairs = [pairs for _kept, pairs, _alone in laid]
        self.laid_alone = [alone for _kept, _pairs, alone in laid]
        self._begin([self.sorted(kept) for kept, _pairs, _alone in laid])

    def position_error(self, position: Json) -> str | None:
        """A position is ``hands`` (what each seat holds, its pairs laid down) and, where
        the game hides a card, ``hidden_card`` (or null, unknown)."""
        why = position_cards(position, ("hands",), self.cards, self.players)
        if why is not None:
            return why
        hands: list[list[str]] = position["hands"]
        for seat, hand in enumerate(hands):
            _kept, pairs, alone = self.game.lay_down_first([card_of(c) for c in hand])
            if pairs or alone:
                return f"seat {seat} holds cards it lays down: {card_name((pairs[0] if pairs else alone)[0])}"
        if not any(hands):
            return "nobody holds a card"
        odd = self.game.options.odd_card
        if odd is not None and not any(card_name(odd) in hand for hand in hands):
            return f"nobody holds the odd card {card_name(odd)}"
        hidden = position.get("hidden_card")
        if hidden is not None:
            if self.game.options.odd_mode is not OddMode.HIDDEN:
                return "no card is hidden in this game"
            if not isinstance(hidden, str) or hidden not in {card_name(c) for c in self.cards}:
                return f"the hidden card {json.dumps(hidden)} is not a card in play"
            if any(hidden in hand for hand in hands):
                return f"the hidden card {hidden} is in a hand"
        return None

    def start_from(self, position: Json) -> None:
        """The hands of ``position``, every pair laid down (none from the deal to show)."""
        hidden = position.get("hidden_card")
        self.hidden = None if hidden is None else card_of(hidden)
        kept = [self.sorted([card_of(c) for c in hand]) for hand in position["hands"]]
        self.dealt = [list(h) for h in kept]
        self.first_pairs = [[] for _ in kept]
        self.laid_alone = [[] for _ in kept]
        self._begin(kept)

    def _begin(self, kept: list[list[Card]]) -> None:
        """The round under way from ``kept``, the hands after the pairs laid down."""
        n = self.players
        self.kept = kept
        self.state = PairsState(self.game, self.kept, dealer=self.dealer)
        self.bots = [stream(self.seed, seat + 1) for seat in range(n)]
        self.moves: list[Json] = []
        self.last: Json | None = None
        if self.state.is_over():  # over at the deal (two players, every card paired): it counts
            self.round_losers.append(sorted(self.state.result().losers))

    # -- moves -----------------------------------------------------------------------------

    def turn(self) -> int | None:
        """Who draws now (None once the round is over)."""
        return None if self.state.is_over() else self.state.drawer

    def is_over(self) -> bool:
        return self.state.is_over()

    def legal_moves(self) -> list[Json]:
        moves = sorted(self.state.legal_moves(), key=lambda m: self.order[m.card])
        return [{"by": m.drawer, "from": m.source, "draw": card_name(m.card)} for m in moves]

    def play(self, move: Json) -> Json:
        """Make a draw; ``PlayError`` when the rules do not allow it."""
        try:
            draw = Draw(seat_of(move["by"], self.players), seat_of(move["from"], self.players),
                        card_of(move["draw"]))
        except (KeyError, TypeError, ValueError) as err:
            raise PlayError("bad-move", f"not a draw: {move!r} ({err})", self.legal_moves()) from None
        illegal = self.state.why_illegal(draw)
        if illegal is not None:
            raise PlayError(illegal.fault.value, illegal.describe(), self.legal_moves())
        record = self.state.apply(draw)
        event: Json = {"by": draw.drawer, "from": draw.source, "draw": card_name(draw.card)}
        if record.pair is not None:
            event["pair"] = [card_name(c) for c in record.pair]
        if record.out:
            event["out"] = list(record.out)
        self.moves.append(event)
        self.last = event
        if self.state.is_over():
            self.round_losers.append(sorted(self.state.result().losers))
        return event

    def view(self, seat: int) -> Json:
        """What ``seat`` may know: its hand, how many cards the others hold, whose turn."""
        s = self.state
        return {"seat": seat, "hand": [card_name(c) for c in self.sorted(s.hand(seat))],
                "counts": [len(h) for h in s.hands], "turn": s.drawer,
                "from": s.source() if s.drawer is not None else None}

    def bot_move(self, seat: int) -> Json:
        """The bot's draw for ``seat``: a face-down card of the neighbour's, each equally
        likely (see docs/play.md: nothing better exists when the fan is shuffled)."""
        view = self.view(seat)
        if view["turn"] != seat:
            raise PlayError("wrong-player", f"it is seat {view['turn']}'s turn to draw",
                            self.legal_moves())
        position = self.bots[seat].below(view["counts"][view["from"]])
        return self.legal_moves()[position]

    # -- what the page shows -----------------------------------------------------------------

    def _result(self, result: RoundResult) -> Json:
        return {"holder": result.holder, "last_card": card_name(result.last_card),
                "losers": sorted(result.losers), "winners": sorted(result.winners),
                "draws": result.draws}

    def _match(self) -> Json | None:
        rule = self.game.options.match
        if rule is None:
            return None
        outcome = match_outcome(rule, self.players, [s for r in self.round_losers for s in r])
        return {"rounds": len(self.round_losers), "penalties": list(outcome.penalties),
                "over": bool(outcome.losers), "losers": sorted(outcome.losers)}

    def to_json(self) -> Json:
        s = self.state
        names = [[card_name(c) for c in hand] for hand in (
            self.sorted(s.hand(i)) for i in range(self.players))]
        over = s.is_over()
        return {
            "family": "pairs", "players": self.players, "seed": self.seed,
            "round": self.round_number, "dealer": self.dealer,
            "dealt": [[card_name(c) for c in h] for h in self.dealt],
            "hidden_card": card_name(self.hidden) if self.hidden is not None else None,
            "first_pairs": [[[card_name(a), card_name(b)] for a, b in p] for p in self.first_pairs],
            "laid_alone": [[card_name(c) for c in a] for a in self.laid_alone],
            "kept": [[card_name(c) for c in h] for h in self.kept],
            "hands": names, "turn": s.drawer, "from": s.source() if s.drawer is not None else None,
            "moves": list(self.moves), "last": self.last, "out": [list(g) for g in s.out_groups],
            "over": over, "result": self._result(s.result()) if over else None,
            "match": self._match(),
        }
