"""A trick-taking hand at the play table, as plain JSON: the Python twin of the browser's
engine (templates/static/play/families/tricks.js), which the differential test holds it to.

The table reads only ``play_options`` (JSON), deals with the shared seeded generator
(``core.prng``) and plays through the checker's own engine (``TricksState``). A table plays
a game of several hands with a running score sheet until the game's end rule says it is
over. Moves use the example scripts' notation: ``{"by": 2, "play": "Q♠"}`` and
``{"by": 0, "pass": ["K♠", "Q♥", "10♥"]}``; seats are numbers, clockwise from 0.
"""

from __future__ import annotations

from itertools import combinations

from ...core.cards import Card, Deck, card_name, parse_card
from ..moves import Json, PlayError, card_of, seat_of
from ..table_play import PlayTable
from .bot import choose
from .engine import Pass, Play, TricksGame, TricksState
from .options import FirstLead, FirstTrick, HeartsLead, Passing, PassTo, Rotation, TricksOptions
from .scoring import EndRule, HandResult, Scoring, Slam, SlamTakes, Winning, verdict


def play_options(game: TricksGame, *, game_id: str, variant: str | None) -> Json:
    """What the play table needs to deal and play ``game``, as JSON."""
    o, s = game.options, game.scoring
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
    }


def game_from_options(data: Json) -> TricksGame:
    """The engine's game from ``play_options`` JSON (the table trusts nothing else)."""
    cards = tuple(parse_card(c) for c in data["cards"])
    slam, end = data["slam"], data["end"]
    scoring = Scoring(tuple((parse_card(c), v) for c, v in data["points"]),
                      tuple((parse_card(c), v) for c, v in data["special"]),
                      per_trick=data["per_trick"], clean_tricks=data["clean_tricks"],
                      no_tricks=data["no_tricks"],
                      slam=None if slam is None else Slam(SlamTakes(slam["takes"]), slam["taker"],
                                                          slam["others"]))
    options = TricksOptions(
        scoring=scoring, end=EndRule(Winning(end["winning"]), over=end["over"], hands=end["hands"]),
        players=data["players"], rotation=Rotation(data["play"]),
        passing=Passing(data["passing"]["count"],
                        tuple(PassTo(d) for d in data["passing"]["schedule"])),
        first_lead=FirstLead(data["first_lead"]), hearts_lead=HeartsLead(data["hearts_lead"]),
        queen_breaks_hearts=data["queen_breaks_hearts"], first_trick=FirstTrick(data["first_trick"]))
    return TricksGame(Deck("play", cards), (), options)


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

    @staticmethod
    def game_from_options(options: Json) -> TricksGame:
        return game_from_options(options)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.game.cards

    def new_match(self) -> None:
        self.sheet: list[list[int]] = []

    def deal(self, pack: list[Card]) -> None:
        """Every card, one at a time round the table; passing first when the hand has it."""
        n = self.players
        self.dealt = [self.sorted(pack[i::n]) for i in range(n)]
        self.state: TricksState = self.game.new_hand(self.dealt, dealer=self.dealer,
                                                     hand=self.round_number)
        self.pass_to = self.state.direction.value if self.state.passing else "none"
        self.passes: list[list[str] | None] = [None] * n
        self.tricks: list[Json] = []
        self.last: Json | None = None
        self.result: HandResult | None = None

    # -- moves -----------------------------------------------------------------------------

    def turn(self) -> int | None:
        """Who moves: the next seat to pass while passing, else the seat to play."""
        if self.state.passing:
            return next(s for s in range(self.players) if s not in self.state.passes)
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
        return [{"by": s.turn, "play": c} for c in _names(self.sorted(s.legal_cards()))]

    def play(self, move: Json) -> Json:
        """Make a pass or a play; ``PlayError`` when the rules do not allow it."""
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
        else:
            record = self.state.apply(parsed)
            event = {"by": parsed.seat, "play": card_name(parsed.card)}
            if record.trick is not None:
                t = record.trick
                trick = {"number": t.number, "lead": t.leader,
                         "cards": [card_name(p.card) for p in t.plays], "winner": t.winner,
                         "points": t.points, "broken": t.broken}
                self.tricks.append(trick)
                event["trick"] = trick
            if self.state.is_over():
                self.result = self.state.result()
                self.sheet.append(list(self.result.scores))
        self.last = event
        return event

    def _parse(self, move: Json) -> Pass | Play:
        try:
            seat = seat_of(move["by"], self.players)
            if "pass" in move:
                if not isinstance(move["pass"], list):
                    raise TypeError("'pass' is a list of cards")
                return Pass(seat, tuple(card_of(c) for c in move["pass"]))
            return Play(seat, card_of(move["play"]))
        except (KeyError, TypeError, ValueError) as err:
            raise PlayError("bad-move", f"not a move: {move!r} ({err})", self.legal_moves()) from None

    # -- what a seat may know, and the bot ---------------------------------------------------

    def view(self, seat: int) -> Json:
        """What ``seat`` may know: its own hand and passes, the tricks played, the legal moves
        when it is its turn; never another seat's cards."""
        s = self.state
        mine = seat == self.turn()
        return {"seat": seat, "players": self.players, "hand_number": self.round_number,
                "hand": _names(self.sorted(s.hands[seat])), "passing": s.passing,
                "pass_to": self.pass_to, "passed": self.passes[seat],
                "trick": [{"by": p.seat, "play": card_name(p.card)} for p in s.trick],
                "tricks": list(self.tricks), "broken": s.broken, "turn": self.turn(),
                "legal": self.legal_moves() if mine and not s.passing else []}

    def bot_move(self, seat: int) -> Json:
        view = self.view(seat)
        if view["turn"] != seat:
            raise PlayError("wrong-player", f"it is seat {view['turn']}'s turn",
                            self.legal_moves())
        return choose(self.options, view)

    # -- what the page shows -----------------------------------------------------------------

    def _match(self) -> Json:
        totals = [sum(row[i] for row in self.sheet) for i in range(self.players)]
        v = verdict(self.game.options.end, totals, len(self.sheet))
        return {"hands": len(self.sheet), "totals": totals, "over": v.over,
                "winners": sorted(v.winners), "losers": sorted(v.losers)}

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
            "result": None if r is None else {
                "tricks": list(r.tricks), "points": list(r.points), "slam": r.slam,
                "scores": list(r.scores)},
            "sheet": [list(row) for row in self.sheet], "match": self._match(),
        }
