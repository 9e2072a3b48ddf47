"""Take the table entry's models over from scoring, with their tables (issue 22).

State only: the tables ``scoring_tablecode``, ``scoring_tablesubmission`` and
``scoring_acceptance`` were made by scoring's migrations 0004-0006 and stay as
they are, rows included (``db_table``); scoring 0007 let go of the models.
"""

import core.validators
import django.core.validators
import django.db.models.deletion
import django.db.models.functions.text
import django.db.models.lookups
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('scoring', '0007_table_entry_to_phones'),
        ('tournaments', '0010_round_log_in_action_log'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Acceptance',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                        ('phone_seat', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='phone held by seat')),
                        ('accepted', models.BooleanField(verbose_name='accepted')),
                        ('reason', models.TextField(blank=True, validators=[core.validators.validate_text, django.core.validators.MaxLengthValidator(500)], verbose_name='reason')),
                        ('at', models.DateTimeField(auto_now_add=True, verbose_name='at')),
                        ('game', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='acceptances', to='tournaments.game', verbose_name='game')),
                        ('sheet', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='acceptances', to='scoring.scoresheet', verbose_name='score sheet')),
                    ],
                    options={
                        'verbose_name': 'acceptance',
                        'verbose_name_plural': 'acceptances',
                        'db_table': 'scoring_acceptance',
                        'ordering': ['sheet', 'at', 'id'],
                        'constraints': [models.UniqueConstraint(fields=('sheet', 'game'), name='acceptance_one_per_game'), models.UniqueConstraint(condition=models.Q(('game__isnull', True)), fields=('sheet',), name='acceptance_one_per_table'), models.CheckConstraint(condition=models.Q(('seat__gte', 1), ('seat__lte', 4)), name='acceptance_seat_1_to_4'), models.CheckConstraint(condition=models.Q(('phone_seat__isnull', True), models.Q(('phone_seat__gte', 1), ('phone_seat__lte', 4)), _connector='OR'), name='acceptance_phone_seat_1_to_4')],
                    },
                ),
                migrations.CreateModel(
                    name='TableCode',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('code', models.CharField(max_length=6, unique=True, validators=[core.validators.validate_line], verbose_name='code')),
                        ('created_at', models.DateTimeField(auto_now_add=True)),
                        ('table', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='code', to='tournaments.table', verbose_name='table')),
                    ],
                    options={
                        'verbose_name': 'table code',
                        'verbose_name_plural': 'table codes',
                        'db_table': 'scoring_tablecode',
                        'constraints': [models.CheckConstraint(condition=django.db.models.lookups.Exact(django.db.models.functions.text.Length('code'), 6), name='table_code_six_characters')],
                    },
                ),
                migrations.CreateModel(
                    name='TableSubmission',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('key', models.CharField(max_length=64, validators=[core.validators.validate_line], verbose_name='idempotency key')),
                        ('code', models.CharField(max_length=6, validators=[core.validators.validate_line], verbose_name='code')),
                        ('seat', models.PositiveSmallIntegerField(verbose_name='seat')),
                        ('phone_seat', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='phone held by seat')),
                        ('action', models.CharField(choices=[('deal', 'Deal added'), ('edit', 'Deal changed'), ('delete', 'Deal removed'), ('accept', 'Result accepted'), ('reject', 'Result rejected')], max_length=10, verbose_name='action')),
                        ('game', models.PositiveSmallIntegerField(blank=True, null=True, verbose_name='game')),
                        ('before', models.JSONField(blank=True, null=True, verbose_name='before')),
                        ('after', models.JSONField(blank=True, null=True, verbose_name='after')),
                        ('reason', models.TextField(blank=True, validators=[core.validators.validate_text, django.core.validators.MaxLengthValidator(500)], verbose_name='reason')),
                        ('version', models.PositiveIntegerField(verbose_name='sheet version after')),
                        ('at', models.DateTimeField(auto_now_add=True, verbose_name='at')),
                        ('sheet', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='table_submissions', to='scoring.scoresheet', verbose_name='score sheet')),
                    ],
                    options={
                        'verbose_name': 'table submission',
                        'verbose_name_plural': 'table submissions',
                        'db_table': 'scoring_tablesubmission',
                        'ordering': ['sheet', 'at', 'id'],
                        'constraints': [models.UniqueConstraint(fields=('sheet', 'key'), name='table_submission_key_once'), models.CheckConstraint(condition=models.Q(('seat__gte', 1), ('seat__lte', 4)), name='table_submission_seat_1_to_4'), models.CheckConstraint(condition=models.Q(('phone_seat__isnull', True), models.Q(('phone_seat__gte', 1), ('phone_seat__lte', 4)), _connector='OR'), name='table_submission_phone_seat_1_to_4'), models.CheckConstraint(condition=django.db.models.lookups.GreaterThanOrEqual(django.db.models.functions.text.Length('key'), 8), name='table_submission_key_long_enough')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
