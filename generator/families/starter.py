"""What `rulebook new` writes for a game of a family: a small game that plays, an example
round of it that `rulebook check` replays, and English prose that fits its options.

Each family gives one ``Starter`` (its ``starter.py``); the scaffold (authoring/scaffold.py)
turns it into files and never needs to know the family.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping


@dataclass(frozen=True)
class Starter:
    deck: str  # a named deck
    remove: str  # cards taken out ("" for none)
    players: tuple[int, int]  # the fewest and the most
    duration: str  # game.yaml's duration, in flow style: "{hand: 10, game: 60}"
    difficulty: int
    options: str  # the options block of game.yaml, unindented YAML (comments welcome)
    example_name: str  # examples/<name>.yaml
    example: str  # the example script, YAML
    # English prose; each text may use placeholders and must fit the options above
    description: str
    sections: Mapping[str, str]  # by section name (objective, cards, setup, ...)
    steps: tuple[str, ...]  # the rules in a few lines
    quickref: Mapping[str, tuple[str, ...]]  # in_short, turn, end
    example_title: str
    example_intro: str
    example_steps: tuple[str, ...]  # one narration text per step of the script
    example_result: str
