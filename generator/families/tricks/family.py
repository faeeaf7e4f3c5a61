"""The family of trick-taking point-avoidance games, as the compiler sees it."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from ...core.cards import Card, Deck, card_name, cards_name
from ...core.diagnostics import Report
from ...model.schema import Strict
from ...model.source import Key, Source
from ...model.tokens import parse_cards_at, read_cards
from ...simulation.run import Simulation
from ..moves import Json
from ..shared import ReplayContext
from ..starter import Starter
from ..table_play import PlayTable
from ..view import ExampleView
from . import numbers, parse, play
from .conflicts import check_conflicts
from .engine import TricksGame
from .narration import check_narration
from .options import FirstLead, FirstTrick, HeartsLead, Passing, PassTo, Rotation, TricksOptions
from .page import example_context
from .record import Replay
from .replay import replay_example
from .schema import TricksExampleSpec, TricksOptionsSpec
from .scoring import LAST, EndRule, Scoring, Slam, SlamTakes, Winning
from .starter import STARTER, TAKING


def _card_values(table: dict[str, int], src: Source, key: Key, report: Report
                 ) -> tuple[tuple[Card, int], ...] | None:
    """A ``{cards: value each}`` table; each bad or repeated card reported at its key."""
    out: dict[Card, int] = {}
    ok = True
    for text, value in table.items():
        mark = src.key_mark(key + (text,))  # the cards are the key: marks count from its start
        for token in read_cards(text, mark.shifted):
            card = token.card
            if card is None:
                ok = False
                token.report(report)
                continue
            if card in out:
                ok = False
                report.error(token.mark, "bad-value",
                             f"{card_name(card)} is valued twice in this table")
            out[card] = value
    return tuple(out.items()) if ok else None


def _options(opts: TricksOptionsSpec, src: Source, at: Callable[[str], Key], report: Report
             ) -> TricksOptions | None:
    table = _card_values(opts.points, src, at("points"), report)
    special = _card_values(opts.special, src, at("special"), report)
    bonus = parse.trick_bonus(opts, src, at, report)
    sets = parse.sets(opts, src, at, report)
    enders = parse_cards_at(src, at("ends_with"), report, opts.ends_with) if opts.ends_with else ()
    if table is None or special is None or bonus is None or sets is None or enders is None:
        return None
    end = opts.end
    if end.over is None and end.hands is None:
        report.error(src.mark(at("end")), "missing-key",
                     "the end of the game needs 'over' (a threshold) or 'hands' (a number of hands)")
        return None
    slam = None
    if opts.slam is not None:
        slam = Slam(SlamTakes(opts.slam.takes), opts.slam.taker, opts.slam.others)
    scoring = Scoring(table, special, total=opts.total, per_trick=opts.per_trick,
                      clean_tricks=opts.clean_tricks, no_tricks=opts.no_tricks, slam=slam,
                      zero_sum=opts.zero_sum, trick_bonus=bonus, sets=sets, book=parse.book(opts),
                      bid=parse.bid_score(opts))
    passing = (Passing(opts.passing.count, tuple(PassTo(d) for d in opts.passing.schedule))
               if opts.passing is not None else Passing(0, ()))
    return TricksOptions(
        scoring=scoring, end=EndRule(Winning(end.winning), over=end.over, hands=end.hands),
        players=opts.players, rotation=Rotation(opts.play), passing=passing,
        first_lead=FirstLead(opts.first_lead), hearts_lead=HeartsLead(opts.hearts_lead),
        queen_breaks_hearts=opts.queen_breaks_hearts, first_trick=FirstTrick(opts.first_trick),
        trumps=parse.trumps(opts), follow=parse.follow(opts), ranking=parse.ranking(opts),
        sides=parse.sides(opts), dealing=parse.dealing(opts), bidding=parse.bidding(opts),
        ends_with=enders)


def _check_claims(game: TricksGame, src: Source, at: Callable[[str], Key], report: Report) -> None:
    """What game.yaml says the scoring adds up to must be what the table adds up to."""
    scoring = game.scoring
    if scoring.total is not None and game.table_total() != scoring.total:
        parts = " + ".join(f"{card_name(c)} {v}" for c, v in scoring.table if c in game.cards)
        report.error(src.mark(at("total")), "points-total",
                     f"the scoring table adds up to {game.table_total()}; the rules say "
                     f"{scoring.total}", hint=parts)
    if scoring.zero_sum:
        sums = game.hand_sums()
        if sums != frozenset({0}):
            found = ("depends on the play (bonuses for tricks)" if sums is None
                     else " or ".join(str(s) for s in sorted(sums)))
            report.error(src.mark(at("zero_sum")), "not-zero-sum",
                         f"the rules say a hand's scores add up to zero; with this table they "
                         f"add up to {found}", hint=game.explain_sums())


# What each of placeholders() means (the format reference lists them); <card> is a card of
# the table, written as the pages print it: {points.Q♠}, {special.J♦}.
PLACEHOLDERS = MappingProxyType({
    "players": "how many play (the option `players`)",
    "hand.cards": "the cards each player is dealt",
    "points.total": "what the scoring table adds up to, over the cards in play",
    "points.<card>": "what that card of the scoring table is worth",
    "special.<card>": "what that special card is worth",
    "hand.sum": "what a hand's scores add up to when nobody takes everything (only when that "
                "does not depend on the play)",
    "pass.count": "the cards each player passes (only when the game has passing)",
    "trick.points": "the points of each trick taken (`per_trick`)",
    "trick.total": "the points of all the tricks of a hand (`per_trick` times the tricks)",
    "bonus.clean": "the score of a player whose tricks hold no points (`clean_tricks`)",
    "bonus.none": "the score of a player who took no trick (`no_tricks`)",
    "end.over": "the total after which the game ends (`end.over`)",
    "end.hands": "the hands a game has (`end.hands`)",
    "slam.taker": "the score of the player who takes everything",
    "slam.others": "each other player's score when one takes everything",
    "hand.tricks": "the tricks of a hand, when players draw from a stock (`deal.draw`)",
    "stock.size": "the cards left in the stock after the first deal (with `deal.cards`)",
    "hand.fewest": "the fewest cards a hand deals each player (`deal.by_hand`)",
    "hand.most": "the most cards a hand deals each player (`deal.by_hand`)",
    "trumps.suit": "the trump suit (`trumps.suit`)",
    "book.tricks": "the book: the tricks that score nothing (`book.tricks`)",
    "book.points": "the points for each trick over the book (`book.per_trick`)",
    "bid.made": "what a bid made scores (`bid_score.made`)",
    "bid.per_trick": "and each trick taken, when the bid is made (`bid_score.per_trick`)",
    "bid.missed": "what a bid missed scores (`bid_score.missed`)",
    "trick.first": "the points for taking the first trick (`trick_points`)",
    "trick.last": "the points for taking the last trick (`trick_points`)",
})


def _taking_placeholders(game: TricksGame) -> dict[str, str]:
    """The placeholders of the options of the games that take tricks, each only where the
    game has the option (a game without it has no value to fill in)."""
    o, s = game.options, game.scoring
    values: dict[str, object | None] = {
        "hand.tricks": game.tricks_for(1) if o.dealing.draw else None,
        "stock.size": len(game.cards) - game.hand_size * o.players if o.dealing.size else None,
        "hand.fewest": min(o.dealing.by_hand) if o.dealing.by_hand else None,
        "hand.most": max(o.dealing.by_hand) if o.dealing.by_hand else None,
        "trumps.suit": o.trumps.suit.value if o.trumps.suit is not None else None,
        "book.tricks": s.book.tricks if s.book else None,
        "book.points": s.book.per_trick if s.book else None,
        "bid.made": s.bid.made if s.bid else None,
        "bid.per_trick": s.bid.per_trick if s.bid else None,
        "bid.missed": s.bid.missed if s.bid else None,
    }
    for bonus in s.trick_bonus:
        if bonus.trick in (1, LAST):
            values["trick.first" if bonus.trick == 1 else "trick.last"] = bonus.value
    return {k: str(v) for k, v in values.items() if v is not None}


@dataclass(frozen=True)
class TricksFamily:
    name: str = "tricks"
    game_type: type[TricksGame] = TricksGame
    options_schema: type[Strict] = TricksOptionsSpec
    example_schema: type[TricksExampleSpec] = TricksExampleSpec
    replay_type: type[Replay] = Replay
    example_partial: str = "partials/example_tricks.html.j2"
    inconsistency_hint: str = ("the cards must deal out evenly (or the cards dealt each must "
                               "fit in the deck), and every card the options name must be in "
                               "play")
    figures_from_scores: bool = True  # a game's length and who loses it come from the scores
    cannot_express: tuple[str, ...] = (
        "an auction of contracts other than a number of tricks (a trump suit, no trumps, "
        "misère, doubling), or trumps named by a player",
        "cards ranked outside their suit (Skat's and Euchre's jacks as the highest trumps), "
        "or jokers in play",
        "melds and declarations (Belote, Pinochle, Bezique), or a widow, kitty or skat "
        "exchanged",
        "partners other than across the table, or chosen during the game (a called ace)",
        "a score for cards still held at the end, for overtricks (bags) or for a nil bid",
    )
    placeholder_docs: Mapping[str, str] = field(default_factory=lambda: PLACEHOLDERS)
    starter: Starter = STARTER
    starters: Mapping[str, Starter] = field(
        default_factory=lambda: {"avoidance": STARTER, "taking": TAKING})

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> TricksGame | None:
        assert isinstance(options, TricksOptionsSpec)  # validated with options_schema
        engine_options = _options(options, src, at, report)
        if engine_options is None:
            return None
        game = TricksGame(deck, removed, engine_options)
        if not check_conflicts(game, options, src, at, report):
            return None
        _check_claims(game, src, at, report)
        return game

    def placeholders(self, engine: TricksGame) -> dict[str, str]:
        o, s = engine.options, engine.scoring
        values = {"points.total": str(engine.table_total()), "hand.cards": str(engine.hand_size),
                  "players": str(o.players), "deck.size": str(len(engine.cards)),
                  "removed": cards_name(engine.removed)}
        values |= {f"points.{card_name(c)}": str(v) for c, v in s.table}
        values |= {f"special.{card_name(c)}": str(v) for c, v in s.special}
        if o.passing.schedule:
            values["pass.count"] = str(o.passing.count)
        optional = {"trick.points": s.per_trick or None,
                    "trick.total": s.per_trick * engine.hand_size or None, "bonus.clean": s.clean_tricks,
                    "bonus.none": s.no_tricks, "end.over": o.end.over, "end.hands": o.end.hands,
                    "slam.taker": s.slam.taker if s.slam else None,
                    "slam.others": s.slam.others if s.slam else None}
        values |= {k: str(v) for k, v in optional.items() if v is not None}
        values |= _taking_placeholders(engine)
        if engine.hand_sums() is not None:  # what a hand adds up to when nobody takes everything
            special = sum(v for c, v in s.special if c in engine.cards)
            values["hand.sum"] = str(engine.table_total() + s.per_trick * engine.hand_size + special)
        return values

    def players(self, game: TricksGame) -> int | None:
        return game.players

    def odd_cards(self, game: TricksGame) -> tuple[Card, ...]:
        return ()  # no card is left over in a trick-taking game

    def card_values(self, game: TricksGame) -> Mapping[Card, int]:
        return {c: game.value(c) for c in game.cards if game.value(c)}

    def hand_sizes(self, game: TricksGame, players: int) -> tuple[int, int] | None:
        if players != game.players:
            return None
        sizes = game.options.dealing.by_hand or (game.hand_size,)
        return (min(sizes), max(sizes))

    def narration_steps(self, spec: TricksExampleSpec) -> int:
        return len(spec.sheet) if spec.sheet else len(spec.tricks)

    def replay(self, ctx: ReplayContext[TricksGame, TricksExampleSpec]) -> Replay | None:
        return replay_example(ctx)

    def check_narration(self, ctx: ReplayContext[TricksGame, TricksExampleSpec], replay: Replay
                        ) -> None:
        check_narration(ctx, replay)

    def example_context(self, replay: Replay, view: ExampleView) -> Mapping[str, object]:
        return example_context(replay, view)

    def simulation(self, game: TricksGame, players: int) -> Simulation | None:
        return numbers.simulation(game, players)

    def play_options(self, game: TricksGame, players: int, *, game_id: str, variant: str | None
                     ) -> Json:
        return play.play_options(game, game_id=game_id, variant=variant)

    def new_table(self, options: Json) -> PlayTable[TricksGame]:
        return play.TricksTable(options)


FAMILY = TricksFamily()
