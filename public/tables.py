"""Lay out the public lists: "where do I sit?" on the shared base table."""

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.tables import BaseTable


class NameTable(BaseTable):
    """A published round alphabetically: "where do I sit?".

    Its cells are built in Python, not by a template per cell: the whole round
    (576 rows in a full hall) is the page a phone opens first.
    """

    name = tables.Column(verbose_name=_("name"), empty_values=())
    club = tables.Column(verbose_name=_("club"), attrs={"td": {"class": "muted"}})
    table = tables.Column(
        verbose_name=_("table"),
        empty_values=(),
        attrs={"th": {"class": "num"}, "td": {"class": "num table-no"}},
    )
    position = tables.Column(
        verbose_name=_("seat"),
        attrs={"th": {"class": "num"}, "td": {"class": "num"}},
    )

    class Meta(BaseTable.Meta):
        empty_text = _("Nobody by that name in this round.")

    def __init__(self, *args, draw_url: str, **kwargs):
        """``draw_url``: the round's draw by table, where a table number links to."""
        super().__init__(*args, **kwargs)
        self.draw_url = draw_url

    def render_name(self, record):
        if record.detail:
            return format_html(
                '<strong>{}</strong><br><span class="muted small">{}</span>',
                record.name,
                record.detail,
            )
        return format_html("<strong>{}</strong>", record.name)

    def render_table(self, record):
        if record.table:
            link = '<a href="{}#table-{}">{}</a>'
            return format_html(link, self.draw_url, record.table, record.table)
        return format_html('<span class="badge">{}</span>', gettext("bye"))
