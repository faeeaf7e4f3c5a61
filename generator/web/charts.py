"""Small inline SVG charts, drawn from the data at build time: bars by seat with their 95 %
intervals, and a distribution. No script, no external file; colours are the page's CSS
custom properties (classes styled in site.css), so dark mode and print restyle them.

Every chart has both axes, each a group (``axis-x``, ``axis-y``) with its line, its ticks
and labels and its title (``axis-title``: what is measured, in which unit): the y axis is
a share in per cent, its title written above the plot, where it reads across a phone.

The charts are pictures for sighted readers (``aria-hidden``): the same numbers are in a
table beside each. Right to left, the chart is mirrored: the first seat or the smallest value
on the right and the y axis on the right, so it reads in the page's direction."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from markupsafe import Markup, escape

WIDTH, HEIGHT = 320, 196
TOP = 30  # the y axis' title, above the plot
BOTTOM = 36  # the x axis' tick labels and its title, below the plot
SIDE = 36  # the y axis' tick labels, at the plot's start
END = 8
SHARE_STEPS = (0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1.0)


@dataclass(frozen=True, slots=True)
class Bar:
    label: str  # under the bar, already formatted
    value: float  # 0..1 for shares
    low: float
    high: float
    shown: str  # the value printed above the bar, already formatted


@dataclass(frozen=True, slots=True)
class Axes:
    """What the axes say: their titles, and how a share on the y axis is written."""

    x_title: str
    y_title: str
    share: Callable[[float, int], str]  # a share and its decimals -> "20 %"


@dataclass(frozen=True, slots=True)
class _Frame:
    """The plot's box in the picture, mirrored right to left."""

    rtl: bool
    top: float  # the share at the top of the plot

    @property
    def left(self) -> float:
        return END if self.rtl else SIDE

    @property
    def right(self) -> float:
        return WIDTH - SIDE if self.rtl else WIDTH - END

    @property
    def bottom(self) -> float:
        return HEIGHT - BOTTOM

    def y(self, value: float) -> float:
        return self.bottom - (self.bottom - TOP) * max(value, 0.0) / self.top

    def x(self, fraction: float) -> float:
        """A point ``fraction`` of the way along the x axis, in reading direction."""
        width = self.right - self.left
        return self.right - width * fraction if self.rtl else self.left + width * fraction


def share_ticks(top: float, count: int = 4) -> list[float]:
    """Round shares from 0 to at least ``top`` in at most ``count`` steps: 0, 10 %, 20 %, ..."""
    step = next((s for s in SHARE_STEPS if top / s <= count), 1.0)
    n = max(1, -int(-top // step)) if top > 0 else 1
    return [round(i * step, 6) for i in range(n + 1)]


def _decimals(ticks: Sequence[float]) -> int:
    return 1 if len(ticks) > 1 and ticks[1] < 0.01 else 0


def _y_axis(frame: _Frame, ticks: Sequence[float], axes: Axes) -> str:
    edge = frame.right if frame.rtl else frame.left
    outward = 1 if frame.rtl else -1
    anchor = "start" if frame.rtl else "end"
    decimals = _decimals(ticks)
    parts = [f'<g class="axis-y" text-anchor="{anchor}"><line class="axis" x1="{edge}" '
             f'y1="{TOP}" x2="{edge}" y2="{frame.bottom}"/>']
    # the grid and the ticks as one path each (a line apiece weighed on a page of 22 charts)
    grid = "".join(f"M{frame.left} {frame.y(v):.1f}H{frame.right}" for v in ticks if v)
    marks = "".join(f"M{edge} {frame.y(v):.1f}h{3 * outward}" for v in ticks)
    if grid:
        parts.append(f'<path class="grid" d="{grid}"/>')
    parts.append(f'<path class="tick" d="{marks}"/>')
    for value in ticks:
        parts.append(f'<text class="tick-label" x="{edge + 5 * outward}" '
                     f'y="{frame.y(value) + 3.5:.1f}">'
                     f'{escape(axes.share(value, decimals))}</text>')
    title_x, title_anchor = (WIDTH - 2, "end") if frame.rtl else (2, "start")
    parts.append(f'<text class="axis-title" x="{title_x}" y="{TOP - 14}" '
                 f'text-anchor="{title_anchor}">{escape(axes.y_title)}</text></g>')
    return "".join(parts)


def _x_axis(frame: _Frame, labels: Sequence[tuple[float, str]], axes: Axes) -> str:
    """The x axis with a label at each ``(x, text)``."""
    parts = [f'<g class="axis-x"><line class="axis" x1="{frame.left}" y1="{frame.bottom}" '
             f'x2="{frame.right}" y2="{frame.bottom}"/>']
    if labels:
        marks = "".join(f"M{x:.2f} {frame.bottom}v3" for x, _ in labels)
        parts.append(f'<path class="tick" d="{marks}"/>')
    for x, text in labels:
        parts.append(f'<text class="tick-label" x="{x:.2f}" y="{frame.bottom + 14}"'
                     f'>{escape(text)}</text>')
    centre = (frame.left + frame.right) / 2
    parts.append(f'<text class="axis-title" x="{centre:.1f}" y="{HEIGHT - 4}"'
                 f'>{escape(axes.x_title)}</text></g>')
    return "".join(parts)


def _svg(body: str, css_class: str) -> Markup:
    return Markup(
        f'<svg class="chart {css_class}" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" text-anchor="middle" aria-hidden="true">{body}</svg>')


def bars(data: Sequence[Bar], *, axes: Axes, rtl: bool) -> Markup:
    """Bars from 0, each with its interval as a whisker, on a y axis up to a round share
    above the highest interval."""
    if not data:
        return Markup("")
    ticks = share_ticks(max(b.high for b in data))
    frame = _Frame(rtl, ticks[-1])
    slot = 1 / len(data)
    width = min((frame.right - frame.left) * slot * 0.62, 48)
    parts = [_y_axis(frame, ticks, axes)]
    labels: list[tuple[float, str]] = []
    whiskers: list[str] = []
    values: list[str] = []
    for index, b in enumerate(data):  # in seat order; right to left, from the right
        centre = frame.x(slot * (index + 0.5))
        labels.append((centre, b.label))
        top = frame.y(b.value)
        parts.append(f'<rect class="bar" x="{centre - width / 2:.1f}" y="{top:.1f}" '
                     f'width="{width:.1f}" height="{frame.bottom - top:.1f}"/>')
        whiskers.append(f"M{centre:.1f} {frame.y(b.low):.1f}V{frame.y(b.high):.1f}")
        values.append(f'<text class="value" x="{centre:.1f}" y="{frame.y(b.high) - 4:.1f}"'
                      f'>{escape(b.shown)}</text>')
    for css in ("whisker-halo", "whisker"):  # a halo in the page's colour: seen on the bar too
        parts.append(f'<path class="{css}" d="{"".join(whiskers)}"/>')
    parts.extend(values)
    parts.append(_x_axis(frame, labels, axes))
    return _svg("".join(parts), "chart-bars")


def distribution(counts: dict[int, int], *, axes: Axes, rtl: bool,
                 ticks: Sequence[tuple[int, str]], mean: float | None = None) -> Markup:
    """A histogram of whole numbers: one column per value, from the least to the most seen,
    as high as the share of the units that gave it; ``ticks`` are the values labelled on the
    x axis with their formatted text; ``mean`` a dashed line (the page's legend says so)."""
    if not counts:
        return Markup("")
    low, high = min(counts), max(counts)
    total = sum(counts.values())
    span = high - low + 1
    y_ticks = share_ticks(max(counts.values()) / total)
    frame = _Frame(rtl, y_ticks[-1])
    column = (frame.right - frame.left) / span

    def centre(value: float) -> float:
        return frame.x((value - low + 0.5) / span)

    parts = [_y_axis(frame, y_ticks, axes)]
    parts.append(_columns(counts, total, frame, low, high, column))
    if mean is not None:
        x = centre(mean)
        parts.append(f'<line class="mean" x1="{x:.2f}" y1="{TOP}" x2="{x:.2f}" '
                     f'y2="{frame.bottom}"/>')
    parts.append(_x_axis(frame, [(centre(v), text) for v, text in ticks if low <= v <= high],
                         axes))
    return _svg("".join(parts), "chart-distribution")


def _columns(counts: dict[int, int], total: int, frame: _Frame, low: int, high: int,
             column: float) -> str:
    """The histogram's columns as one path: a <rect> apiece made a numbers page 200 KB. The
    path is drawn in its own units (a column wide, the plot's units high, upwards from the x
    axis) and put in place by its transform. Wide columns are boxes with a gap between them;
    narrow ones (a gap under half a unit) one outline, column after column: the same picture
    in a fifth of the text."""
    step = -column if frame.rtl else column
    heights = [_short(frame.bottom - frame.y(counts.get(v, 0) / total))
               for v in range(low, high + 1)]
    if column < 5:
        d = "M0 0" + "".join(f"V{h}h1" for h in heights) + "V0z"
    else:
        d = "".join(f"M{k}.05 0V{h}h.9V0z" for k, h in enumerate(heights) if h != "0")
    return (f'<path class="bar" transform="matrix({step:.3f} 0 0 -1 {frame.x(0.0):.2f} '
            f'{frame.bottom:g})" d="{d}"/>')


def _short(value: float) -> str:
    """A length to a tenth of a unit, without a zero it does not need ("12", "0.5")."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


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
