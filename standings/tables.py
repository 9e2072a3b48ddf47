"""Lay out standings and results as sortable, exportable django-tables2 tables."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.folding import fold
from manille.tiebreaks import TIEBREAKS
from standings.labels import bye_summary, tiebreak_short_label
from standings.rounds import RoundRead

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}


def _cells(css: str, label=None) -> dict:
    """A column's header and cell classes; ``label`` names a cell on a phone."""
    td = {"class": css} if label is None else {"class": css, "data-label": label}
    return {"th": {"class": css}, "td": td}


NUM_WIDE = {"th": {"class": "num hide-phone"}, "td": {"class": "num hide-phone"}}
WIDE = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}


class LiveTable(tables.Table):
    """The shared base: light markup, sortable, nothing paginated."""

    class Meta:
        template_name = "standings/table.html"
        attrs = {"class": "live-table"}
        orderable = True


class FastBodyTable(LiveTable):
    """A table whose body is written in Python, not cell by cell in a template.

    django-tables2 still owns the columns, the sorting and the exports; only the
    ``<tbody>`` rows of long lists (576 players and more) are built here, a few
    milliseconds instead of half a second.
    """

    class Meta(LiveTable.Meta):
        template_name = "standings/table_fast.html"

    def cell_html(self, name: str, record) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def row_open(self, record) -> str:
        return "<tr>"

    def body_html(self) -> str:
        columns = [(c.name, c.attrs["td"].as_html()) for c in self.columns]
        cell = self.cell_html
        out = []
        for record in self.data:
            out.append(self.row_open(record))
            for name, attrs in columns:
                out.append(f"<td {attrs}>{cell(name, record)}</td>")
            out.append("</tr>")
        return mark_safe("".join(out))  # noqa: S308 - every value is escaped


class StandingsTable(FastBodyTable):
    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    name = tables.Column(verbose_name=_("name"))
    club = tables.Column(verbose_name=_("club"), attrs=WIDE)
    games_played = tables.Column(verbose_name=_("played"), attrs=NUM_WIDE)
    games_won = tables.Column(verbose_name=_("won"), attrs=NUM)
    points = tables.Column(verbose_name=_("points"), attrs=NUM)
    point_difference = tables.Column(verbose_name=_("difference"), attrs=NUM_WIDE)

    class Meta(FastBodyTable.Meta):
        pass

    def __init__(
        self,
        data,
        *,
        entrant_url: str,
        club_url: str,
        search_names: dict[int, str] | None = None,
        **kwargs,
    ):
        """``search_names``: entry id → more words the filter finds it by (a team's
        players), besides its name."""
        self.entrant_url = entrant_url
        self.club_url = club_url
        self.search_names = search_names or {}
        super().__init__(data, **kwargs)

    def row_open(self, record) -> str:
        # The filter (static/js/live.js) folds what is typed the same way.
        words = f"{record.name} {self.search_names.get(record.entry_id, '')}"
        return f'<tr id="e{record.entry_id}" data-name="{escape(fold(words.strip()))}">'

    def cell_html(self, name: str, record) -> str:
        if name == "rank":
            return f"{record.rank}=" if record.shared else str(record.rank)
        if name == "name":
            url = self.entrant_url.format(record.entry_id)
            return f'<a href="{url}">{escape(record.name)}</a>{_bye_mark(record)}'
        if name == "club":
            if record.club_id is None:
                return "—"
            url = self.club_url.format(record.club_id)
            return f'<a href="{url}">{escape(record.club)}</a>'
        if name in TIEBREAKS and name not in self.base_columns:
            value = record.tiebreaks.get(name)
            return "—" if value is None else escape(value)
        return escape(getattr(record, name))

    def value_rank(self, record):
        return record.rank

    def value_name(self, record):
        return record.name

    def value_club(self, record):
        return record.club

    @property
    def has_byes(self) -> bool:
        """Whether a listed entrant had a bye (the page then explains the mark)."""
        return any(getattr(r, "bye_rounds", ()) for r in self.data)


def _bye_mark(record) -> str:
    """A small "bye" mark after the name of an entrant who had a bye."""
    if not getattr(record, "bye_rounds", ()):
        return ""
    return format_html(
        ' <span class="badge bye" title="{}">{}</span>',
        bye_summary(record),
        gettext("bye"),
    )


def tiebreak_columns(codes) -> list[tuple[str, tables.Column]]:
    """Columns for the tiebreaks a tournament uses beyond those always shown."""
    shown = StandingsTable.base_columns
    return [(code, tiebreak_column(code)) for code in codes if code not in shown]


def tiebreak_column(code: str) -> tables.Column:
    """A column for one tiebreak, headed by its short label."""
    return tables.Column(
        verbose_name=tiebreak_short_label(code),
        accessor=f"tiebreaks__{code}",
        attrs=NUM_WIDE,
        default="—",
    )


class ClubStandingsTable(LiveTable):
    rank = tables.Column(verbose_name=_("#"), attrs=NUM)
    name = tables.Column(verbose_name=_("club"))
    members = tables.Column(verbose_name=_("players"), attrs=NUM_WIDE)
    games_played = tables.Column(verbose_name=_("played"), attrs=NUM_WIDE)
    games_won = tables.Column(verbose_name=_("won"), attrs=NUM)
    win_percentage = tables.Column(verbose_name=_("won %"), attrs=NUM)
    points = tables.Column(verbose_name=_("points"), attrs=NUM_WIDE)

    class Meta(LiveTable.Meta):
        row_attrs = {
            "id": lambda record: f"c{record.club_id}",
            "data-name": lambda record: fold(record.name),
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


class ResultsTable(FastBodyTable):
    """One row per game of a round: who played whom and the confirmed score."""

    table = tables.Column(verbose_name=_("table"), attrs=_cells("num col-table"))
    game = tables.Column(verbose_name=_("game"), attrs=NUM_WIDE)
    side_a = tables.Column(
        verbose_name=_("side A"), orderable=False, attrs=_cells("side-a")
    )
    score_a = tables.Column(verbose_name=_("A"), attrs=NUM, default="")
    score_b = tables.Column(verbose_name=_("B"), attrs=NUM, default="")
    side_b = tables.Column(
        verbose_name=_("side B"), orderable=False, attrs=_cells("side-b")
    )
    status = tables.Column(verbose_name=_("result"), orderable=False, attrs=WIDE)

    class Meta(FastBodyTable.Meta):
        # On a phone each game is a small card: side A over side B, the scores on
        # the right (site.css), so that nothing is cut off at 390 px.
        attrs = {"class": "live-table results-table"}

    def row_open(self, record) -> str:
        words = fold(f"{record['side_a']} {record['side_b']}")
        return f'<tr data-table="{record["table"]}" data-name="{escape(words)}">'

    def cell_html(self, name: str, record) -> str:
        value = record[name]
        if name in ("side_a", "side_b"):
            side = 0 if name == "side_a" else 1
            html = _mark_winner(value, record["winner"] == side)
            if record.get("forfeit") == side:
                html += _forfeit_badge(record.get("absent", False))
            return html
        return "" if value is None else escape(value)


def _mark_winner(names: str, won: bool) -> str:
    if won:
        return format_html('<strong class="winner">{}</strong>', names)
    return escape(names)


def _forfeit_badge(absent: bool) -> str:
    """The mark after the names of a side that lost by forfeit."""
    word = gettext("absent: lost by forfeit") if absent else gettext("forfeit")
    return format_html(' <span class="badge forfeit">{}</span>', word)


def results_rows(round_view: RoundRead) -> list[dict]:
    """Flatten a public round read into one dict per game for ResultsTable."""
    rows = []
    for table in round_view.tables:
        for g in table.games:
            if not table.confirmed:
                status = _("awaiting result")
            elif g.forfeit is not None:
                status = FORFEIT_WORDS[(g.forfeit, g.absent)]
            else:
                status = (
                    _("A won")
                    if g.winner == 0
                    else _("B won")
                    if g.winner == 1
                    else _("drawn")
                )
            rows.append(
                {
                    "table": table.number,
                    "game": g.number,
                    "side_a": " & ".join(g.side_a_names),
                    "side_b": " & ".join(g.side_b_names),
                    "score_a": g.score_a,
                    "score_b": g.score_b,
                    "winner": g.winner,
                    "status": status,
                    "forfeit": g.forfeit,
                    "absent": g.absent,
                }
            )
    return rows


# (the side that forfeited, whether it was absent) → the result column's words.
FORFEIT_WORDS = {
    (0, False): _("B won by forfeit"),
    (1, False): _("A won by forfeit"),
    (0, True): _("B won by forfeit: A absent"),
    (1, True): _("A won by forfeit: B absent"),
}
RESULT_WORDS = {"won": _("won"), "lost": _("lost"), "drawn": _("drawn")}
# (result, a no-show?) of a game decided by a forfeit, as its player sees it.
FORFEIT_RESULT_WORDS = {
    ("won", False): _("won by forfeit"),
    ("won", True): _("won by forfeit"),
    ("lost", False): _("lost by forfeit"),
    ("lost", True): _("lost by forfeit (absent)"),
}


class EntrantGamesTable(LiveTable):
    """Every game of one entrant: round, table, partner, opponents, score."""

    round = tables.Column(
        verbose_name=_("round"), attrs=_cells("num col-round", _("round"))
    )
    table = tables.Column(verbose_name=_("table"), attrs=NUM_WIDE)
    game = tables.Column(verbose_name=_("game"), attrs=NUM_WIDE)
    partners = tables.Column(
        verbose_name=_("partner"), attrs=_cells("col-partners", _("with"))
    )
    opponents = tables.Column(
        verbose_name=_("opponents"), attrs=_cells("col-opponents", _("against"))
    )
    score = tables.Column(verbose_name=_("score"), attrs=_cells("num col-score"))
    result = tables.Column(verbose_name=_("result"), attrs=_cells("col-result"))

    class Meta(LiveTable.Meta):
        # On a phone each game is a small card (site.css): nothing cut off at 390 px.
        attrs = {"class": "live-table games-table"}
        row_attrs = {"class": lambda record: f"game-{record['result']}"}

    def __init__(self, data, *, individual: bool = True, **kwargs):
        if not individual:
            kwargs.setdefault("exclude", ("partners",))
        super().__init__(data, **kwargs)

    def render_score(self, record):
        return f"{record['score']}–{record['opponent_score']}"

    def value_score(self, record):
        return f"{record['score']}-{record['opponent_score']}"

    def render_result(self, value, record):
        """Say "won", or "won by forfeit" / "lost by forfeit (absent)" after one.

        ``record["forfeit"]``: None, or whether the forfeit was a no-show.
        """
        absent = record.get("forfeit")
        if absent is not None and (value, absent) in FORFEIT_RESULT_WORDS:
            return FORFEIT_RESULT_WORDS[(value, absent)]
        return RESULT_WORDS.get(value, value)
