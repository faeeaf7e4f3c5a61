"""The play table of every family: a game's options for play as JSON (what the play page and
templates/static/play/engine.js read), and the Python table that plays them.

``play_options(bundle, variant, players)`` is the one export: the browser never reads YAML.
``new_table(options)`` is its Python twin's entry point, held to engine.js by the
differential test (tests/test_play_engine.py). See docs/play.md.
"""

from __future__ import annotations

from ..model.game import GameBundle
from ..simulation.configurations import player_counts
from . import family_of
from .moves import Json
from .pairs.engine import PairsGame
from .pairs.play import PairsTable
from .pairs.play import play_options as pairs_options
from .tricks.engine import TricksGame
from .tricks.play import TricksTable
from .tricks.play import play_options as tricks_options

Table = PairsTable | TricksTable


def counts(bundle: GameBundle, variant: str | None) -> list[int]:
    """The player counts the game (or the variant) is played by."""
    return player_counts(bundle, bundle.rules.engine_for(variant), family=family_of(bundle))


def play_options(bundle: GameBundle, variant: str | None, players: int) -> Json:
    """What the play table needs for ``bundle``'s game (or ``variant``) and ``players``."""
    if players not in counts(bundle, variant):
        raise ValueError(f"{bundle.rules.id} is not played by {players}")
    game, game_id = bundle.rules.engine_for(variant), bundle.rules.id
    if isinstance(game, PairsGame):
        return pairs_options(game, players, game_id=game_id, variant=variant)
    if isinstance(game, TricksGame):
        return tricks_options(game, game_id=game_id, variant=variant)
    raise ValueError(f"no play table for the family '{bundle.rules.spec.family}'")


def new_table(options: Json) -> Table:
    """The Python table for ``play_options`` JSON (``dealer``: who deals first, default 0)."""
    family = options.get("family")
    if family == "pairs":
        return PairsTable(options)
    if family == "tricks":
        return TricksTable(options)
    raise ValueError(f"no play table for the family {family!r}")
