"""Copy every line of the rounds' history (RoundLog) into the action log.

From now on ``tournaments.round_log.round_log_add`` writes both; the lines written
before are copied once, so a tournament's History page shows its whole past.
The round log itself stays as it is (the round's page and the event file read it).
"""

from django.conf import settings
from django.db import migrations

BATCH = 2000


def copy_round_log(apps, schema_editor):
    RoundLog = apps.get_model("tournaments", "RoundLog")
    ActionEntry = apps.get_model("actionlog", "ActionEntry")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    username = getattr(User, "USERNAME_FIELD", "username")
    batch = []
    lines = RoundLog.objects.select_related("round", "by").order_by("at", "id")
    for line in lines.iterator(chunk_size=BATCH):
        batch.append(
            ActionEntry(
                at=line.at,
                user_id=line.by_id,
                user_name=getattr(line.by, username, "") if line.by_id else "",
                action=f"round.{line.action}",
                tournament_id=line.round.tournament_id,
                target_type="tournaments.round",
                target_id=line.round_id,
                target_text=str(line.round.number),
                note=line.reason,
            )
        )
        if len(batch) >= BATCH:
            ActionEntry.objects.bulk_create(batch)
            batch = []
    ActionEntry.objects.bulk_create(batch)


def remove_copies(apps, schema_editor):
    ActionEntry = apps.get_model("actionlog", "ActionEntry")
    ActionEntry.objects.filter(target_type="tournaments.round").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0009_table_reasons_from_manille"),
        ("actionlog", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(copy_round_log, remove_copies)]
