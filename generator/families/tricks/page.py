"""An example of a trick-taking game on the game page: the deal and passes or the position,
each trick, the hand's scores or the score sheet, with this language's narration, as the
context of ``partials/example_tricks.html.j2``."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup, escape

from ...core import euphony
from ...core.cards import Card, Suit
from ...core.cardwords import suit_word
from ...core.languages import Gendered, Messages, _n_, _np_, _p_, language
from ...core.markup import card_html, current_card_style, minus_sign, text_html
from ..table import (
    Callout,
    ExampleBase,
    TableSeat,
    TableStep,
    direction_word,
    first_callouts,
    places,
)
from ..view import LOSERS, WINNERS, ExampleView
from .engine import TricksGame
from .options import Follow, HeartsLead, PassTo, TrumpFrom
from .record import Replay, TrickReplay
from .scoring import SlamTakes, Winning

PASS_LABELS = {
    "left": _np_("Each player passes %(num)s card to the left.",
                 "Each player passes %(num)s cards to the left."),
    "right": _np_("Each player passes %(num)s card to the right.",
                  "Each player passes %(num)s cards to the right."),
    "across": _np_("Each player passes %(num)s card across the table.",
                   "Each player passes %(num)s cards across the table."),
}


class SeatRow(TypedDict):
    name: str
    dealer: str  # the dealer's badge, in the dealer's gender; "" for the other seats


class DealRow(TypedDict):
    key: str  # the seat's script name (stepper.js reads the hands there)
    name: str
    dealt: Markup
    passed: Markup
    start: Markup
    bid: int | str  # "" in a game without bids


class StartRow(TypedDict):
    key: str
    name: str
    cards: Markup
    taken: int  # cards already taken


class TotalRow(TypedDict):
    name: str
    bid: int | str  # "" without bids
    tricks: int | str  # "" when unknown
    points: int | str
    score: int | str


class BidRow(TypedDict):
    name: str
    bid: int


class SheetCell(TypedDict):
    score: int
    total: int
    mark: str  # "best" or "worst" score of the hand, or ""
    ends: bool  # this total ends the game


class SheetRow(TypedDict):
    hand: int
    cells: list[SheetCell]
    narration: Markup | None


class Outcome(TypedDict):
    kind: str  # "wins", "loses" or "" (the game is not over, or the seat neither)
    words: str  # the kind in words, in the seat's gender


class Sheet(TypedDict):
    names: list[str]
    rows: list[SheetRow]
    outcome: list[Outcome]  # per seat
    best: str  # what the marks mean, in words
    worst: str


class TricksExample(ExampleBase, total=False):
    seats: list[SeatRow]
    hand_line: str
    pass_line: str
    deal: list[DealRow] | None
    passing: bool  # the hand passes cards: the deal's table has the passes and the hands after
    start: list[StartRow] | None
    totals: list[TotalRow] | None
    side_totals: list[TotalRow] | None  # with partners: a row a side, which has the score
    scored: bool  # False: the scores are outside the model, and the table has no Score column
    card_points: bool  # the game counts card points: a "Points taken" column and count
    table_lines: list[Markup]  # trumps, the stock, the sides: what the deal sets besides hands
    bids: list[BidRow] | None  # in the order of bidding
    bid_note: str  # the dealer's forbidden bid, where the hook forbade one
    slam: Markup | str  # only with totals
    sheet: Sheet | None
    verdict: list[str]
    table_seats: list[TableSeat]  # the seats of a trick's table, every word there: see below


# What the end of a hand says of a slam, by what the game calls one (``SlamTakes``).
SLAM_CALLOUTS = {
    SlamTakes.QUEEN_AND_HEARTS: _n_("Shooting the moon: one player takes every heart and the Q♠"),
    SlamTakes.ALL_TRICKS: _n_("A slam: one player takes every trick"),
}
SLAM_TOTALS = {
    SlamTakes.QUEEN_AND_HEARTS: Gendered(
        _p_("feminine", "Every heart and the Q♠ went to %(name)s."),
        _p_("masculine", "Every heart and the Q♠ went to %(name)s.")),
    SlamTakes.ALL_TRICKS: Gendered(_p_("feminine", "Every trick went to %(name)s."),
                                   _p_("masculine", "Every trick went to %(name)s.")),
}
# What a trick says of a player, in that player's gender (view.DEALER says why two forms).
LEADS = Gendered(_p_("feminine", "leads"), _p_("masculine", "leads"))
TAKES = Gendered(_p_("feminine", "takes the trick"), _p_("masculine", "takes the trick"))
TAKES_TRICK = Gendered(_p_("feminine", "%(name)s takes the trick."),
                       _p_("masculine", "%(name)s takes the trick."))
WINS = Gendered(_p_("feminine", "wins"), _p_("masculine", "wins"))
LOSES = Gendered(_p_("feminine", "loses"), _p_("masculine", "loses"))


def _pass_line(msgs: Messages, pass_to: PassTo | None, count: int, game: TricksGame | None) -> str:
    """The hand's passing; nothing in a game that never passes."""
    if pass_to is None or game is None or game.options.passing.count == 0:
        return ""
    if pass_to.value == "none":  # a hand of a passing game without its pass (Hearts' fourth)
        return msgs.gettext("No cards are passed in this hand.")
    singular, plural = PASS_LABELS[pass_to.value]
    return msgs.ngettext(singular, plural, count) % {"num": count}


def example_context(replay: Replay, view: ExampleView) -> TricksExample:
    msgs, text = view.msgs, view.text
    seat, cards, md = view.seat, view.cards, view.md
    seats = list(replay.seats)
    game = _game(view, replay)
    ex: TricksExample = {
        "id": f"example-{view.name}", "rtl": language(view.lang).direction == "rtl",
        "title": view.fill(text.title), "play": "", "rotation": "", "table": [],
        "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": view.dealer(s, replay.dealer)} for s in seats],
        "hand_line": msgs.gettext("Hand %(num)s") % {"num": replay.hand} if replay.dealt else "",
        "pass_line": _pass_line(msgs, replay.pass_to, replay.pass_count, game),
        "deal": None, "passing": bool(replay.passes), "start": None, "totals": None,
        "side_totals": None, "scored": True, "sheet": None,
        "card_points": game is None or any(game.value(c) for c in game.cards),
        "table_lines": _table_lines(view, replay, game), "bids": None, "bid_note": "",
        "verdict": [],
    }
    if replay.bids:
        ex["bids"] = [{"name": seat(s), "bid": b} for s, b in replay.bids.items()]
        ex["bid_note"] = _bid_note(view, replay, game)
    if replay.dealt:
        start = replay.start or {}
        ex["deal"] = [{"key": s, "name": seat(s), "dealt": cards(replay.dealt[s]),
                       "passed": cards(replay.passes.get(s, ())), "start": cards(start.get(s, ())),
                       "bid": replay.bids.get(s, "")}
                      for s in seats]
    elif replay.start:
        ex["start"] = [{"key": s, "name": seat(s), "cards": cards(replay.start[s]),
                        "taken": len(replay.taken_before.get(s, ()))} for s in seats]
    if replay.scores or (not replay.scored and replay.tricks_won):
        # a game whose scores are outside the model shows what the engine did compute alone
        ex["totals"] = [{"name": seat(s), "bid": replay.bids.get(s, ""),
                         "tricks": replay.tricks_won.get(s, ""),
                         "points": replay.points.get(s, ""), "score": replay.scores.get(s, "")}
                        for s in seats]
        ex["scored"] = replay.scored
        if replay.sides and replay.side_tricks:
            ex["side_totals"] = [
                {"name": view.names([seat(s) for s in side]), "bid": "",
                 "tricks": replay.side_tricks[k],
                 "points": sum(replay.points.get(s, 0) for s in side),
                 "score": replay.side_scores[k] if k < len(replay.side_scores) else ""}
                for k, side in enumerate(replay.sides)]
        slam = game.scoring.slam if game is not None else None
        ex["slam"] = (euphony.fill(view.lang, Markup(text_html(view.say(SLAM_TOTALS[slam.takes],
                                                                  replay.slam))),
                                   {"name": view.strong(replay.slam)})
                      if replay.slam and slam is not None else "")
    if game is not None:
        step = game.options.rotation.step
        ex["rotation"] = direction_word(step)
        ex["play"] = (msgs.gettext("Play goes clockwise.") if step > 0
                      else msgs.gettext("Play goes counter-clockwise."))
        ex["table"] = _table_steps(view, replay, game, ex["id"])
        ex["table_seats"] = _table_seats(view, replay)
        if replay.sheet:
            ex["sheet"] = _sheet(view, replay, game)
    verdict: list[str] = []
    if replay.losers:
        verdict.append(view.say_of(LOSERS, replay.losers))
    if replay.winners:
        verdict.append(view.say_of(WINNERS, replay.winners))
    ex["verdict"] = verdict
    return ex


def _suit(view: ExampleView, suit: Suit) -> Markup:
    """A suit as the card key shows it: its glyph, then its name in the page's language."""
    colour = "card-red" if suit in (Suit.HEARTS, Suit.DIAMONDS) else "card-black"
    word = suit_word(suit, view.lang, italian=current_card_style().italian)
    return Markup('<span class="suit {}" aria-hidden="true">{}</span> {}').format(
        colour, suit.value, word)


def _table_lines(view: ExampleView, replay: Replay, game: TricksGame | None) -> list[Markup]:
    """What the deal sets besides the hands, each only in a game that has it: the trumps and
    where they come from, the stock left to draw from, and the sides."""
    msgs = view.msgs
    if game is None or not (replay.dealt or replay.start):
        return []
    lines: list[Markup] = []
    trumps = game.options.trumps
    if trumps.source is not TrumpFrom.NONE:
        # "Trumps: ♥ hearts" and "No trumps in this hand" are the play page's words too
        card = Markup(card_html(replay.turned)) if replay.turned is not None else None
        if replay.trump is None:
            lines.append(escape(msgs.gettext("No trumps in this hand")) + Markup("."))
        else:
            line = escape(msgs.gettext("Trumps: %(suit)s")) % {"suit": _suit(view, replay.trump)}
            if card is not None and trumps.source is TrumpFrom.DEALER_LAST and replay.dealt:
                more = msgs.gettext("The dealer's last card, %(card)s, is turned up for them "
                                    "and stays in the dealer's hand.")
            elif card is not None and trumps.turned_drawn_last and replay.dealt:
                more = msgs.gettext("The card turned up for them, %(card)s, lies face up under "
                                    "the stock and is drawn last.")
            elif card is not None:
                more = msgs.gettext("The card turned up for them is %(card)s.")
            else:
                more = ""
            lines.append(line + Markup(". ") + (escape(more) % {"card": card} if more else ""))
    if game.options.dealing.draw and replay.dealt:
        left = len(replay.stock) + (1 if trumps.turned_drawn_last and replay.turned else 0)
        lines.append(escape(msgs.ngettext(
            "The stock: %(num)s card. After each trick each player draws one, the trick's "
            "winner first.",
            "The stock: %(num)s cards. After each trick each player draws one, the trick's "
            "winner first.", left)) % {"num": left})
    if replay.sides:
        sides = [view.names([view.seat(s) for s in side]) for side in replay.sides]
        if len(sides) == 2:
            lines.append(escape(msgs.gettext("Sides: %(first)s against %(second)s.")) % {
                "first": sides[0], "second": sides[1]})
        else:
            lines.append(escape(msgs.gettext("Sides: %(sides)s.")) % {"sides": "; ".join(sides)})
    return lines


def _bid_note(view: ExampleView, replay: Replay, game: TricksGame | None) -> str:
    """What the hook forbade the dealer, who bids last: the bid that would have made the bids
    add up to the hand's tricks (nothing when no bid could)."""
    bidding = game.options.bidding if game is not None else None
    if bidding is None or not bidding.hook or replay.dealer not in replay.bids:
        return ""
    tricks = len(next(iter((replay.start or replay.dealt or {}).values()), ()))
    others = sum(b for s, b in replay.bids.items() if s != replay.dealer)
    forbidden = tricks - others
    if not 0 <= forbidden <= tricks:
        return ""
    return view.msgs.ngettext(
        "The dealer bids last and may not bid %(num)s: the bids would add up to the hand's "
        "%(tricks)s trick.",
        "The dealer bids last and may not bid %(num)s: the bids would add up to the hand's "
        "%(tricks)s tricks.", tricks) % {"num": forbidden, "tricks": tricks}


def _game(view: ExampleView, replay: Replay) -> TricksGame | None:
    rules = view.bundle.rules
    game = rules.variants.get(replay.variant) if replay.variant else rules.engine
    return game if isinstance(game, TricksGame) else None


def running_points(replay: Replay, game: TricksGame) -> list[dict[str, int]]:
    """Points taken in the hand by each seat after each trick: the cards taken before a
    position, then each trick's points to its winner."""
    points = {s: sum(game.value(c) for c in replay.taken_before.get(s, ())) for s in replay.seats}
    out = []
    for trick in replay.tricks:
        points = {**points, trick.winner: points[trick.winner] + trick.points}
        out.append(points)
    return out


def _rules(view: ExampleView, replay: Replay, game: TricksGame, i: int) -> list[Callout]:
    """The rules trick ``i`` shows, read off what the engine recorded. Each is shown where it
    first applies in the example (``first_callouts``). The freedom of a player who cannot
    follow suit is shown again only where it decides the hand: a card that decides one (see
    ``_decides``, the Q♠ in Hearts) thrown on a trick of another suit. With no trumps that is
    how a void changes a hand's score; a stray heart does, but by a point."""
    msgs, trick = view.msgs, replay.tricks[i]
    out: list[Callout] = []
    played = [card for _, card in trick.cards]
    if trick.number == 1 and game.opening is not None:
        out.append(Callout("first-lead", escape(msgs.gettext("%(card)s leads the first trick"))
                           % {"card": Markup(card_html(played[0]))}))
    led = played[0].suit
    trump = replay.trump
    off_suit = [c for c in played[1:] if c.suit is not None and c.suit != led]
    if led is not None and off_suit and game.options.follow is Follow.NONE:
        rule = escape(msgs.gettext("Nobody has to follow suit: any card may be played"))
        out.append(Callout("any-card", rule))
    elif led is not None and off_suit:
        trumped = trump is not None and any(c.suit == trump for c in off_suit)
        if trumped and game.options.trumps.must_trump:
            out.append(Callout("must-trump", escape(msgs.gettext(
                "A player who cannot follow suit must play a trump if they hold one"))))
        else:
            rule = escape(msgs.gettext("A player who cannot follow suit may play any card"))
            out.append(Callout("any-card", rule,
                               matters=any(_decides(game, c) for c in off_suit)))
    trumps_played = [c for c in played if trump is not None and c.suit == trump]
    if trump is not None and led != trump and dict(trick.cards)[trick.winner] in trumps_played:
        out.append(Callout("trump-wins", escape(msgs.gettext(
            "A trump beats every card of the other suits: the highest trump takes the trick"))))
    if game.options.trumps.over_trump and led != trump and len(trumps_played) > 1:
        out.append(Callout("over-trump", escape(msgs.gettext(
            "A player who trumps after another trump must play a higher one if they can"))))
    if game.options.hearts_lead is HeartsLead.WHEN_BROKEN and trick.broken \
            and (i == 0 or not replay.tricks[i - 1].broken):  # only where the rule is
        out.append(Callout("hearts-broken", escape(msgs.gettext("Hearts are broken."))))
    for card in played:
        if _decides(game, card):
            value = game.value(card)
            out.append(Callout(f"taken-{card}", escape(msgs.ngettext(
                "%(card)s taken: %(num)s point", "%(card)s taken: %(num)s points", abs(value)))
                % {"card": Markup(card_html(card)), "num": minus_sign(str(value))}))
    slam = game.scoring.slam
    if i == len(replay.tricks) - 1 and replay.slam and slam is not None:
        out.append(Callout("slam", Markup(text_html(msgs.gettext(SLAM_CALLOUTS[slam.takes])))))
    return out


def _decides(game: TricksGame, card: Card) -> bool:
    """Whether taking ``card`` decides a hand: a card to avoid worth 5 points or more (the
    Q♠ of Hearts, the Peppa, a heart of Slippery Peppa's negative ones), not every heart. In
    a game of taking (Briscola's aces) the points are what is played for, and each trick's
    note says them: a callout for each ace would bury the rules."""
    value = game.value(card)
    highest_wins = game.options.end.winning is Winning.HIGHEST
    return abs(value) >= 5 and (value < 0 if highest_wins else value > 0)


def _table_steps(view: ExampleView, replay: Replay, game: TricksGame, base: str) -> list[TableStep]:
    msgs, seat = view.msgs, view.seat
    where = places(len(replay.seats))
    card_points = any(game.value(c) for c in game.cards)
    running = running_points(replay, game) if card_points else running_tricks(replay)
    callouts = first_callouts([_rules(view, replay, game, i) for i in range(len(replay.tricks))])
    steps: list[TableStep] = []
    for i, trick in enumerate(replay.tricks):
        order = {who: k + 1 for k, (who, _) in enumerate(trick.cards)}
        card_of = dict(trick.cards)
        seats: list[TableSeat] = []
        for k, s in enumerate(replay.seats):
            hand = trick.hands_before.get(s, ())
            played = card_of.get(s)
            seats.append({
                "key": s, "name": seat(s), "place": where[k],
                "dealer": view.dealer(s, replay.dealer),
                "role": view.say(LEADS, s) if s == trick.leader else "",
                "active": s == trick.winner, "changed": played is not None, "out": "",
                "hand": Markup(), "count": len(hand),  # stepper.js draws the hands before a trick
                "played": Markup(card_html(played)) if played is not None else None,
                "order": order.get(s, 0), "wins": view.say(TAKES, s) if s == trick.winner else "",
                "points": running[i][s],
            })
        winner = escape(view.say(TAKES_TRICK, trick.winner)) % {
            "name": view.strong(trick.winner)}
        notes = [escape(msgs.ngettext("%(num)s point", "%(num)s points", abs(trick.points))
                        % {"num": minus_sign(str(trick.points))}) + Markup(".")] if trick.points else []
        if trick.draws:
            notes.append(_draws_line(view, trick))
        label = msgs.gettext("Trick %(num)s") % {"num": trick.number}
        steps.append({
            "id": f"{base}-{i + 1}", "number": i + 1, "label": label,
            "rules": callouts[i], "narration": view.step(i),
            "move": _plays_line(view, trick), "notes": [winner, *notes],
            "center": Markup('<span class="tv-trick">{}</span>').format(label),
            "seats": seats, "show_hands": True})
    return steps


def running_tricks(replay: Replay) -> list[dict[str, int]]:
    """Tricks taken in the hand by each seat after each trick (a game without card points
    counts its tricks): the tricks taken before a position, then one to each trick's winner."""
    n = len(replay.seats)
    taken = {s: len(replay.taken_before.get(s, ())) // n for s in replay.seats}
    out = []
    for trick in replay.tricks:
        taken = {**taken, trick.winner: taken[trick.winner] + 1}
        out.append(taken)
    return out


def _draws_line(view: ExampleView, trick: TrickReplay) -> Markup:
    """Who draws which card from the stock after the trick, in order; stepper.js adds each
    card (``data-seat``) to its drawer's hand before the next trick."""
    items = Markup(", ").join(
        Markup('<span class="tv-draw" data-seat="{}">{} {}</span>').format(
            who, view.seat(who), Markup(card_html(card))) for who, card in trick.draws)
    line = escape(view.msgs.gettext("Drawn from the stock: %(draws)s.")) % {"draws": items}
    return Markup('<span class="tv-drawn">{}</span>').format(line)


def _table_seats(view: ExampleView, replay: Replay) -> list[TableSeat]:
    """The seats around a trick's table once per example, each with the words it may say
    (leads, takes the trick, in its gender): stepper.js draws each trick's table from them and
    the step's plays (the page carried a table of four seats per trick, and print hides it)."""
    where = places(len(replay.seats))
    return [{"key": s, "name": view.seat(s), "place": where[k],
             "dealer": view.dealer(s, replay.dealer), "role": view.say(LEADS, s),
             "active": False, "changed": False, "out": "", "hand": Markup(), "count": 0,
             "played": None, "order": 0, "wins": view.say(TAKES, s), "points": 0}
            for k, s in enumerate(replay.seats)]


def _plays_line(view: ExampleView, trick: TrickReplay) -> Markup:
    """The cards in order of play, as a numbered list."""
    items = [Markup('<li class="play{}" data-seat="{}"><span class="tv-order">{}</span> {} {}</li>'
                    ).format(" wins" if who == trick.winner else "", who, k, view.seat(who),
                             Markup(card_html(card)))
        for k, (who, card) in enumerate(trick.cards, 1)]
    return Markup('<ol class="plays">{}</ol>').format(Markup("").join(items))


def _sheet(view: ExampleView, replay: Replay, game: TricksGame) -> Sheet:
    """The score sheet: each hand's score and running total, the best and worst score of each
    hand marked, the totals that end the game, and who wins and loses."""
    msgs, seats = view.msgs, list(replay.seats)
    highest_wins = game.options.end.winning is Winning.HIGHEST
    verdict = replay.verdict
    crossed = {seats[s] for s in verdict.crossed} if verdict and verdict.over else set()
    rows: list[SheetRow] = []
    for i, row in enumerate(replay.sheet):
        values = [row.scores[s] for s in seats]
        low, high = min(values), max(values)
        last = i == len(replay.sheet) - 1
        cells: list[SheetCell] = []
        for s in seats:
            score, mark = row.scores[s], ""
            if low != high and score in (low, high):
                mark = "best" if (score == high) == highest_wins else "worst"
            cells.append({"score": score, "total": row.totals[s], "mark": mark,
                          "ends": last and s in crossed})
        rows.append({"hand": row.hand, "cells": cells, "narration": view.step(i)})
    outcome: list[Outcome] = [
        {"kind": "wins", "words": view.say(WINS, s)} if s in replay.winners
        else {"kind": "loses", "words": view.say(LOSES, s)} if s in replay.losers
        else {"kind": "", "words": ""} for s in seats]
    return {"names": [view.seat(s) for s in seats], "rows": rows, "outcome": outcome,
            "best": msgs.gettext("the best score of the hand"),
            "worst": msgs.gettext("the worst score of the hand")}
