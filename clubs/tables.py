"""Lay out the club, player and team lists on the site's one shared base table."""

import django_tables2 as tables
from django.core.paginator import Paginator
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Team

MAX_PER_PAGE = 500


class BaseTable(tables.Table):
    """The site's table: one look, responsive wrapper, no pagination by default.

    It lives in the lowest app so that every app's ``tables.py`` can build on it.
    """

    class Meta:
        attrs = {"class": "data-table"}
        template_name = "django_tables2/table.html"
        orderable = False

    def paginate(self, paginator_class=Paginator, per_page=None, page=1, *args, **kw):
        """Paginate, keeping a ``?per_page=`` from the address within 1..500.

        django-tables2 passes the address's number as it is: a negative one made
        the paginator count fewer than one page, an error instead of a page.
        """
        if per_page is not None:
            per_page = min(max(int(per_page), 1), MAX_PER_PAGE)
        return super().paginate(paginator_class, per_page, page, *args, **kw)


class ClubTable(BaseTable):
    name = tables.LinkColumn(
        "director:club_edit", args=[tables.A("pk")], verbose_name=_("name")
    )
    short_name = tables.Column(verbose_name=_("short name"))
    city = tables.Column(verbose_name=_("city"))
    player_count = tables.Column(
        verbose_name=_("players"), attrs={"td": {"class": "num"}}
    )
    people = tables.LinkColumn(
        "director:club_people",
        args=[tables.A("pk")],
        accessor="pk",
        text=_("Members and managers"),
        verbose_name="",
    )

    class Meta(BaseTable.Meta):
        model = Club
        fields = ["name", "short_name", "city", "player_count", "people"]


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
