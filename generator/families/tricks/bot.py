"""The rule-based computer player of the trick-taking games; the browser's
(templates/static/play/families/tricks.js) is the same player, decision for decision (the
differential test plays both).

It sees only what its seat may know (``TricksTable.view``): its hand, its own pass, the
cards played so far and so who has shown a void. From these it keeps to a few rules: pass
the dangerous cards (the Q♠, A♠/K♠ without low spades to cover them, high point cards);
duck under the winning card with the highest card that stays under, dumping a point card
when it can; when void, get rid of the most dangerous card; lead low in suits where others
still hold higher cards and nobody is void. "Dangerous" is read from the game's own scoring
table, so the same rules play Hearts, Peppa and the games where the highest total wins.
Every tie is broken by the deck order, so the choice is one card, the same in both languages.
"""

from __future__ import annotations

from typing import Any, Callable

from ..moves import Json
from .bot_taking import choose_taking, is_taking

HIGH = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11,
        "Q": 12, "K": 13, "A": 14}
QUEEN = "Q♠"


def _suit(card: str) -> str:
    return card[-1]


def _high(card: str) -> int:
    return HIGH.get(card[:-1], 0)


class _Sense:
    """What the bot derives from the options and its view."""

    def __init__(self, options: Json, view: Json) -> None:
        sign = -1 if options["end"]["winning"] == "highest-wins" else 1
        values: dict[str, int] = {}
        for card, value in options["points"] + options["special"]:
            values[card] = values.get(card, 0) + value
        self.values, self.sign = values, sign
        self.order = {card: i for i, card in enumerate(options["cards"])}
        self.base = sign * options["per_trick"]  # what taking any trick is worth to us
        self.seat: int = view["seat"]
        self.hand: list[str] = view["hand"]
        played = [c for t in view["tricks"] for c in t["cards"]] + [p["play"] for p in view["trick"]]
        before = [c for pile in view.get("before") or [] for c in pile]  # taken before a position
        gone = set(played) | set(before) | set(self.hand)
        self.unseen = [c for c in options["cards"] if c not in gone]
        self.voids: set[tuple[int, str]] = set()
        players = view["players"]
        for t in view["tricks"]:
            led = _suit(t["cards"][0])
            for i, card in enumerate(t["cards"]):
                if _suit(card) != led:
                    self.voids.add(((t["lead"] + i * self._step(options)) % players, led))
        if view["trick"]:
            led = _suit(view["trick"][0]["play"])
            self.voids |= {(p["by"], led) for p in view["trick"] if _suit(p["play"]) != led}
        self.queen_bad = self.cost(QUEEN) > 0 and QUEEN in self.order

    @staticmethod
    def _step(options: Json) -> int:
        return 1 if options["play"] == "clockwise" else -1

    def cost(self, card: str) -> int:
        """What taking ``card`` costs us (negative: it helps)."""
        return self.sign * self.values.get(card, 0)

    def in_hand(self, suit: str) -> int:
        return sum(1 for c in self.hand if _suit(c) == suit)

    def exposed_spade(self, card: str) -> bool:
        """A♠ or K♠ while the Q♠ is still out in someone else's hand."""
        return self.queen_bad and _suit(card) == "♠" and _high(card) > 12 and QUEEN in self.unseen

    def best(self, cards: list[str], key: Callable[[str], Any]) -> str:
        return min(cards, key=lambda c: (key(c), self.order[c]))


def choose(options: Json, view: Json) -> Json:
    """The bot's move for the seat of ``view`` (its turn: ``view["legal"]`` is not empty)."""
    if is_taking(options):
        return choose_taking(options, view)
    legal: list[Json] = view["legal"]
    seat = view["seat"]
    sense = _Sense(options, view)
    if view["passing"]:
        return {"by": seat, "pass": _pass(sense, options["passing"]["count"])}
    if len(legal) == 1:
        return legal[0]
    cards = [m["play"] for m in legal]
    card = _follow(sense, view, cards) if view["trick"] else _lead(sense, cards)
    return {"by": seat, "play": card}


def _pass(sense: _Sense, count: int) -> list[str]:
    hand = sense.hand
    low_spades = sum(1 for c in hand if _suit(c) == "♠" and _high(c) < 12)
    holds_queen = QUEEN in hand

    def score(card: str) -> int:
        s = sense.cost(card) * 10 + _high(card)
        if sense.queen_bad and _suit(card) == "♠" and _high(card) > 12 and not holds_queen \
                and low_spades < 3:
            s += 60  # A♠ or K♠ without cover: it would catch the Q♠
        length = sense.in_hand(_suit(card))
        if length <= 2 and sense.cost(card) <= 0:
            s += (3 - length) * 3  # a short suit: passing it makes a void
        return -s

    chosen = sorted(hand, key=lambda c: (score(c), sense.order[c]))[:count]
    return sorted(chosen, key=sense.order.__getitem__)


def _follow(sense: _Sense, view: Json, cards: list[str]) -> str:
    trick = [p["play"] for p in view["trick"]]
    led = _suit(trick[0])
    top = max(_high(c) for c in trick if _suit(c) == led)
    after = view["players"] - len(trick) - 1
    if _suit(cards[0]) != led:  # void: nothing wins; get rid of the most dangerous card
        def danger(card: str) -> int:
            return (sense.cost(card) * 100 + _high(card) + (30 if sense.exposed_spade(card) else 0)
                    + 13 - sense.in_hand(_suit(card)))
        return sense.best(cards, lambda c: -danger(c))
    pending = sense.base + sum(sense.cost(c) for c in trick)
    winners = [c for c in cards if _high(c) > top]
    under = [c for c in cards if _high(c) < top]
    if pending < 0 and winners:  # a trick worth taking
        if after == 0:  # take it cheaply
            return sense.best(winners, lambda c: (sense.cost(c), _high(c)))
        if sense.base < 0:  # every trick is worth points: try to hold it, high
            return sense.best(winners, lambda c: (sense.cost(c), -_high(c)))
    if under:  # duck with the highest card that stays under, a point card first
        return sense.best(under, lambda c: (-sense.cost(c), -_high(c)))
    if after == 0:  # the trick is ours anyway: take it with the biggest harmless card
        return sense.best(winners, lambda c: (sense.cost(c), -_high(c)))
    return sense.best(winners, lambda c: (sense.cost(c), _high(c)))  # low: someone may go over


def _lead(sense: _Sense, cards: list[str]) -> str:
    danger_out = any(sense.cost(c) > 0 for c in sense.unseen)

    def score(card: str) -> int:
        suit, high = _suit(card), _high(card)
        out = [c for c in sense.unseen if _suit(c) == suit]
        above = sum(1 for c in out if _high(c) > high)
        # low where tricks cost, a sure winner where every trick is worth points
        s = sense.cost(card) * 20 + (high - 2 * above if sense.base >= 0 else 2 * above - high)
        if not out:
            s += 40  # everyone else is void: they would dump points on us
        elif danger_out and any(v[1] == suit and v[0] != sense.seat for v in sense.voids):
            s += 25  # someone has shown a void here
        if sense.exposed_spade(card):
            s += 50
        return s

    return sense.best(cards, score)
