"""Print the prize list: each award's place, winner, club and prize, and room to sign.

The list the prize-giving is read from, and the treasurer's proof that each prize
and each cash amount was handed over: in the order the event calls its winners
(``?by=called``, the default) or by place (``?by=place``), one A4 in the
event's language, with a signature column wide and tall enough to sign in.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Paragraph, Spacer, Table

from cashdesk.money import euros
from printing.base import (
    FONT,
    FONT_BOLD,
    INK,
    MARGIN,
    MUTED,
    Choice,
    ParagraphLine,
    Section,
    document_language,
    grid_style,
    register_fonts,
    render,
)
from prizes.giving import prize_list_for
from prizes.models import PrizeAward
from prizes.selectors import prize_settings_for
from tournaments.models import Tournament

# "by", not "order": the options of all documents are one set of the print
# command's flags, and the draw's --order is taken.
ORDER = Choice(
    "by",
    ("called", "place"),
    gettext_noop("Choose the prize list in calling order or by place."),
)
# Room for a signature: every row is at least this tall.
_SIGN_H = 11 * mm
_TEXT = ParagraphStyle("prize-text", fontName=FONT, fontSize=10, leading=12.5)
_NAME = ParagraphStyle(
    "prize-name", fontName=FONT_BOLD, fontSize=11, leading=13.5, textColor=INK
)
_NOTE = ParagraphStyle(
    "prize-note", fontName=FONT, fontSize=7.5, leading=9, textColor=MUTED
)


def _place(award: PrizeAward) -> str:
    if award.kind == PrizeAward.Kind.SPECIAL:
        return "★"
    shared = award.settled == PrizeAward.Settled.SHARED
    return f"{award.place}=" if shared else str(award.place)


def prize_list_pdf(
    *, tournament: Tournament, order: str = "called", lang: str | None = None
) -> bytes:
    """Return the prize list of the awards made (a line saying so before awarding)."""
    register_fonts()
    with translation.override(document_language(tournament, lang)):
        calls = prize_list_for(tournament=tournament, order=order)
        width = A4[0] - 2 * MARGIN
        shares = (0.07, 0.27, 0.17, 0.27, 0.22)
        widths = [s * width for s in shares]
        body = [[_("Place"), _("Name"), _("Club"), _("Prize"), _("Signature")]]
        for call in calls:
            name = Paragraph(escape(call.award.name), _NAME)
            prize = call.prize
            if call.picks and not call.award.picked_id:  # not chosen yet
                parts = [_("picks from the table")]
                if call.award.amount_cents:
                    parts.append(euros(call.award.amount_cents))
                prize = " + ".join(parts)
            cell = [Paragraph(escape(prize), _TEXT)]
            if call.award.kind == PrizeAward.Kind.SPECIAL:
                cell.append(Paragraph(escape(call.place_text), _NOTE))
            elif call.settled:
                cell.append(Paragraph(escape(call.settled), _NOTE))
            body.append(
                [
                    _place(call.award),
                    name,
                    Paragraph(escape(call.club), _TEXT),
                    cell,
                    Spacer(1, _SIGN_H),  # the least room to sign: a longer row grows
                ]
            )
        table = Table(
            body,
            colWidths=widths,
            repeatRows=1,
            style=_style(),
            hAlign="LEFT",
        )
        if order == "place":
            subtitle = _("by place")
        else:
            settings = prize_settings_for(tournament=tournament)
            subtitle = str(settings.get_calling_order_display())
        story: list = (
            [table]
            if calls
            else [ParagraphLine(_("The prizes have not been awarded yet."), size=13)]
        )
        section = Section("prizes", _("Prize list"), subtitle)
        return render(tournament, [section], story, subject=_("Prize list"))


def _style():
    return grid_style(
        font_size=10,
        extra=[
            ("VALIGN", (0, 1), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (0, -1), "CENTER"),
            ("FONTNAME", (0, 1), (0, -1), FONT_BOLD),
            ("FONTSIZE", (0, 1), (0, -1), 12),
            # The signature's box: ruled on every side.
            ("BOX", (4, 1), (4, -1), 0.6, INK),
            ("INNERGRID", (4, 1), (4, -1), 0.6, INK),
        ],
    )
