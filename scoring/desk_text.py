"""Say what the desk's queue of typed deals says (desk_queue.js), translated."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import forms


def queue_text() -> dict:
    """What the desk's queue says (``static/js/desk_queue.js``), translated; a
    count's sentence in both forms (``_one``, ``_many``: the page picks by count)."""
    text = {
        "symbols": forms.key_symbols(),
        "sending": _("saving…"),
        "waiting": _("waiting to be saved"),
        "waiting_blocked": _("waiting: the deal above is not saved"),
        "correcting": _("being corrected in the entry row"),
        "changing": _("deal %(number)s changed:"),
        "refused": _("not saved: %(message)s"),
        "refused_unknown": _("the server refused it."),
        "conflict_row": _("not sent: someone else saved this sheet"),
        "correct": _("Correct"),
        "discard": _("Discard"),
        "after_theirs": _("Add mine after theirs"),
        "discard_mine": _("Discard mine"),
        "skip": _("Discard this deal"),
        "retry": _("Try now"),
        "held_none": _(
            "The deal in the entry row was not saved: correct it and press Enter."
        ),
        "offline": _(
            "No answer from the server: %(count)s kept on this computer, sent "
            "again in %(seconds)s s."
        ),
        "logged_out": _(
            "You are no longer logged in: log in again in another tab; %(count)s "
            "kept on this computer."
        ),
        "wait": _("Saving the deals typed first…"),
        "wait_blocked": _("A deal was not saved: correct or discard it first."),
        "trump_first": _("Type the trump first."),
    }
    for count, suffix in ((1, "one"), (2, "many")):
        text[f"saving_{suffix}"] = ngettext(
            "Saving %(count)s deal…", "Saving %(count)s deals…", count
        )
        text[f"conflict_{suffix}"] = ngettext(
            "Someone else saved this sheet meanwhile: %(count)s deal of yours is "
            "not sent.",
            "Someone else saved this sheet meanwhile: %(count)s deals of yours are "
            "not sent.",
            count,
        )
        text[f"held_{suffix}"] = ngettext(
            "The deal in the entry row was not saved: correct it and press Enter; "
            "%(count)s more waits after it.",
            "The deal in the entry row was not saved: correct it and press Enter; "
            "%(count)s more wait after it.",
            count,
        )
        text[f"refused_{suffix}"] = ngettext(
            "A deal was not saved: %(count)s deal waits for your choice.",
            "A deal was not saved: %(count)s deals wait for your choice.",
            count,
        )
    return text
