"""Fingerprint what a public answer depends on, for its ETag and its cache key.

The live pages and the JSON API answer a conditional GET with Django's
``condition`` decorator; both build their ETag from ``fingerprint`` so a change
of what makes a page (the tournament's public version, the settings the
standings read) is written once. ``tournaments.versioning`` moves the version.
"""

from __future__ import annotations

import hashlib

from tournaments.models import Tournament


def fingerprint(tournament: Tournament, *parts) -> str:
    """Return a short hash of the tournament's public state and the given parts.

    The version moves on every change the public sees; the tiebreak order and the
    bye settings are in the key as well, so an answer never outlives them.
    """
    key = "|".join(
        str(p)
        for p in (
            tournament.pk,
            tournament.version,
            tournament.tiebreaks,
            tournament.bye_score,
            tournament.bye_points,
            tournament.bye_wins,
            *parts,
        )
    )
    return hashlib.blake2b(key.encode(), digest_size=10).hexdigest()
