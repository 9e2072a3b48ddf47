"""Fingerprint what a public answer depends on, for its ETag and its cache key.

The live pages and the JSON API answer a conditional GET with Django's
``condition`` decorator; both build their ETag from ``fingerprint`` so a change
of what makes a page (the tournament's public version, the settings the
standings read) is written once. ``tournaments.versioning`` moves the version.
"""

from __future__ import annotations

import hashlib

from tournaments.models import Tournament
from tournaments.versioning import public_state


def fingerprint(tournament: Tournament | str, *parts) -> str:
    """Return a short hash of the tournament's public state and the given parts.

    ``tournament`` is the model or its cached ``public_state`` string.
    """
    state = tournament if isinstance(tournament, str) else public_state(tournament)
    key = "|".join((state, *(str(p) for p in parts)))
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()
