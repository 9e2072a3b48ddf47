"""Lay out a series' standings and its events as django-tables2 tables."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.tables import BaseTable
from core.folding import fold
from standings.tables import FastBodyTable

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
NUM_WIDE = {"th": {"class": "num hide-phone"}, "td": {"class": "num hide-phone"}}
WIDE = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}


def _player_url_pattern() -> str:
    """The address of a player's record with ``{}`` for the id."""
    return reverse("series:player", args=[999999999]).replace("999999999", "{}")


def _player_id(key: str) -> int | None:
    kind, _sep, number = str(key).partition(":")
    return int(number) if kind == "player" and number.isdigit() else None


# The column of the standings that ranks, for each way a series ranks.
RANKED_BY = {
    "games_won": "games_won",
    "points": "points",
    "point_difference": "point_difference",
    "ranking_points": "series_points",
}


class SeriesStandingsTable(FastBodyTable):
    """The series' ranked players, each with the events that count and those dropped.

    The explanation is written under the name on the page and is a column of its
    own in the exports (``explanation``, hidden on the page).
    """

    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    name = tables.Column(verbose_name=_("name"))
    club = tables.Column(verbose_name=_("club"), attrs=WIDE)
    events_played = tables.Column(verbose_name=_("events"), attrs=NUM)
    events_counted = tables.Column(verbose_name=_("counted"), attrs=NUM_WIDE)
    games_played = tables.Column(verbose_name=_("played"), attrs=NUM_WIDE)
    games_won = tables.Column(verbose_name=_("won"), attrs=NUM)
    points = tables.Column(verbose_name=_("points"), attrs=NUM)
    point_difference = tables.Column(verbose_name=_("difference"), attrs=NUM_WIDE)
    series_points = tables.Column(verbose_name=_("ranking points"), attrs=NUM)
    explanation = tables.Column(
        verbose_name=_("counted events"), visible=False, empty_values=()
    )

    class Meta(FastBodyTable.Meta):
        orderable = False
        empty_text = _("No confirmed results yet.")

    def __init__(self, data, *, series, explain, **kwargs):
        """``explain``: a row's explanation (``SeriesStandings.explanation``)."""
        self.series = series
        self.explain = explain
        self.player_url = _player_url_pattern()
        ranks_on_points = series.ranking == "ranking_points"
        exclude = () if ranks_on_points else ("series_points",)
        super().__init__(data, exclude=exclude, **kwargs)
        self._fit_a_phone(RANKED_BY.get(series.ranking, "series_points"))

    def _fit_a_phone(self, ranks_by: str) -> None:
        """On a phone keep the rank, the name, the column that ranks and one more.

        The others are ``hide-phone`` (static/css/site.css): at 390 px the table
        then fits without scrolling sideways, and the column that ranks (a point
        difference too) is never the one left out. Its long label ("ranking
        points") has a short one there (``data-short``).
        """
        second = "points" if ranks_by == "games_won" else "games_won"
        for bound in self.columns:
            if bound.name in ("rank", "name", "explanation"):
                continue
            css = "" if bound.name == "club" else "num"
            if bound.name == ranks_by:
                css += " ranks"
            elif bound.name != second:
                css += " hide-phone"
            th = {"class": css.strip()}
            if bound.name == ranks_by == "series_points":
                th["data-short"] = pgettext_lazy("ranking points, short", "pts")
            bound.column.attrs = {"th": th, "td": {"class": css.strip()}}

    def row_open(self, record) -> str:
        # The page's filter (static/js/live.js) folds what is typed the same way.
        return f'<tr data-name="{escape(fold(record.name))}">'

    def cell_html(self, name: str, record) -> str:
        if name == "rank":
            if record.rank is None:
                return "–"
            return f"{record.rank}=" if record.shared else str(record.rank)
        if name == "name":
            player = _player_id(record.key)
            html = escape(record.name)
            if player is not None:
                html = f'<a href="{self.player_url.format(player)}">{html}</a>'
            html = f"<strong>{html}</strong>"
            why = self.explain(record)
            if why:
                html += f'<br><span class="muted small explain">{escape(why)}</span>'
            if record.club:  # on a phone, under the name (no club column)
                html += f'<span class="club-line">{escape(record.club)}</span>'
            return html
        if name == "club":
            return escape(record.club) if record.club else "—"
        return escape(getattr(record, name))

    def value_rank(self, record):
        return record.rank if record.rank is not None else ""

    def value_name(self, record):
        return record.name

    def value_club(self, record):
        return record.club

    def value_explanation(self, record):
        return self.explain(record)


class SeriesListTable(BaseTable):
    """The director's list of series: name, club, kind, number of events."""

    name = tables.LinkColumn(
        "series:manage", args=[tables.A("slug")], verbose_name=_("name")
    )
    club = tables.Column(verbose_name=_("club"), default="—")
    kind = tables.Column(verbose_name=_("kind"))
    event_count = tables.Column(verbose_name=_("events"), attrs=NUM)
    is_public = tables.BooleanColumn(verbose_name=_("public"))

    class Meta(BaseTable.Meta):
        empty_text = _("No series yet.")
