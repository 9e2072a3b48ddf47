"""Lay out the club, player and team lists on the site's one shared base table."""

import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Team


class BaseTable(tables.Table):
    """The site's table: one look, responsive wrapper, no pagination by default.

    It lives in the lowest app so that every app's ``tables.py`` can build on it.
    """

    class Meta:
        attrs = {"class": "data-table"}
        template_name = "django_tables2/table.html"
        orderable = False


class ClubTable(BaseTable):
    name = tables.LinkColumn(
        "director:club_edit", args=[tables.A("pk")], verbose_name=_("name")
    )
    short_name = tables.Column(verbose_name=_("short name"))
    city = tables.Column(verbose_name=_("city"))
    player_count = tables.Column(
        verbose_name=_("players"), attrs={"td": {"class": "num"}}
    )

    class Meta(BaseTable.Meta):
        model = Club
        fields = ["name", "short_name", "city", "player_count"]


class PlayerTable(BaseTable):
    name = tables.LinkColumn(
        "director:player_edit",
        args=[tables.A("pk")],
        accessor="sort_name",
        verbose_name=_("name"),
    )
    club = tables.Column(verbose_name=_("club"))
    member_number = tables.Column(verbose_name=_("member number"))

    class Meta(BaseTable.Meta):
        model = Player
        fields = ["name", "club", "member_number"]


class TeamTable(BaseTable):
    name = tables.LinkColumn(
        "director:team_edit", args=[tables.A("pk")], verbose_name=_("name")
    )
    club = tables.Column(verbose_name=_("club"))
    player_one = tables.Column(verbose_name=_("first player"))
    player_two = tables.Column(verbose_name=_("second player"))

    class Meta(BaseTable.Meta):
        model = Team
        fields = ["name", "club", "player_one", "player_two"]
