"""Draw the printed QR codes and say which public address they point to."""

from __future__ import annotations

import itertools

from django.conf import settings
from django.urls import reverse
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

# Where the printed addresses point when neither the settings nor a request say.
_LOOPBACK = "http://127.0.0.1:8000/"


def site_url(override: str | None = None, *, request=None) -> str:
    """Return the public base address every printed URL and QR code starts with.

    The one place that decides it: ``override`` (``print_round --base-url``) if
    given, else ``settings.SITE_URL`` (the address phones in the hall reach),
    else the address of the request being answered. Always ends with one slash.
    """
    base = override or getattr(settings, "SITE_URL", None)
    if not base:
        base = request.build_absolute_uri("/") if request is not None else _LOOPBACK
    return base.rstrip("/") + "/"


def public_url(path: str, *, base_url: str) -> str:
    """Return ``path`` (as ``reverse`` gives it) under the public base address."""
    return base_url.rstrip("/") + "/" + path.lstrip("/")


def sheet_entry_url(*, table_id: int, base_url: str) -> str:
    """Return the absolute address of a table's entry page, for the QR code."""
    path = reverse("scoring:sheet", kwargs={"table_id": table_id})
    return public_url(path, base_url=base_url)


def table_page_url(*, code: str, base_url: str) -> str:
    """Return the absolute address of a table's own page (its code), for the QR."""
    path = reverse("phones:page", kwargs={"code": code})
    return public_url(path, base_url=base_url)


def table_enter_url(*, base_url: str) -> str:
    """Return the address where a player types the table's code by hand."""
    return public_url(reverse("phones:enter"), base_url=base_url)


def draw_qr(
    canv: Canvas,
    value: str,
    x: float,
    y: float,
    size: float,
    *,
    mask: int | None = None,
) -> int:
    """Draw a QR code encoding ``value`` with reportlab's widget, ``size`` wide.

    The widget encodes; its modules are drawn here as one path of row runs, which
    is several times faster than rendering the widget's group of shapes. Without
    ``mask`` the encoder tries all eight mask patterns and keeps the best (most of
    the time spent here); a caller printing many near-identical addresses passes
    the mask chosen for the first one. Returns the mask used.
    """
    widget = QrCodeWidget(value, barLevel="M", barBorder=2)
    qr = widget.qr
    if qr.version is None:
        qr.version = qr.calculate_version()
    if mask is None:
        mask = qr.getBestMaskPattern()
    qr.makeImpl(False, mask)
    count = qr.getModuleCount()
    border = widget.barBorder
    side = count + 2 * border
    # One path of row runs in module units; the literal saves formatting floats.
    ops = []
    for r, row in enumerate(qr.modules):
        c = border
        bottom = side - border - 1 - r
        for dark, run in itertools.groupby(row):
            n = sum(1 for _ in run)
            if dark:
                ops.append(f"{c} {bottom} {n} 1 re")
            c += n
    canv.saveState()
    canv.translate(x, y)
    canv.scale(size / side, size / side)
    canv.setFillColor(colors.black)
    canv.addLiteral("\n".join(ops) + "\nf")
    canv.restoreState()
    return mask
