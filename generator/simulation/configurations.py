"""Which configurations of a game are simulated for its page, and their figures.

The base game at every player count it allows (a trick-taking game: its one count); each
variant at the count the table most often has (four players, within the game's range), or
at the count the variant fixes. `rulebook simulate` can ask for any other."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from ..model.game import Engine, GameBundle
from .run import Numbers, Simulation
from .store import Store

TYPICAL_PLAYERS = 4


class Simulated(Protocol):
    """What the simulation asks of a game's family (the caller looks the family up: the
    simulation knows no family by name)."""

    def players(self, game: Any) -> int | None: ...

    def simulation(self, game: Any, players: int) -> Simulation | None: ...


@dataclass(frozen=True)
class Configuration:
    variant: str | None  # None: the base game
    players: int
    simulation: Simulation


@dataclass(frozen=True)
class Result:
    configuration: Configuration
    numbers: Numbers


def player_counts(bundle: GameBundle, game: Engine, *, family: Simulated) -> list[int]:
    """Every player count this game (base or variant) is played by."""
    fixed = family.players(game)
    players = bundle.rules.spec.players
    return [fixed] if fixed else list(range(max(players.min, 2), players.max + 1))


def configuration(bundle: GameBundle, variant: str | None, players: int, *,
                  family: Simulated) -> Configuration | None:
    game = bundle.rules.engine_for(variant)
    sim = family.simulation(game, players)
    return Configuration(variant, players, sim) if sim is not None else None


def page_configurations(bundle: GameBundle, *, family: Simulated) -> list[Configuration]:
    out = []
    for variant, game in [(None, bundle.rules.engine), *bundle.rules.variants.items()]:
        counts = player_counts(bundle, game, family=family)
        if variant is not None and len(counts) > 1:
            counts = [min(max(TYPICAL_PLAYERS, counts[0]), counts[-1])]
        for players in counts:
            config = configuration(bundle, variant, players, family=family)
            if config is not None:
                out.append(config)
    return out


def game_numbers(bundle: GameBundle, store: Store, *, family: Simulated) -> list[Result]:
    return [Result(c, store.numbers(c.simulation))
            for c in page_configurations(bundle, family=family)]
