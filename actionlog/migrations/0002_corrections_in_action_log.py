"""Copy every correction of a confirmed sheet (scoring.Correction) into the action log.

From now on ``scoring.services.commit.sheet_commit`` files a correction in the log
(``sheet.corrected``, or ``table_event.added``/``removed``) as it makes it, at the
correction's own time; the ones made before are copied here, so a tournament's
History page shows its whole past. A correction whose sheet has an entry at the
same moment has one already, so running this again copies nothing twice. Going back removes nothing:
the copies say what happened. The corrections themselves stay (the sheet's page
reads them).

The change is said as the live log says it (only what changed, keys ``g2.d5``,
``g2.totals``, ``g2.e1``; see ``scoring.services.commit.result_changes``), worked
out here from the two snapshots a correction keeps; a migration keeps its own
frozen copy of that rule rather than importing a service of a higher floor.
"""

from django.conf import settings
from django.db import migrations
from django.utils import translation
from django.utils.translation import gettext

BATCH = 2000


def _span(old: list, new: list) -> tuple[int, int, int]:
    head = 0
    while head < len(old) and head < len(new) and old[head] == new[head]:
        head += 1
    old_end, new_end = len(old), len(new)
    while old_end > head and new_end > head and old[old_end - 1] == new[new_end - 1]:
        old_end, new_end = old_end - 1, new_end - 1
    return head, old_end, new_end


def correction_changes(before_log, after_log) -> tuple[dict, dict]:
    """Return what a correction changed from its snapshots (``{"games": [...]}``)."""
    empty = {"deals": [], "totals": None, "events": []}
    old_games = {g["number"]: g for g in (before_log or {}).get("games", [])}
    new_games = {g["number"]: g for g in (after_log or {}).get("games", [])}
    before, after = {}, {}
    for number in sorted({*old_games, *new_games}):
        old, new = old_games.get(number, empty), new_games.get(number, empty)
        key = f"g{number}."
        old_deals, new_deals = old.get("deals") or [], new.get("deals") or []
        head, old_end, new_end = _span(old_deals, new_deals)
        for n in range(head, old_end):
            before[f"{key}d{n + 1}"] = old_deals[n]
        for n in range(head, new_end):
            after[f"{key}d{n + 1}"] = new_deals[n]
        if old.get("totals") != new.get("totals"):
            if old.get("totals") is not None:
                before[f"{key}totals"] = old["totals"]
            if new.get("totals") is not None:
                after[f"{key}totals"] = new["totals"]
        old_events, new_events = old.get("events") or [], new.get("events") or []
        for n, event in enumerate(old_events, start=1):
            if event not in new_events:
                before[f"{key}e{n}"] = event
        for n, event in enumerate(new_events, start=1):
            if event not in old_events:
                after[f"{key}e{n}"] = event
    # Only what differs, as actionlog.services.action_record keeps it.
    same = [k for k in before if k in after and before[k] == after[k]]
    for k in same:
        del before[k], after[k]
    return before, after


def copy_corrections(apps, schema_editor):
    Correction = apps.get_model("scoring", "Correction")
    ActionEntry = apps.get_model("actionlog", "ActionEntry")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    username = getattr(User, "USERNAME_FIELD", "username")
    # A correction filed since (as sheet.corrected, or as the forfeit or award
    # added or removed on a confirmed sheet) is in the log at its own time.
    filed = set(
        ActionEntry.objects.filter(target_type="scoring.scoresheet").values_list(
            "target_id", "at"
        )
    )
    corrections = Correction.objects.select_related(
        "sheet__table__round__tournament", "by"
    ).order_by("at", "id")
    batch = []
    for c in corrections.iterator(chunk_size=BATCH):
        if (c.sheet_id, c.at) in filed:
            continue
        before, after = correction_changes(c.before, c.after)
        if not before and not after:
            continue  # a correction that changed nothing: the log files none
        table = c.sheet.table
        tournament = table.round.tournament
        # The sheet's name in its event's language, as a director of it wrote it.
        with translation.override(tournament.language or settings.LANGUAGE_CODE):
            where = "{} · {}".format(
                gettext("Round %(number)s") % {"number": table.round.number},
                gettext("Table %(number)s") % {"number": table.number},
            )
        batch.append(
            ActionEntry(
                at=c.at,
                user_id=c.by_id,
                user_name=getattr(c.by, username, "")[:150] if c.by_id else "",
                action="sheet.corrected",
                tournament_id=tournament.pk,
                target_type="scoring.scoresheet",
                target_id=c.sheet_id,
                target_text=where[:200],
                before=before,
                after=after,
                note=c.reason,
            )
        )
        if len(batch) >= BATCH:
            ActionEntry.objects.bulk_create(batch)
            batch = []
    ActionEntry.objects.bulk_create(batch)


class Migration(migrations.Migration):
    dependencies = [
        ("actionlog", "0001_initial"),
        ("scoring", "0007_table_entry_to_phones"),
        ("tournaments", "0010_round_log_in_action_log"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RunPython(copy_corrections, migrations.RunPython.noop),
    ]
