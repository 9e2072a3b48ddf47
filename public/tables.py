"""Lay out the public lists: "where do I sit?" and the pools, bodies in Python."""

import django_tables2 as tables
from django.utils.html import escape
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from standings.tables import FastBodyTable, StandingsTable

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


class NameTable(FastBodyTable):
    """A published round alphabetically: "where do I sit?".

    Its body is written in Python (``FastBodyTable``), not by django-tables2 cell
    by cell: the whole round (576 rows in a full hall) is the page a phone opens
    first, and every phone in the hall searches it.
    """

    name = tables.Column(verbose_name=_("name"), empty_values=())
    # The club's name, never its short name ("C1" tells a player nothing).
    club = tables.Column(
        verbose_name=_("club"),
        attrs={"th": {"class": "hide-phone"}, "td": {"class": "muted hide-phone"}},
    )
    table = tables.Column(
        verbose_name=_("table"),
        empty_values=(),
        attrs={"th": {"class": "num"}, "td": {"class": "num table-no"}},
    )
    position = tables.Column(verbose_name=_("seat"), attrs=NUM)

    class Meta(FastBodyTable.Meta):
        attrs = {"class": "data-table"}
        orderable = False
        empty_text = _("Nobody by that name in this round.")

    def __init__(self, *args, draw_url: str, **kwargs):
        """``draw_url``: the round's draw by table, where a table number links to."""
        super().__init__(*args, **kwargs)
        self.draw_url = draw_url

    def cell_html(self, name: str, record) -> str:
        if name == "name":
            html = f"<strong>{escape(record.name)}</strong>"
            if record.detail:
                html += f'<br><span class="muted small">{escape(record.detail)}</span>'
            if record.seat.club:  # on a phone, under the name (no club column)
                html += f'<span class="club-line">{escape(record.seat.club)}</span>'
            return html
        if name == "table":
            if record.table:
                number = escape(record.table)
                return f'<a href="{escape(self.draw_url)}#table-{number}">{number}</a>'
            return f'<span class="badge">{escape(gettext("bye"))}</span>'
        value = record.seat.club if name == "club" else getattr(record, name)
        return "—" if value in (None, "") else escape(value)


class PoolTable(StandingsTable):
    """A pool's standings, as the standings page shows its rows.

    Who goes through is marked on the row, with the reason in words under the
    name ("best runner-up: games won 2, …") once the pools are played.
    """

    class Meta(StandingsTable.Meta):
        orderable = False  # one page of many pools: one sort order for all

    def __init__(self, data, *, through: dict[int, str], **kwargs):
        self.through = through
        super().__init__(data, **kwargs)

    def row_open(self, record) -> str:
        html = super().row_open(record)
        if record.entry_id in self.through:
            html = html.replace("<tr ", '<tr class="through" ', 1)
        return html

    def cell_html(self, name: str, record) -> str:
        html = super().cell_html(name, record)
        reason = self.through.get(record.entry_id)
        if name == "name" and reason:
            html += (
                f' <span class="through-mark" aria-hidden="true">✓</span>'
                f'<span class="through-reason">{escape(reason)}</span>'
            )
        return html
