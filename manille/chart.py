"""Draw a small line chart as SVG text, on the server, for pages with no script.

Plain Python (no Django): values in, markup out, every text escaped. The chart is
an image with a title and a description for screen readers; the page shows the
same numbers in a table beside it. Colours are SVG presentation attributes, not
style attributes, which the site's Content-Security-Policy forbids; sizes come
from the ``viewBox``, so the stylesheet scales the chart to the page's width.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 44, 16, 16, 36
LINE = "#0d5c46"  # the site's accent
GRID = "#dcd8cf"
INK = "#5b6670"


@dataclass(frozen=True, slots=True)
class Point:
    label: str  # under the x axis, e.g. a date
    value: float  # 0..100
    note: str = ""  # the point's tooltip


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def percentage_chart(
    points: Sequence[Point], *, title: str, description: str, chart_id: str = "chart"
) -> str:
    """Return an ``<svg>`` of ``points`` on a 0–100 % scale, in their order.

    ``title`` and ``description`` name the image for screen readers; at most about
    eight x-axis labels are written, the others are left for the tooltips.
    """
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    n = len(points)

    def x(i: int) -> float:
        return LEFT + (plot_w / 2 if n == 1 else plot_w * i / (n - 1))

    def y(value: float) -> float:
        value = min(max(value, 0.0), 100.0)
        return TOP + plot_h * (1 - value / 100)

    ids = escape(chart_id, quote=True)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
        f'class="chart" role="img" aria-labelledby="{ids}-title {ids}-desc">',
        f'<title id="{ids}-title">{escape(title)}</title>',
        f'<desc id="{ids}-desc">{escape(description)}</desc>',
    ]
    for tick in (0, 25, 50, 75, 100):
        ty = _fmt(y(tick))
        parts.append(
            f'<line x1="{LEFT}" y1="{ty}" x2="{WIDTH - RIGHT}" y2="{ty}" '
            f'stroke="{GRID}" stroke-width="1"/>'
            f'<text x="{LEFT - 6}" y="{ty}" dy="4" text-anchor="end" '
            f'font-size="13" fill="{INK}">{tick}%</text>'
        )
    step = max(1, -(-n // 8))  # ceil(n / 8): at most eight labels
    labelled = set(range(0, n, step))
    if n and (n - 1) - max(labelled) >= max(1, step // 2):
        labelled.add(n - 1)  # the last one too, unless too close to the one before
    for i in sorted(labelled):
        # The last label ends at its point, so it stays inside the picture.
        anchor = "end" if n > 1 and i == n - 1 else "middle"
        parts.append(
            f'<text x="{_fmt(x(i))}" y="{HEIGHT - BOTTOM + 20}" '
            f'text-anchor="{anchor}" font-size="13" fill="{INK}">'
            f"{escape(points[i].label)}</text>"
        )
    if n > 1:
        coords = " ".join(
            f"{_fmt(x(i))},{_fmt(y(p.value))}" for i, p in enumerate(points)
        )
        parts.append(
            f'<polyline points="{coords}" fill="none" stroke="{LINE}" '
            f'stroke-width="2.5" stroke-linejoin="round"/>'
        )
    for i, p in enumerate(points):
        note = p.note or f"{p.label}: {_fmt(p.value)}%"
        parts.append(
            f'<circle cx="{_fmt(x(i))}" cy="{_fmt(y(p.value))}" r="4" fill="{LINE}">'
            f"<title>{escape(note)}</title></circle>"
        )
    parts.append("</svg>")
    return "".join(parts)
