"""The hall's laptop pulls an event from the web site by its token (issue 26) and
plays it; pulled again before the day, the fees and payments taken at the hall
stay."""

import pytest
from django.contrib.auth import get_user_model

from actionlog.models import ActionEntry
from draws.simulation import tournament_play
from transfer.services import export_event
from transfer.services.publishing import event_pulled_import

pytestmark = pytest.mark.django_db


def test_the_hall_pulls_the_event_and_plays_it(client, web_copy):
    tournament, _text, _answers, director, raw = web_copy
    response = client.get(
        "/api/events/pull/", headers={"Authorization": f"Bearer {raw}"}
    )
    assert response.status_code == 200
    data = response.json()
    assert data["tournament"]["slug"] == tournament.slug and not data["rounds"]
    assert len(data["entries"]) == 8
    assert all("personal_code" not in row for row in data["entries"])
    assert client.get("/api/events/pull/").status_code == 401
    # Pulled again before the day here (this database plays the hall too).
    hall_user = get_user_model().objects.create_user("hall", password="pw-hall-1")
    local, replaced = event_pulled_import(
        data=data, by=hall_user, source="https://web.example"
    )
    assert replaced and local.entries.count() == 8
    # The hall's log says where from; the web's lines of the event (its pull,
    # its token) are the new copy's.
    pulled = ActionEntry.objects.filter(action="event.pulled", tournament_id=local.pk)
    assert pulled.filter(note="Pulled from https://web.example").get().user == hall_user
    assert pulled.count() == 2
    assert ActionEntry.objects.filter(
        action="event.token_issued", tournament_id=local.pk
    ).exists()
    tournament_play(tournament=local, seed=3)
    assert local.rounds.count() == 2
    with pytest.raises(Exception, match="rounds drawn at this hall"):
        event_pulled_import(data=data, by=hall_user)


def test_a_pull_again_keeps_the_fees_and_payments_taken_at_the_hall(web_copy):
    """The hall pulls again before the day (new registrations on the web): the
    fees it set and the payments its desk took stay, each with its entrant."""
    from cashdesk.models import FeeRate, FeeSettings, Payment
    from cashdesk.services import payment_take

    tournament, _text, _answers, director, _raw = web_copy
    data = export_event(tournament)
    hall_user = get_user_model().objects.create_user("hall", password="pw-hall-1")
    local, _again = event_pulled_import(data=data, by=hall_user, source="web")
    fees = FeeSettings.objects.create(tournament=local)
    FeeRate.objects.create(settings=fees, code="all", label="All", amount_cents=700)
    entry = local.entries.order_by("pk").first()
    payment_take(entry=entry, by=hall_user, check_in=True)

    again, replaced = event_pulled_import(data=data, by=hall_user, source="web")
    assert replaced and again.pk != local.pk
    payment = Payment.objects.get()
    assert payment.entry.tournament == again
    assert payment.entry.player_id == entry.player_id
    assert payment.amount_cents == 700
    assert FeeSettings.objects.get().tournament == again
