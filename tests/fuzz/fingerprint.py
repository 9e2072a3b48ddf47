"""Fingerprint every table of our apps, and tell cheaply when nothing was written.

The fingerprint is the judge: per model, the number of rows and a hash of every
row's values. Computing it after each of thousands of requests would cost more than
the requests, so a write counter answers first: SQLite's ``total_changes`` (rows
inserted, updated or deleted on this connection) or PostgreSQL's
``pg_stat_xact_user_tables`` (the same, for the current transaction). When the
counter has not moved, no row can have changed; when it has, the full fingerprint
says whether one of ours did.
"""

from __future__ import annotations

import hashlib

OUR_APPS = (
    "clubs",
    "tournaments",
    "scoring",
    "standings",
    "draws",
    "printing",
    "public",
    "registrations",
)


def our_models():
    from django.apps import apps

    models = []
    for label in OUR_APPS:
        try:
            config = apps.get_app_config(label)
        except LookupError:
            continue
        models.extend(config.get_models())
    return models


def fingerprint() -> dict[str, tuple[int, str]]:
    """Return {model label: (row count, hash of all rows)}."""
    out = {}
    for model in our_models():
        names = [f.attname for f in model._meta.concrete_fields]
        rows = model._base_manager.order_by("pk").values_list(*names)
        digest = hashlib.blake2b(digest_size=16)
        count = 0
        for row in rows.iterator(chunk_size=2000):
            digest.update(repr(row).encode())
            count += 1
        out[model._meta.label] = (count, digest.hexdigest())
    return out


def changed(before: dict, after: dict) -> list[str]:
    """Return the labels of the models whose rows differ."""
    return sorted(
        k for k in before.keys() | after.keys() if before.get(k) != after.get(k)
    )


def write_counter():
    """Return a number that grows with every row written, or None if unknown."""
    from django.db import connection

    connection.ensure_connection()
    if connection.vendor == "sqlite":
        return connection.connection.total_changes
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)"
                " FROM pg_stat_xact_user_tables"
            )
            return int(cursor.fetchone()[0])
    return None
