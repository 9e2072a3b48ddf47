"""Check account numbers and make the references and SEPA QR codes of paying ahead.

An IBAN is checked by its country's length and its mod-97 checksum (ISO 13616);
a BIC by its shape (ISO 9362). The transfer's reference is the Belgian structured
communication, ``+++ddd/dddd/ddddd+++``: ten digits (the entry's id) and two
check digits (their remainder by 97, 97 for none). Belgian banking apps know it
and refuse a mistyped one, so the treasurer's statement gives back exactly the
entrant who paid; in the EPC QR code it travels as the unstructured remittance
text, which every SEPA app (French ones too) carries unchanged.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import segno
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from segno import helpers as segno_helpers

from cashdesk.money import decimal_euros

# The IBAN's length in each SEPA country (the EPC's register of IBAN formats).
IBAN_LENGTHS = {
    "AD": 24, "AT": 20, "BE": 16, "BG": 22, "CH": 21, "CY": 28, "CZ": 24,
    "DE": 22, "DK": 18, "EE": 20, "ES": 24, "FI": 18, "FR": 27, "GB": 22,
    "GI": 23, "GR": 27, "HR": 21, "HU": 28, "IE": 22, "IS": 26, "IT": 27,
    "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MT": 31, "NL": 18,
    "NO": 15, "PL": 28, "PT": 25, "RO": 24, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "VA": 22,
}  # fmt: skip
_BIC = re.compile(r"^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$")


def iban_compact(value: str) -> str:
    """Return an IBAN without spaces, in capitals: "be71 0961" → "BE710961"."""
    return re.sub(r"[\s-]", "", value or "").upper()


def iban_display(value: str) -> str:
    """Return an IBAN in groups of four, as printed: "BE71 0961 2345 6769"."""
    compact = iban_compact(value)
    return " ".join(compact[i : i + 4] for i in range(0, len(compact), 4))


def iban_checksum_ok(compact: str) -> bool:
    """Say whether a compact IBAN's check digits are right (mod 97 gives 1)."""
    moved = compact[4:] + compact[:4]
    digits = "".join(str(int(c, 36)) for c in moved)
    return int(digits) % 97 == 1


def validate_iban(value: str) -> None:
    """Accept an IBAN of a SEPA country with its length and checksum right."""
    compact = iban_compact(value)
    if not re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]+", compact):
        raise ValidationError(
            _("An IBAN starts with its country's two letters and two digits."),
            code="iban",
        )
    length = IBAN_LENGTHS.get(compact[:2])
    if length is None:
        raise ValidationError(
            _("%(country)s is not a SEPA country: the QR code pays only in SEPA.")
            % {"country": compact[:2]},
            code="iban",
        )
    if len(compact) != length:
        raise ValidationError(
            _("An IBAN of %(country)s has %(length)d characters, not %(given)d.")
            % {"country": compact[:2], "length": length, "given": len(compact)},
            code="iban",
        )
    if not iban_checksum_ok(compact):
        raise ValidationError(
            _("This IBAN's check digits are wrong: a character is mistyped."),
            code="iban",
        )


def validate_bic(value: str) -> None:
    """Accept a BIC of 8 or 11 letters and digits (bank, country, place, branch)."""
    if value and not _BIC.match(value.strip().upper()):
        raise ValidationError(
            _("A BIC has 8 or 11 letters and digits, e.g. GEBABEBB."), code="bic"
        )


# ------------------------------------------------------ the structured reference


def reference_digits(entry_id: int) -> str:
    """Return the 12 digits of an entry's structured communication."""
    if not 0 < entry_id < 10**10:
        raise ValueError(f"an entry id of at most ten digits: {entry_id}")
    check = entry_id % 97 or 97
    return f"{entry_id:010d}{check:02d}"


def reference_for(entry_id: int) -> str:
    """Return an entry's structured communication: ``+++000/0001/23456+++``."""
    d = reference_digits(entry_id)
    return f"+++{d[:3]}/{d[3:7]}/{d[7:]}+++"


@dataclass(frozen=True)
class FoundReference:
    """A reference read from a bank statement: its text and the entry it names."""

    text: str
    entry_id: int | None  # None: the check digits are wrong


# +++123/4567/89012+++, ***123/4567/89012***, or the 12 digits with spaces or
# slashes between the groups (how statements and spreadsheets print them).
_REFERENCE = re.compile(
    r"(?:\+{3}|\*{3})?\s*(\d{3})\s*/?\s*(\d{4})\s*/?\s*(\d{5})\s*(?:\+{3}|\*{3})?"
)


def references_in(text: str) -> list[FoundReference]:
    """Return every structured communication in ``text``, in order, each once."""
    found, seen = [], set()
    for match in _REFERENCE.finditer(text or ""):
        digits = "".join(match.groups())
        if digits in seen:
            continue
        seen.add(digits)
        base, check = int(digits[:10]), int(digits[10:])
        ok = base > 0 and (base % 97 or 97) == check
        shown = f"+++{digits[:3]}/{digits[3:7]}/{digits[7:]}+++"
        found.append(FoundReference(text=shown, entry_id=base if ok else None))
    return found


# ---------------------------------------------------------------- the EPC QR code


@dataclass(frozen=True)
class Transfer:
    """What a SEPA credit transfer needs: to whom, how much, with what reference."""

    name: str
    iban: str
    bic: str
    amount_cents: int
    reference: str


def epc_qr(transfer: Transfer) -> segno.QRCode:
    """Return the EPC "SCT" QR code (EPC069-12, version 002) of a transfer.

    The reference goes in the unstructured remittance field (see the module's
    docstring); the BIC only when known (version 002 lets it out in the EEA). The
    character set is segno's smallest that holds the text: ISO 8859-1 (set 2) for
    the accents of Dutch and French names, UTF-8 only beyond it; readers (zbar
    among them) misread accented UTF-8 as Shift JIS, never ISO 8859-1.
    """
    return segno_helpers.make_epc_qr(
        name=transfer.name,
        iban=iban_compact(transfer.iban),
        amount=decimal_euros(transfer.amount_cents),
        text=transfer.reference,
        bic=transfer.bic.strip().upper() or None,
    )


def epc_svg(transfer: Transfer, *, scale: int = 4) -> str:
    """Return the transfer's QR code as an inline SVG element (no CDN, no file)."""
    out = io.BytesIO()
    epc_qr(transfer).save(out, kind="svg", scale=scale, xmldecl=False, svgns=True)
    return out.getvalue().decode()


def epc_png(transfer: Transfer, *, scale: int = 6) -> bytes:
    """Return the transfer's QR code as PNG bytes (for the printed list)."""
    out = io.BytesIO()
    epc_qr(transfer).save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
