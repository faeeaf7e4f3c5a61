"""Game families: what the rest of the compiler needs from each engine, and their registry.

A family (pairing games, trick-taking games, ...) is one folder beside this file. It brings
the schema of its options and of its example scripts, turns validated options into an
immutable game, fills placeholders and the facts box, replays examples, checks their
narration and gives each example's page context and partial template. Families are looked
up by the name written in game.yaml; the generic pipeline never names one.

Adding a family: its folder (engine, options, schema, record, replay, narration, page,
numbers, play, family), its browser engine templates/static/play/families/<name>.js, and its
entry in REGISTRY below (a function that imports it: a family is imported when first looked up).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, Mapping, Protocol, TypeVar

from ..core.cards import Card, Deck
from ..core.diagnostics import Report
from ..model.game import Engine, Example, GameBundle
from ..model.schema import ScriptSpec, Strict
from ..model.source import Key, Source
from ..simulation.run import Simulation
from .moves import Json
from .shared import G, ReplayContext, S, check_genders, open_script
from .starter import Starter
from .table_play import PlayTable
from .view import ExampleView

R = TypeVar("R")  # what a family's replay of one example gives, ready to be rendered


class Family(Protocol[G, S, R]):
    """One family, typed with its own game (G), example script (S) and replay (R)."""

    @property
    def name(self) -> str: ...

    @property
    def game_type(self) -> type[G]: ...

    @property
    def options_schema(self) -> type[Strict]: ...

    @property
    def example_schema(self) -> type[S]: ...

    @property
    def replay_type(self) -> type[R]: ...

    @property
    def example_partial(self) -> str:
        """The template of an example round on the game page."""
        ...

    @property
    def inconsistency_hint(self) -> str: ...

    @property
    def figures_from_scores(self) -> bool:
        """Whether its "By the numbers" figures come from the scores (a game's length, who
        loses it): a game whose scores are outside the model then has no numbers page."""
        ...

    @property
    def cannot_express(self) -> tuple[str, ...]:
        """What the family's options cannot say (the format reference lists it, with how to
        declare such a rule under game.yaml's ``outside_model``)."""
        ...

    @property
    def placeholder_docs(self) -> Mapping[str, str]:
        """What each name ``placeholders()`` gives means; ``<card>`` in a name stands for a
        card (``points.<card>``: ``points.Q♠``)."""
        ...

    @property
    def starter(self) -> Starter:
        """The game and example round `rulebook new` writes for this family."""
        ...

    @property
    def starters(self) -> Mapping[str, Starter]:
        """Every starter `rulebook new --starter NAME` offers, by name; the first is
        ``starter`` (a family of avoidance and taking games has one of each)."""
        ...

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> G | None:
        """The game from validated options; ``at(option)`` is where that option was written."""
        ...

    def placeholders(self, game: G) -> dict[str, str]: ...

    def players(self, game: G) -> int | None:
        """The number of players the options fix, if they fix one."""
        ...

    def odd_cards(self, game: G) -> tuple[Card, ...]:
        """For the facts box: the odd card, or the cards one of which is left over."""
        ...

    def card_values(self, game: G) -> Mapping[Card, int]:
        """What each card that counts is worth in the score (the player aid prints them);
        empty when no card counts."""
        ...

    def hand_sizes(self, game: G, players: int) -> tuple[int, int] | None:
        """The fewest and most cards a player is dealt with this many players; None when the
        game is not played by that many."""
        ...

    def narration_steps(self, spec: S) -> int:
        """How many narration texts a script needs (one per move, trick or hand)."""
        ...

    def replay(self, ctx: ReplayContext[G, S]) -> R | None: ...

    def check_narration(self, ctx: ReplayContext[G, S], replay: R) -> None: ...

    def example_context(self, replay: R, view: ExampleView) -> Mapping[str, object]: ...

    def simulation(self, game: G, players: int) -> Simulation | None:
        """What random rounds of this game with this many players are and which figures they
        give ("By the numbers"); None when the game is not played by that many."""
        ...

    def play_options(self, game: G, players: int, *, game_id: str, variant: str | None
                     ) -> Json:
        """What the play table (Python's and templates/static/play/<name>.js) needs to deal
        and play ``game`` with ``players``, as JSON: the browser never reads YAML."""
        ...

    def new_table(self, options: Json) -> PlayTable[G]:
        """The Python play table for ``play_options`` JSON: the twin of the family's
        browser engine, held to it by the differential test."""
        ...


class AnyFamily(Protocol):
    """A family as the generic pipeline sees it, whatever its types."""

    @property
    def name(self) -> str: ...

    @property
    def options_schema(self) -> type[Strict]: ...

    @property
    def example_schema(self) -> type[ScriptSpec]: ...

    @property
    def example_partial(self) -> str: ...

    @property
    def inconsistency_hint(self) -> str: ...

    @property
    def figures_from_scores(self) -> bool: ...

    @property
    def cannot_express(self) -> tuple[str, ...]: ...

    @property
    def placeholder_docs(self) -> Mapping[str, str]: ...

    @property
    def starter(self) -> Starter: ...

    @property
    def starters(self) -> Mapping[str, Starter]: ...

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> Engine | None: ...

    def placeholders(self, game: Engine) -> dict[str, str]: ...

    def players(self, game: Engine) -> int | None: ...

    def odd_cards(self, game: Engine) -> tuple[Card, ...]: ...

    def card_values(self, game: Engine) -> Mapping[Card, int]: ...

    def hand_sizes(self, game: Engine, players: int) -> tuple[int, int] | None: ...

    def narration_steps(self, spec: ScriptSpec) -> int: ...

    def check_example(self, bundle: GameBundle, example: Example, report: Report, *,
                      narration: bool = True) -> object | None:
        """Replay one example and check its narration; the replay, None when it cannot be
        replayed."""
        ...

    def example_context(self, replay: object, view: ExampleView) -> Mapping[str, object]: ...

    def simulation(self, game: Engine, players: int) -> Simulation | None: ...

    def play_options(self, game: Engine, players: int, *, game_id: str, variant: str | None
                     ) -> Json: ...

    def new_table(self, options: Json) -> PlayTable[Any]: ...


@dataclass(frozen=True)
class Registered(Generic[G, S, R]):
    """A family behind the pipeline's untyped view: each value coming back from the pipeline
    is checked to be of the family's own types before the family sees it."""

    family: Family[G, S, R]

    @property
    def name(self) -> str:
        return self.family.name

    @property
    def options_schema(self) -> type[Strict]:
        return self.family.options_schema

    @property
    def example_schema(self) -> type[ScriptSpec]:
        return self.family.example_schema

    @property
    def example_partial(self) -> str:
        return self.family.example_partial

    @property
    def inconsistency_hint(self) -> str:
        return self.family.inconsistency_hint

    @property
    def figures_from_scores(self) -> bool:
        return self.family.figures_from_scores

    @property
    def cannot_express(self) -> tuple[str, ...]:
        return self.family.cannot_express

    @property
    def placeholder_docs(self) -> Mapping[str, str]:
        return self.family.placeholder_docs

    @property
    def starter(self) -> Starter:
        return self.family.starter

    @property
    def starters(self) -> Mapping[str, Starter]:
        return self.family.starters

    def build(self, options: Strict, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> Engine | None:
        return self.family.build(options, deck=deck, removed=removed, src=src, at=at,
                                 report=report)

    def placeholders(self, game: Engine) -> dict[str, str]:
        return self.family.placeholders(self._game(game))

    def players(self, game: Engine) -> int | None:
        return self.family.players(self._game(game))

    def odd_cards(self, game: Engine) -> tuple[Card, ...]:
        return self.family.odd_cards(self._game(game))

    def card_values(self, game: Engine) -> Mapping[Card, int]:
        return self.family.card_values(self._game(game))

    def hand_sizes(self, game: Engine, players: int) -> tuple[int, int] | None:
        return self.family.hand_sizes(self._game(game), players)

    def narration_steps(self, spec: ScriptSpec) -> int:
        return self.family.narration_steps(self._spec(spec))

    def check_example(self, bundle: GameBundle, example: Example, report: Report, *,
                      narration: bool = True) -> R | None:
        """The example replayed; with ``narration``, its narration checked against it too."""
        ctx = open_script(bundle, example, self._spec(example.spec), self.family.game_type, report)
        if ctx is None:
            return None
        replay = self.family.replay(ctx)
        if replay is not None:
            check_genders(ctx)
        if replay is not None and narration:
            self.family.check_narration(ctx, replay)
        return replay

    def example_context(self, replay: object, view: ExampleView) -> Mapping[str, object]:
        if not isinstance(replay, self.family.replay_type):
            raise TypeError(f"{self.name}: not a replay of this family: {type(replay).__name__}")
        return self.family.example_context(replay, view)

    def simulation(self, game: Engine, players: int) -> Simulation | None:
        return self.family.simulation(self._game(game), players)

    def play_options(self, game: Engine, players: int, *, game_id: str, variant: str | None
                     ) -> Json:
        return self.family.play_options(self._game(game), players, game_id=game_id,
                                        variant=variant)

    def new_table(self, options: Json) -> PlayTable[G]:
        return self.family.new_table(options)

    def _game(self, game: Engine) -> G:
        if not isinstance(game, self.family.game_type):
            raise TypeError(f"{self.name}: not a game of this family: {type(game).__name__}")
        return game

    def _spec(self, spec: ScriptSpec) -> S:
        if not isinstance(spec, self.family.example_schema):
            raise TypeError(f"{self.name}: not a script of this family: {type(spec).__name__}")
        return spec


def _pairs() -> AnyFamily:
    from . import pairs
    return Registered[pairs.Game, pairs.Script, pairs.Replay](pairs.FAMILY)


def _tricks() -> AnyFamily:
    from . import tricks
    return Registered[tricks.Game, tricks.Script, tricks.Replay](tricks.FAMILY)


def _shedding() -> AnyFamily:
    from . import shedding
    return Registered[shedding.Game, shedding.Script, shedding.Replay](shedding.FAMILY)


class _Registry(Mapping[str, "AnyFamily"]):
    """Family name (as game.yaml writes it) -> the family, each family's package imported
    when it is first looked up: a build that checks one edited game imports its family only
    (the three together take 0.1 s to import)."""

    def __init__(self, families: Mapping[str, Callable[[], AnyFamily]]) -> None:
        self._families, self._loaded = dict(families), dict[str, "AnyFamily"]()

    def __getitem__(self, name: str) -> AnyFamily:
        found = self._loaded.get(name)
        if found is None:
            found = self._loaded[name] = self._families[name]()  # KeyError: no such family
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._families)

    def __len__(self) -> int:
        return len(self._families)


# each function names the family's own types: the type checker cannot infer them from data
REGISTRY: Mapping[str, AnyFamily] = _Registry(
    {"pairs": _pairs, "tricks": _tricks, "shedding": _shedding})


def get_family(name: str) -> AnyFamily:
    return REGISTRY[name]


def family_of(bundle: GameBundle) -> AnyFamily:
    """The family a loaded game is played by."""
    return REGISTRY[bundle.rules.spec.family]
