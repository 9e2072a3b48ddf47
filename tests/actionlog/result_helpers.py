"""What the results desk's log tests share: a deal added to the sheet of a table,
the table's sheet and games, and the tournament's log entries in order."""

from actionlog.models import ActionEntry
from scoring import services
from scoring.models import ScoreSheet
from tournaments.models import Game, Tournament

HEARTS_42 = {"trump": "hearts", "points_a": 42, "points_b": 18}


def sheet_of(table) -> ScoreSheet:
    return ScoreSheet.objects.get(table=table)


def game(table, number=1) -> Game:
    return Game.objects.get(table=table, number=number)


def add(table, deal, by, *, number=None, game_number=1, **kw) -> ScoreSheet:
    sheet = sheet_of(table)
    return services.deal_record(
        sheet=sheet,
        game=game(table, game_number),
        deal=deal,
        by=by,
        version=sheet.version,
        number=number,
        **kw,
    )


def entries(tournament_id):
    return list(ActionEntry.objects.filter(tournament_id=tournament_id).order_by("id"))


def only_entry(table) -> ActionEntry:
    [entry] = entries(table.round.tournament_id)
    return entry


def set_totals_mode(table):
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )


def confirmed_with_totals(table, director) -> ScoreSheet:
    """The table's three games ended by their totals, the sheet confirmed."""
    set_totals_mode(table)
    for number in (1, 2, 3):
        sheet = sheet_of(table)
        services.game_totals_record(
            sheet=sheet,
            game=game(table, number),
            totals=(101, 40 + number),
            by=director,
            version=sheet.version,
        )
    sheet = sheet_of(table)
    return services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
