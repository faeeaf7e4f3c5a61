"""An example round of a pairing game on the game page: what the replay proved, with this
language's narration, as the context of ``partials/example_pairs.html.j2``."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup, escape

from ...core.languages import Gendered, GenderedPlural, _npp_, _p_, language
from ..table import (
    Callout,
    ExampleBase,
    TableSeat,
    TableStep,
    direction_word,
    first_callouts,
    hand_html,
    places,
)
from ..view import OUT, WINNERS, ExampleView
from .engine import PairsGame
from .record import Replay, ReplayStep


class SeatRow(TypedDict):
    name: str
    dealer: str  # the dealer's badge, in the dealer's gender; "" for the other seats


class CountRow(TypedDict):
    name: str
    dealt: int | str  # "" when the script gives no count
    kept: int | str


class DealRow(TypedDict):
    name: str
    dealt: Markup
    kept: Markup


class HandRow(TypedDict):
    name: str
    cards: Markup


class PairsExample(ExampleBase):
    seats: list[SeatRow]
    counts: list[CountRow] | None
    has_kept: bool
    deal: list[DealRow] | None
    start: list[HandRow] | None
    result_line: Markup | None


# What a step says of a player, in that player's gender (view.DEALER says why two forms).
DRAWS = Gendered(_p_("feminine", "draws"), _p_("masculine", "draws"))
DRAWN_FROM = Gendered(_p_("feminine", "is drawn from"), _p_("masculine", "is drawn from"))
DRAWS_FROM = Gendered(_p_("feminine", "%(drawer)s draws %(card)s from %(giver)s."),
                      _p_("masculine", "%(drawer)s draws %(card)s from %(giver)s."))
IS_OUT = GenderedPlural(_npp_("feminine", "%(names)s is out.", "%(names)s are out."),
                        _npp_("masculine", "%(names)s is out.", "%(names)s are out."))
LEFT_AND_WINS = Gendered(_p_("feminine", "%(name)s is left with %(card)s and wins."),
                         _p_("masculine", "%(name)s is left with %(card)s and wins."))
LEFT_AND_LOSES = Gendered(_p_("feminine", "%(name)s is left with %(card)s and loses."),
                          _p_("masculine", "%(name)s is left with %(card)s and loses."))


def example_context(replay: Replay, view: ExampleView) -> PairsExample:
    msgs, text = view.msgs, view.text
    seat, cards, md = view.seat, view.cards, view.md
    ex: PairsExample = {
        "id": f"example-{view.name}", "rtl": language(view.lang).direction == "rtl",
        "title": view.fill(text.title), "play": "", "rotation": "", "table": [],
        "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": view.dealer(s, replay.dealer)}
                  for s in replay.seats],
        "counts": None, "has_kept": False, "deal": None, "start": None,
        "result_line": None,
    }
    if replay.deal_counts:
        kept = replay.kept_counts or {}
        ex["has_kept"] = bool(kept)
        ex["counts"] = [{"name": seat(s), "dealt": replay.deal_counts.get(s, ""), "kept": kept.get(s, "")}
                        for s in _dealing_order(replay)]
    if replay.dealt and replay.start:
        ex["deal"] = [{"name": seat(s), "dealt": cards(replay.dealt[s]), "kept": cards(replay.start[s])}
                      for s in replay.seats]
    elif replay.start:
        ex["start"] = [{"name": seat(s), "cards": cards(replay.start[s])} for s in replay.seats]
    game = _game(view, replay)
    if game is not None:
        step = game.options.turn_passes.step
        ex["rotation"] = direction_word(step)
        ex["play"] = (msgs.gettext("Play goes clockwise.") if step > 0
                      else msgs.gettext("Play goes counter-clockwise."))
        callouts = first_callouts([_rules(view, replay, game, i) for i in range(len(replay.steps))])
        ex["table"] = [_table_step(view, replay, i, ex["id"], callouts[i])
                       for i in range(len(replay.steps))]
    if replay.complete and replay.steps:
        holder = next((s for s in replay.seats if replay.steps[-1].after[s]), None)
        if holder is not None and holder in replay.winners:  # the Reversed variant
            ex["result_line"] = escape(view.say(LEFT_AND_WINS, holder)) % {
                "name": view.strong(holder), "card": cards(replay.steps[-1].after[holder])}
        elif holder is not None:
            line = escape(view.say(LEFT_AND_LOSES, holder)) % {
                "name": view.strong(holder), "card": cards(replay.steps[-1].after[holder])}
            if replay.winners:
                line += Markup(" ") + escape(view.say_of(WINNERS, replay.winners))
            ex["result_line"] = line
    return ex


def _dealing_order(replay: Replay) -> list[str]:
    """Seats in the order they receive cards: from the dealer's left, the dealer last."""
    seats = list(replay.seats)
    d = seats.index(replay.dealer)
    return seats[d + 1:] + seats[: d + 1]


def _game(view: ExampleView, replay: Replay) -> PairsGame | None:
    rules = view.bundle.rules
    game = rules.variants.get(replay.variant) if replay.variant else rules.engine
    return game if isinstance(game, PairsGame) else None


def _between(seats: int, start: int, end: int, step: int) -> list[int]:
    """The seats strictly between ``start`` and ``end`` going in direction ``step``."""
    out: list[int] = []
    at = (start + step) % seats
    while at != end and len(out) < seats:
        out.append(at)
        at = (at + step) % seats
    return out


def _rules(view: ExampleView, replay: Replay, game: PairsGame, i: int) -> list[Callout]:
    """The rules step ``i`` shows, read off what the engine recorded, each where it first
    applies in the example (``first_callouts``). A pair going down, a skip, a player going
    out: each is news only the first time; the last card's fate comes once, at the end."""
    msgs = view.msgs
    step, seats = replay.steps[i], list(replay.seats)
    n = len(seats)
    drawer, source = seats.index(step.drawer), seats.index(step.source)
    out: list[Callout] = []
    if i > 0:
        previous = seats.index(replay.steps[i - 1].drawer)
        turn_skips = _between(n, previous, drawer, game.options.turn_passes.step)
    else:
        turn_skips = []
    draw_skips = _between(n, drawer, source, game.options.draw_from.step)
    if any(not step.before[seats[s]] for s in turn_skips + draw_skips):
        out.append(Callout("skipped", escape(msgs.gettext("A player who is out is skipped"))))
    if step.pair:
        out.append(Callout("pair", escape(msgs.gettext("A pair goes down"))))
    elif step.card not in step.after[step.drawer]:
        out.append(Callout("alone", escape(msgs.gettext("A card that pairs with nothing goes down alone"))))
    if step.out:
        out.append(Callout("out", escape(msgs.gettext("A player with no cards left is out"))))
    if i == len(replay.steps) - 1 and replay.complete:
        holder = next((s for s in replay.seats if step.after[s]), None)
        if holder is not None:
            out.append(Callout("last-card", escape(
                msgs.gettext("The last card wins") if holder in replay.winners
                else msgs.gettext("The last card loses"))))
    return out


def _table_step(view: ExampleView, replay: Replay, i: int, base: str, rules: list[Markup]) -> TableStep:
    msgs, seat = view.msgs, view.seat
    step: ReplayStep = replay.steps[i]
    where = places(len(replay.seats))
    seats: list[TableSeat] = []
    for k, s in enumerate(replay.seats):
        hand = step.after[s]
        new = [step.card] if s == step.drawer and step.card in hand else []
        role = (view.say(DRAWS, s) if s == step.drawer
                else view.say(DRAWN_FROM, s) if s == step.source else "")
        seats.append({
            "key": s, "name": seat(s), "place": where[k], "dealer": view.dealer(s, replay.dealer),
            "role": role, "active": s == step.drawer, "changed": step.before[s] != hand,
            "out": view.say(OUT, s) if not hand else "", "hand": hand_html(hand, new),
            "count": len(hand), "played": None, "order": 0, "wins": "", "points": None,
        })
    move = escape(view.say(DRAWS_FROM, step.drawer)) % {
        "drawer": view.strong(step.drawer), "card": view.cards([step.card]),
        "giver": view.strong_in(step.source, "giver")}
    notes: list[Markup] = []
    if step.pair:
        notes.append(escape(msgs.gettext("Pair laid down:")) + Markup(" ") + view.cards(step.pair))
    if step.out:
        notes.append(escape(view.say_of(IS_OUT, step.out)))
    # The middle of the table: the card going from giver to taker, and the pair laid down.
    arrow = Markup('<span class="tv-arrow" aria-hidden="true"></span>')
    center = Markup('<span class="tv-transfer"><span class="tv-from">{}</span> {} {} {} '
                    '<span class="tv-to">{}</span></span>').format(
        seat(step.source), arrow, view.cards([step.card]), arrow, seat(step.drawer))
    if step.pair:
        center += Markup('<span class="tv-pair">{}</span>').format(view.cards(step.pair))
    return {"id": f"{base}-{i + 1}", "number": i + 1,
            "label": msgs.gettext("Step %(num)s") % {"num": i + 1},
            "rules": rules, "narration": view.step(i), "move": move,
            "notes": notes, "center": center, "seats": seats, "show_hands": False}
