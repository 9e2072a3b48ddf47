"""Lay out standings and results as sortable, exportable django-tables2 tables."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from tournaments.standings import TIEBREAKS

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
NUM_WIDE = {"th": {"class": "num hide-phone"}, "td": {"class": "num hide-phone"}}
WIDE = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}

# Extra columns for tiebreaks beyond the three always shown.
EXTRA_TIEBREAK_LABELS = {
    "opponents_strength": _("opponents' strength"),
    "deals_won": _("deals won"),
    "fewest_revokes": _("revokes"),
    "head_to_head": _("head-to-head"),
}


class LiveTable(tables.Table):
    """The shared base: light markup, sortable, nothing paginated."""

    class Meta:
        template_name = "tournaments/live/table.html"
        attrs = {"class": "live-table"}
        orderable = True


class StandingsTable(LiveTable):
    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    name = tables.Column(verbose_name=_("name"))
    club = tables.Column(verbose_name=_("club"), attrs=WIDE)
    games_played = tables.Column(verbose_name=_("played"), attrs=NUM_WIDE)
    games_won = tables.Column(verbose_name=_("won"), attrs=NUM)
    points = tables.Column(verbose_name=_("points"), attrs=NUM)
    point_difference = tables.Column(verbose_name=_("difference"), attrs=NUM_WIDE)

    class Meta(LiveTable.Meta):
        row_attrs = {
            "id": lambda record: f"e{record.entry_id}",
            "data-name": lambda record: record.name.casefold(),
        }

    def __init__(self, data, *, entrant_url: str, club_url: str, **kwargs):
        self.entrant_url = entrant_url
        self.club_url = club_url
        super().__init__(data, **kwargs)

    def render_rank(self, record):
        return f"{record.rank}=" if record.shared else record.rank

    def value_rank(self, record):
        return record.rank

    def render_name(self, record):
        return format_html(
            '<a href="{}">{}</a>', self.entrant_url.format(record.entry_id), record.name
        )

    def value_name(self, record):
        return record.name

    def render_club(self, record):
        if record.club_id is None:
            return "—"
        return format_html(
            '<a href="{}">{}</a>', self.club_url.format(record.club_id), record.club
        )

    def value_club(self, record):
        return record.club


def tiebreak_column(code: str) -> tables.Column:
    """A column for a tiebreak the tournament uses beyond the standard three."""
    return tables.Column(
        verbose_name=EXTRA_TIEBREAK_LABELS.get(code, TIEBREAKS.get(code, code)),
        accessor=f"tiebreaks__{code}",
        attrs=NUM_WIDE,
        default="—",
    )


class ClubStandingsTable(LiveTable):
    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    name = tables.Column(verbose_name=_("club"))
    members = tables.Column(verbose_name=_("players"), attrs=NUM_WIDE)
    games_played = tables.Column(verbose_name=_("played"), attrs=NUM)
    games_won = tables.Column(verbose_name=_("won"), attrs=NUM)
    win_percentage = tables.Column(verbose_name=_("won %"), attrs=NUM)
    points = tables.Column(verbose_name=_("points"), attrs=NUM_WIDE)

    class Meta(LiveTable.Meta):
        row_attrs = {
            "id": lambda record: f"c{record.club_id}",
            "data-name": lambda record: record.name.casefold(),
        }

    def __init__(self, data, *, club_url: str, **kwargs):
        self.club_url = club_url
        super().__init__(data, **kwargs)

    def render_rank(self, record):
        return f"{record.rank}=" if record.shared else record.rank

    def value_rank(self, record):
        return record.rank

    def render_name(self, record):
        return format_html(
            '<a href="{}">{}</a>', self.club_url.format(record.club_id), record.name
        )

    def value_name(self, record):
        return record.name

    def render_win_percentage(self, value):
        return f"{value:.2f}"


class ResultsTable(LiveTable):
    """One row per game of a round: who played whom and the confirmed score."""

    table = tables.Column(verbose_name=_("table"), attrs=NUM)
    game = tables.Column(verbose_name=_("game"), attrs=NUM_WIDE)
    side_a = tables.Column(verbose_name=_("side A"), orderable=False)
    score_a = tables.Column(verbose_name=_("A"), attrs=NUM, default="")
    score_b = tables.Column(verbose_name=_("B"), attrs=NUM, default="")
    side_b = tables.Column(verbose_name=_("side B"), orderable=False)
    status = tables.Column(verbose_name=_("result"), orderable=False)

    class Meta(LiveTable.Meta):
        row_attrs = {"data-table": lambda record: record["table"]}

    def render_side_a(self, record, value):
        return _mark_winner(value, record["winner"] == 0)

    def render_side_b(self, record, value):
        return _mark_winner(value, record["winner"] == 1)


def _mark_winner(names: str, won: bool):
    if won:
        return format_html('<strong class="winner">{}</strong>', names)
    return names


def results_rows(round_view) -> list[dict]:
    """Flatten a RoundView into one dict per game for ResultsTable."""
    rows = []
    for table in round_view.tables:
        for g in table.games:
            if table.confirmed:
                status = (
                    _("A won")
                    if g.winner == 0
                    else _("B won")
                    if g.winner == 1
                    else _("drawn")
                )
            else:
                status = _("awaiting result")
            rows.append(
                {
                    "table": table.number,
                    "game": g.number,
                    "side_a": " & ".join(table.side_names(g.side_a)),
                    "side_b": " & ".join(table.side_names(g.side_b)),
                    "score_a": g.score_a,
                    "score_b": g.score_b,
                    "winner": g.winner,
                    "status": status,
                }
            )
    return rows


RESULT_WORDS = {"won": _("won"), "lost": _("lost"), "drawn": _("drawn")}


class EntrantGamesTable(LiveTable):
    """Every game of one entrant: round, table, partner, opponents, score."""

    round = tables.Column(verbose_name=_("round"), attrs=NUM)
    table = tables.Column(verbose_name=_("table"), attrs=NUM_WIDE)
    game = tables.Column(verbose_name=_("game"), attrs=NUM_WIDE)
    partners = tables.Column(verbose_name=_("partner"))
    opponents = tables.Column(verbose_name=_("opponents"))
    score = tables.Column(verbose_name=_("score"), attrs=NUM)
    result = tables.Column(verbose_name=_("result"))

    class Meta(LiveTable.Meta):
        row_attrs = {"class": lambda record: f"game-{record['result']}"}

    def __init__(self, data, *, individual: bool = True, **kwargs):
        if not individual:
            kwargs.setdefault("exclude", ("partners",))
        super().__init__(data, **kwargs)

    def render_score(self, record):
        return f"{record['score']}–{record['opponent_score']}"

    def value_score(self, record):
        return f"{record['score']}-{record['opponent_score']}"

    def render_result(self, value):
        return RESULT_WORDS.get(value, value)
