"""The family of drawing-and-pairing games, as the compiler sees it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from . import schema
from .cards import Card, Deck, card_name, cards_name
from .diagnostics import Report
from .engines.pairs import (
    Direction,
    FirstTurn,
    MatchKind,
    MatchRule,
    OddCardFate,
    OddMode,
    Pairing,
    PairsGame,
    PairsOptions,
    Winners,
)
from .model import Example, GameBundle, parse_card_at, parse_cards_at
from .source import Key, Source


def _pairs_options(opts: schema.PairsOptionsSpec, src: Source, at: Callable[[str], Key],
                   report: Report) -> PairsOptions | None:
    """Engine options from validated ones; ``at(option)`` is where that option was written."""
    odd: Card | None = None
    mode = {"hidden": OddMode.HIDDEN, "none": OddMode.LEFTOVER}.get(opts.odd_card, OddMode.NAMED)
    if mode is OddMode.NAMED:
        odd = parse_card_at(src, at("odd_card"), report)
        if odd is None:
            return None
    explicit = []
    for i, _ in enumerate(opts.pairs):
        cards = parse_cards_at(src, at("pairs") + (i,), report)
        if cards is None:
            return None
        if len(cards) != 2:
            report.error(src.mark(at("pairs") + (i,)), "bad-value",
                         f"a pair has two cards; found {len(cards)}")
            return None
        explicit.append((cards[0], cards[1]))
    alone = parse_cards_at(src, at("lay_down_alone"), report, opts.lay_down_alone)
    if alone is None:
        return None
    match = None
    if opts.match is not None:
        m = opts.match
        if m.kind == "first-to-losses" and m.losses is None:
            report.error(src.mark(at("match")), "missing-key",
                         "missing key 'losses': a first-to-losses match needs a number of losses")
            return None
        match = MatchRule(MatchKind(m.kind), losses=m.losses, hands=m.hands)
    return PairsOptions(
        pairing=Pairing(opts.pairing), odd_card=odd, odd_mode=mode, draw_from=Direction(opts.draw_from),
        turn_passes=Direction(opts.turn_passes), first_turn=FirstTurn(opts.first_turn),
        explicit_pairs=tuple(explicit), lay_down_alone=frozenset(alone),
        odd_card_holder=OddCardFate(opts.odd_card_holder), winners=Winners(opts.winners),
        match=match)


@dataclass(frozen=True)
class PairsFamily:
    name: str = "pairs"
    options_schema: type[schema.Strict] = schema.PairsOptionsSpec
    example_schema: type[schema.Strict] = schema.PairsExampleSpec
    inconsistency_hint: str = "every card except the odd card needs a partner among the cards in play"

    def build(self, spec: Any, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> PairsGame | None:
        options = _pairs_options(spec, src, at, report)
        return PairsGame(deck, removed, options) if options is not None else None

    def placeholders(self, engine: PairsGame) -> dict[str, str]:
        odd, match = engine.options.odd_card, engine.options.match
        return {
            "odd_card": card_name(odd) if odd else "",
            "odd_cards": cards_name(engine.odd_candidates()),
            "match.losses": str(match.losses) if match and match.losses else "",
            "match.hands": str(match.hands) if match and match.hands else "",
        }

    def replay(self, bundle: GameBundle, example: Example, report: Report) -> Any:
        from .replay import replay_example
        return replay_example(bundle, example, report)

    def check_narration(self, bundle: GameBundle, replay: Any, report: Report) -> None:
        from .replay import check_narration
        check_narration(bundle, replay, report)


FAMILY = PairsFamily()
