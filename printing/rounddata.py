"""Read a round for printing: the one read model, and the line that names a round."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from manille.draws import INDIVIDUAL_GAMES
from standings.rounds import RoundGame, RoundRead, RoundTable, round_read
from tournaments.models import Round


def printed_round(round: Round, *, with_games: bool = True) -> RoundRead:
    """Read a round to print it, every score as typed (directors' documents).

    A table the draw stored no games for (an old database) gets the games its
    seats play, so every sheet has a grid to fill in.
    """
    data = round_read(round=round, with_games=with_games)
    if not with_games or all(t.games for t in data.tables):
        return data
    rnd = data.round
    per_table = rnd.phase.games_per_table if rnd.tournament.is_individual else 1
    tables = tuple(
        t if t.games else replace(t, games=_default_games(t, per_table))
        for t in data.tables
    )
    return replace(data, tables=tables)


def _default_games(table: RoundTable, games: int) -> tuple[RoundGame, ...]:
    """Return the games a table plays when the draw stored none."""
    if len(table.seats) >= 4:
        sides = [INDIVIDUAL_GAMES[n % 3] for n in range(max(1, games))]
    else:
        sides = [((1,), (2,))] * max(1, games)
    return tuple(
        RoundGame(
            number=n,
            side_a=a,
            side_b=b,
            side_a_names=table.side_names(a),
            side_b_names=table.side_names(b),
            score_a=0,
            score_b=0,
            winner=None,
            finished=False,
        )
        for n, (a, b) in enumerate(sides, start=1)
    )


def round_label(rnd: Round) -> str:
    """Return "phase · round 3", the line that names a round on every document.

    A draft round's line starts with "DRAFT": its tables may still change.
    """
    label = _("%(phase)s · round %(number)s") % {
        "phase": rnd.phase.name,
        "number": rnd.number,
    }
    mark = draft_mark(rnd)
    return f"{mark} · {label}" if mark else label


def draft_mark(rnd: Round) -> str:
    """Return "DRAFT" for a draft round (printed across its pages), else ""."""
    return _("DRAFT") if rnd.status == Round.Status.DRAFT else ""
