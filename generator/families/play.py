"""The play table of every family: a game's options for play as JSON (what the play page and
templates/static/play/engine.js read), and the Python table that plays them.

``play_options(bundle, variant, players)`` is the one export: the browser never reads YAML.
``new_table(options)`` is its Python twin's entry point, held to engine.js by the
differential test (tests/test_play_engine.py). See docs/play.md.
"""

from __future__ import annotations

from typing import Any

from ..model.game import GameBundle
from ..model.schema import Affects
from ..simulation.configurations import player_counts
from . import REGISTRY, family_of
from .moves import Json
from .table_play import PlayTable

Table = PlayTable[Any]


def counts(bundle: GameBundle, variant: str | None) -> list[int]:
    """The player counts the game (or the variant) is played by."""
    return player_counts(bundle, bundle.rules.engine_for(variant), family=family_of(bundle))


def play_options(bundle: GameBundle, variant: str | None, players: int) -> Json:
    """What the play table needs for ``bundle``'s game (or ``variant``) and ``players``."""
    if players not in counts(bundle, variant):
        raise ValueError(f"{bundle.rules.id} is not played by {players}")
    options = family_of(bundle).play_options(bundle.rules.engine_for(variant), players,
                                             game_id=bundle.rules.id, variant=variant)
    if any(Affects.SCORES in rule.affects for rule in bundle.rules.spec.outside_model):
        options["scored"] = False  # the engine's scores are not the game's: the page keeps none
    return options


def new_table(options: Json) -> Table:
    """The Python table for ``play_options`` JSON (``dealer``: who deals first, default 0)."""
    family = REGISTRY.get(str(options.get("family")))
    if family is None:
        raise ValueError(f"no play table for the family {options.get('family')!r}")
    return family.new_table(options)
