"""The family of trick-taking point-avoidance games, as the compiler sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .cards import Card, CardError, Deck, card_name, cards_name, parse_card, split_tokens
from .diagnostics import Report
from .engines.tricks import (
    FirstLead,
    FirstTrick,
    HeartsLead,
    Passing,
    PassTo,
    Rotation,
    TricksGame,
    TricksOptions,
)
from .engines.tricks_score import EndRule, Scoring, Slam, SlamTakes, Winning
from .model import Example, GameBundle
from .schema import Strict
from .schema_tricks import TricksExampleSpec, TricksOptionsSpec
from .source import Key, Source


def _card_values(table: dict[str, int], src: Source, key: Key, report: Report
                 ) -> tuple[tuple[Card, int], ...] | None:
    """A ``{cards: value each}`` table; each bad or repeated card reported at its key."""
    out: dict[Card, int] = {}
    ok = True
    for text, value in table.items():
        mark = src.key_mark(key + (text,))
        for offset, token in split_tokens(text):
            try:
                card = parse_card(token)
            except CardError as err:
                ok = False
                report.error(mark.shifted(offset), "bad-card", str(err).split(";")[0],
                             hint=f"did you mean '{err.suggestion}'?" if err.suggestion else None)
                continue
            if card in out:
                ok = False
                report.error(mark.shifted(offset), "bad-value",
                             f"{card_name(card)} is valued twice in this table")
            out[card] = value
    return tuple(out.items()) if ok else None


def _options(opts: TricksOptionsSpec, src: Source, at: Callable[[str], Key], report: Report
             ) -> TricksOptions | None:
    table = _card_values(opts.points, src, at("points"), report)
    special = _card_values(opts.special, src, at("special"), report)
    if table is None or special is None:
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
                      zero_sum=opts.zero_sum)
    passing = (Passing(opts.passing.count, tuple(PassTo(d) for d in opts.passing.schedule))
               if opts.passing is not None else Passing(0, ()))
    return TricksOptions(
        scoring=scoring, end=EndRule(Winning(end.winning), over=end.over, hands=end.hands),
        players=opts.players, rotation=Rotation(opts.play), passing=passing,
        first_lead=FirstLead(opts.first_lead), hearts_lead=HeartsLead(opts.hearts_lead),
        queen_breaks_hearts=opts.queen_breaks_hearts, first_trick=FirstTrick(opts.first_trick))


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


@dataclass(frozen=True)
class TricksFamily:
    name: str = "tricks"
    options_schema: type[Strict] = TricksOptionsSpec
    example_schema: type[Strict] = TricksExampleSpec
    inconsistency_hint: str = ("the cards must deal out evenly, and every card the options "
                               "name must be in play")

    def build(self, spec: Any, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> TricksGame | None:
        options = _options(spec, src, at, report)
        if options is None:
            return None
        game = TricksGame(deck, removed, options)
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
        if engine.hand_sums() is not None:  # what a hand adds up to when nobody takes everything
            special = sum(v for c, v in s.special if c in engine.cards)
            values["hand.sum"] = str(engine.table_total() + s.per_trick * engine.hand_size + special)
        return values

    def replay(self, bundle: GameBundle, example: Example, report: Report) -> Any:
        from .replay_tricks import replay_example
        return replay_example(bundle, example, report)

    def check_narration(self, bundle: GameBundle, replay: Any, report: Report) -> None:
        from .replay_tricks import check_narration
        check_narration(bundle, replay, report)


FAMILY = TricksFamily()
