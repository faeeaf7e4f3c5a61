"""What loading one game's folder gives: the rules as engine values, the languages' texts and
the example scripts. Data only; model.py loads it, the families and the pages read it.

    rules/<game>/game.yaml          what is the same in every language (engine options, deck)
    rules/<game>/<lang>.yaml        the prose of one language
    rules/<game>/<lang>.translated-from.yaml   the source texts it was translated from
    rules/<game>/examples/*.yaml    example-round scripts, language-neutral
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..core.cards import Card, Deck
from . import schema
from .source import Source
from .translated_from import TranslatedFrom


class Engine(Protocol):
    """What the generic pipeline needs of any family's immutable game."""

    @property
    def deck(self) -> Deck: ...

    @property
    def removed(self) -> tuple[Card, ...]: ...

    @property
    def cards(self) -> tuple[Card, ...]: ...

    def problems(self) -> list[str]: ...


@dataclass(frozen=True)
class GameRules:
    """game.yaml, validated: the base game and each variant as engine values."""

    spec: schema.GameSpec
    source: Source
    engine: Engine  # the family's immutable game
    variants: dict[str, Engine]

    def engine_for(self, variant: str | None) -> Engine:
        """The game an example is played under: its variant's, or the base game."""
        return self.variants.get(variant, self.engine) if variant else self.engine

    @property
    def id(self) -> str:
        return self.spec.id


@dataclass(frozen=True)
class LanguageText:
    lang: str
    spec: schema.LanguageSpec
    source: Source


@dataclass(frozen=True)
class Example:
    name: str
    spec: schema.ScriptSpec  # the family's example schema
    source: Source


@dataclass(frozen=True)
class GameBundle:
    """Everything in one game's folder that loaded without errors."""

    folder: Path
    rules: GameRules
    languages: dict[str, LanguageText] = field(default_factory=dict)
    examples: dict[str, Example] = field(default_factory=dict)
    placeholders: dict[str, str] = field(default_factory=dict)  # {name} -> value, for prose
    odd_cards: tuple[Card, ...] = ()  # the cards one of which is left over, for the facts box
    # <lang>.translated-from.yaml by language: what each translated text was made from
    translated_from: dict[str, TranslatedFrom] = field(default_factory=dict)
    # by language: the claims of its examples' narration the check read and verified (who
    # plays, takes, draws, scores, wins...), for the page's "N claims checked"
    claims_checked: dict[str, int] = field(default_factory=dict)
    # by language: the sentences of that narration with a card, a name or a number that the
    # reader could not read (unread-narration), which the page's footer says are not checked
    claims_unread: dict[str, int] = field(default_factory=dict)
