"""Give every entrant a personal code; events already under way keep their tables'
flow, confirmed by a director.

From now on an opponent's acceptance at the table confirms a result only with the
opponent's personal code (issue 23 §6). Every entrant already registered gets one
here (random, unique in its tournament), so the check-in screen shows it. An
event that entered its results at the tables, confirmed by the opponents, and has
a round drawn already: its players were never given a code, so it moves to "at
the tables, confirmed by a director" (the tables accept as before and the desk
confirms), recorded in its History; its director may move it back once the codes
are handed out. An event not started yet keeps its setting and hands the codes
out at check-in.
"""

import secrets

from django.db import migrations, models

import core.validators

ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"  # tournaments.personal_codes
LENGTH = 4


def give_codes(apps, schema_editor):
    Entry = apps.get_model("tournaments", "Entry")
    taken: dict[int, set[str]] = {}
    batch = []
    for entry in Entry.objects.order_by("id").iterator(chunk_size=2000):
        codes = taken.setdefault(entry.tournament_id, set())
        code = ""
        while not code or code in codes:
            code = "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))
        codes.add(code)
        entry.personal_code = code
        batch.append(entry)
        if len(batch) >= 2000:
            Entry.objects.bulk_update(batch, ["personal_code"])
            batch = []
    Entry.objects.bulk_update(batch, ["personal_code"])


def confirm_started_events_at_the_desk(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    ActionEntry = apps.get_model("actionlog", "ActionEntry")
    started = Tournament.objects.filter(
        result_entry="tables_opponents", rounds__isnull=False
    ).distinct()
    for tournament in started:
        tournament.result_entry = "tables_director"
        tournament.save(update_fields=["result_entry"])
        ActionEntry.objects.create(
            action="tournament.changed",
            tournament_id=tournament.pk,
            target_type="tournaments.tournament",
            target_id=tournament.pk,
            target_text=tournament.name[:200],
            before={"result_entry": "tables_opponents"},
            after={"result_entry": "tables_director"},
            note=(
                "Personal codes: the opponents' acceptance needs one from now on, "
                "and this event's players have not been given theirs."
            ),
        )


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0003_managers_and_substitutes"),
        ("tournaments", "0010_round_log_in_action_log"),
        ("actionlog", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="personal_code",
            field=models.CharField(
                blank=True,
                default="",
                editable=False,
                help_text=(
                    "Given at check-in: an opponent types it on the table's phone "
                    "to accept a result (tournaments.personal_codes)."
                ),
                max_length=8,
                validators=[core.validators.validate_line],
                verbose_name="personal code",
            ),
        ),
        migrations.RunPython(give_codes, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.UniqueConstraint(
                condition=models.Q(("personal_code", ""), _negated=True),
                fields=("tournament", "personal_code"),
                name="entry_unique_personal_code",
            ),
        ),
        migrations.RunPython(
            confirm_started_events_at_the_desk, migrations.RunPython.noop
        ),
    ]
