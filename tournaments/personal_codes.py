"""Give every entrant a short personal code, unique in its tournament, and read one.

The director hands it out at check-in (the check-in screen, the entrants' list and
the printed check-in list show it); at a card table, the opponent who accepts a
result types it on the phone (``phones.services.accept``), which proves the
opponent agreed rather than whoever holds the table's printed code. A pairs
event's entrant is the team: both partners share its code. The threat it answers
and the odds it leaves a guesser: ``docs/threat-model.md``.
"""

from __future__ import annotations

import re
import secrets

from django.db import transaction

from tournaments.models import Entry, Tournament

__all__ = [
    "PERSONAL_CODE_ALPHABET",
    "PERSONAL_CODE_LENGTH",
    "entry_codes_ensure",
    "personal_code_matches",
    "personal_code_normalise",
]

# The table codes' alphabet (scoring.services.codes), for the same reason: no 0/O,
# 1/I/L, nothing a player misreads on a slip or types wrong on a phone.
PERSONAL_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
PERSONAL_CODE_LENGTH = 4
_SEPARATORS = re.compile(r"[\s\-–—_.]+")

# The generator: the system's, which no one can predict. A test pins it
# (``tests/conftest.py``) so that every code it draws is known in advance.
_random = secrets.SystemRandom()


def _new_code() -> str:
    return "".join(
        _random.choice(PERSONAL_CODE_ALPHABET) for _ in range(PERSONAL_CODE_LENGTH)
    )


def personal_code_normalise(raw) -> str:
    """Return a typed personal code as stored (upper case, no spaces or dashes),
    or "" when it cannot be one."""
    if not isinstance(raw, str) or len(raw) > 40:
        return ""
    code = _SEPARATORS.sub("", raw).upper()
    if len(code) != PERSONAL_CODE_LENGTH or any(
        c not in PERSONAL_CODE_ALPHABET for c in code
    ):
        return ""
    return code


def personal_code_matches(*, entry_code: str, typed) -> bool:
    """Whether ``typed`` is the entrant's code (an entrant with none matches none),
    compared in constant time."""
    normal = personal_code_normalise(typed)
    return bool(entry_code and normal) and secrets.compare_digest(entry_code, normal)


@transaction.atomic
def entry_codes_ensure(*, tournament: Tournament | int) -> int:
    """Give a personal code to every entrant of the tournament who has none;
    return how many were given (0: nothing to write, one query).

    The tournament's row is locked first, so two calls at once (two check-in
    screens) never hand out the same code twice.
    """
    tournament_id = tournament if isinstance(tournament, int) else tournament.pk
    entries = Entry.objects.filter(tournament_id=tournament_id)
    if not entries.filter(personal_code="").exists():
        return 0
    Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    taken = set(
        entries.exclude(personal_code="").values_list("personal_code", flat=True)
    )
    missing = list(entries.filter(personal_code="").order_by("id"))
    if (
        len(taken) + len(missing)
        > len(PERSONAL_CODE_ALPHABET) ** PERSONAL_CODE_LENGTH // 2
    ):
        raise ValueError("too many entrants for the personal codes' length")
    for entry in missing:
        code = _new_code()
        while code in taken:
            code = _new_code()
        taken.add(code)
        entry.personal_code = code
    Entry.objects.bulk_update(missing, ["personal_code"], batch_size=500)
    return len(missing)
