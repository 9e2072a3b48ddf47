"""Record the seat whose phone a table write was typed on (issue 21).

An acceptance is typed on a phone handed over to the opponent: ``seat`` stays
the player who did it, ``phone_seat`` is the seat holding the phone. Rows written
before this migration keep ``phone_seat`` empty (NULL): which phone they were
typed on was never recorded, and is not guessed.
"""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0005_desk_write_keys'),
    ]

    operations = [
        migrations.AddField(
            model_name='acceptance',
            name='phone_seat',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='phone held by seat'),
        ),
        migrations.AddField(
            model_name='tablesubmission',
            name='phone_seat',
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='phone held by seat'),
        ),
        migrations.AddConstraint(
            model_name='acceptance',
            constraint=models.CheckConstraint(condition=models.Q(('phone_seat__isnull', True), models.Q(('phone_seat__gte', 1), ('phone_seat__lte', 4)), _connector='OR'), name='acceptance_phone_seat_1_to_4'),
        ),
        migrations.AddConstraint(
            model_name='tablesubmission',
            constraint=models.CheckConstraint(condition=models.Q(('phone_seat__isnull', True), models.Q(('phone_seat__gte', 1), ('phone_seat__lte', 4)), _connector='OR'), name='table_submission_phone_seat_1_to_4'),
        ),
    ]
