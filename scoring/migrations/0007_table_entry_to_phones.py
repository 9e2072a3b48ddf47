"""Hand the table entry's models to the phones app, keeping their tables (issue 22).

State only: TableCode, TableSubmission and Acceptance leave scoring's models here,
and ``phones`` 0001 takes them over with the same tables (``db_table``), so no
table is renamed, copied or dropped and every row stays.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('scoring', '0006_table_phone_seat'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name='Acceptance'),
                migrations.DeleteModel(name='TableSubmission'),
                migrations.DeleteModel(name='TableCode'),
            ],
            database_operations=[],
        ),
    ]
