"""Lay out the public lists: "where do I sit?" on the shared base table."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from clubs.tables import BaseTable


class NameTable(BaseTable):
    """A published round alphabetically: "where do I sit?"."""

    name = tables.TemplateColumn(
        template_name="public/_name_cell.html", verbose_name=_("name")
    )
    club = tables.Column(verbose_name=_("club"), attrs={"td": {"class": "muted"}})
    table = tables.TemplateColumn(
        template_name="public/_table_cell.html",
        verbose_name=_("table"),
        attrs={"th": {"class": "num"}, "td": {"class": "num table-no"}},
    )
    position = tables.Column(
        verbose_name=_("seat"),
        attrs={"th": {"class": "num"}, "td": {"class": "num"}},
    )

    class Meta(BaseTable.Meta):
        empty_text = _("Nobody by that name in this round.")
