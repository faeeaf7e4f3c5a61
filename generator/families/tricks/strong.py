"""The strong computer player of the trick games: the twin of ``chooseStrong`` in
templates/static/play/families/tricks.js, move for move (tests/test_play_engine.py plays
both with the same seeds).

From ``view(seat)`` alone it deals the cards it cannot see in several ways consistent with
what it has seen (the voids shown by not following suit, and by not trumping where a trump
must be played; a lower trump where it must over-trump; the cards it passed; the turned card
in the dealer's hand, the drawer's or under the stock; each hand's size and the stock's),
plays each of its moves in each of these worlds to the end of the hand with the rule-based
player (``bot.choose``) at every seat, and makes the move whose hands score best for its side
against the others. Its passes are the rule-based player's. The work is a fixed budget of
simulated plays, never a clock, so the same view and seed give the same move on any machine;
its random stream comes from the hand's seed, its seat and how far the hand has gone, never
from a card it cannot see.
"""

from __future__ import annotations

from typing import Callable, Protocol

from ...core.prng import MASK, Mulberry32, stream
from ..moves import Json
from .bot import choose
from .scoring import HandResult

BUDGET = 2000  # simulated plays a move: within 200 ms on a phone (docs/play.md)
WORLDS = 24  # at most this many worlds, however few the plays left
TRIES = 20  # dead ends before a world is dealt without the voids
NO_CAP = 999  # a trump cap above every power: the seat may hold any trump
LEVELS = ("easy", "strong")
HIGH = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11,
        "Q": 12, "K": 13, "A": 14}
QUEEN = "Q♠"


class Table(Protocol):
    """What the strong player asks of the play table (``TricksTable``, which imports this
    module): positions to play its worlds on, played to the end of the hand."""

    options: Json
    result: HandResult | None

    def position(self, view: Json, hands: list[list[str]], stock: list[str]) -> Table: ...

    def play(self, move: Json) -> Json: ...

    def is_over(self) -> bool: ...

    def turn(self) -> int | None: ...

    def view(self, seat: int) -> Json: ...


def _suit(card: str) -> str:
    return card[-1]


def _power(options: Json) -> Callable[[str], int]:
    ranking: list[str] = options["ranking"]
    table = {r: len(ranking) - i for i, r in enumerate(ranking)} if ranking else HIGH
    return lambda card: table.get(card[:-1], 0)


def _gone(view: Json) -> set[str]:
    """The cards the seat has seen: its hand, the cards played and those taken before a
    position the hand was taken up at."""
    gone = set(view["hand"])
    for pile in view["before"]:
        gone.update(pile)
    for t in view["tricks"]:
        gone.update(t["cards"])
    gone.update(p["play"] for p in view["trick"])
    return gone


def choose_strong(table: Table, view: Json, seed: int) -> Json:
    """The strong player's move for the seat of ``view`` (its turn), playing its worlds on
    copies of ``table`` (whose game they share)."""
    options = table.options
    if view["passing"]:
        return choose(options, view)
    candidates = candidates_of(options, view)
    if len(candidates) == 1:
        return candidates[0]
    known = Knowledge(options, view)
    left = sum(view["counts"]) + view["stock"] + (
        sum(1 for b in view["bids"] if b is None) if view["bidding"] else 0)
    budget = options.get("budget") or BUDGET
    worlds = max(1, min(WORLDS, budget // (len(candidates) * left)))
    rng = strong_stream(view, seed)
    totals = [0] * len(candidates)
    for _ in range(worlds):
        hands, stock = known.sample(view, rng)
        for i, move in enumerate(candidates):
            t = table.position(view, hands, stock)
            t.play(move)
            while not t.is_over():
                turn = t.turn()
                assert turn is not None
                t.play(choose(options, t.view(turn)))
            totals[i] += worth(options, t, view["seat"])
    best = 0
    for i, v in enumerate(totals):
        if v > totals[best]:
            best = i
    return candidates[best]


def strong_stream(view: Json, seed: int) -> Mulberry32:
    """The player's own stream: the hand's seed, its seat and how far the hand has gone."""
    progress = (len(view["tricks"]) * view["players"] + len(view["trick"])
                + sum(1 for b in view["bids"] if b is not None))
    return stream((seed ^ ((progress + 1) * 0x85EBCA6B)) & MASK, view["seat"] + 1)


def worth(options: Json, table: Table, seat: int) -> int:
    """A finished hand's worth to ``seat``: its side's score against the others' (each side
    counted once), turned round where the lowest total wins."""
    assert table.result is not None
    scores = list(table.result.side_scores)  # a side a column: seat s with s + n/2
    mine = seat % (options["players"] // 2) if options["sides"] == "partners" else seat
    value = (len(scores) - 1) * scores[mine] - (sum(scores) - scores[mine])
    return value if options["end"]["winning"] == "highest-wins" else -value


def candidates_of(options: Json, view: Json) -> list[Json]:
    """The legal moves worth trying: the bids, or one card of each run of cards that do the
    same (of a suit, worth the same, no unseen card of the suit between them)."""
    legal: list[Json] = view["legal"]
    if view["bidding"] or len(legal) < 2:
        return legal
    pw = _power(options)
    values: dict[str, int] = {}
    for card, value in options["points"] + options["special"]:
        values[card] = values.get(card, 0) + value
    marked = set(options["ends_with"])
    for bonus in options["sets"]:
        marked.update(bonus["cards"])
    if options["queen_breaks_hearts"]:
        marked.add(QUEEN)
    gone = _gone(view)
    unseen = [c for c in options["cards"] if c not in gone]

    def same(c: str, d: str) -> bool:
        if _suit(c) != _suit(d) or values.get(c, 0) != values.get(d, 0) or c in marked \
                or d in marked:
            return False
        lo, hi = min(pw(c), pw(d)), max(pw(c), pw(d))
        return not any(_suit(u) == _suit(c) and lo < pw(u) < hi for u in unseen)

    out: list[Json] = []
    for move in legal:
        if not any(same(move["play"], m["play"]) for m in out):
            out.append(move)
    return out


class Knowledge:
    """What the view says of where the unseen cards are: the cards pinned to a place, each
    seat's voids and trump cap, the room of each place (the other seats ``0..n-1``, the stock
    ``n``, out of play ``n + 1``) and the pool of cards to deal them."""

    def __init__(self, options: Json, view: Json) -> None:
        n, me, t = view["players"], view["seat"], options["trumps"]
        self.n, self.me = n, me
        gone = _gone(view)
        self.pinned: dict[str, int] = {}

        def pin(card: str, where: int) -> None:
            if card not in gone:
                self.pinned[card] = where

        if view["passed"] and not view["passing"] and view["pass_to"] != "none":
            shift = {"left": 1, "right": -1, "across": n // 2, "none": 0}[view["pass_to"]]
            to = (me + shift) % n
            if to != me:
                for card in view["passed"]:
                    pin(card, to)
        aside = None  # the turned card, out of play
        turned = view["turned"]
        if turned is not None and t["source"] == "dealer-last" and view["dealer"] != me:
            pin(turned, view["dealer"])
        if turned is not None and t["source"] == "turned":
            if options["deal"]["draw"] and t["turned_drawn_last"]:
                drawer = None
                for tr in view["tricks"]:
                    for d in tr.get("draws", []):
                        if d["card"] == turned:
                            drawer = d["by"]
                if drawer is None:
                    pin(turned, n)
                elif drawer != me:
                    pin(turned, drawer)
            else:
                aside = turned
        self.pw = pw = _power(options)
        self.voids: list[set[str]] = [set() for _ in range(n)]
        self.cap = [NO_CAP] * n
        self.trump = trump = view["trump"]
        must = trump is not None and t["must_trump"]
        over = trump is not None and t["over_trump"]
        step = 1 if options["play"] == "clockwise" else -1
        tricks = [[{"by": (tr["lead"] + i * step) % n, "play": c} for i, c in enumerate(tr["cards"])]
                  for tr in view["tricks"]]
        tricks.append(view["trick"])
        for plays in tricks:
            if options["follow"] != "suit" or not plays:
                continue
            led = _suit(plays[0]["play"])
            top: str | None = None  # the highest trump played before
            for i, p in enumerate(plays):
                card, seat = p["play"], p["by"]
                suit = _suit(card)
                if i > 0 and suit != led:
                    self.voids[seat].add(led)
                    if must and suit != trump:
                        self.voids[seat].add(trump)
                if i > 0 and suit == trump and top is not None and over \
                        and (led == trump or must) and pw(card) < pw(top):
                    self.cap[seat] = min(self.cap[seat], pw(top))
                if suit == trump and (top is None or pw(card) > pw(top)):
                    top = card
        self.pool = [c for c in options["cards"]
                     if c not in gone and c not in self.pinned and c != aside]
        room = [0] * (n + 2)
        for s in range(n):
            if s != me:
                room[s] = view["counts"][s]
        room[n] = view["stock"]
        for where in self.pinned.values():
            room[where] -= 1
        room[n + 1] = len(self.pool) - sum(room[:n + 1])
        if any(r < 0 for r in room):
            raise ValueError(f"seat {me}'s view does not add up: {room}")
        self.room = room
        self.places = n + 2

    def fits(self, place: int, card: str) -> bool:
        if place >= self.n:
            return True
        suit = _suit(card)
        return suit not in self.voids[place] and not (
            suit == self.trump and self.pw(card) > self.cap[place])

    def sample(self, view: Json, rng: Mulberry32) -> tuple[list[list[str]], list[str]]:
        """One world: every seat's hand and the stock (top first). The pool is dealt the
        most constrained cards first, each to a place that may hold it with the chance of
        its room left; after ``TRIES`` dead ends it is dealt without the voids (a world that
        cannot be is still a fair guess)."""
        choices = {c: sum(1 for p in range(self.places) if self.room[p] > 0 and self.fits(p, c))
                   for c in self.pool}
        got: list[list[str]] | None = None
        attempt = 0
        while got is None:
            strict = attempt < TRIES
            cards = list(self.pool)
            rng.shuffle(cards)
            if strict:
                cards.sort(key=choices.__getitem__)
            got = self._deal(cards, self.fits if strict else (lambda p, c: True), rng)
            attempt += 1
        n = self.n
        hands = [list(view["hand"]) if s == self.me else got[s] for s in range(n)]
        stock = got[n]
        rng.shuffle(stock)
        for card, where in self.pinned.items():
            if where < n:
                hands[where].append(card)
        stock += [card for card, where in self.pinned.items() if where == n]
        return hands, stock

    def _deal(self, cards: list[str], fits: Callable[[int, str], bool], rng: Mulberry32
              ) -> list[list[str]] | None:
        left = list(self.room)
        got: list[list[str]] = [[] for _ in range(self.places)]
        for card in cards:
            total = sum(left[p] for p in range(self.places) if left[p] > 0 and fits(p, card))
            if not total:
                return None
            r = rng.below(total)
            for p in range(self.places):
                if left[p] > 0 and fits(p, card):
                    if r < left[p]:
                        got[p].append(card)
                        left[p] -= 1
                        break
                    r -= left[p]
        return got
