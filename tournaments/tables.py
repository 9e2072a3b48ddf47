"""Lay out the tournament lists with django-tables2 on one shared base table."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from clubs.tables import BaseTable
from tournaments.models import Entry, Tournament


class TournamentTable(BaseTable):
    name = tables.LinkColumn(
        "director:tournament", args=[tables.A("slug")], verbose_name=_("name")
    )
    # The language's long date ("4 oktober 2026"): its short form is m/d/Y in English.
    date = tables.DateColumn(format="DATE_FORMAT", verbose_name=_("date"))
    venue = tables.Column(verbose_name=_("venue"))
    format = tables.Column(verbose_name=_("format"))

    class Meta(BaseTable.Meta):
        model = Tournament
        fields = ["name", "date", "venue", "format"]


class EntryTable(BaseTable):
    """The registration list and check-in screen: one row per entrant."""

    name = tables.TemplateColumn(
        template_name="tournaments/director/_entry_name.html",
        verbose_name=_("name"),
        accessor="pk",
    )
    club = tables.Column(verbose_name=_("club"), accessor="pk", empty_values=())
    member_number = tables.Column(
        verbose_name=_("member number"),
        accessor="player__member_number",
        attrs={"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}},
    )
    status = tables.TemplateColumn(
        template_name="tournaments/director/_checkin_cell.html",
        verbose_name=_("check-in"),
        accessor="pk",
        attrs={"td": {"class": "checkin-cell"}},
    )

    class Meta(BaseTable.Meta):
        model = Entry
        fields = ["name", "club", "member_number", "status"]
        row_attrs = {"class": lambda record: f"entry-{record.status}"}

    def render_club(self, record):
        club = record.player.club if record.player_id else record.team.club
        return club.name if club else "—"
