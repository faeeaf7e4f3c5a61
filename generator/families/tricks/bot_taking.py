"""The computer player of the trick games with trumps, partners, a rank order of their own,
bids or a book (Whist, Briscola, Oh Hell); ``bot`` keeps the first games' player and hands
these games here. The browser's twin is ``chooseTaking`` in
templates/static/play/families/tricks.js, decision for decision.

It decides from ``TricksTable.view`` only: its hand, the turned card and trump suit, the
bids, the tricks played (the others' draws without their cards). Its goal for the trick in
play is one bit, ``want``: with bids, whether its side still needs tricks; else whether the
game is won by taking (highest wins). Wanting the trick, it lets a partner's winning card
stand (and gives it points when last to play), wins with the cheapest card that does, and
trumps only a trick worth something; not wanting it, it plays the highest card that loses.
It bids what its aces, high trumps and long trumps should take. Every tie is broken by the
deck order.
"""

from __future__ import annotations

from typing import Any, Callable

from ..moves import Json

HIGH = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11,
        "Q": 12, "K": 13, "A": 14}


def is_taking(options: Json) -> bool:
    """Whether the game has any option of the games that take tricks (else: ``bot``)."""
    return (options["trumps"]["source"] != "none" or options["follow"] != "suit"
            or bool(options["ranking"]) or options["sides"] != "each"
            or options["bids"] is not None or options["book"] is not None
            or options["deal"]["draw"])


def _suit(card: str) -> str:
    return card[-1]


class Taking:
    """What the bot reads from the options and its view."""

    def __init__(self, options: Json, view: Json) -> None:
        ranking: list[str] = options["ranking"]
        self.power = ({r: len(ranking) - i for i, r in enumerate(ranking)} if ranking
                      else dict(HIGH))
        self.values: dict[str, int] = {}
        for card, value in options["points"] + options["special"]:
            self.values[card] = self.values.get(card, 0) + value
        self.order = {card: i for i, card in enumerate(options["cards"])}
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.hand: list[str] = view["hand"]
        self.trump: str | None = view["trump"]
        half = self.players // 2
        self.side = ({s for s in range(self.players) if s % half == self.seat % half}
                     if options["sides"] == "partners" else {self.seat})
        played = [c for t in view["tricks"] for c in t["cards"]] + [p["play"] for p in view["trick"]]
        before: list[list[str]] = view.get("before") or []  # taken before a position
        gone = set(played) | {c for pile in before for c in pile} | set(self.hand)
        self.unseen = [c for c in options["cards"] if c not in gone]
        self.follows = options["follow"] == "suit"
        # a trick is worth a trump for itself where tricks score (a book, bids, per trick)
        self.tricks_score = (options["per_trick"] != 0 or options["book"] is not None
                             or options["bid_score"] is not None)
        won = sum(1 for t in view["tricks"] if t["winner"] in self.side) + sum(
            len(pile) // self.players for s, pile in enumerate(before) if s in self.side)
        bids: list[int | None] = view["bids"]
        if options["bids"] is not None and all(b is not None for b in bids):
            self.want = won < sum(b or 0 for s, b in enumerate(bids) if s in self.side)
        else:
            self.want = options["end"]["winning"] == "highest-wins"

    def pw(self, card: str) -> int:
        return self.power.get(card[:-1], 0)

    def trump_of(self, card: str) -> int:
        return 1 if _suit(card) == self.trump else 0

    def points(self, card: str) -> int:
        return self.values.get(card, 0)

    def strength(self, card: str, led: str) -> int:
        if self.trump_of(card):
            return 100 + self.pw(card)
        return self.pw(card) if _suit(card) == led else -1

    def cheap(self, card: str) -> tuple[int, ...]:
        """The cheapest card to give away first: no points, no trump, low."""
        return (self.points(card), self.trump_of(card), self.pw(card))

    def top_of_suit(self, card: str) -> bool:
        """No unseen card of its suit is higher."""
        return all(self.pw(u) < self.pw(card) for u in self.unseen if _suit(u) == _suit(card))

    def best(self, cards: list[str], key: Callable[[str], Any]) -> str:
        return min(cards, key=lambda c: (key(c), self.order[c]))


def choose_taking(options: Json, view: Json) -> Json:
    """The bot's move for the seat of ``view`` (its turn) in a game that takes tricks."""
    legal: list[Json] = view["legal"]
    seat = view["seat"]
    t = Taking(options, view)
    if view["bidding"]:
        return {"by": seat, "bid": _bid(t, [m["bid"] for m in legal])}
    if len(legal) == 1:
        return legal[0]
    cards = [m["play"] for m in legal]
    return {"by": seat, "play": _follow(t, view, cards) if view["trick"] else _lead(t, cards)}


def _bid(t: Taking, bids: list[int]) -> int:
    """The tricks its hand should take, counted in halves: the two top trumps and every
    trump past the third a whole trick, the third and fourth trumps half of one; an ace
    (the top rank) of a plain suit a whole trick without trumps, half of one with trumps
    (someone void may trump it), and a guarded king half of one without trumps."""
    top = sorted(t.power.values(), reverse=True)
    halves = 0
    trumps = sorted((c for c in t.hand if t.trump_of(c)), key=lambda c: -t.pw(c))
    for i, card in enumerate(trumps):
        rank_place = top.index(t.pw(card)) if t.pw(card) in top else len(top)
        halves += 2 if rank_place < 2 or i >= 3 else 1 if rank_place < 4 else 0
    for card in t.hand:
        if t.trump_of(card):
            continue
        place = top.index(t.pw(card)) if t.pw(card) in top else len(top)
        length = sum(1 for c in t.hand if _suit(c) == _suit(card))
        halves += (2 if t.trump is None else 1) if place == 0 else \
            1 if place == 1 and length >= 2 and t.trump is None else 0
    guess = min(halves // 2, len(t.hand))
    return min(bids, key=lambda b: (abs(b - guess), b))


def _follow(t: Taking, view: Json, cards: list[str]) -> str:
    trick = view["trick"]
    led = _suit(trick[0]["play"])
    best = trick[0]
    for p in trick[1:]:
        if t.strength(p["play"], led) > t.strength(best["play"], led):
            best = p
    top = t.strength(best["play"], led)
    after = t.players - len(trick) - 1
    winners = [c for c in cards if t.strength(c, led) > top]
    losers = [c for c in cards if t.strength(c, led) <= top]
    if not t.want:  # the highest card that loses, trumps first; else the lowest that wins
        if losers:
            return t.best(losers, lambda c: (-t.trump_of(c), -t.pw(c)))
        return t.best(winners, lambda c: (-t.pw(c),) if after == 0 else (t.pw(c),))
    if best["by"] in t.side:  # a partner holds it: let it stand, fed with points when last
        if losers:
            return t.best(losers, (lambda c: (-t.points(c), t.trump_of(c), t.pw(c)))
                          if after == 0 else t.cheap)
        return t.best(winners, t.cheap)
    worth = sum(t.points(p["play"]) for p in trick) > 0 or t.tricks_score
    plain = [c for c in winners if not t.trump_of(c)]
    if plain:
        sure = [c for c in plain if t.top_of_suit(c)]
        if after == 0 or not sure:
            return t.best(plain, lambda c: (t.pw(c),))
        return t.best(sure, lambda c: (t.pw(c),))
    if winners and (worth or not losers):
        return t.best(winners, lambda c: (t.pw(c),))  # the lowest trump that wins
    if losers:
        return t.best(losers, t.cheap)
    return t.best(winners, t.cheap)


def _lead(t: Taking, cards: list[str]) -> str:
    if not t.want or not t.follows:  # low, no trump, no points
        return t.best(cards, t.cheap)
    plain = [c for c in cards if not t.trump_of(c)]
    sure = [c for c in plain if t.top_of_suit(c)]
    if sure:
        return t.best(sure, lambda c: (-t.pw(c),))
    mine = [c for c in cards if t.trump_of(c)]
    theirs = [c for c in t.unseen if t.trump_of(c)]
    if mine and len(mine) > len(theirs):  # draw their trumps with the highest
        return t.best(mine, lambda c: (-t.pw(c),))
    pool = plain or cards
    return t.best(pool, lambda c: (-sum(1 for x in t.hand if _suit(x) == _suit(c)), t.pw(c)))
