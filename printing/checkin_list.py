"""Print the check-in list: every entrant, what they paid, a QR to pay for the unpaid.

One line per entrant in name order (the check-in's rows), the fee paid or owed,
and for each one not paid a SEPA payment QR code (``cashdesk.banking``: the
entrant's amount and structured reference) that a phone at the door scans.
"""

from __future__ import annotations

import io

from django.utils import translation
from django.utils.translation import gettext as _
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.platypus import Image, Table

from cashdesk import banking, selectors
from cashdesk.money import euros
from printing.base import (
    FONT,
    MARGIN,
    Section,
    document_language,
    fit,
    grid_style,
    register_fonts,
    render,
)
from tournaments import checkin
from tournaments.models import Entry, Tournament

_QR = 26 * mm


def checkin_list_pdf(*, tournament: Tournament, lang: str | None = None) -> bytes:
    """Return the check-in list (with no fee set, without amounts or QR codes)."""
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        fees = selectors.fee_settings_for(tournament=tournament)
        rates = list(fees.rates.all()) if fees is not None else []
        rows = checkin.checkin_rows(tournament=tournament, search=False)
        paid = selectors.paid_states(tournament=tournament)
        entries = Entry.objects.select_related("player", "team").in_bulk(
            [r.id for r in rows]
        )
        width = A4[0] - 2 * MARGIN
        widths = [0.3 * width, 0.17 * width, 0.12 * width, 0.41 * width]
        lines = [[_("Entrant"), _("Club"), _("Fee"), _("Pay by phone")]]
        for row in rows:
            if row.status == Entry.Status.WITHDRAWN:
                continue
            state = paid.get(row.id)
            entry = entries[row.id]
            if state is not None:
                fee = f"{euros(state.amount_cents)} ✓"
                qr = ""
            elif not rates:  # no fee: a plain check-in list
                fee, qr = "—", ""
            else:
                due = _due(fees, rates, entry)
                fee = euros(due)
                qr = _qr_cell(fees, entry, due)
            lines.append([fit(row.name, FONT, 9, widths[0] - 6), fit(row.club, FONT, 8,
                          widths[1] - 6), fee, qr])  # fmt: skip
        table = Table(lines, colWidths=widths, repeatRows=1, style=_style())
        summary = _("%(unpaid)d not paid of %(count)d") % {
            "unpaid": sum(1 for r in rows if r.id not in paid
                          and r.status != Entry.Status.WITHDRAWN),
            "count": len(lines) - 1,
        }  # fmt: skip
        section = Section("checkin", _("Check-in list"), summary)
        return render(tournament, [section], [table], subject=_("Check-in list"))


def _due(fees, rates, entry) -> int:
    rate = selectors.rate_default(
        settings=fees, rates=rates, club_id=selectors.entry_club_id(entry)
    )
    return selectors.amount_due(settings=fees, rate=rate, entry=entry)


def _qr_cell(fees, entry, due: int):
    """Return the QR code and the reference of one unpaid entrant (or the reference)."""
    reference = banking.reference_for(entry.pk)
    if not fees.pays_ahead or due == 0:
        return reference
    transfer = banking.Transfer(fees.beneficiary, fees.iban, fees.bic, due, reference)
    image = Image(io.BytesIO(banking.epc_png(transfer, scale=4)), width=_QR, height=_QR)
    return Table(
        [[image, reference]],
        colWidths=[_QR + 2 * mm, None],
        style=[
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ],
    )


def _style():
    return grid_style(
        font_size=9,
        extra=[
            ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
            ("ALIGN", (2, 0), (2, -1), "RIGHT"),
        ],
    )
