"""Paying ahead: IBAN checks, the structured reference, the EPC QR code (decoded by
zbarimg), the entrant's confirmation page and the printed check-in list (a PDF)."""

import io
import subprocess

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from pypdf import PdfReader

from cashdesk import banking
from cashdesk.services import payment_take

IBAN = "BE71096123456769"


def zbar(png: bytes, tmp_path) -> list[str]:
    path = tmp_path / "qr.png"
    path.write_bytes(png)
    out = subprocess.run(
        ["zbarimg", "--raw", "-q", str(path)], capture_output=True, check=True
    )
    return out.stdout.decode("utf-8").rstrip("\n").split("\n")


@pytest.mark.parametrize(
    "iban", ["BE71096123456769", "be71 0961 2345 6769", "FR7630006000011234567890189"]
)
def test_a_right_iban_is_accepted(iban):
    banking.validate_iban(iban)


@pytest.mark.parametrize(
    "iban, why",
    [
        ("BE71096123456768", "check digits"),  # one digit mistyped
        ("BE7109612345676", "16 characters"),
        ("US12345678901234", "not a SEPA country"),
        ("1234", "two letters"),
    ],
)
def test_a_wrong_iban_is_refused_with_its_reason(iban, why):
    with pytest.raises(ValidationError, match=why):
        banking.validate_iban(iban)


def test_the_structured_reference_carries_its_mod_97_check():
    assert banking.reference_for(12345) == "+++000/0012/34526+++"  # 12345 % 97 = 26
    assert banking.reference_for(97) == "+++000/0000/09797+++"  # 0 becomes 97
    found = banking.references_in("a +++000/0012/34526+++ b 000001234527 c")
    assert [(f.text, f.entry_id) for f in found] == [
        ("+++000/0012/34526+++", 12345),
        ("+++000/0012/34527+++", None),  # a wrong check digit names nobody
    ]


def test_the_epc_qr_decodes_to_the_standards_fields(tmp_path):
    transfer = banking.Transfer(
        "Manilleclub De Zwaan", "BE71 0961 2345 6769", "gkccbebb", 750,
        banking.reference_for(12345),
    )  # fmt: skip
    lines = zbar(banking.epc_png(transfer), tmp_path)
    assert lines == [
        "BCD",  # service tag
        "002",  # version
        "2",  # character set: ISO 8859-1 (the smallest that holds it)
        "SCT",  # SEPA credit transfer
        "GKCCBEBB",
        "Manilleclub De Zwaan",
        IBAN,
        "EUR7.5",
        "",  # purpose
        "",  # structured reference (ISO 11649): not used
        "+++000/0012/34526+++",  # the remittance text: the Belgian reference
    ]


def test_a_name_with_accents_survives_the_qr(tmp_path):
    transfer = banking.Transfer("Société Manille Mons-Hainaut", IBAN, "", 1400, "x")
    lines = zbar(banking.epc_png(transfer), tmp_path)
    assert lines[4:8] == ["", "Société Manille Mons-Hainaut", IBAN, "EUR14"]


@pytest.mark.django_db
def test_the_entrants_confirmation_shows_the_qr_until_paid(
    client, kaarting, fees, director
):
    entry = kaarting.entries.order_by("id").last()  # not a member: €7.50
    url = reverse("cashdesk:pay_ahead", args=[kaarting.slug, entry.pk])
    page = client.get(url).content.decode()
    assert banking.reference_for(entry.pk) in page
    assert "<svg" in page and "€7.50" in page and "BE71 0961 2345 6769" in page
    payment_take(entry=entry, by=director, method="transfer")
    page = client.get(url).content.decode()
    assert "<svg" not in page and "Your fee is paid" in page


@pytest.mark.django_db
def test_the_printed_check_in_list_has_a_qr_per_unpaid_entrant(
    director_client, kaarting, fees, director, tmp_path
):
    entries = list(kaarting.entries.order_by("id"))
    payment_take(entry=entries[0], by=director)
    response = director_client.get(reverse("pdf:checkin_list", args=[kaarting.slug]))
    assert response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(b"".join(response.streaming_content)))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Check-in list" in text and "7 not paid of 8" in text
    for entry in entries[1:]:
        assert banking.reference_for(entry.pk) in text
    assert banking.reference_for(entries[0].pk) not in text  # paid: no QR
    images = [image for page in reader.pages for image in page.images]
    assert len(images) == 7
    decoded = {tuple(zbar(_png(image), tmp_path)) for image in images}
    last = entries[-1]
    assert (
        "BCD", "002", "2", "SCT", "", "Manilleclub De Zwaan", IBAN, "EUR7.5", "", "",
        banking.reference_for(last.pk),
    ) in decoded  # fmt: skip


def _png(image) -> bytes:
    out = io.BytesIO()
    image.image.save(out, format="PNG")
    return out.getvalue()


@pytest.mark.django_db
def test_the_printed_list_is_for_directors_only(client, kaarting, fees):
    response = client.get(reverse("pdf:checkin_list", args=[kaarting.slug]))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
