"""Tick transfers off: read the references of a bank statement, mark them paid.

The treasurer pastes the statement's lines (or just the references); each
structured communication names one entry (``banking.references_in``). A preview
says what each one is, and marking them received takes a transfer payment, at
the entrant's default rate, for every one still unpaid, in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from cashdesk import banking, selectors
from cashdesk.models import Payment
from cashdesk.services import payment_take
from tournaments.models import Entry, Tournament

MAX_TEXT = 100_000


@dataclass(frozen=True)
class TransferLine:
    """One reference of a statement and what it names."""

    reference: str
    entry_id: int | None
    name: str
    # "unpaid" (will be marked), "paid", "withdrawn", "unknown" (no entrant of
    # this tournament) or "mistyped" (the check digits are wrong)
    state: str
    due_cents: int | None = None


def transfers_preview(*, tournament: Tournament, text: str) -> list[TransferLine]:
    """Return each reference found in ``text`` and what marking it would do."""
    found = banking.references_in((text or "")[:MAX_TEXT])
    ids = [f.entry_id for f in found if f.entry_id]
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament, pk__in=ids).select_related(
            "player", "team", "tournament"
        )
    }
    paid = set(
        Payment.objects.filter(
            entry_id__in=entries, status=Payment.Status.LIVE
        ).values_list("entry_id", flat=True)
    )
    fees = selectors.fee_settings_for(tournament=tournament)
    rates = list(fees.rates.all()) if fees is not None else []
    lines = []
    for ref in found:
        entry = entries.get(ref.entry_id) if ref.entry_id else None
        if ref.entry_id is None:
            lines.append(TransferLine(ref.text, None, "", "mistyped"))
        elif entry is None:
            lines.append(TransferLine(ref.text, ref.entry_id, "", "unknown"))
        elif entry.pk in paid:
            lines.append(TransferLine(ref.text, entry.pk, str(entry), "paid"))
        elif entry.status == Entry.Status.WITHDRAWN:
            lines.append(TransferLine(ref.text, entry.pk, str(entry), "withdrawn"))
        else:
            due = None
            rate = (
                selectors.rate_default(
                    settings=fees, rates=rates, club_id=selectors.entry_club_id(entry)
                )
                if fees is not None
                else None
            )
            if rate is not None:
                due = selectors.amount_due(settings=fees, rate=rate, entry=entry)
            lines.append(TransferLine(ref.text, entry.pk, str(entry), "unpaid", due))
    return lines


@transaction.atomic
def transfers_mark_received(
    *, tournament: Tournament, text: str, by
) -> list[TransferLine]:
    """Mark every unpaid entrant the statement names paid by transfer.

    Returns the preview's lines; those "unpaid" are paid now. Not a check-in:
    the entrant is marked present when they come.
    """
    lines = transfers_preview(tournament=tournament, text=text)
    entries = Entry.objects.in_bulk(
        [ln.entry_id for ln in lines if ln.state == "unpaid"]
    )
    for line in lines:
        if line.state == "unpaid":
            payment_take(
                entry=entries[line.entry_id],
                by=by,
                method=Payment.Method.TRANSFER,
                reference=line.reference,
            )
    return lines
