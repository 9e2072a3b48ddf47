"""Say what the table page's script shows (``table.js``), in the page's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from manille.engine import RED_SUITS, SUIT_SYMBOLS, Trump
from scoring.forms import TRUMP_NAMES


def page_suits() -> list[dict]:
    """The four trumps and no-trump as the keypad shows them."""
    return [
        {
            "trump": trump.value,
            "symbol": SUIT_SYMBOLS.get(trump.value, ""),
            "name": str(TRUMP_NAMES[trump.value]),
            "red": trump.value in RED_SUITS,
        }
        for trump in Trump
    ]


def page_strings() -> dict:
    """The words the page's script shows, in the page's language."""
    return {
        "held_by": _("Phone held by %(name)s"),
        "game": _("Game %(number)s"),
        "game_of": _("Game %(number)s of %(count)s"),
        "letter_a": pgettext("side", "A"),
        "letter_b": pgettext("side", "B"),
        "side_a": _("Side A"),
        "side_b": _("Side B"),
        "deal": _("Deal %(number)s"),
        "no_deals": _("No deal yet."),
        "earlier": _("Earlier deals (%(count)s)"),
        "passed": _("Passed to partner"),
        "blind": _("Blind"),
        "other_side": _("Side %(side)s gets %(points)s"),
        "revoke": _("Revoke"),
        "revoke_by": _("by side %(side)s"),
        "undo": _("Undo last deal"),
        "undo_confirm": _("Remove deal %(number)s of game %(game)s?"),
        "unsent": _("not sent yet"),
        "refused": _("refused"),
        "correct": _("Correct it"),
        "discard": _("Discard"),
        "offline": _(
            "No connection — your deals are kept on this phone and will be sent."
        ),
        "no_connection": _("No connection: trying again…"),
        "conflict": _(
            "The other phone at this table saved first: its deals are shown. "
            "Send yours anyway, or discard it."
        ),
        "send_anyway": _("Send my deal anyway"),
        "sending": _("sending…"),
        "not_sent": _("not sent: your choice"),
        "game_short": _("G%(number)s"),
        "unsent_title": _("Not sent yet (%(count)s)"),
        "refused_deal": _("A deal of game %(game)s was refused: %(message)s"),
        "ended": _(
            "Game %(game)s has ended on the other phone: this deal was typed for "
            "it and is not sent. Add it to the game in play, or discard it."
        ),
        "move_to": _("Add it to game %(game)s"),
        "finish_first": _("Save or clear the deal you are typing first."),
        "accept_again": _(
            "The other phone at this table saved first: check the result again, "
            "then accept or reject it."
        ),
        "either": _("%(first)s or %(last)s"),
        "give_phone": _("Give the phone to %(names)s, of the other side."),
        "who_accepts": _("Who has the phone now?"),
        "i_am": _("I am %(name)s"),
        "check_result": _("%(name)s, check the result:"),
        "not_me": _("Not %(name)s? Back"),
        "give_back": _("Accepted by %(name)s. Give the phone back to %(holder)s."),
        "give_back_rejected": _(
            "Rejected by %(name)s. Give the phone back to %(holder)s."
        ),
        "target": _("to %(target)s"),
        "finished": _("Game over"),
        "won_by": _("Won by %(names)s"),
        "draw": _("A draw"),
        "accept_title": _("The result, for the opponents to accept"),
        "accept_table_title": _("The table's result, for the opponents to accept"),
        "accept_as": _("I, %(name)s, accept"),
        "reject": _("Reject"),
        "reject_as": _("I, %(name)s, reject"),
        "reason": _("Why? (optional)"),
        "cancel": _("Cancel"),
        "accepted_by": _("Accepted by %(name)s"),
        "rejected_by": _("Rejected by %(name)s"),
        "disputed": _("Disputed: a director will come to the table."),
        "choose_trump": _("Choose the trump."),
        "type_points": _("Type the points."),
        "seat": _("Seat %(seat)s"),
        "personal_code": _("%(name)s, your personal code (from check-in)"),
    }
