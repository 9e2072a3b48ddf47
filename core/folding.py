"""Fold a text for forgiving searches and sort names as a reader expects them.

The one folding helper of the project. It lives at the bottom of the house
(``clubs``) so that every app may use it: the director's lists, check-in, "where
do I sit?", the public standings' filter (whose JavaScript twin is ``fold`` in
``static/js/live.js``) and the sorting of printed lists.

A name is found however it is typed: without its accents ("eric" finds "Éric"),
its apostrophes (a phone's curly one too: "dhondt" and "D’Hondt" find
"D'Hondt"), its hyphens and dots, or its spaces ("vandewalle" finds "Van de
Walle"). Names sort as in a Flemish or French list: case and accents do not
count ("Dewulf, Éric" before "Dewulf, Rita"), they only break a tie.
"""

import unicodedata

# Left out of a folded text: apostrophes (straight, curly, the modifier letter a
# phone may type, grave and acute used as one) and dots join what they stand
# between ("D'Hondt" → "dhondt", "K.M.C." → "kmc"); hyphens and dashes part words
# ("Jean-Pierre" → "jean pierre", found as "jeanpierre" too: ``fold_matches``).
IGNORED = "'’‘ʼʹ`´′" + ".·"
HYPHENS = "-‐‑‒–—―"
_DROP = str.maketrans({**dict.fromkeys(IGNORED), **dict.fromkeys(HYPHENS, " ")})
# Letters that no accent stripping turns into ASCII.
_LETTERS = str.maketrans({"ø": "o", "đ": "d", "ł": "l", "ı": "i", "æ": "ae", "œ": "oe"})


def _strip(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str | None) -> str:
    """Return ``text`` for matching: "D’Hondt-Ghesquière" → "dhondt ghesquiere".

    Lower-cased, without accents, apostrophes or dots, a hyphen read as a space;
    its words keep one space between them ("Van de Walle" → "van de walle";
    ``fold_matches`` also looks through the words run together).
    """
    folded = _strip((text or "").translate(_DROP)).casefold().translate(_LETTERS)
    return " ".join(folded.split())


def fold_words(query: str | None) -> list[str]:
    """Return the folded words of a search: each must be found (``fold_matches``)."""
    return fold(query).split()


def fold_matches(words: list[str], folded: str) -> bool:
    """Tell whether every word is in ``folded``, or in it with its spaces left out.

    ``folded`` is a text as ``fold`` gives it: "vandewalle" is then found in "jan
    van de walle", and so are "walle", "jan walle" and "van de".
    """
    joined = folded.replace(" ", "")
    return all(w in folded or w in joined for w in words)


def sort_key(text: str | None) -> tuple:
    """Return the key that sorts names as a Flemish or French reader expects.

    Word by word as ``fold`` parts them (a comma counts as a space, so "Dewulf,
    Rita" sorts among the Dewulfs, before "Dewulfs"), each word folded: case,
    accents and apostrophes do not count ("Dewulf, Éric" before "Dewulf, Rita";
    "D'Hondt" among the "Dh"). Names alike in that order are told apart by their
    accents (an unaccented letter first: "Eric" before "Éric"), then by case.
    """
    text = text or ""
    spaced = text.replace(",", " ")
    primary = tuple(fold(spaced).split())
    accents = tuple(
        unicodedata.normalize("NFD", spaced.translate(_DROP).casefold()).split()
    )
    return (primary, accents, text)
