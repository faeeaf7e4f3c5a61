"""Game families: what the rest of the compiler needs from each engine.

A family (pairing games, trick-taking games, ...) brings the schema of its options and of
its example scripts, turns validated options into an immutable engine, replays examples and
checks their narration. Families are looked up by the name written in game.yaml.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any, Callable, Protocol

if TYPE_CHECKING:
    from .cards import Card, Deck
    from .diagnostics import Report
    from .model import Example, GameBundle
    from .schema import Strict
    from .source import Key, Source

# family name -> "module:attribute" of its Family object (imported on first use).
REGISTRY: dict[str, str] = {
    "pairs": "generator.family_pairs:FAMILY",
    "tricks": "generator.family_tricks:FAMILY",
}


class Engine(Protocol):
    deck: Deck
    removed: tuple[Card, ...]
    cards: tuple[Card, ...]

    def problems(self) -> list[str]: ...


class Family(Protocol):
    name: str
    options_schema: type[Strict]
    example_schema: type[Strict]
    inconsistency_hint: str

    def build(self, spec: Any, *, deck: Deck, removed: tuple[Card, ...], src: Source,
              at: Callable[[str], Key], report: Report) -> Engine | None: ...

    def placeholders(self, engine: Any) -> dict[str, str]: ...

    def replay(self, bundle: GameBundle, example: Example, report: Report) -> Any: ...

    def check_narration(self, bundle: GameBundle, replay: Any, report: Report) -> None: ...


def get_family(name: str) -> Family:
    module, _, attr = REGISTRY[name].partition(":")
    return getattr(importlib.import_module(module), attr)
