"""An event entered at the tables moves with its history, its organiser and its
substitutes, and without a code (table codes and personal codes stay in the hall)."""

import json

import pytest
from django.contrib.auth import get_user_model

from clubs.models import Club, Player
from phones.models import Acceptance, TableCode, TableSubmission
from phones.services import table_codes_ensure, table_open
from scoring.models import ScoreSheet
from scoring.selectors import sheet_history
from tests.transfer.events import (
    add_table_entry,
    public_answers,
    simulate,
)
from tests.transfer.files import _file, _import, _without_people
from tournaments.models import Entry, Round, Tournament
from transfer import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_the_tables(pinned_table_codes):
    """An event whose tables enter their own results, organised by a club none of
    its entrants belongs to, where a member's fixed substitute plays in the
    member's place and another entrant's substitute plays no part.

    Table 1 of the open round entered two games by phone: the opponents accepted
    the first and rejected the second (``add_table_entry``).
    """
    slug = simulate(
        players=8,
        rounds=2,
        seed=25,
        language="en",
        leave_open=True,
        slug="at-the-tables",
    )
    organiser = Club.objects.create(name="Organising Club", city="Harelbeke")
    organiser.managers.add(get_user_model().objects.get(username="director2"))
    entries = list(
        Entry.objects.filter(tournament__slug=slug).select_related("player__club")
    )
    club = entries[0].player.club
    member = Player.objects.create(
        first_name="Absent", last_name="Member", club=club, member_number="X1-100"
    )
    # Created after the member: the member's link points forward in the file.
    substitute = Player.objects.create(
        first_name="Fixed", last_name="Substitute", club=club
    )
    Player.objects.filter(pk=member.pk).update(substitute=substitute)
    Entry.objects.filter(pk=entries[0].pk).update(player=substitute, plays_for=member)
    outsider = Player.objects.create(first_name="Plays", last_name="Elsewhere")
    Player.objects.filter(pk=entries[1].player_id).update(substitute=outsider)

    Tournament.objects.filter(slug=slug).update(
        club=organiser,
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS,
        acceptance=Tournament.Acceptance.GAME,
    )
    add_table_entry(slug, table=1)
    return slug


def _submissions(tournament) -> list[tuple]:
    return list(
        TableSubmission.objects.filter(sheet__table__round__tournament=tournament)
        .order_by("at", "pk")
        .values_list(
            "sheet__table__round__number",
            "sheet__table__number",
            "key",
            "seat",
            "action",
            "game",
            "before",
            "after",
            "reason",
            "version",
            "at",
        )
    )


def _acceptances(tournament) -> list[tuple]:
    return list(
        Acceptance.objects.filter(sheet__table__round__tournament=tournament)
        .order_by("at", "pk")
        .values_list("sheet__table__number", "game__number", "seat", "accepted", "at")
    )


def _row(data: dict, section: str, **match) -> dict:
    (row,) = [r for r in data[section] if match.items() <= r.items()]
    return row


def test_the_file_holds_the_tables_history_the_organiser_and_the_substitute_but_no_code(
    at_the_tables,
):
    tournament = Tournament.objects.get(slug=at_the_tables)
    codes = TableCode.objects.filter(table__round__tournament=tournament)
    assert codes.exists()
    # A player typed the code into the reason of the rejection.
    code = codes.get(table__number=1, table__round__status="published").code
    rejection = "We counted 40 in the second deal"
    typed = f"{rejection} (table {code.lower()})"
    TableSubmission.objects.filter(reason=rejection).update(reason=typed)
    Acceptance.objects.filter(reason=rejection).update(reason=typed)

    data = services.export_event(tournament)
    text = services.event_to_json(data)

    for code in codes.values_list("code", flat=True):
        assert code not in text.upper()
    hidden = f"{rejection} (table {services.WITHHELD_CODE})"
    assert [a["reason"] for a in data["acceptances"] if a["reason"]] == [hidden]
    assert not any("code" in row for row in data["table_submissions"])
    assert [row["key"] for row in data["table_submissions"]] == list(
        range(1, len(data["table_submissions"]) + 1)
    )
    assert data["table_submissions"][0]["idempotency_key"].startswith("transfer-")
    assert len(data["table_submissions"]) == len(_submissions(tournament))
    assert [r["action"] for r in data["table_submissions"]][-1] == "reject"
    assert data["table_submissions"][-1]["reason"] == hidden
    assert {(a["seat"], a["accepted"]) for a in data["acceptances"]} == {
        (3, True),
        (2, False),
    }
    assert "disputed" in {sheet["table_state"] for sheet in data["sheets"]}

    assert data["tournament"]["result_entry"] == "tables_opponents"
    assert data["tournament"]["acceptance"] == "game"
    organiser = _row(data, "clubs", name="Organising Club")
    assert data["tournament"]["club"] == organiser["key"]
    assert "managers" not in organiser

    member = _row(data, "players", first_name="Absent", last_name="Member")
    substitute = _row(data, "players", first_name="Fixed", last_name="Substitute")
    assert member["substitute"] == substitute["key"] > member["key"]
    assert _row(data, "entries", player=substitute["key"])["plays_for"] == member["key"]
    # The other entrant's substitute plays no part: not in the file, no link.
    assert not [p for p in data["players"] if p["last_name"] == "Elsewhere"]
    assert sum(p["substitute"] is not None for p in data["players"]) == 1


def test_the_personal_codes_stay_in_the_hall_and_an_import_hands_out_new_ones(
    at_the_tables,
):
    """A personal code proves an opponent's acceptance (issue 23 §6): no file
    holds one, and the imported event's entrants each get a new one, unique in it."""
    original = Tournament.objects.get(slug=at_the_tables)
    entries = Entry.objects.filter(tournament=original)
    codes = set(entries.values_list("personal_code", flat=True))
    assert "" not in codes and len(codes) == original.entries.count()
    data = services.export_event(original)
    text = services.event_to_json(data)
    assert not any("personal_code" in row for row in data["entries"])
    for code in codes:
        assert f'"{code}"' not in text

    moved = services.import_event(json.loads(text), slug="moved-codes")
    given = list(
        Entry.objects.filter(tournament=moved).values_list("personal_code", flat=True)
    )
    assert len(given) == len(codes) and "" not in given
    assert len(set(given)) == len(given)


def test_an_event_entered_at_the_tables_moves_with_its_history_and_new_codes(
    at_the_tables,
):
    """Imported under another slug: the same submissions, acceptances and states,
    the organiser and the substitute; no code: a new one is made when asked for,
    and the old one still opens only the original table."""
    original = Tournament.objects.get(slug=at_the_tables)
    people = (Club.objects.count(), Player.objects.count())
    elsewhere = Player.objects.get(substitute__last_name="Elsewhere")
    first = services.export_event(original)

    moved = services.import_event(
        json.loads(services.event_to_json(first)), slug="tables-moved"
    )

    assert (Club.objects.count(), Player.objects.count()) == people
    assert _submissions(moved) == _submissions(original)
    assert set(
        TableSubmission.objects.filter(
            sheet__table__round__tournament=moved
        ).values_list("code", flat=True)
    ) == {services.WITHHELD_CODE}
    assert _acceptances(moved) == _acceptances(original)
    states = "table__round__number", "table__number", "status", "table_state"
    assert list(
        ScoreSheet.objects.filter(table__round__tournament=moved)
        .order_by(*states)
        .values_list(*states)
    ) == list(
        ScoreSheet.objects.filter(table__round__tournament=original)
        .order_by(*states)
        .values_list(*states)
    )
    assert (moved.club, moved.result_entry, moved.acceptance) == (
        original.club,
        original.result_entry,
        original.acceptance,
    )
    assert Entry.objects.get(
        tournament=moved, player__last_name="Substitute"
    ).plays_for == Player.objects.get(last_name="Member")
    assert Player.objects.get(pk=elsewhere.pk).substitute.last_name == "Elsewhere"
    assert list(moved.club.managers.values_list("username", flat=True)) == ["director2"]

    # Every field of every row, again, but for the slug and the directors (a
    # file makes no one a director: issue 23).
    second = services.export_event(moved)
    assert second["tournament"].pop("directors") == []
    first["tournament"].pop("directors")
    for data in (first, second):
        data.pop("exported_at")
        data["tournament"].pop("slug")
    assert second == first

    # No code came along; the moved round gets its own when asked.
    assert not TableCode.objects.filter(table__round__tournament=moved).exists()
    old = TableCode.objects.get(table__round__tournament=original, table__number=1)
    moved_round = Round.objects.get(tournament=moved, status=Round.Status.PUBLISHED)

    # The sheet's history reads the same, but for the code: withheld.
    def history(tournament, code) -> list[tuple]:
        sheet = ScoreSheet.objects.get(
            table__round__tournament=tournament,
            table__round__status=Round.Status.PUBLISHED,
            table__number=1,
        )
        return [
            (item.at, item.who.replace(code, "<code>"), item.action, item.changes)
            for item in sheet_history(sheet=sheet)
        ]

    assert len(history(original, old.code)) == len(_submissions(original))
    assert history(moved, services.WITHHELD_CODE) == history(original, old.code)
    new = table_codes_ensure(round=moved_round)[1]
    assert new != old.code
    assert table_open(code=new).table.round == moved_round
    assert table_open(code=old.code).table.round.tournament == original


def test_the_organiser_the_member_and_the_substitute_are_created_where_missing(
    at_the_tables, tmp_path
):
    path = _file(tmp_path, at_the_tables)
    _without_people(at_the_tables)
    assert not Player.objects.filter(last_name__in=["Member", "Substitute"]).exists()
    assert not Club.objects.filter(name="Organising Club").exists()

    assert _import(path) == at_the_tables

    moved = Tournament.objects.get(slug=at_the_tables)
    assert (moved.club.name, moved.club.city) == ("Organising Club", "Harelbeke")
    assert not moved.club.managers.exists()  # managers are not carried
    member = Player.objects.get(first_name="Absent", last_name="Member")
    assert member.member_number == "X1-100"
    assert member.substitute.full_name == "Fixed Substitute"
    entry = Entry.objects.get(tournament=moved, player=member.substitute)
    assert entry.plays_for == member
    # The substitute outside the file stayed behind: created without one.
    assert Player.objects.filter(substitute__isnull=False).count() == 1
    assert TableSubmission.objects.filter(sheet__table__round__tournament=moved)
    assert Acceptance.objects.filter(sheet__table__round__tournament=moved).count() == 2


def test_a_file_written_before_table_entry_still_imports_with_the_defaults(small):
    """No organiser, no substitutes, no table history, no table states: the file
    of an older site reads as an event entered at the desk."""
    Tournament.objects.filter(slug=small).update(
        club=Club.objects.first(),
        result_entry=Tournament.ResultEntry.TABLES_DIRECTOR,
        acceptance=Tournament.Acceptance.TABLE,
    )
    data = services.export_event(Tournament.objects.get(slug=small))
    for field in ("club", "result_entry", "acceptance"):
        del data["tournament"][field]
    for section, field in (
        ("players", "substitute"),
        ("entries", "plays_for"),
        ("sheets", "table_state"),
    ):
        for row in data[section]:
            del row[field]
    del data["table_submissions"], data["acceptances"]

    moved = services.import_event(data, slug="from-an-older-site")

    assert (moved.club, moved.result_entry, moved.acceptance) == (
        None,
        Tournament.ResultEntry.DESK,
        Tournament.Acceptance.GAME,
    )
    assert not Entry.objects.filter(tournament=moved, plays_for__isnull=False)
    assert set(
        ScoreSheet.objects.filter(table__round__tournament=moved).values_list(
            "table_state", flat=True
        )
    ) == {""}
    assert public_answers("from-an-older-site") == public_answers(small)
