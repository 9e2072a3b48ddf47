"""Registering online: the capacity, the waiting list, cancelling, singles paired."""

import datetime

import pytest
from django.core import mail
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.utils import timezone

from actionlog.models import ActionEntry
from clubs.models import Player
from registrations import director_services, selectors, services
from registrations.models import Registration
from registrations.tokens import registration_from_token, registration_token
from tests import factories
from tournaments.models import Entry

pytestmark = pytest.mark.django_db

Status = Registration.Status


def test_fifty_register_two_wait_one_cancels_and_the_first_waiting_is_mailed(
    individual, register, django_capture_on_commit_callbacks
):
    """48 places, 50 players: two wait (numbers 1 and 2); a cancellation promotes
    the first, who is told by mail, and the second becomes number 1."""
    with django_capture_on_commit_callbacks(execute=True):
        made = [register(individual, f"P{n}", f"Speler{n}") for n in range(50)]
    assert [r.status for r in made].count(Status.CONFIRMED) == 48
    first_waiting, second_waiting = made[48], made[49]
    assert (first_waiting.status, first_waiting.position) == (Status.WAITING, 1)
    assert (second_waiting.status, second_waiting.position) == (Status.WAITING, 2)
    assert first_waiting.entry is None
    assert Entry.objects.filter(tournament=individual).count() == 48
    assert len(mail.outbox) == 50
    assert "number 2 on the waiting list" in mail.outbox[49].body
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        promoted = services.registration_cancel(
            registration=made[3], base_url="http://testserver"
        )
    assert [r.pk for r in promoted] == [first_waiting.pk]
    made[3].entry.refresh_from_db()
    assert made[3].entry.status == Entry.Status.WITHDRAWN
    first_waiting.refresh_from_db()
    second_waiting.refresh_from_db()
    assert first_waiting.status == Status.CONFIRMED
    assert first_waiting.entry.player.last_name == "Speler48"
    assert (second_waiting.status, second_waiting.position) == (Status.WAITING, 1)
    to = {m.to[0]: m for m in mail.outbox}
    assert set(to) == {"p3.speler3@example.org", "p48.speler48@example.org"}
    promotion = to["p48.speler48@example.org"]
    assert "A place came free" in promotion.body
    assert "http://testserver/t/" in promotion.body
    codes = list(
        ActionEntry.objects.filter(tournament_id=individual.pk)
        .filter(action__startswith="registration.")
        .values_list("action", flat=True)
    )
    assert codes.count("registration.confirmed") == 48
    assert codes.count("registration.waiting") == 2
    assert codes.count("registration.cancelled") == 1
    assert codes.count("registration.promoted") == 1


def test_the_log_never_names_the_registrant(individual, register):
    registration = register(individual, "Zoë", "Geheim", email="z@example.org")
    texts = ActionEntry.objects.filter(action="registration.confirmed").values_list(
        "target_text", flat=True
    )
    assert list(texts) == [f"Registration {registration.pk}"]


def test_past_the_deadline_a_registration_is_refused(individual, register):
    individual.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    individual.save()
    with pytest.raises(ValidationError, match="deadline has passed"):
        register(individual)
    assert not Registration.objects.exists()
    assert not Entry.objects.exists()


def test_consent_is_required_and_nothing_is_half_saved(individual):
    with pytest.raises(ValidationError, match="agree"):
        services.registration_register(
            tournament=individual,
            kind="alone",
            consent=False,
            first_name="An",
            last_name="Peeters",
            email="an@example.org",
        )
    assert not Registration.objects.exists()


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        ({"email": "not-an-address"}, "email"),
        ({"first": ""}, "first_name"),
        ({"first": "A\x00n", "email": "an@example.org"}, "first_name"),
        ({"last": "x" * 61}, "last_name"),
        ({"club": "a\u202eb"}, "club"),
        ({"kind": "pair"}, "kind"),
    ],
)
def test_bad_input_is_refused_on_its_field(individual, register, fields, field):
    with pytest.raises(ValidationError) as caught:
        register(individual, **fields)
    assert getattr(caught.value, "field", None) == field
    assert not Registration.objects.exists()
    assert not Entry.objects.exists()


def test_one_email_registers_once_per_event_unless_cancelled(individual, register):
    first = register(individual, email="an@example.org")
    with pytest.raises(ValidationError, match="registered for this event already"):
        register(individual, "Jan", "Claes", email="AN@example.org")
    services.registration_cancel(registration=first)
    again = register(individual, "Jan", "Claes", email="an@example.org")
    assert again.status == Status.CONFIRMED


def test_a_tampered_token_or_one_of_another_event_is_refused(
    individual, pairs, register
):
    registration = register(individual)
    token = registration_token(registration)
    assert registration_from_token(tournament=individual, token=token) == registration
    for bad in (token[:-1] + ("A" if token[-1] != "A" else "B"), "abc", ""):
        with pytest.raises(ValidationError, match="not valid"):
            registration_from_token(tournament=individual, token=bad)
    with pytest.raises(ValidationError, match="not valid"):
        registration_from_token(tournament=pairs, token=token)


def test_delete_my_registration_erases_the_person_and_keeps_a_count(
    individual, register
):
    registration = register(individual, phone="0470 12 34 56")
    services.registration_delete(registration=registration)
    registration.refresh_from_db()
    assert registration.anonymised and registration.status == Status.CANCELLED
    assert (registration.first_name, registration.email, registration.phone) == (
        "",
        "",
        "",
    )
    assert registration.entry is None  # not played, not paid: the entry is gone too
    assert not Entry.objects.exists() and not Player.objects.exists()
    logged = ActionEntry.objects.filter(tournament_id=individual.pk)
    assert "Peeters" not in str(list(logged.values("target_text", "before", "after")))
    assert selectors.director_lists(tournament=individual).deleted == 1
    with pytest.raises(ValidationError, match="deleted already"):
        services.registration_delete(registration=registration)


def test_deleting_keeps_a_club_member_found_by_name_and_a_paid_entry(
    individual, register, director
):
    from cashdesk.services import RateRow, fee_settings_save, payment_take

    member = factories.PlayerFactory(first_name="An", last_name="Peeters")
    first = register(individual, club=member.club.name)
    assert first.entry.player == member
    services.registration_delete(registration=first)
    assert Player.objects.filter(pk=member.pk).exists()
    assert not Entry.objects.filter(player=member).exists()
    fee_settings_save(
        tournament=individual, by=director, rates=[RateRow("all", "All", 500)]
    )
    paid = register(individual, "Jan", "Claes")
    payment_take(entry=paid.entry, by=director)
    services.registration_delete(registration=paid)
    paid.entry.refresh_from_db()  # kept for the treasurer, withdrawn
    assert paid.entry.status == Entry.Status.WITHDRAWN


def test_a_pair_registers_as_a_team_of_two(pairs, register):
    registration = register(
        pairs, kind="pair", partner_first_name="Jan", partner_last_name="Claes"
    )
    team = registration.entry.team
    assert {team.player_one.last_name, team.player_two.last_name} == {
        "Peeters",
        "Claes",
    }
    assert team.club.name == "De Kaart"


def test_singles_take_half_a_place_and_are_paired_by_the_director(
    pairs, register, director, django_capture_on_commit_callbacks
):
    """Capacity 4 pairs: 3 pairs and 2 singles fill it; a third single waits."""
    for n in range(3):
        register(
            pairs,
            f"A{n}",
            f"Pair{n}",
            kind="pair",
            partner_first_name="B",
            partner_last_name=f"Mate{n}",
        )
    one = register(pairs, "Solo", "One", kind="single")
    two = register(pairs, "Solo", "Two", kind="single")
    three = register(pairs, "Solo", "Three", kind="single")
    assert (one.status, two.status) == (Status.CONFIRMED, Status.CONFIRMED)
    assert (three.status, three.position) == (Status.WAITING, 1)
    assert selectors.places_for(tournament=pairs).left == 0
    with django_capture_on_commit_callbacks(execute=True):
        entry = director_services.singles_pair(first=one, second=two, by=director)
    assert {entry.team.player_one.last_name, entry.team.player_two.last_name} == {
        "One",
        "Two",
    }
    assert {m.to[0] for m in mail.outbox} == {
        "solo.one@example.org",
        "solo.two@example.org",
    }
    assert (
        "Solo Two"
        in next(m for m in mail.outbox if m.to[0] == "solo.one@example.org").body
    )
    with pytest.raises(ValidationError, match="Only two singles"):
        director_services.singles_pair(first=one, second=three, by=director)


def test_pair_singles_command_pairs_in_order_of_registration(pairs, register, capsys):
    pairs.capacity = None
    pairs.save()
    singles = [register(pairs, "S", f"Single{n}", kind="single") for n in range(5)]
    call_command("pair_singles", pairs.slug)
    out = capsys.readouterr().out
    for s in singles:
        s.refresh_from_db()
    assert singles[0].entry == singles[1].entry is not None
    assert singles[2].entry == singles[3].entry is not None
    assert singles[0].entry != singles[2].entry
    assert singles[4].entry is None
    assert "2 pairs made" in out and "S Single4" in out


def test_a_paired_single_cancelling_leaves_the_partner_single_again(pairs, register):
    one = register(pairs, "Solo", "One", kind="single")
    two = register(pairs, "Solo", "Two", kind="single")
    entry = director_services.singles_pair(first=one, second=two)
    services.registration_cancel(registration=one)
    two.refresh_from_db()
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
    assert (two.status, two.entry) == (Status.CONFIRMED, None)


def test_the_director_moves_the_waiting_list(individual, register, director):
    individual.capacity = 1
    individual.save()
    register(individual, "In", "Side")
    a, b, c = (register(individual, "W", name) for name in ("A", "B", "C"))
    director_services.registration_move(registration=c, up=True, by=director)
    order = [r.last_name for r in selectors.waiting_list(tournament=individual)]
    assert order == ["A", "C", "B"]
    with pytest.raises(ValidationError, match="first already"):
        director_services.registration_move(registration=a, up=True, by=director)
    services.registration_cancel(registration=a)
    assert [
        (r.last_name, r.position) for r in selectors.waiting_list(tournament=individual)
    ] == [("C", 1), ("B", 2)]


def test_no_registration_once_play_has_begun(individual, register):
    factories.RoundFactory(tournament=individual, number=1)
    with pytest.raises(ValidationError, match="Play has begun"):
        register(individual)


def test_who_cancelled_and_registers_again_gets_the_entry_back(
    individual, pairs, register
):
    first = register(individual)
    services.registration_cancel(registration=first)
    again = register(individual)
    assert again.status == Status.CONFIRMED
    assert again.entry == first.entry
    again.entry.refresh_from_db()
    assert again.entry.status == Entry.Status.REGISTERED
    pair = dict(kind="pair", partner_first_name="Jan", partner_last_name="Claes")
    team_entry = register(pairs, **pair).entry
    services.registration_cancel(
        registration=Registration.objects.get(entry=team_entry)
    )
    assert register(pairs, **pair).entry == team_entry


def test_an_event_replaced_meanwhile_by_a_publish_is_refused_not_a_500(individual):
    """A form read before a publish from the hall replaced the event's row: the
    registration is refused with a sentence (409), nothing written."""
    from tournaments.models import Tournament

    read_before = Tournament.objects.get(pk=individual.pk)
    Tournament.objects.filter(pk=individual.pk).delete()
    with pytest.raises(ValidationError, match="updated meanwhile") as refused:
        services.registration_register(
            tournament=read_before,
            kind="alone",
            consent=True,
            first_name="Late",
            last_name="Comer",
            email="late@example.org",
        )
    assert refused.value.status == 409
    assert not Registration.objects.exists()
