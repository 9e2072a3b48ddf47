"""Fold a text for forgiving searches: the one folding function of the project.

It lives at the bottom of the house (``clubs``) so that every app may use it: the
director's lists, check-in, "where do I sit?", the public standings' filter (whose
JavaScript twin is ``fold`` in ``static/js/live.js``) and the sorting of printed
lists.
"""

import unicodedata


def fold(text: str | None) -> str:
    """Return ``text`` lower-cased and without accents: "Ghesquière" → "ghesquiere"."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()
