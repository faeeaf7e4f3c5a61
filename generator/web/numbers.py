"""A game by the numbers: its own page (every simulated configuration, one shown at a time,
each with its figures, two charts, what they say and the tables that carry the same numbers
for screen readers) and the few lines the game page keeps of it. Figures are written in one
language's words, digits and separators (Babel); the sentences are numbers_text's."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import Callable, TypedDict

from babel import Locale
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup

from ..core import markup
from ..core.languages import Messages, _n_
from ..core.markup import minus_sign
from ..simulation.configurations import Result
from ..simulation.run import Metric, Numbers, Simulation
from ..simulation.stats import Figure, Kind
from . import charts
from .numbers_text import length_sentences, seat_groups, seat_sentences, why_sentences

TITLE = _n_("By the numbers")
# The game page names a seat by its place from the dealer ("seat +2"): the key, said once
SEATS_KEY = _n_("Seats are counted from the dealer, to the left: +1 is the player at the "
                "dealer's left.")
TYPICAL_PLAYERS = 4  # the configuration shown first, and on the game page: the base game


class FigureRow(TypedDict):
    label: Markup  # cards named in it are shown as cards
    value: str
    interval: str
    spread: str | None


class SeatRow(TypedDict):
    seat: str
    cells: list[str]


class LengthRow(TypedDict):
    value: str
    share: str


class LegendItem(TypedDict):
    key: str  # the css class of its mark ("mean", "whisker")
    text: str


class Chart(TypedDict):
    title: str
    svg: Markup
    says: list[str]  # what it shows, from the figures
    why: list[str]  # why, from the rules ([] when they give no reason)
    legend: list[LegendItem]


class Group(TypedDict):
    id: str
    title: Markup
    choice: str  # its name in the picker: plain text
    meta: str
    figures: list[FigureRow]
    seat_columns: list[str]
    seat_rows: list[SeatRow]
    seat_chart: Chart | None
    length_chart: Chart | None
    length_label: str
    length_rows: list[LengthRow]


class NumbersPage(TypedDict):
    """The numbers page's own part of its context (render.py adds the links)."""

    note: str
    groups: list[Group]
    chosen: str  # the id of the group shown first
    description: str


class Summary(TypedDict):
    """What the game page keeps: one configuration in a few sentences, and the link."""

    id: str
    title: str
    lead: Markup  # the configuration: "4 players"
    lines: list[str]


class Formatter:
    """Numbers as one language writes them: its separators and percent pattern (Babel), and
    its digits (Babel's default numbering for the language: Latin digits in Arabic too, as
    on the rest of the site). On a right-to-left page each number is isolated (U+2066 ...
    U+2069), so that "+1" or "26.3%" are not reordered by the text around them."""

    def __init__(self, lang: str, msgs: Messages, *, rtl: bool = False) -> None:
        self.lang, self.msgs, self.rtl = lang, msgs, rtl
        percent = Locale.parse(lang).percent_formats[None].pattern
        self._percent = {d: percent.replace("#,##0", "#,##0" + ("." + "0" * d if d else ""), 1)
                         for d in (0, 1)}

    def _iso(self, text: str) -> str:
        return f"\u2066{text}\u2069" if self.rtl else text

    def share(self, p: float, decimals: int = 1) -> str:
        # rounded to the digits shown first: a page has thousands of figures and few distinct
        # printed values, and Babel formats each distinct one once
        return self._iso(_babel(self.lang, self._percent[decimals], round(p * 10 ** (decimals + 2)),
                                decimals + 2, percent=True))

    def decimal(self, x: float, decimals: int = 1) -> str:
        pattern = "#,##0" + ("." + "0" * decimals if decimals else "")
        return self._iso(_babel(self.lang, pattern, round(x * 10 ** decimals), decimals))

    def whole(self, n: int) -> str:
        return self._iso(_babel(self.lang, "#,##0", n, 0))

    def value(self, figure: Figure, decimals: int) -> str:
        return self.share(figure.estimate) if figure.kind is Kind.SHARE else \
            self.decimal(figure.estimate, decimals)

    def interval(self, figure: Figure, decimals: int) -> str:
        if figure.kind is Kind.SHARE:
            low, high = self.share(figure.low), self.share(figure.high)
        else:
            low, high = self.decimal(figure.low, decimals), self.decimal(figure.high, decimals)
        return self.msgs.gettext("%(low)s to %(high)s") % {"low": low, "high": high}

    def cell(self, figure: Figure, decimals: int) -> str:
        return f"{self.value(figure, decimals)} ({self.interval(figure, decimals)})"

    def seat(self, seat: int) -> str:
        if seat == 0:
            return self.msgs.gettext("Dealer")
        return self.msgs.ngettext("%(num)s seat to the dealer's left",
                                  "%(num)s seats to the dealer's left", seat) % {
            "num": self.whole(seat)}

    def seat_short(self, seat: int) -> str:
        if seat == 0:
            return self.msgs.gettext("Dealer")
        return self._iso("+" + _whole(self.lang, seat))


@lru_cache(maxsize=1024)
def _whole(lang: str, n: int) -> str:
    """A seat's number in ``lang`` (Babel parses the pattern and the locale on every call)."""
    return minus_sign(format_decimal(n, "#,##0", locale=lang))


@lru_cache(maxsize=65536)
def _babel(lang: str, pattern: str, scaled: int, scale: int, *, percent: bool = False) -> str:
    """``scaled / 10**scale`` through Babel in ``lang`` with ``pattern``."""
    value = Decimal(scaled).scaleb(-scale)
    if percent:
        return minus_sign(format_percent(value, pattern, locale=lang))
    return minus_sign(format_decimal(value, pattern, locale=lang))


def chosen(results: list[Result]) -> Result | None:
    """The configuration shown first: the base game with four players, or as near to four as
    the game allows."""
    base = [r for r in results if r.configuration.variant is None] or results
    if not base:
        return None
    return min(base, key=lambda r: (abs(r.configuration.players - TYPICAL_PLAYERS),
                                    r.configuration.players))


def anchor(result: Result) -> str:
    c = result.configuration
    return f"numbers-{c.players}" if c.variant is None else f"numbers-{c.variant}-{c.players}"


def numbers_page(results: list[Result], *, lang: str, msgs: Messages, rtl: bool,
                 variant_name: Callable[[str], Markup]) -> NumbersPage | None:
    """The numbers page's context; None when the game has nothing simulated."""
    first = chosen(results)
    if first is None:
        return None
    f = Formatter(lang, msgs, rtl=rtl)
    groups = [_group(r, f, rtl=rtl, variant_name=variant_name) for r in results]
    note = msgs.gettext(
        "These figures come from games played by the computer with random choices: each "
        "player makes a random move among those the rules allow. Real players choose better, "
        "so the figures show what the cards and the rules alone do. Each figure has its 95%% "
        "interval: the range the true value lies in, 19 times in 20. Seats are counted from "
        "the dealer, to the left: +1 is the player at the dealer's left. The same rules always "
        "give the same figures.") % {}
    summary = _summary_lines(first, f)
    return {"note": note, "groups": groups, "chosen": anchor(first),
            "description": " ".join(summary)}


def numbers_summary(results: list[Result], *, lang: str, msgs: Messages, rtl: bool,
                    variant_name: Callable[[str], Markup]) -> Summary | None:
    """The game page's lines of "By the numbers": the configuration shown first, in words."""
    first = chosen(results)
    if first is None:
        return None
    f = Formatter(lang, msgs, rtl=rtl)
    lines = _summary_lines(first, f)
    if _names_a_seat(first):
        lines.append(msgs.gettext(SEATS_KEY))
    return {"id": "numbers", "title": msgs.gettext(TITLE),
            "lead": _title(first, msgs, variant_name), "lines": lines}


def _names_a_seat(result: Result) -> bool:
    """Whether the seat sentences of ``result`` name a seat other than the dealer's."""
    figures = _seat_figures(result.configuration.simulation, result.numbers)
    if len(figures) < 2:
        return False
    groups = seat_groups(figures)
    return groups.differ and any(s != 0 for s in groups.most + groups.least)


def _summary_lines(result: Result, f: Formatter) -> list[str]:
    sim, numbers = result.configuration.simulation, result.numbers
    return [*length_sentences(numbers.figures.get(sim.lengths), {}, sim.lengths_mean, f),
            *seat_sentences(_seat_figures(sim, numbers), f, wins=sim.by_seat == "wins")]


def _seat_figures(sim: Simulation, numbers: Numbers) -> list[Figure]:
    found = [numbers.figures.get(f"{sim.by_seat}.{s}") for s in range(sim.players)]
    return [x for x in found if x is not None] if all(found) else []


def _title(result: Result, msgs: Messages, variant_name: Callable[[str], Markup]) -> Markup:
    config = result.configuration
    players = msgs.ngettext("%(num)s player", "%(num)s players", config.players) % {
        "num": config.players}
    if config.variant is None:
        return Markup("{}").format(players)
    return Markup("{}, {}").format(variant_name(config.variant), players)


def _group(result: Result, f: Formatter, *, rtl: bool,
           variant_name: Callable[[str], Markup]) -> Group:
    config, numbers = result.configuration, result.numbers
    sim, msgs = config.simulation, f.msgs
    title = _title(result, msgs, variant_name)
    meta = msgs.ngettext(*sim.unit, numbers.rounds) % {"num": f.whole(numbers.rounds)}
    if numbers.capped:
        meta += " " + msgs.gettext("(some intervals are still wider than aimed at: one percentage "
                                   "point for a share, one per cent for a mean)")
    figures = [_figure_row(m, numbers.figures[m.key], f) for m in sim.metrics
               if not m.per_seat and m.key in numbers.figures]
    seat_metrics = [m for m in sim.metrics if m.per_seat]
    seat_rows: list[SeatRow] = [
        {"seat": f.seat(s), "cells": [f.cell(numbers.figures[f"{m.key}.{s}"], m.decimals)
                                      for m in seat_metrics]}
        for s in range(config.players)]
    return {
        "id": anchor(result), "title": title, "choice": title.striptags(), "meta": meta,
        "figures": figures,
        "seat_columns": [msgs.gettext(m.label) for m in seat_metrics], "seat_rows": seat_rows,
        "seat_chart": _seat_chart(sim, numbers, f, rtl=rtl),
        "length_chart": _length_chart(sim, numbers, f, rtl=rtl),
        "length_label": msgs.gettext(sim.lengths_label),
        "length_rows": _length_rows(numbers.histograms.get(sim.lengths, {}), f),
    }


def _figure_row(metric: Metric, figure: Figure, f: Formatter) -> FigureRow:
    spread = None
    if figure.kind is Kind.MEAN:
        spread = f.msgs.gettext("spread (standard deviation) %(sd)s") % {
            "sd": f.decimal(figure.sd, metric.decimals)}
    label = Markup(markup.render_inline(f.msgs.gettext(metric.label)))
    return {"label": label, "value": f.value(figure, metric.decimals),
            "interval": f.interval(figure, metric.decimals), "spread": spread}


def _axes(x_title: str, y_title: str, f: Formatter) -> charts.Axes:
    return charts.Axes(x_title, y_title, lambda p, decimals: f.share(p, decimals))


def _seat_chart(sim: Simulation, numbers: Numbers, f: Formatter, *, rtl: bool) -> Chart | None:
    figures = _seat_figures(sim, numbers)
    if not figures:
        return None
    msgs = f.msgs
    label = next((m.label for m in sim.metrics if m.key == sim.by_seat), "")
    bars = [charts.Bar(f.seat_short(seat), fig.estimate, fig.low, fig.high,
                       f.share(fig.estimate, 0)) for seat, fig in enumerate(figures)]
    axes = _axes(msgs.gettext("Seat, counted from the dealer"), msgs.gettext(label), f)
    wins = sim.by_seat == "wins"  # a game of taking: who wins
    return {"title": msgs.gettext("Chance of winning, by seat") if wins
            else msgs.gettext("Chance of losing, by seat"),
            "svg": charts.bars(bars, axes=axes, rtl=rtl),
            "says": seat_sentences(figures, f, wins=wins),
            # why seats can differ, where they do
            "why": why_sentences(sim.seat_notes, f) if seat_groups(figures).differ else [],
            "legend": [{"key": "whisker", "text": msgs.gettext(
                "Thin line: the 95%% interval of the bar's figure") % {}}]}


def _length_chart(sim: Simulation, numbers: Numbers, f: Formatter, *, rtl: bool) -> Chart | None:
    counts = numbers.histograms.get(sim.lengths, {})
    if len(counts) < 2:  # nothing to chart where every round lasts as long (a fixed count)
        return None
    msgs = f.msgs
    ticks = [(t, f.whole(t)) for t in charts.nice_ticks(min(counts), max(counts), count=6)]
    mean = numbers.figures.get(sim.lengths)
    axes = _axes(msgs.gettext(sim.lengths_label), msgs.gettext(sim.share_label), f)
    legend: list[LegendItem] = []
    if mean is not None:
        legend.append({"key": "mean", "text": msgs.gettext("Dashed line: the average, %(mean)s")
                       % {"mean": f.decimal(mean.estimate)}})
    return {"title": msgs.gettext(sim.lengths_title),
            "svg": charts.distribution(counts, axes=axes, rtl=rtl, ticks=ticks,
                                       mean=mean.estimate if mean is not None else None),
            "says": length_sentences(mean, counts, sim.lengths_mean, f), "why": [],
            "legend": legend}


def _length_rows(counts: dict[int, int], f: Formatter) -> list[LengthRow]:
    """The distribution as rows: one per value, or per range of values when there are many
    (at most about twenty rows)."""
    if not counts:
        return []
    total, low, high = sum(counts.values()), min(counts), max(counts)
    ticks = charts.nice_ticks(low, high, count=20)
    step = ticks[1] - ticks[0] if len(ticks) > 1 and high - low + 1 > 25 else 1
    rows: list[LengthRow] = []
    start = low - (low % step) if step > 1 else low
    in_row: dict[int, int] = {}  # the first value of a row -> the count of its values
    for x, c in counts.items():
        first = start + (x - start) // step * step
        in_row[first] = in_row.get(first, 0) + c
    for first in range(start, high + 1, step):
        last = first + step - 1
        share = in_row.get(first, 0) / total
        if not share:
            continue
        value = f.whole(first) if step == 1 else f.msgs.gettext("%(low)s to %(high)s") % {
            "low": f.whole(first), "high": f.whole(last)}
        rows.append({"value": value, "share": f.share(share)})
    return rows
