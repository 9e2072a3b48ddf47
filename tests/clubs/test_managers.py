"""A club's managers change its people, and nothing else; staff appoint them.

The director's club page (``director:club_people``) lists the members with their
fixed substitutes, the managers, the club's series and events; a member's page sets
his substitute (a member of the club or a player of no club, never himself).
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from clubs import services
from clubs.models import Player
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    users = get_user_model().objects
    manager = users.create_user("manager", password="pw-manager-1")
    staff = users.create_user("staff", password="pw-staff-1", is_staff=True)
    plain = users.create_user("plain", password="pw-plain-1")
    own = factories.ClubFactory(name="Kaartclub Azen")
    other = factories.ClubFactory(name="De Boeren")
    own.managers.add(manager)
    return {
        "manager": manager,
        "staff": staff,
        "plain": plain,
        "own": own,
        "other": other,
        "member": factories.PlayerFactory(club=own, first_name="Jef"),
        "member2": factories.PlayerFactory(club=own, first_name="Mia"),
        "stranger": factories.PlayerFactory(club=other, first_name="Rik"),
    }


def _member_url(club, player):
    return reverse("director:club_member", args=[club.pk, player.pk])


def _member_post(player, **changes):
    data = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "member_number": player.member_number,
        "substitute": player.substitute_id or "",
    }
    data.update(changes)
    return data


# ------------------------------------------------------------------ the club page


def test_a_manager_sees_his_clubs_people(client, world, django_assert_max_num_queries):
    client.force_login(world["manager"])
    world["member"].substitute = world["stranger"]
    world["member"].save()
    with django_assert_max_num_queries(12):
        response = client.get(reverse("director:club_people", args=[world["own"].pk]))
    assert response.status_code == 200
    text = response.text
    assert world["member"].sort_name in text and world["member2"].sort_name in text
    assert world["stranger"].full_name in text  # as Jef's substitute
    assert "manager" in text  # the managers, listed
    assert "Add a manager" not in text  # only staff appoint them
    assert "Only staff add or remove managers." in text


def test_my_clubs_lists_the_clubs_the_user_manages(client, world):
    client.force_login(world["manager"])
    response = client.get(reverse("director:my_clubs"))
    assert response.status_code == 200
    assert "Kaartclub Azen" in response.text and "De Boeren" not in response.text
    assert reverse("director:club_people", args=[world["own"].pk]) in response.text


def test_a_manager_is_refused_another_clubs_page(client, world):
    client.force_login(world["manager"])
    url = reverse("director:club_people", args=[world["other"].pk])
    response = client.get(url)
    assert response.status_code == 403
    assert "Only staff and the club&#x27;s managers may change a club" in response.text


def test_a_user_who_manages_nothing_is_refused(client, world):
    client.force_login(world["plain"])
    url = reverse("director:club_people", args=[world["own"].pk])
    assert client.get(url).status_code == 403
    assert client.get(reverse("director:my_clubs")).status_code == 403


def test_an_unknown_club_or_member_is_a_404(client, world):
    client.force_login(world["staff"])
    assert client.get("/director/clubs/99999/people/").status_code == 404
    assert client.get(f"/director/clubs/{'9' * 20}/people/").status_code == 404
    own = world["own"].pk
    assert client.get(f"/director/clubs/{own}/members/{'9' * 20}/").status_code == 404


# ------------------------------------------------------------- members, substitutes


def test_a_manager_sets_a_members_substitute(client, world):
    # Another club's player is no longer offered (issue 23): tests/trust.
    client.force_login(world["manager"])
    member = world["member"]
    response = client.post(
        _member_url(world["own"], member),
        _member_post(member, substitute=world["member2"].pk, member_number="17"),
    )
    assert response.status_code == 302
    assert response.url == reverse("director:club_people", args=[world["own"].pk])
    member.refresh_from_db()
    assert member.substitute == world["member2"] and member.member_number == "17"


def test_a_member_cannot_be_his_own_substitute(client, world):
    client.force_login(world["manager"])
    member = world["member"]
    response = client.post(
        _member_url(world["own"], member), _member_post(member, substitute=member.pk)
    )
    assert response.status_code == 400
    member.refresh_from_db()
    assert member.substitute is None
    # The service refuses it too, whatever calls it.
    with pytest.raises(ValidationError) as caught:
        services.player_update(player=member, by=world["manager"], substitute=member)
    assert "own substitute" in str(caught.value)


def test_the_substitute_can_be_cleared(client, world):
    member = world["member"]
    member.substitute = world["member2"]
    member.save()
    client.force_login(world["manager"])
    response = client.post(
        _member_url(world["own"], member), _member_post(member, substitute="")
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.substitute is None


def test_a_manager_cannot_edit_another_clubs_people(client, world):
    client.force_login(world["manager"])
    stranger = world["stranger"]
    # Through the other club's page: refused, with why.
    response = client.post(
        _member_url(world["other"], stranger),
        _member_post(stranger, first_name="Hacked"),
    )
    assert response.status_code == 403
    # Through his own club's address: not a member, so nothing to change.
    response = client.post(
        _member_url(world["own"], stranger), _member_post(stranger, first_name="Hacked")
    )
    assert response.status_code == 404
    # Through the players' pages and the service: refused.
    response = client.get(reverse("director:player_edit", args=[stranger.pk]))
    assert response.status_code == 403
    with pytest.raises(PermissionDenied):
        services.player_update(
            player=stranger, by=world["manager"], first_name="Hacked"
        )
    stranger.refresh_from_db()
    assert stranger.first_name == "Rik"


def test_a_manager_cannot_change_another_club(client, world):
    client.force_login(world["manager"])
    response = client.post(
        reverse("director:club_edit", args=[world["other"].pk]),
        {"name": "Renamed", "short_name": "", "city": ""},
    )
    assert response.status_code == 403
    world["other"].refresh_from_db()
    assert world["other"].name == "De Boeren"


# ------------------------------------------------------------------------ managers


def test_staff_add_and_remove_a_manager(client, world):
    client.force_login(world["staff"])
    own = world["own"]
    page = client.get(reverse("director:club_people", args=[own.pk]))
    assert "Add a manager" in page.text
    response = client.post(
        reverse("director:club_manager_add", args=[own.pk]), {"username": "PLAIN"}
    )
    assert response.status_code == 302
    assert set(own.managers.values_list("username", flat=True)) == {"manager", "plain"}
    response = client.post(
        reverse("director:club_manager_remove", args=[own.pk, world["plain"].pk])
    )
    assert response.status_code == 302
    assert list(own.managers.values_list("username", flat=True)) == ["manager"]


def test_an_unknown_username_is_a_form_error(client, world):
    client.force_login(world["staff"])
    response = client.post(
        reverse("director:club_manager_add", args=[world["own"].pk]),
        {"username": "nobody"},
    )
    assert response.status_code == 400
    assert "No user has this username." in response.text
    response = client.post(
        reverse("director:club_manager_add", args=[world["own"].pk]),
        {"username": "bad\x00name"},
    )
    assert response.status_code == 400


def test_a_manager_cannot_appoint_or_remove_managers(client, world):
    client.force_login(world["manager"])
    own = world["own"]
    response = client.post(
        reverse("director:club_manager_add", args=[own.pk]), {"username": "plain"}
    )
    assert response.status_code == 403
    response = client.post(
        reverse("director:club_manager_remove", args=[own.pk, world["manager"].pk])
    )
    assert response.status_code == 403
    assert list(own.managers.values_list("username", flat=True)) == ["manager"]
    with pytest.raises(PermissionDenied):
        services.club_manager_add(club=own, user=world["plain"], by=world["manager"])


def test_managing_a_club_opens_the_directors_side(client, world):
    """A manager who directs no tournament still reaches the director's pages."""
    client.force_login(world["manager"])
    assert client.get(reverse("director:home")).status_code == 200
    assert client.get(reverse("director:clubs")).status_code == 200
    assert Player.objects.filter(club=world["own"]).count() == 2


def test_the_clubs_list_tells_a_manager_which_clubs_are_his(client, world):
    client.force_login(world["manager"])
    text = client.get(reverse("director:clubs")).text
    assert "The clubs you manage." in text and "Only staff may change" not in text
    assert "Kaartclub Azen" in text and "De Boeren" not in text
    assert reverse("director:club_people", args=[world["own"].pk]) in text
