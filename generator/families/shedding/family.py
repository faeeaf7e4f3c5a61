"""The family of shedding games, as the compiler sees it."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from ...core.cards import Card, CardError, Deck, Rank, parse_card, split_tokens
from ...core.diagnostics import Report
from ...core.hints import suggest
from ...model.schema import Strict
from ...model.source import Key, Source
from ...simulation.run import Simulation
from ..moves import Json
from ..shared import ReplayContext
from ..starter import Starter
from ..table_play import PlayTable
from ..view import ExampleView
from . import numbers, play
from .engine import ShedGame
from .narration import check_narration
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
from .page import example_context
from .record import Replay
from .replay import replay_example
from .schema import ShedExampleSpec, ShedOptionsSpec
from .starter import STARTER

_RANKS = {r.value: r for r in Rank}


def _selector(src: Source, key: Key, text: str, report: Report
              ) -> tuple[frozenset[Rank], frozenset[Card]] | None:
    """Ranks (``8``) and cards (``Q♠``, ``★``) written at ``key``."""
    ranks: set[Rank] = set()
    cards: set[Card] = set()
    for offset, token in split_tokens(text):
        if token.upper() in _RANKS:
            ranks.add(_RANKS[token.upper()])
            continue
        try:
            cards.add(parse_card(token))
        except CardError as err:
            report.error(src.text_mark(key, offset), "bad-card",
                         f"'{token}' is neither a rank nor a card",
                         hint=suggest(err.suggestion) or "write a rank (8, J, 10), a card "
                         "(Q♠), or ★ or ☆ for a joker")
            return None
    return frozenset(ranks), frozenset(cards)


def _joker(name: str) -> Card | None:
    """The joker a points key names (``★``, ``joker``: both jokers; ``☆``: the red one)."""
    try:
        card = parse_card(name)
    except CardError:
        return None
    return card if card.is_joker else None


def _options(opts: ShedOptionsSpec, src: Source, at: Callable[[str], Key], report: Report
             ) -> ShedOptions | None:
    ok = True
    specials: list[Special] = []
    for i, s in enumerate(opts.specials):
        key = at("specials") + (i, "cards")
        text = s.cards if isinstance(s.cards, str) else " ".join(s.cards)
        chosen = _selector(src, key, text, report)
        if chosen is None:
            ok = False
            continue
        if s.wild and s.on_anything:
            report.error(src.mark(at("specials") + (i,)), "bad-value",
                         "a card is `wild` (it names a suit) or `on_anything`, not both")
            ok = False
        specials.append(Special(ranks=chosen[0], cards=chosen[1], wild=s.wild,
                                on_anything=s.on_anything, draw=s.draw, skip=s.skip,
                                reverse=s.reverse, again=s.again,
                                cancels_draw=s.cancels_draw))
    points: dict[Rank | Card, int] = {}
    for name, value in opts.points.items():
        joker = _joker(name)
        if joker is not None:
            points[joker] = value
        elif name.strip().upper() in _RANKS:
            points[_RANKS[name.strip().upper()]] = value
        else:
            report.error(src.key_mark(at("points") + (name,)), "bad-value",
                         f"'{name}' is not a rank", hint="write a rank (8, J, 10), ★ or ☆")
            ok = False
    dealt = opts.cards_dealt
    sizes: dict[int, int] = {}
    for count, size in ({} if isinstance(dealt, int) else dealt).items():
        if not count.strip().isdigit() or int(count) < 2:
            report.error(src.key_mark(at("cards_dealt") + (count,)), "bad-value",
                         f"'{count}' is not a number of players", hint="write 2, 3, 4, ...")
            ok = False
        elif size < 1:
            report.error(src.mark(at("cards_dealt") + (count,)), "bad-value",
                         f"{size} cards: each player is dealt at least one")
            ok = False
        else:
            sizes[int(count)] = size
    if opts.stacking != "none" and not any(s.draw for s in specials):
        report.error(src.mark(at("stacking")), "bad-value",
                     "stacking passes a draw on, and no special card makes a player draw")
        ok = False
    if opts.skip_passed_on and not any(s.skip for s in specials):
        report.error(src.mark(at("skip_passed_on")), "bad-value",
                     "skip_passed_on passes a stop on, and no special card makes a player "
                     "miss a turn", hint="give a card `skip: true` in `specials`")
        ok = False
    if not ok:
        return None
    return ShedOptions(
        cards_dealt=sizes, dealt_any=dealt if isinstance(dealt, int) else None,
        specials=tuple(specials),
        direction=Direction(opts.direction), turned_special=TurnedSpecial(opts.turned_special),
        several=opts.several, wild_on_wild=opts.wild_on_wild, stacking=Stacking(opts.stacking),
        skip_passed_on=opts.skip_passed_on,
        unable=Unable(opts.unable), draw_when_able=opts.draw_when_able,
        empty_stock=EmptyStock(opts.empty_stock),
        announcement=None if opts.announcement is None else Announcement(
            opts.announcement.call, opts.announcement.penalty),
        scoring=Scoring(opts.scoring), points=points,
        match=None if opts.match is None else MatchRule(opts.match.target))


PLACEHOLDERS: Mapping[str, str] = MappingProxyType({
    "call": "what a player says with one card left (`announcement.call`), when there is a call",
    "call.penalty": "how many cards a missed call costs",
    "match.target": "the total that ends a match, when game.yaml has one",
    "dealt": "how many cards each player is dealt, when `cards_dealt` is one number",
    "dealt.<n>": "how many cards each of `<n>` players is dealt (`dealt.3`), when "
                 "`cards_dealt` says it by number of players",
})


@dataclass(frozen=True)
class ShedFamily:
    name: str = "shedding"
    game_type: type[ShedGame] = ShedGame
    options_schema: type[Strict] = ShedOptionsSpec
    example_schema: type[ShedExampleSpec] = ShedExampleSpec
    replay_type: type[Replay] = Replay
    example_partial: str = "partials/example_shedding.html.j2"
    inconsistency_hint: str = ("the hands dealt and the card turned must leave a stock: "
                               "fewer cards dealt, or fewer players")
    figures_from_scores: bool = False  # the figures are who goes out first, whatever the score
    cannot_express: tuple[str, ...] = (
        "three or more jokers in one deck (a deck holds ★ and ☆ at most), or two packs "
        "shuffled together",
        "a rule for the last card (\"you may not go out on a special card\")",
        "a call caught only if another player notices it: a missed call always costs its "
        "penalty at once",
    )
    placeholder_docs: Mapping[str, str] = field(default_factory=lambda: PLACEHOLDERS)
    starter: Starter = STARTER
    starters: Mapping[str, Starter] = field(default_factory=lambda: {"shedding": STARTER})

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> ShedGame | None:
        assert isinstance(options, ShedOptionsSpec)  # validated with options_schema
        engine_options = _options(options, src, at, report)
        return ShedGame(deck, removed, engine_options) if engine_options is not None else None

    def placeholders(self, game: ShedGame) -> dict[str, str]:
        o = game.options
        out = {
            "call": o.announcement.call if o.announcement else "",
            "call.penalty": str(o.announcement.penalty) if o.announcement else "",
            "match.target": str(o.match.target) if o.match else "",
        }
        out |= {f"dealt.{n}": str(size) for n, size in sorted(o.cards_dealt.items())}
        if o.dealt_any is not None:
            out["dealt"] = str(o.dealt_any)
        return out

    def players(self, game: ShedGame) -> int | None:
        return None

    def odd_cards(self, game: ShedGame) -> tuple[Card, ...]:
        return ()

    def card_values(self, game: ShedGame) -> Mapping[Card, int]:
        if game.options.scoring is Scoring.NONE:
            return {}  # the first out wins; nothing is counted
        return {c: game.points(c) for c in game.cards if game.points(c)}

    def hand_sizes(self, game: ShedGame, players: int) -> tuple[int, int] | None:
        size = game.hand_size(players)
        return None if size is None else (size, size)

    def narration_steps(self, spec: ShedExampleSpec) -> int:
        return len(spec.moves)

    def replay(self, ctx: ReplayContext[ShedGame, ShedExampleSpec]) -> Replay | None:
        return replay_example(ctx)

    def check_narration(self, ctx: ReplayContext[ShedGame, ShedExampleSpec], replay: Replay
                        ) -> None:
        check_narration(ctx, replay)

    def example_context(self, replay: Replay, view: ExampleView) -> Mapping[str, object]:
        return example_context(replay, view)

    def simulation(self, game: ShedGame, players: int) -> Simulation | None:
        return numbers.simulation(game, players)

    def play_options(self, game: ShedGame, players: int, *, game_id: str, variant: str | None
                     ) -> Json:
        return play.play_options(game, players, game_id=game_id, variant=variant)

    def new_table(self, options: Json) -> PlayTable[ShedGame]:
        return play.ShedTable(options)


FAMILY = ShedFamily()
