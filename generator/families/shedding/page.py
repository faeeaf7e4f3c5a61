"""An example hand of a shedding game on the game page: what the replay proved, with this
language's narration, as the context of ``partials/example_shedding.html.j2``: the pile's
top card, the hands, the stock's count and the suit asked for, step by step."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup, escape

from ...core.languages import Gendered, _p_, language
from ..table import ExampleBase, TableSeat, TableStep, direction_word, hand_html, places
from ..view import ExampleView
from .engine import ShedGame
from .record import Replay, ReplayStep


class DealRow(TypedDict):
    name: str
    dealt: Markup


class ShedExample(ExampleBase):
    seats: list[dict[str, str]]
    deal: list[DealRow] | None
    start: None
    turned: Markup
    start_top: Markup
    stock: int
    result_line: Markup | None


PLAYS = Gendered(_p_("feminine", "plays"), _p_("masculine", "plays"))
DRAWS = Gendered(_p_("feminine", "draws"), _p_("masculine", "draws"))


def example_context(replay: Replay, view: ExampleView) -> ShedExample:
    msgs, text, seat = view.msgs, view.text, view.seat
    ex: ShedExample = {
        "id": f"example-{view.name}", "rtl": language(view.lang).direction == "rtl",
        "title": view.fill(text.title), "play": "", "rotation": "", "table": [],
        "intro_html": view.md(text.intro), "start_html": view.md(text.start),
        "result_html": view.md(text.result),
        "seats": [{"name": seat(s), "dealer": view.dealer(s, replay.dealer)}
                  for s in replay.seats],
        "deal": [{"name": seat(s), "dealt": view.cards(replay.dealt[s])} for s in replay.seats]
        if replay.dealt else None,
        "start": None,
        "turned": view.cards([replay.turned]) if replay.turned else Markup(""),
        "start_top": view.cards([replay.start_top]) if replay.start_top else Markup(""),
        "stock": replay.stock, "result_line": None,
    }
    rules = view.bundle.rules
    game = rules.variants.get(replay.variant) if replay.variant else rules.engine
    if isinstance(game, ShedGame):
        step = game.options.direction.step
        ex["rotation"] = direction_word(step)
        ex["play"] = (msgs.gettext("Play goes clockwise.") if step > 0
                      else msgs.gettext("Play goes counter-clockwise."))
    # The table after each move (pile, hands, stock) in the page's first round only: drawn on
    # the server for every move of every round it made a page of 280 KB; the later rounds
    # show each move, its notes and the pile in the step's line.
    first = next((n for n, e in view.bundle.examples.items() if not e.spec.draft), None)
    ex["table"] = [_table_step(view, replay, i, ex["id"], tables=view.name == first)
                   for i in range(len(replay.steps))]
    if replay.complete and replay.winner is not None:
        ex["result_line"] = escape(msgs.gettext("%(name)s has no cards left and wins the hand.")
                                   ) % {"name": view.strong(replay.winner)}
    return ex


def _table_step(view: ExampleView, replay: Replay, i: int, base: str, *,
                tables: bool = True) -> TableStep:
    msgs, seat = view.msgs, view.seat
    step: ReplayStep = replay.steps[i]
    where = places(len(replay.seats))
    seats: list[TableSeat] = []
    for k, s in enumerate(replay.seats):
        hand = step.after[s]
        new = [c for c in hand if c not in step.before[s]]
        role = view.say(PLAYS if step.kind == "play" else DRAWS, s) \
            if s == step.seat and step.kind != "pass" else ""
        seats.append({
            "key": s, "name": seat(s), "place": where[k], "dealer": view.dealer(s, replay.dealer),
            "role": role, "active": s == step.seat, "changed": step.before[s] != hand,
            # the hands that change at this step in full; the others by their size (every
            # hand in full at every step made a page of 280 KB)
            "out": "", "hand": hand_html(hand, new) if s == step.seat or step.before[s] != hand
            else escape(msgs.gettext("Cards: %(num)s") % {"num": len(hand)}),
            "count": len(hand), "played": None,
            "order": 0, "wins": "", "points": None,
        })
    who = view.strong(step.seat)
    if step.kind == "play":
        move = escape(msgs.gettext("%(player)s plays %(cards)s.")) % {
            "player": who, "cards": view.cards(step.cards)}
    elif step.kind == "draw":
        move = escape(msgs.gettext("%(player)s draws %(cards)s.")) % {
            "player": who, "cards": view.cards(step.cards)}
    elif step.missed:
        move = escape(msgs.ngettext("%(player)s misses %(num)s turn.",
                                    "%(player)s misses %(num)s turns.", step.missed)) % {
            "player": who, "num": step.missed}
    else:
        move = escape(msgs.gettext("%(player)s passes.")) % {"player": who}
    notes: list[Markup] = []
    if step.suit is not None:
        notes.append(escape(msgs.gettext("Suit named: %(suit)s")) % {"suit": Markup(
            '<span class="tv-suit">{}</span>').format(step.suit.value)})  # not bold: no bold ♥ face
    call = view.bundle.rules.engine_for(replay.variant).options.announcement  # type: ignore[attr-defined]
    if step.announced and call is not None:
        notes.append(escape(msgs.gettext("Call: “%(call)s”")) % {"call": call.call})
    if step.reversed:
        notes.append(escape(msgs.gettext("Play changes direction.")))
    if step.restocked:
        notes.append(escape(msgs.gettext(
            "The stock ran out: the cards played, but the top one, make a new stock.")))
    if step.penalty:
        notes.append(escape(msgs.gettext("No call: %(player)s draws %(cards)s.")) % {
            "player": who, "cards": view.cards(step.penalty)})
    if step.skipped:
        # the verb agrees with how many are skipped (ru «Пропускает ход» / «Пропускают ход»)
        notes.append(escape(msgs.ngettext("Misses a turn: %(names)s", "Miss a turn: %(names)s",
                                          len(step.skipped))) % {
            "names": view.names([seat(s) for s in step.skipped])})
    if step.cancelled:
        notes.append(escape(msgs.ngettext("The draw of %(num)s card is cancelled.",
                                          "The draw of %(num)s cards is cancelled.",
                                          step.cancelled)) % {"num": step.cancelled})
    if step.pending:
        notes.append(escape(msgs.ngettext("The next player draws %(num)s card.",
                                          "The next player draws %(num)s cards.",
                                          step.pending)) % {"num": step.pending})
    if step.stops:
        notes.append(escape(msgs.ngettext(
            "The next player misses %(num)s turn, unless they pass the stop on.",
            "The next player misses %(num)s turns, unless they pass the stop on.",
            step.stops)) % {"num": step.stops})
    center = Markup('<span class="tv-pile">{}</span> <span class="tv-stock">{}</span>').format(
        view.cards([step.top]), msgs.gettext("Stock: %(num)s") % {"num": step.stock})
    if step.asked is not None:
        center += Markup(' <span class="tv-asked">{}</span>').format(
            msgs.gettext("Suit asked for: %(suit)s") % {"suit": step.asked.value})
    return {"id": f"{base}-{i + 1}", "number": i + 1,
            "label": msgs.gettext("Step %(num)s") % {"num": i + 1},
            "rules": [], "narration": view.step(i), "move": move, "notes": notes,
            "center": center, "seats": seats if tables else [], "show_hands": False}
