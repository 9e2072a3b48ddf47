"""An event played on SQLite moves into a PostgreSQL database holding other events.

The source is a real SQLite database file of the test's own, migrated, played and
exported by ``manage.py`` in subprocesses; the target is the test database
(PostgreSQL), which already holds another event and some of the same people.
"""

import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection

from clubs.models import Club, Player
from phones.models import Acceptance, TableCode, TableSubmission
from scoring.models import ScoreSheet
from tests.builders import build_event
from tests.config.servers import manage
from tests.transfer.events import public_answers, sqlite_env
from tournaments.models import Entry, Tournament
from transfer.services import WITHHELD_CODE

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs PostgreSQL: DATABASE_URL=postgres://...",
    ),
]

PLAY = """
from tests.transfer.events import add_history, add_table_entry, dump_answers, simulate
from tournaments.models import Tournament
slug = simulate(
    players=16, rounds=2, final=12, seed=41,
    language="en", leave_open=True, slug="from-the-hall",
)
add_history(slug)  # the desk's history on tables 1 and 2 of the final (of 12)
Tournament.objects.filter(slug=slug).update(result_entry="tables_opponents")
add_table_entry(slug, table=3)  # and table 3 entered on a phone
dump_answers(slug, ANSWERS)
print(slug)
"""


@pytest.mark.django_db
def test_an_event_moves_from_sqlite_to_postgresql_with_identical_answers(
    tmp_path, sqlite_file
):
    source = sqlite_env(sqlite_file)
    answers_file, event_file = tmp_path / "answers.json", tmp_path / "event.json"
    slug = manage(source, "shell", "-c", f"ANSWERS = {str(answers_file)!r}\n{PLAY}")
    slug = slug.strip().splitlines()[-1]
    manage(source, "export_event", slug, str(event_file), "-v", "0")
    before = json.loads(answers_file.read_text(encoding="utf-8"))

    # PostgreSQL holds another event, and one of the hall's clubs and players.
    other = build_event(players=12, rounds=2, final=0, seed=42, clubs=3).slug
    other_before = public_answers(other)
    data = json.loads(event_file.read_text(encoding="utf-8"))
    row = data["players"][0]
    club = Club.objects.create(name=data["clubs"][row["club"] - 1]["name"])
    known = Player.objects.create(
        first_name=row["first_name"],
        last_name=row["last_name"],
        club=club,
        member_number="M-77",  # the hall had none: the same person still
    )
    people = Player.objects.count()

    importer = get_user_model().objects.create_user("importer", password="pw-imp-1")
    call_command("import_event", str(event_file), "--director", "importer", verbosity=0)

    assert public_answers(slug) == before
    assert public_answers(other) == other_before
    assert Entry.objects.filter(tournament__slug=slug, player=known).exists()
    assert Player.objects.count() == people + len(data["players"]) - 1
    assert Club.objects.filter(name=club.name).count() == 1
    # The importing user directs it; the hall's directors, whom its history
    # names, did not exist here: created, unable to log in, directing nothing.
    assert list(Tournament.objects.get(slug=slug).directors.all()) == [importer]
    authors = get_user_model().objects.filter(username__in=["director", "director2"])
    assert authors.count() == 2
    assert not any(u.has_usable_password() for u in authors)
    assert not any(u.directed_tournaments.exists() for u in authors)
    assert get_user_model().objects.filter(is_staff=True).count() == 0
    # Table 3 entered at the table: its history came along, its code did not.
    moved = Tournament.objects.get(slug=slug)
    submissions = TableSubmission.objects.filter(sheet__table__round__tournament=moved)
    assert submissions.count() == len(data["table_submissions"]) > 0
    assert set(submissions.values_list("code", flat=True)) == {WITHHELD_CODE}
    assert Acceptance.objects.filter(sheet__table__round__tournament=moved).count() == 2
    assert (
        ScoreSheet.objects.get(
            table__round__tournament=moved,
            table__round__status="published",
            table__number=3,
        ).table_state
        == ScoreSheet.TableState.DISPUTED
    )
    assert not TableCode.objects.filter(table__round__tournament=moved).exists()
