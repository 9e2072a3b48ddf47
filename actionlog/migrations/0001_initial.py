import actionlog.models
import core.validators
import django.core.validators
import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name='ActionEntry',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('at', models.DateTimeField(default=django.utils.timezone.now, verbose_name='when')),
                ('user_name', models.CharField(blank=True, max_length=150, validators=[core.validators.validate_line], verbose_name='who')),
                ('action', models.CharField(max_length=40, validators=[actionlog.models.validate_action, core.validators.validate_line], verbose_name='what')),
                ('tournament_id', models.BigIntegerField(blank=True, null=True, verbose_name='tournament')),
                ('club_id', models.BigIntegerField(blank=True, null=True, verbose_name='club')),
                ('target_type', models.CharField(blank=True, max_length=80, validators=[core.validators.validate_line], verbose_name='target type')),
                ('target_id', models.BigIntegerField(blank=True, null=True, verbose_name='target id')),
                ('target_text', models.CharField(blank=True, max_length=200, validators=[core.validators.validate_line], verbose_name='target')),
                ('before', models.JSONField(blank=True, default=dict, verbose_name='before')),
                ('after', models.JSONField(blank=True, default=dict, verbose_name='after')),
                ('note', models.TextField(blank=True, validators=[core.validators.validate_text, django.core.validators.MaxLengthValidator(4000)], verbose_name='note')),
                ('user', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL, verbose_name='user')),
            ],
            options={
                'verbose_name': 'action log entry',
                'verbose_name_plural': 'action log',
                'ordering': ['-at', '-id'],
                'indexes': [models.Index(fields=['tournament_id', '-at', '-id'], name='actionlog_tournament'), models.Index(fields=['club_id', '-at', '-id'], name='actionlog_club')],
            },
        ),
    ]
