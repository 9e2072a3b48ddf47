"""Show and read amounts of money: integer cents in, euros out, never a float.

The one place that turns cents into text (``€10.00`` in English, ``€ 10,00`` in
Dutch and French, the active locale's decimal mark and grouping) and typed text
into cents ("7,50", "7.50", "€ 7", "1.200,00").
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from django.utils import formats, translation
from django.utils.translation import gettext as _

from core.errors import InvalidInput

# The largest amount typed anywhere: €100,000.00 (a fee, a refund, a pot).
MAX_CENTS = 10_000_000


def euros(cents: int | None) -> str:
    """Return ``cents`` as euros in the active language: "€10.00", "€ 10,00"."""
    if cents is None:
        return "—"
    sign = "-" if cents < 0 else ""
    amount = formats.number_format(
        Decimal(abs(cents)) / 100, 2, use_l10n=True, force_grouping=True
    )
    # Belgian and French usage puts a space after the sign; English does not.
    space = "" if (translation.get_language() or "en").startswith("en") else " "
    return f"{sign}€{space}{amount}"


def decimal_euros(cents: int) -> Decimal:
    """Return ``cents`` as a Decimal of euros (the EPC QR code's amount)."""
    return (Decimal(cents) / 100).quantize(Decimal("0.01"))


_TYPED = re.compile(r"^\d{1,3}([.,\s]\d{3})*([.,]\d{1,2})?$|^\d+([.,]\d{1,2})?$")


def cents_from_text(text: str, *, field: str = "amount") -> int:
    """Return the cents of a typed amount; ``InvalidInput`` if it is not one.

    A comma or a dot before the last one or two digits is the decimal mark; one
    before three digits groups thousands ("1.200" is twelve hundred euros).
    """
    typed = (text or "").strip().replace("€", "").replace("EUR", "").strip()
    typed = typed.replace("\u00a0", " ").replace("\u202f", " ")
    if not _TYPED.match(typed):
        raise InvalidInput(
            _("“%(text)s” is no amount in euros: type it as 7.50 or 7,50.")
            % {"text": (text or "")[:20]},
            code="amount",
            field=field,
        )
    if re.search(r"^\d{1,3}[.,]\d{3}$", typed):
        raise InvalidInput(
            _("“%(text)s” could be read two ways: type 5.00 or 5 000.")
            % {"text": typed},
            code="amount",
            field=field,
        )
    whole, mark, part = typed, "", ""
    match = re.search(r"[.,](\d{1,2})$", typed)
    if match:
        whole, part = typed[: match.start()], match.group(1)
        mark = "."
    digits = re.sub(r"[.,\s]", "", whole)
    try:
        value = Decimal(digits + (mark + part if mark else ""))
    except InvalidOperation:  # pragma: no cover - the pattern let only digits in
        raise InvalidInput(_("This is no amount."), field=field) from None
    cents = int((value * 100).to_integral_value())
    if cents > MAX_CENTS:
        raise InvalidInput(
            _("An amount is at most %(max)s.") % {"max": euros(MAX_CENTS)},
            code="amount",
            field=field,
        )
    return cents


def cents_as_text(cents: int) -> str:
    """Return ``cents`` as a form shows it for editing: "7.50" (no grouping)."""
    return f"{cents // 100}.{cents % 100:02d}"
