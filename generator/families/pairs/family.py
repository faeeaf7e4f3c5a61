"""The family of drawing-and-pairing games, as the compiler sees it."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from ...core.cards import Card, Deck, card_name, cards_name
from ...core.diagnostics import Report
from ...model.schema import Strict
from ...model.source import Key, Source
from ...model.tokens import parse_card_at, parse_cards_at
from ...simulation.run import Simulation
from ..moves import Json
from ..shared import ReplayContext
from ..starter import Starter
from ..table_play import PlayTable
from ..view import ExampleView
from . import numbers, play
from .engine import PairsGame
from .narration import check_narration
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
from .page import example_context
from .record import Replay
from .replay import replay_example
from .schema import PairsExampleSpec, PairsOptionsSpec
from .starter import STARTER


def _pairs_options(opts: PairsOptionsSpec, src: Source, at: Callable[[str], Key],
                   report: Report) -> PairsOptions | None:
    """Engine options from validated ones; ``at(option)`` is where that option was written."""
    odd: Card | None = None
    mode = {"hidden": OddMode.HIDDEN, "none": OddMode.LEFTOVER}.get(opts.odd_card, OddMode.NAMED)
    if mode is OddMode.NAMED:
        odd = parse_card_at(src, at("odd_card"), report)
        if odd is None:
            return None
    explicit: list[tuple[Card, Card]] = []
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


# What each of placeholders() means (the format reference lists them).
PLACEHOLDERS = MappingProxyType({
    "odd_card": "the odd card, which pairs with nothing (empty when the game names none)",
    "odd_cards": "the cards one of which is left over, when the game names no odd card",
    "match.losses": "how many lost rounds lose a `first-to-losses` match",
    "match.hands": "how many hands an `agreed-hands` match has, when game.yaml says",
})


@dataclass(frozen=True)
class PairsFamily:
    name: str = "pairs"
    game_type: type[PairsGame] = PairsGame
    options_schema: type[Strict] = PairsOptionsSpec
    example_schema: type[PairsExampleSpec] = PairsExampleSpec
    replay_type: type[Replay] = Replay
    example_partial: str = "partials/example_pairs.html.j2"
    inconsistency_hint: str = "every card except the odd card needs a partner among the cards in play"
    figures_from_scores: bool = False  # no score at all: a round has a loser
    cannot_express: tuple[str, ...] = (
        "a score other than a match's count of losses (points for the cards left in a hand)",
        "a draw from anywhere but a neighbour's hand (a stock, the table), or one a player "
        "may refuse",
        "sets other than pairs (four of a kind), or asking another player for a card",
        "an effect of a card other than the odd card's (a card that skips a turn)",
    )
    placeholder_docs: Mapping[str, str] = field(default_factory=lambda: PLACEHOLDERS)
    starter: Starter = STARTER
    starters: Mapping[str, Starter] = field(default_factory=lambda: {"pairing": STARTER})

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> PairsGame | None:
        assert isinstance(options, PairsOptionsSpec)  # validated with options_schema
        engine_options = _pairs_options(options, src, at, report)
        return PairsGame(deck, removed, engine_options) if engine_options is not None else None

    def placeholders(self, engine: PairsGame) -> dict[str, str]:
        odd, match = engine.options.odd_card, engine.options.match
        return {
            "odd_card": card_name(odd) if odd else "",
            "odd_cards": cards_name(engine.odd_candidates()),
            "match.losses": str(match.losses) if match and match.losses else "",
            "match.hands": str(match.hands) if match and match.hands else "",
        }

    def players(self, game: PairsGame) -> int | None:
        return None  # any number within game.yaml's 'players'

    def odd_cards(self, game: PairsGame) -> tuple[Card, ...]:
        return game.odd_candidates()

    def card_values(self, game: PairsGame) -> Mapping[Card, int]:
        return {}  # a pairing game has a loser, not a score

    def hand_sizes(self, game: PairsGame, players: int) -> tuple[int, int] | None:
        sizes = game.deal_sizes(players, dealer=players - 1)  # the whole pack, one at a time
        return min(sizes), max(sizes)

    def narration_steps(self, spec: PairsExampleSpec) -> int:
        return len(spec.moves)

    def replay(self, ctx: ReplayContext[PairsGame, PairsExampleSpec]) -> Replay | None:
        return replay_example(ctx)

    def check_narration(self, ctx: ReplayContext[PairsGame, PairsExampleSpec], replay: Replay
                        ) -> None:
        check_narration(ctx, replay)

    def example_context(self, replay: Replay, view: ExampleView) -> Mapping[str, object]:
        return example_context(replay, view)

    def simulation(self, game: PairsGame, players: int) -> Simulation | None:
        return numbers.simulation(game, players)

    def play_options(self, game: PairsGame, players: int, *, game_id: str, variant: str | None
                     ) -> Json:
        return play.play_options(game, players, game_id=game_id, variant=variant)

    def new_table(self, options: Json) -> PlayTable[PairsGame]:
        return play.PairsTable(options)


FAMILY = PairsFamily()
