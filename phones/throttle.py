"""Count wrong table codes per client address and pause an address that guesses.

A table code is 6 characters from 31: about 887 million codes against at most a
few hundred in use, so guessing one takes millions of tries; ten wrong codes in ten
minutes is far more than a player mistyping the code on the sheet ever needs (the
odds it leaves a guesser: ``docs/threat-model.md``). The counts live in the
database (``core.throttles``), so every process sees the same ones and no cache
eviction or restart of Redis forgets them; the address is ``core.addresses``'s,
which trusts a forwarded header from a configured proxy only.
"""

from __future__ import annotations

from core.throttles import Throttle

__all__ = [
    "WRONG_CODE_LIMIT",
    "WRONG_CODE_WINDOW",
    "wrong_code_count",
    "wrong_code_wait",
    "wrong_personal_code_count",
    "wrong_personal_code_wait",
]

WRONG_CODE_LIMIT = 10
WRONG_CODE_WINDOW = 600  # seconds

_THROTTLE = Throttle(
    scope="table-wrong-code", limit=WRONG_CODE_LIMIT, window=WRONG_CODE_WINDOW
)
# A personal code guessed for one table, from any number of addresses: the guesses
# at a table are bounded whatever the number of phones (docs/threat-model.md).
_PER_TABLE = Throttle(
    scope="table-wrong-personal-code",
    limit=WRONG_CODE_LIMIT,
    window=WRONG_CODE_WINDOW,
)


def wrong_code_count(*, address: str | None) -> None:
    """Count one wrong code from ``address``."""
    _THROTTLE.count(subject=address)


def wrong_code_wait(*, address: str | None) -> int:
    """Return the seconds ``address`` must wait before trying a code (0: none)."""
    return _THROTTLE.wait(subject=address)


def wrong_personal_code_count(*, address: str | None, sheet_id: int) -> None:
    """Count a wrong personal code typed at a table: for the address (with its
    wrong table codes) and for the table."""
    _THROTTLE.count(subject=address)
    _PER_TABLE.count(subject=str(sheet_id))


def wrong_personal_code_wait(*, address: str | None, sheet_id: int) -> int:
    """Return the seconds before a personal code may be typed at this table from
    ``address`` (0: now). The table's own cookie does not lift it: the phone that
    opened the table is the one that would guess."""
    return max(
        _THROTTLE.wait(subject=address), _PER_TABLE.wait(subject=str(sheet_id))
    )
