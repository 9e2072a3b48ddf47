"""The registration pages: the public form, the registrant's link, the director's."""

import csv
import io

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from cashdesk.services import RateRow, fee_settings_save
from core.throttles import Throttle
from registrations import views
from registrations.models import Registration
from registrations.tokens import registration_token
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

Status = Registration.Status


def form(**fields):
    data = {
        "kind": "alone",
        "first_name": "An",
        "last_name": "Peeters",
        "email": "an@example.org",
        "club": "De Kaart",
        "phone": "",
        "consent": "on",
        "website": "",
    }
    data.update(fields)
    return data


def register_url(t):
    return reverse("registrations:register", args=[t.slug])


def test_the_form_registers_and_answers_with_the_place(client, individual):
    page = client.get(register_url(individual))
    assert page.status_code == 200 and "48 places left." in page.content.decode()
    answer = client.post(register_url(individual), form(), follow=True)
    assert answer.status_code == 200
    registration = Registration.objects.get()
    assert registration.status == Status.CONFIRMED
    assert answer.redirect_chain[0][0] == reverse(
        "registrations:manage", args=[individual.slug, registration_token(registration)]
    )
    assert "Your place is confirmed." in answer.content.decode()


def test_a_full_event_answers_with_the_waiting_position(client, individual, register):
    individual.capacity = 1
    individual.save()
    register(individual, "In", "Side")
    answer = client.post(register_url(individual), form(), follow=True)
    assert "you are number 1 on the waiting list" in answer.content.decode()


def test_the_confirmation_shows_the_fee_and_its_qr_code(client, individual, director):
    fee_settings_save(
        tournament=individual,
        by=director,
        rates=[RateRow("all", "Everyone", 700)],
        beneficiary="De Kaart",
        iban="BE71096123456769",
    )
    page = client.post(register_url(individual), form(), follow=True).content.decode()
    entry = Registration.objects.get().entry
    assert "€7.00" in page and "<svg" in page
    assert reverse("cashdesk:pay_ahead", args=[individual.slug, entry.pk]) in page


def test_the_honeypot_refuses_and_saves_nothing(client, individual):
    answer = client.post(register_url(individual), form(website="http://spam"))
    assert answer.status_code == 400
    assert "could not be accepted" in answer.content.decode()
    assert not Registration.objects.exists() and not Entry.objects.exists()


def test_too_many_from_one_address_are_paused(client, individual, monkeypatch):
    monkeypatch.setattr(
        views, "PER_ADDRESS", Throttle(scope="test-registration", limit=2, window=60)
    )
    for n in range(2):
        client.post(
            register_url(individual), form(last_name=f"P{n}", email=f"p{n}@example.org")
        )
    answer = client.post(register_url(individual), form(email="p9@example.org"))
    assert answer.status_code == 429
    assert "Too many registrations" in answer.content.decode()
    assert Registration.objects.count() == 2


@pytest.mark.parametrize(
    "fields",
    [
        {"email": "nope"},
        {"first_name": ""},
        {"consent": ""},
        {"kind": "pair"},
        {"kind": "nonsense"},
        {"last_name": "x" * 500},
        {"club": "bad\x00club"},
        {"phone": "\u202e1234"},
    ],
)
def test_bad_input_is_a_message_never_a_500_and_nothing_is_saved(
    client, individual, fields
):
    answer = client.post(register_url(individual), form(**fields))
    assert answer.status_code in (400, 422)
    assert 'class="errorlist' in answer.content.decode()
    assert not Registration.objects.exists() and not Entry.objects.exists()


def test_a_closed_event_shows_why_and_refuses_a_post(client, individual):
    from tests import factories

    factories.RoundFactory(tournament=individual, number=1)
    assert "Play has begun" in client.get(register_url(individual)).content.decode()
    answer = client.post(register_url(individual), form())
    assert answer.status_code == 409 and not Registration.objects.exists()


def test_a_tampered_link_is_refused(client, individual, register):
    registration = register(individual)
    token = registration_token(registration)
    bad = reverse("registrations:manage", args=[individual.slug, token[:-2] + "xx"])
    assert client.get(bad).status_code == 400
    answer = client.post(bad, {"action": "cancel"})
    assert answer.status_code == 400
    registration.refresh_from_db()
    assert registration.status == Status.CONFIRMED


def test_the_link_cancels_and_the_first_waiting_moves_up(
    client, individual, register, django_capture_on_commit_callbacks
):
    individual.capacity = 1
    individual.save()
    first = register(individual, "In", "Side")
    waiting = register(individual, "Out", "Side")
    url = reverse(
        "registrations:manage", args=[individual.slug, registration_token(first)]
    )
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(url, {"action": "cancel"}, follow=True).content.decode()
    assert "Your registration is cancelled." in page
    waiting.refresh_from_db()
    assert waiting.status == Status.CONFIRMED
    assert [m.to for m in mail.outbox] == [
        ["in.side@example.org"],
        ["out.side@example.org"],
    ]


def test_the_link_deletes_the_registration_and_its_details(
    client, individual, register
):
    registration = register(individual)
    url = reverse(
        "registrations:manage", args=[individual.slug, registration_token(registration)]
    )
    page = client.post(url, {"action": "delete"}, follow=True).content.decode()
    assert "are deleted" in page and "an.peeters@example.org" not in page
    registration.refresh_from_db()
    assert registration.anonymised and registration.email == ""


def test_resend_mails_again_without_telling_who_is_registered(
    client, individual, register, django_capture_on_commit_callbacks
):
    register(individual)
    url = reverse("registrations:resend", args=[individual.slug])
    with django_capture_on_commit_callbacks(execute=True):
        known = client.post(url, {"email": "AN.peeters@example.org"}, follow=True)
        unknown = client.post(url, {"email": "nobody@example.org"}, follow=True)
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["an.peeters@example.org"]
    for answer in (known, unknown):
        assert "its e-mail is on its way" in answer.content.decode()


def test_the_director_sees_every_list_in_few_queries(
    director_client, pairs, register, django_assert_max_num_queries
):
    pairs.capacity = 2
    pairs.save()
    register(
        pairs, "P", "One", kind="pair", partner_first_name="Q", partner_last_name="Two"
    )
    register(pairs, "S", "Solo", kind="single")
    register(pairs, "S", "Duo", kind="single")
    for n in range(3):
        register(
            pairs,
            "W",
            f"Wait{n}",
            kind="pair",
            partner_first_name="X",
            partner_last_name=f"Y{n}",
        )
    url = reverse("registrations:list", args=[pairs.slug])
    with django_assert_max_num_queries(12):
        page = director_client.get(url).content.decode()
    for name in ("P One &amp; Q Two", "S Solo", "W Wait2 &amp; X Y2"):
        assert name in page
    assert page.index("W Wait0") < page.index("W Wait1") < page.index("W Wait2")


def test_the_director_moves_pairs_edits_and_cancels(director_client, pairs, register):
    pairs.capacity = 1
    pairs.save()
    a = register(pairs, "S", "Solo", kind="single")
    b = register(pairs, "S", "Duo", kind="single")
    w1 = register(pairs, "W", "One", kind="single")
    w2 = register(pairs, "W", "Two", kind="single")
    base = f"/director/t/{pairs.slug}/registrations/"
    director_client.post(f"{base}{w2.pk}/move/", {"direction": "up"})
    w2.refresh_from_db()
    assert w2.position == 1
    director_client.post(f"{base}pair/", {"first": a.pk, "second": b.pk})
    a.refresh_from_db()
    assert a.entry is not None and a.entry.team is not None
    answer = director_client.post(
        f"{base}{w1.pk}/",
        {"first_name": "Wim", "last_name": "One", "email": "wim@example.org"},
    )
    assert answer.status_code == 302
    w1.refresh_from_db()
    assert (w1.first_name, w1.email) == ("Wim", "wim@example.org")
    director_client.post(f"{base}{w2.pk}/promote/")  # beyond the capacity
    w2.refresh_from_db()
    w1.refresh_from_db()
    assert (w2.status, w2.position, w1.position) == (Status.CONFIRMED, None, 1)
    director_client.post(f"{base}{a.pk}/cancel/")
    a.refresh_from_db()
    assert a.status == Status.CANCELLED


def test_the_director_pages_are_the_directors_only(client, individual, register):
    registration = register(individual)
    for url in (
        reverse("registrations:list", args=[individual.slug]),
        reverse("registrations:export", args=[individual.slug]),
        reverse("registrations:edit", args=[individual.slug, registration.pk]),
    ):
        answer = client.get(url)
        assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]


def test_the_export_keeps_formulas_inert(director_client, individual, register):
    register(
        individual, '=HYPERLINK("http://evil","x")', "Peeters", email="e@example.org"
    )
    register(individual, "Jan", "+Claes", email="j@example.org")
    answer = director_client.get(
        reverse("registrations:export", args=[individual.slug])
    )
    assert answer["Content-Type"].startswith("text/csv")
    text = answer.content.decode("utf-8-sig")
    rows = list(
        csv.reader(
            io.StringIO(text), delimiter=";" if ";" in text.splitlines()[0] else ","
        )
    )
    cells = [c for row in rows[1:] for c in row]
    assert '\'=HYPERLINK("http://evil","x")' in cells
    assert "'+Claes" in cells
    assert not any(c.startswith(("=", "+", "@")) for c in cells)


def test_the_calendar_and_the_event_page_link_to_the_form_while_open(
    client, individual
):
    form_url = register_url(individual)
    assert form_url in client.get(reverse("public:events")).content.decode()
    assert form_url in client.get(individual.get_absolute_url()).content.decode()
    individual.registration_deadline = individual.registration_deadline.replace(
        year=2020
    )
    individual.save()
    cache.clear()  # the calendar is kept a minute: a deadline passing shows within it
    assert form_url not in client.get(reverse("public:events")).content.decode()
    assert form_url not in client.get(individual.get_absolute_url()).content.decode()


def test_only_an_event_its_director_opened_takes_registrations(
    client, individual, director_client
):
    """Off by default: a club that takes its entries by phone gets no form."""
    individual.registers_online = False
    individual.save(update_fields=["registers_online"])
    page = client.get(register_url(individual)).content.decode()
    assert "This event takes no registration online." in page
    assert client.post(register_url(individual), form()).status_code == 409
    assert not Registration.objects.exists()
    front = reverse("public:tournament", args=[individual.slug])
    assert register_url(individual) not in client.get(front).content.decode()
    overview = reverse("tournaments:tournament", args=[individual.slug])
    listing = reverse("registrations:list", args=[individual.slug])
    assert listing not in director_client.get(overview).content.decode()

    individual.registers_online = True
    individual.save(update_fields=["registers_online"])
    cache.clear()
    assert register_url(individual) in client.get(front).content.decode()
    assert listing in director_client.get(overview).content.decode()
    assert client.post(register_url(individual), form()).status_code == 302
