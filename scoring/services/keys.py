"""Keep a write sent twice from counting twice: the idempotency keys of the desk.

The desk's queue (``static/js/sheet.js``) gives every deal typed a random key and
sends it again, with the same key, after a lost answer or a reload; the first save
records the key in the same transaction, so the second finds it and saves nothing.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext as _

from scoring.models import DeskWrite, ScoreSheet
from scoring.services.errors import ResultError

KEY_PATTERN = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def key_check(key) -> str:
    """Return a well-formed key (8–64 letters, digits, ``-`` or ``_``), else refuse."""
    if not isinstance(key, str) or not KEY_PATTERN.match(key):
        raise ResultError(
            _("The page sent a malformed request: reload it."),
            field="key",
            code="key",
        )
    return key


def desk_replayed(*, sheet: ScoreSheet, key: str | None) -> ScoreSheet | None:
    """The sheet as it is now if ``key`` was saved before (nothing is saved again)."""
    if key is None or not DeskWrite.objects.filter(sheet_id=sheet.pk, key=key).exists():
        return None
    return ScoreSheet.objects.select_related(
        "table__round__tournament", "table__round__phase", "updated_by"
    ).get(pk=sheet.pk)


def desk_key_record(*, sheet: ScoreSheet, key: str | None) -> None:
    """Record that the save ``key`` counted (inside the save's transaction)."""
    if key is not None:
        DeskWrite.objects.create(sheet=sheet, key=key, version=sheet.version)
