"""An example round of a pairing game on the game page: what the replay proved, with this
language's narration, as the context of ``partials/example_pairs.html.j2``."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup, escape

from ...facts import ExampleView
from .record import Replay


class SeatRow(TypedDict):
    name: str
    dealer: bool


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


class StepHand(TypedDict):
    name: str
    cards: Markup
    out: bool


class Step(TypedDict):
    move: Markup
    pair: Markup | None
    out: str
    narration: Markup | None
    hands: list[StepHand]


class PairsExample(TypedDict):
    id: str
    title: str
    intro_html: Markup
    start_html: Markup
    result_html: Markup
    seats: list[SeatRow]
    counts: list[CountRow] | None
    has_kept: bool
    deal: list[DealRow] | None
    start: list[HandRow] | None
    steps: list[Step]
    result_line: Markup | None


def example_context(replay: Replay, view: ExampleView) -> PairsExample:
    msgs, facts, text = view.msgs, view.facts, view.text
    seat, cards, md = view.seat, view.cards, view.md
    ex: PairsExample = {
        "id": f"example-{view.name}", "title": facts.fill(text.title), "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": s == replay.dealer} for s in replay.seats],
        "counts": None, "has_kept": False, "deal": None, "start": None, "steps": [],
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
    for i, step in enumerate(replay.steps):
        move = escape(msgs.gettext("%(drawer)s draws %(card)s from %(source)s.")) % {
            "drawer": view.strong(step.drawer), "card": cards([step.card]),
            "source": view.strong(step.source)}
        out_names = [seat(s) for s in step.out]
        out = (msgs.ngettext("%(names)s is out.", "%(names)s are out.", len(out_names))
               % {"names": facts.names(out_names)}) if out_names else ""
        ex["steps"].append({
            "move": move, "pair": cards(step.pair) if step.pair else None, "out": out,
            "narration": view.step(i),
            "hands": [{"name": seat(s), "cards": cards(step.after[s]), "out": not step.after[s]}
                      for s in replay.seats],
        })
    if replay.complete and replay.steps:
        holder = next((s for s in replay.seats if replay.steps[-1].after[s]), None)
        if holder is not None and holder in replay.winners:  # the Reversed variant
            ex["result_line"] = escape(msgs.gettext("%(name)s is left with %(card)s and wins.")) % {
                "name": view.strong(holder), "card": cards(replay.steps[-1].after[holder])}
        elif holder is not None:
            ex["result_line"] = escape(msgs.gettext("%(name)s is left with %(card)s and loses. "
                                                    "Winners: %(winners)s.")) % {
                "name": view.strong(holder), "card": cards(replay.steps[-1].after[holder]),
                "winners": escape(facts.names([seat(w) for w in replay.winners]))}
    return ex


def _dealing_order(replay: Replay) -> list[str]:
    """Seats in the order they receive cards: from the dealer's left, the dealer last."""
    seats = list(replay.seats)
    d = seats.index(replay.dealer)
    return seats[d + 1:] + seats[: d + 1]
