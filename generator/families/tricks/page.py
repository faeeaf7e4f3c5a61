"""An example of a trick-taking game on the game page: the deal and passes or the position,
each trick, the hand's scores or the score sheet, with this language's narration, as the
context of ``partials/example_tricks.html.j2``."""

from __future__ import annotations

from typing import TypedDict

from markupsafe import Markup, escape

from ...facts import ExampleView, _np_
from ...i18n import Messages
from .options import PassTo
from .record import Replay

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
    dealer: bool


class DealRow(TypedDict):
    name: str
    dealt: Markup
    passed: Markup
    start: Markup


class StartRow(TypedDict):
    name: str
    cards: Markup
    taken: int  # cards already taken


class TrickPlay(TypedDict):
    name: str
    card: Markup
    wins: bool


class Trick(TypedDict):
    number: int
    leader: str
    plays: list[TrickPlay]
    winner: Markup
    points: int
    broken: bool  # hearts are broken by this very trick
    narration: Markup | None


class TotalRow(TypedDict):
    name: str
    tricks: int | str  # "" when unknown
    points: int | str
    score: int | str


class SheetRow(TypedDict):
    hand: int
    scores: list[int | str]
    totals: list[int | str]
    narration: Markup | None


class Sheet(TypedDict):
    names: list[str]
    rows: list[SheetRow]


class TricksExample(TypedDict, total=False):
    id: str
    title: str
    intro_html: Markup
    start_html: Markup
    result_html: Markup
    seats: list[SeatRow]
    hand_line: str
    pass_line: str
    deal: list[DealRow] | None
    start: list[StartRow] | None
    tricks: list[Trick]
    totals: list[TotalRow] | None
    slam: Markup | str  # only with totals
    sheet: Sheet | None
    verdict: list[str]


def _pass_line(msgs: Messages, pass_to: PassTo | None, count: int) -> str:
    if pass_to is None:
        return ""
    if pass_to.value == "none":
        return msgs.gettext("No cards are passed in this hand.")
    singular, plural = PASS_LABELS[pass_to.value]
    return msgs.ngettext(singular, plural, count) % {"num": count}


def example_context(replay: Replay, view: ExampleView) -> TricksExample:
    msgs, facts, text = view.msgs, view.facts, view.text
    seat, cards, md = view.seat, view.cards, view.md
    seats = list(replay.seats)
    ex: TricksExample = {
        "id": f"example-{view.name}", "title": facts.fill(text.title), "intro_html": md(text.intro),
        "start_html": md(text.start), "result_html": md(text.result),
        "seats": [{"name": seat(s), "dealer": s == replay.dealer} for s in seats],
        "hand_line": msgs.gettext("Hand %(num)s") % {"num": replay.hand} if replay.dealt else "",
        "pass_line": _pass_line(msgs, replay.pass_to, replay.pass_count),
        "deal": None, "start": None, "tricks": [], "totals": None, "sheet": None, "verdict": [],
    }
    if replay.dealt:
        start = replay.start or {}
        ex["deal"] = [{"name": seat(s), "dealt": cards(replay.dealt[s]),
                       "passed": cards(replay.passes.get(s, ())), "start": cards(start.get(s, ()))}
                      for s in seats]
    elif replay.start:
        ex["start"] = [{"name": seat(s), "cards": cards(replay.start[s]),
                        "taken": len(replay.taken_before.get(s, ()))} for s in seats]
    tricks: list[Trick] = []
    for i, trick in enumerate(replay.tricks):
        tricks.append({
            "number": trick.number, "leader": seat(trick.leader),
            "plays": [{"name": seat(who), "card": cards([card]), "wins": who == trick.winner}
                      for who, card in trick.cards],
            "winner": escape(msgs.gettext("%(name)s takes the trick.")) % {
                "name": view.strong(trick.winner)},
            "points": trick.points, "broken": trick.broken and (i == 0 or not replay.tricks[i - 1].broken),
            "narration": view.step(i),
        })
    ex["tricks"] = tricks
    if replay.scores:
        ex["totals"] = [{"name": seat(s), "tricks": replay.tricks_won.get(s, ""),
                         "points": replay.points.get(s, ""), "score": replay.scores.get(s, "")}
                        for s in seats]
        ex["slam"] = (escape(msgs.gettext("%(name)s took everything.")) % {
            "name": view.strong(replay.slam)} if replay.slam else "")
    if replay.sheet:
        ex["sheet"] = {"names": [seat(s) for s in seats],
                       "rows": [{"hand": row.hand, "scores": [row.scores.get(s, "") for s in seats],
                                 "totals": [row.totals.get(s, "") for s in seats],
                                 "narration": view.step(i)}
                                for i, row in enumerate(replay.sheet)]}
    verdict: list[str] = []
    if replay.losers:
        verdict.append(msgs.gettext("Losers: %(names)s.") % {
            "names": facts.names([seat(s) for s in replay.losers])})
    if replay.winners:
        verdict.append(msgs.gettext("Winners: %(names)s.") % {
            "names": facts.names([seat(s) for s in replay.winners])})
    ex["verdict"] = verdict
    return ex
