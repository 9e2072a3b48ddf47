"""Lay out the tournament lists with django-tables2 on one shared base table."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from clubs.tables import BaseTable
from tournaments.models import Tournament


class TournamentTable(BaseTable):
    name = tables.LinkColumn(
        "tournaments:tournament", args=[tables.A("slug")], verbose_name=_("name")
    )
    # The language's long date ("4 oktober 2026"): its short form is m/d/Y in English.
    date = tables.DateColumn(format="DATE_FORMAT", verbose_name=_("date"))
    venue = tables.Column(verbose_name=_("venue"))
    format = tables.Column(verbose_name=_("format"))

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ["name", "date", "venue", "format"]
