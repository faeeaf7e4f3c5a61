"""The options of the trick-taking games, as data: who passes what to whom, who leads, when
hearts may be led, the first trick, and the scoring and end of the game (see ``scoring``).

Peppa, Chat Noir and Hearts are one engine with different options; game.yaml's ``options``
are validated by ``schema`` and turned into these by ``family``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .scoring import EndRule, Scoring


class Rotation(enum.StrEnum):
    CLOCKWISE = "clockwise"  # play passes to the left-hand neighbour, the next seat
    COUNTER_CLOCKWISE = "counter-clockwise"

    @property
    def step(self) -> int:
        return 1 if self is Rotation.CLOCKWISE else -1


class PassTo(enum.StrEnum):
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    NONE = "none"  # a hand without passing

    def target(self, seat: int, players: int) -> int:
        """The seat that receives the cards ``seat`` passes."""
        step = {PassTo.LEFT: 1, PassTo.RIGHT: -1, PassTo.ACROSS: players // 2, PassTo.NONE: 0}
        return (seat + step[self]) % players


class FirstLead(enum.StrEnum):
    RIGHT_OF_DEALER = "right-of-dealer"
    LEFT_OF_DEALER = "left-of-dealer"
    TWO_OF_CLUBS = "two-of-clubs"  # its holder leads the first trick, and must lead it


class HeartsLead(enum.StrEnum):
    ANY_TIME = "any-time"
    WHEN_BROKEN = "when-broken"  # once a heart has been played, or with nothing else in hand


class FirstTrick(enum.StrEnum):
    ANYTHING = "anything"
    NO_POINTS = "no-points"  # no heart and no Q♠ on the first trick, unless nothing else is held


@dataclass(frozen=True, slots=True)
class Passing:
    count: int
    schedule: tuple[PassTo, ...]  # one direction per hand, repeated

    def direction(self, hand: int) -> PassTo:
        """Where the cards go in the ``hand``-th hand of a game (counting from 1)."""
        return self.schedule[(hand - 1) % len(self.schedule)] if self.schedule else PassTo.NONE


NO_PASSING = Passing(0, ())


@dataclass(frozen=True, slots=True)
class TricksOptions:
    scoring: Scoring
    end: EndRule
    players: int = 4
    rotation: Rotation = Rotation.CLOCKWISE
    passing: Passing = NO_PASSING
    first_lead: FirstLead = FirstLead.RIGHT_OF_DEALER
    hearts_lead: HeartsLead = HeartsLead.ANY_TIME
    queen_breaks_hearts: bool = False
    first_trick: FirstTrick = FirstTrick.ANYTHING
