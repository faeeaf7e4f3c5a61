"""Step 3, simulate: "By the numbers" of every game that changed. Each configuration its
numbers page shows (a variant, a player count) that the disk cache does not hold yet is
played many times over, on every core or on the Dask cluster (``--executor``); the pages
then read the figures from the cache (simulation/store.py), as an unchanged game's do."""

from __future__ import annotations

from ..families import family_of
from ..model.game import GameBundle
from ..simulation.configurations import page_configurations
from ..simulation.run import Simulation
from ..simulation.store import Store
from .context import Context


def simulations_of(bundle: GameBundle) -> list[Simulation]:
    """What the numbers page of a game simulates."""
    return [c.simulation for c in page_configurations(bundle, family=family_of(bundle))]


def simulate(ctx: Context, simulations: list[Simulation], numbers: Store) -> None:
    """Whatever of ``simulations`` ``numbers`` (the disk cache's figures) lacks, simulated."""
    config = ctx.config
    numbers.prefetch(simulations, workers=config.workers, progress=ctx.progress,
                     executor=config.executor)
