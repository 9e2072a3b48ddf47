"""Lay out the director's lists with django-tables2."""

import django_tables2 as tables
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from clubs.tables import BaseTable
from scoring.models import ScoreSheet

PHONE_HIDDEN = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}


class RoundDeskTable(BaseTable):
    """Every table of a round with its score sheet's status."""

    number = tables.Column(verbose_name=_("Table"), attrs={"td": {"class": "num"}})
    players = tables.Column(verbose_name=_("Players"), empty_values=())
    status = tables.Column(verbose_name=_("Sheet"), empty_values=())
    # Shown when the tables enter their own results (the view excludes it else);
    # on a phone its badge moves into the sheet's cell.
    table_state = tables.Column(
        verbose_name=_("At the table"), empty_values=(), attrs=PHONE_HIDDEN
    )
    entered = tables.Column(
        verbose_name=_("Entered"), empty_values=(), attrs=PHONE_HIDDEN
    )
    confirmed = tables.Column(
        verbose_name=_("Confirmed"), empty_values=(), attrs=PHONE_HIDDEN
    )

    class Meta(BaseTable.Meta):
        row_attrs = {
            "data-status": lambda record: record.status,
            "data-table-state": lambda record: record.table_state,
        }

    def render_number(self, record):
        url = reverse("scoring:sheet", kwargs={"table_id": record.table.pk})
        return format_html('<a href="{}">{}</a>', url, record.number)

    def render_players(self, record):
        return ", ".join(record.players)

    def render_status(self, record):
        label = ScoreSheet.Status(record.status).label
        url = reverse("scoring:sheet", kwargs={"table_id": record.table.pk})
        html = format_html(
            '<a class="badge sheet-{}" href="{}">{}</a>', record.status, url, label
        )
        if record.table_state:
            html += format_html(" {}", self._table_badge(record, url, "phone-only"))
        if record.disputed:
            html += format_html(
                ' <a class="badge sheet-disputed" href="{}#differences">{}</a>',
                url,
                _("entries differ"),
            )
        if record.corrections:
            html += format_html(
                ' <a class="badge sheet-corrected" href="{}#corrections">{}</a>',
                url,
                ngettext(
                    "corrected once", "corrected %(count)s times", record.corrections
                )
                % {"count": record.corrections},
            )
        return html

    def render_table_state(self, record):
        if not record.table_state:
            return "—"
        url = reverse("scoring:sheet", kwargs={"table_id": record.table.pk})
        return self._table_badge(record, url)

    @staticmethod
    def _table_badge(record, url: str, extra: str = ""):
        """The badge saying where a sheet entered at its table stands, and while
        it is disputed who rejected it and why (the sheet's history has more)."""
        html = format_html(
            '<a class="{}" href="{}#table-entry">{}</a>',
            " ".join(filter(None, ["badge", f"table-{record.table_state}", extra])),
            url,
            record.table_state_label,
        )
        rejection = record.rejection
        if rejection is not None:
            said = (
                _("rejected by %(name)s: “%(reason)s”")
                if rejection.reason
                else _("rejected by %(name)s (no reason given)")
            ) % {"name": rejection.name, "reason": rejection.reason}
            html += format_html(
                ' <small class="{}">{}</small>',
                " ".join(filter(None, ["dispute-reason", extra])),
                said,
            )
        return html

    @staticmethod
    def _who(user, when, *, at_table: bool = False):
        """Who and when: a director's name, or "at the table" for what a table's
        phone did (entered its first deal, confirmed by the opponents' acceptance)
        on a sheet entered at its table; "?" for a director's account since
        deleted."""
        if user is None and when is None:
            return "—"
        if user is not None:
            name = user.get_username()
        elif at_table:
            name = _("at the table")
        else:
            name = "?"
        at = date_format(timezone.localtime(when), "H:i") if when else ""
        return f"{name} {at}".strip()

    def render_entered(self, record):
        sheet = record.sheet
        if sheet is None:
            return "—"
        return self._who(
            sheet.entered_by, sheet.entered_at, at_table=bool(record.table_state)
        )

    def render_confirmed(self, record):
        sheet = record.sheet
        if sheet is None:
            return "—"
        return self._who(
            sheet.confirmed_by, sheet.confirmed_at, at_table=bool(record.table_state)
        )
