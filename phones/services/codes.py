"""Make the short random codes printed on a round's sheets, and read a typed one.

A code opens its table's entry page on a phone; the desk (through
:mod:`scoring.table_entry`) and the printed sheets show it.
"""

from __future__ import annotations

import re
import secrets

from django.db import IntegrityError, transaction

from phones.models import TableCode
from tournaments.models import Round, Table

__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "code_normalise", "table_codes_ensure"]

# No 0/O, 1/I/L: nothing a player can misread on the printed sheet.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
_SEPARATORS = re.compile(r"[\s\-–—_.]+")


def code_normalise(raw) -> str:
    """Return a typed code as stored: spaces and dashes gone, upper case.

    "" when it cannot be a code (not six characters of the alphabet).
    """
    if not isinstance(raw, str) or len(raw) > 40:
        return ""
    code = _SEPARATORS.sub("", raw).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        return ""
    return code


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def table_codes_ensure(*, round: Round) -> dict[int, str]:  # noqa: A002
    """Return ``{table number: code}`` for every table of the round, making the
    missing codes (random, unique over every round of every tournament).

    Safe against a concurrent call: a code taken meanwhile (or a table coded by
    the other call) breaks the unique constraints, and the missing ones are read
    and made again.
    """
    for _attempt in range(10):
        tables = list(
            Table.objects.filter(round=round).select_related("code").order_by("number")
        )
        codes = {}
        missing = []
        for table in tables:
            found = getattr(table, "code", None)
            if found is None:
                missing.append(table)
            else:
                codes[table.number] = found.code
        if not missing:
            return codes
        made = [TableCode(table=t, code=_new_code()) for t in missing]
        if len({m.code for m in made}) != len(made):
            continue
        try:
            with transaction.atomic():
                TableCode.objects.bulk_create(made)
        except IntegrityError:
            continue
        codes.update({m.table.number: m.code for m in made})
        return dict(sorted(codes.items()))
    raise RuntimeError(f"could not make unique table codes for round {round.pk}")
