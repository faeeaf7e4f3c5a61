"""Python's cyclic garbage collector, paused while a build or a check runs.

A build holds some 10^5 long-lived objects (the checked games, the saved graph) and makes
almost no cyclic garbage: checking the 260 games of the synthetic corpus left 5 unreachable
objects and the same peak memory with the collector off, yet its passes over the live objects
took 30 % of the check, and a third of a one-edit build. What garbage there is waits for the
collector to be back on, when the build ends.

WeasyPrint is the exception (some 130,000 objects of cyclic garbage for each PDF), and so
may be an engine playing thousands of rounds: they run with the collector on (``resumed``).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def paused() -> Iterator[None]:
    """Automatic collection off inside (and in processes forked inside), as it was after."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            _age_everything()
            gc.enable()


def _age_everything() -> None:
    """Every object the build left is made old, as if it had survived collections: else the
    first collection after the build, a young one, would go over all of them (0.4 s seen at
    the end of a one-edit build). Old objects are gone over in the next full collection."""
    gc.freeze()  # every tracked object to the permanent generation ...
    gc.unfreeze()  # ... and from there to the oldest


@contextmanager
def resumed() -> Iterator[None]:
    """Automatic collection on inside, for work that makes cyclic garbage; as it was after."""
    was_on = gc.isenabled()
    gc.enable()
    try:
        yield
    finally:
        if not was_on:
            gc.disable()
