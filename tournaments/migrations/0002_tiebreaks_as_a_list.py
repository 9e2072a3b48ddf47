"""Store the tiebreak order as a JSON list of registry codes, not free text.

Codes the registry does not know and repeats are dropped on the way; an order
left empty becomes the default one.
"""

from django.db import migrations, models

import tournaments.models

KNOWN = (
    "games_won",
    "points",
    "point_difference",
    "head_to_head",
    "opponents_strength",
    "deals_won",
    "fewest_revokes",
)
DEFAULT = ["games_won", "points", "point_difference"]


def text_to_list(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.only("pk", "tiebreaks"):
        codes = [c.strip() for c in (t.tiebreaks or "").split(",")]
        order = list(dict.fromkeys(c for c in codes if c in KNOWN)) or DEFAULT
        Tournament.objects.filter(pk=t.pk).update(tiebreak_order=order)


def list_to_text(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    for t in Tournament.objects.only("pk", "tiebreak_order"):
        text = ",".join(t.tiebreak_order or DEFAULT)
        Tournament.objects.filter(pk=t.pk).update(tiebreaks=text)


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0001_initial")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="tiebreak_order",
            field=models.JSONField(default=tournaments.models.default_tiebreaks),
        ),
        migrations.RunPython(text_to_list, list_to_text, elidable=True),
        migrations.RemoveField(model_name="tournament", name="tiebreaks"),
        migrations.RenameField(
            model_name="tournament", old_name="tiebreak_order", new_name="tiebreaks"
        ),
        migrations.AlterField(
            model_name="tournament",
            name="tiebreaks",
            field=models.JSONField(
                default=tournaments.models.default_tiebreaks,
                validators=[tournaments.models.validate_tiebreaks],
                verbose_name="tiebreak order",
            ),
        ),
    ]
