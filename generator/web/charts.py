"""Small inline SVG charts, drawn from the data at build time: bars by seat with their 95 %
intervals, and a distribution. No script, no external file; colours are the page's CSS
custom properties (classes styled in site.css), so dark mode and print restyle them.

The charts are pictures for sighted readers (``aria-hidden``): the same numbers are in a
table beside each. Right to left, the bars run from the right (the first seat on the right),
so the chart reads in the page's direction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 150
TOP, BOTTOM, SIDE = 18, 22, 8  # room for the value labels above and the axis labels below


@dataclass(frozen=True, slots=True)
class Bar:
    label: str  # under the bar, already formatted
    value: float  # 0..1 for shares
    low: float
    high: float
    shown: str  # the value printed above the bar, already formatted


def _svg(body: str, css_class: str) -> Markup:
    return Markup(
        f'<svg class="chart {css_class}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" aria-hidden="true">{body}</svg>')


def bars(data: Sequence[Bar], *, rtl: bool) -> Markup:
    """Bars from 0 to the highest interval, each with its interval as a whisker."""
    if not data:
        return Markup("")
    top = max(max(b.high for b in data), 1e-9)
    plot_h = HEIGHT - TOP - BOTTOM
    slot = (WIDTH - 2 * SIDE) / len(data)
    width = min(slot * 0.62, 48)
    parts = [f'<line class="axis" x1="{SIDE}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - SIDE}" '
             f'y2="{HEIGHT - BOTTOM}"/>']
    for index, b in enumerate(data):  # in seat order; right to left, from the right
        position = len(data) - 1 - index if rtl else index
        centre = SIDE + slot * (position + 0.5)

        def y(v: float) -> float:
            return HEIGHT - BOTTOM - plot_h * max(v, 0.0) / top

        parts.append(f'<rect class="bar" x="{centre - width / 2:.1f}" y="{y(b.value):.1f}" '
                     f'width="{width:.1f}" height="{HEIGHT - BOTTOM - y(b.value):.1f}"/>')
        parts.append(f'<line class="whisker" x1="{centre:.1f}" y1="{y(b.low):.1f}" '
                     f'x2="{centre:.1f}" y2="{y(b.high):.1f}"/>')
        parts.append(f'<text class="value" x="{centre:.1f}" y="{y(b.high) - 4:.1f}" '
                     f'text-anchor="middle">{escape(b.shown)}</text>')
        parts.append(f'<text class="label" x="{centre:.1f}" y="{HEIGHT - 6}" '
                     f'text-anchor="middle">{escape(b.label)}</text>')
    return _svg("".join(parts), "chart-bars")


def distribution(counts: dict[int, int], *, rtl: bool, ticks: Sequence[tuple[int, str]],
                 mean: float | None = None) -> Markup:
    """A histogram of whole numbers (one column per value, from the least to the most seen);
    ``ticks`` are the values labelled on the axis with their formatted text."""
    if not counts:
        return Markup("")
    low, high = min(counts), max(counts)
    span = high - low + 1
    most = max(counts.values())
    plot_h = HEIGHT - TOP - BOTTOM
    slot = (WIDTH - 2 * SIDE) / span

    def x(value: float) -> float:  # the left edge of a value's column, in reading direction
        offset = slot * (value - low)
        return WIDTH - SIDE - offset - slot if rtl else SIDE + offset

    parts = [f'<line class="axis" x1="{SIDE}" y1="{HEIGHT - BOTTOM}" x2="{WIDTH - SIDE}" '
             f'y2="{HEIGHT - BOTTOM}"/>']
    for value in range(low, high + 1):
        count = counts.get(value, 0)
        if not count:
            continue
        h = plot_h * count / most
        parts.append(f'<rect class="bar" x="{x(value):.2f}" y="{HEIGHT - BOTTOM - h:.2f}" '
                     f'width="{max(slot * 0.9, 0.6):.2f}" height="{h:.2f}"/>')
    if mean is not None:
        centre = x(mean) + slot / 2
        parts.append(f'<line class="mean" x1="{centre:.2f}" y1="{TOP - 6}" x2="{centre:.2f}" '
                     f'y2="{HEIGHT - BOTTOM}"/>')
    for value, text in ticks:
        if low <= value <= high:
            centre = x(value) + slot / 2
            parts.append(f'<line class="tick" x1="{centre:.2f}" y1="{HEIGHT - BOTTOM}" '
                         f'x2="{centre:.2f}" y2="{HEIGHT - BOTTOM + 3}"/>')
            parts.append(f'<text class="label" x="{centre:.2f}" y="{HEIGHT - 6}" '
                         f'text-anchor="middle">{escape(text)}</text>')
    return _svg("".join(parts), "chart-distribution")


def nice_ticks(low: int, high: int, count: int = 5) -> list[int]:
    """Round values to label an axis from ``low`` to ``high``: steps of 1, 2, 5, 10, 20, ..."""
    span = max(high - low, 1)
    step = 1
    while span / step > count:
        for factor in (2, 5 / 2, 2):
            step = int(step * factor)
            if span / step <= count:
                break
    first = -(-low // step) * step
    return list(range(first, high + 1, step))
