"""Mark the game's messages for translation without translating them here."""


def gettext_noop(s: str) -> str:
    """Return ``s`` unchanged; Django's ``makemessages`` still extracts it."""
    return s


def pgettext_lazy(context: str, s: str) -> str:
    """Mark a message with a context for ``makemessages`` (which knows this name).

    Nothing is translated here: the Django layer calls ``pgettext(context, s)``.
    """
    return s
