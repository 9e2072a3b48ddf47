"""Lay out the club, player and team lists on the site's one shared base table."""

import django_tables2 as tables
from django.core.paginator import Paginator
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Team

MAX_PER_PAGE = 500

# Columns a phone leaves out (``hide-phone`` in static/css/site.css): what they
# hold is under the name there (a ``club-line``), or on the row's own page.
WIDE = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}
NUM = {"td": {"class": "num"}}


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
        "clubs:club_edit", args=[tables.A("pk")], verbose_name=_("name")
    )
    short_name = tables.Column(verbose_name=_("short name"))
    city = tables.Column(verbose_name=_("city"), attrs=WIDE)
    player_count = tables.Column(verbose_name=_("players"), attrs=NUM)
    people = tables.LinkColumn(
        "clubs:club_people",
        args=[tables.A("pk")],
        accessor="pk",
        text=_("Members and managers"),
        verbose_name="",
        attrs=WIDE,
    )

    class Meta(BaseTable.Meta):
        model = Club
        fields = ["name", "short_name", "city", "player_count", "people"]

    def render_name(self, value, record):
        """The club's name; on a phone its members' link under it (no column)."""
        return format_html(
            '<a href="{}">{}</a><a class="club-line" href="{}">{}</a>',
            reverse("clubs:club_edit", args=[record.pk]),
            value,
            reverse("clubs:club_people", args=[record.pk]),
            _("Members and managers"),
        )


class PlayerTable(BaseTable):
    name = tables.LinkColumn(
        "clubs:player_edit",
        args=[tables.A("pk")],
        accessor="sort_name",
        verbose_name=_("name"),
    )
    club = tables.Column(verbose_name=_("club"))
    member_number = tables.Column(verbose_name=_("member number"), attrs=WIDE)

    class Meta(BaseTable.Meta):
        model = Player
        fields = ["name", "club", "member_number"]


class TeamTable(BaseTable):
    name = tables.LinkColumn(
        "clubs:team_edit", args=[tables.A("pk")], verbose_name=_("name")
    )
    club = tables.Column(verbose_name=_("club"))
    player_one = tables.Column(verbose_name=_("first player"), attrs=WIDE)
    player_two = tables.Column(verbose_name=_("second player"), attrs=WIDE)

    class Meta(BaseTable.Meta):
        model = Team
        fields = ["name", "club", "player_one", "player_two"]

    def render_name(self, value, record):
        """The team's name; on a phone its players under it (no columns)."""
        players = " & ".join(
            str(p) for p in (record.player_one, record.player_two) if p
        )
        return format_html(
            '<a href="{}">{}</a><span class="club-line">{}</span>',
            reverse("clubs:team_edit", args=[record.pk]),
            value,
            players,
        )


class LoginLockTable(BaseTable):
    """The login pauses in force (``clubs.logins.login_locks``), each with its
    Unlock button (a POST form: ``clubs/_unlock_button.html``)."""

    username = tables.Column(verbose_name=_("username"))
    address = tables.Column(verbose_name=_("address"))
    failures = tables.Column(verbose_name=_("failed logins"), attrs=NUM)
    last_failure = tables.DateTimeColumn(
        verbose_name=_("last failure"), format="SHORT_DATETIME_FORMAT"
    )
    until = tables.DateTimeColumn(
        verbose_name=_("paused until"), format="TIME_FORMAT", attrs=WIDE
    )
    unlock = tables.TemplateColumn(
        template_name="clubs/_unlock_button.html", accessor="attempt", verbose_name=""
    )
