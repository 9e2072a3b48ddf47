"""A fixed-substitute link grants no rights; moving a player asks both clubs.

Issue 23, item 5: the manager of one club named another club's player as the
fixed substitute of one of his members (the list offered every player of every
club), and could then open, rename and move that player, whose new name showed on
an event the manager has nothing to do with.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from clubs.models import Player
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.fixture
def world():
    users = get_user_model().objects
    manager = users.create_user("manager4", password="pw-manager-4")
    club2 = factories.ClubFactory(name="Kaartclub Twee")
    club4 = factories.ClubFactory(name="Kaartclub Vier")
    club4.managers.add(manager)
    target = factories.PlayerFactory(club=club2, first_name="Rik", last_name="Aerts")
    # An event the manager has nothing to do with shows the target.
    event = factories.TournamentFactory(slug="elsewhere")
    factories.EntryFactory(tournament=event, player=target)
    return {
        "manager": manager,
        "staff": users.create_user("staff", password="pw-staff-1", is_staff=True),
        "club2": club2,
        "club4": club4,
        "member": factories.PlayerFactory(club=club4, first_name="Jef"),
        "mate": factories.PlayerFactory(club=club4, first_name="Mia"),
        "guest": factories.PlayerFactory(club=None, first_name="Gust"),
        "target": target,
        "event": event,
    }


def _member_url(world):
    return reverse("director:club_member", args=[world["club4"].pk, world["member"].pk])


def _member_post(player, **changes):
    data = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "member_number": player.member_number,
        "substitute": player.substitute_id or "",
    }
    data.update(changes)
    return data


def _player_post(player, **changes):
    data = {
        "first_name": player.first_name,
        "last_name": player.last_name,
        "club": player.club_id or "",
        "member_number": player.member_number,
    }
    data.update(changes)
    return data


def _snapshot(player):
    return Player.objects.filter(pk=player.pk).values().get()


def test_naming_another_clubs_player_as_substitute_takes_nothing(client, world):
    """The issue's steps: 403, the substitute refused, then still 403 everywhere."""
    client.force_login(world["manager"])
    target = world["target"]
    edit = reverse("director:player_edit", args=[target.pk])
    before = _snapshot(target)
    assert client.get(edit).status_code == 403

    named = client.post(
        _member_url(world), _member_post(world["member"], substitute=target.pk)
    )
    assert named.status_code == 400  # not among the choices
    world["member"].refresh_from_db()
    assert world["member"].substitute is None

    assert client.get(edit).status_code == 403
    renamed = client.post(edit, _player_post(target, last_name="PWNED"))
    assert renamed.status_code == 403
    moved = client.post(edit, _player_post(target, club=world["club4"].pk))
    assert moved.status_code == 403
    assert _snapshot(target) == before
    page = client.get(reverse("public:tournament", args=[world["event"].slug]))
    assert "PWNED" not in page.text


def test_a_substitute_link_made_elsewhere_grants_no_rights(client, world):
    """A link staff made (or older data holds) lets the manager change nothing."""
    member, target = world["member"], world["target"]
    member.substitute = target
    member.save()
    client.force_login(world["manager"])
    edit = reverse("director:player_edit", args=[target.pk])
    before = _snapshot(target)
    assert client.get(edit).status_code == 403
    assert client.post(edit, _player_post(target, last_name="PWNED")).status_code == 403
    players = client.get(reverse("director:players"))
    assert target.last_name not in players.text
    assert _snapshot(target) == before
    # His member's page keeps the link he did not make, and saves with it.
    saved = client.post(_member_url(world), _member_post(member, member_number="7"))
    assert saved.status_code == 302
    member.refresh_from_db()
    assert member.substitute == target and member.member_number == "7"


def test_the_substitute_choice_is_the_clubs_members_and_players_of_no_club(
    client, world
):
    client.force_login(world["manager"])
    page = client.get(_member_url(world))
    assert page.status_code == 200
    options = page.text.split('name="substitute"', 1)[1].split("</select>", 1)[0]
    assert world["mate"].sort_name in options
    assert world["guest"].sort_name in options
    assert world["target"].sort_name not in options
    assert world["member"].sort_name not in options  # never himself
    for choice in ("mate", "guest"):
        response = client.post(
            _member_url(world),
            _member_post(world["member"], substitute=world[choice].pk),
        )
        assert response.status_code == 302
        world["member"].refresh_from_db()
        assert world["member"].substitute == world[choice]


def test_moving_a_player_needs_the_managers_of_both_clubs_or_staff(client, world):
    """A director of the player's event renames him, but moves him only with the
    managers' say of the club he leaves and the club he joins."""
    manager, target = world["manager"], world["target"]
    world["event"].directors.add(manager)  # now he may change the target
    client.force_login(manager)
    edit = reverse("director:player_edit", args=[target.pk])
    assert (
        client.post(edit, _player_post(target, last_name="Aerts-Peeters")).status_code
        == 302
    )
    target.refresh_from_db()
    assert target.last_name == "Aerts-Peeters"

    moved = client.post(edit, _player_post(target, club=world["club4"].pk))
    assert moved.status_code == 403
    target.refresh_from_db()
    assert target.club == world["club2"]
    # Nor may his own member leave for a club he does not manage.
    member_edit = reverse("director:player_edit", args=[world["member"].pk])
    moved = client.post(
        member_edit, _player_post(world["member"], club=world["club2"].pk)
    )
    assert moved.status_code == 403
    world["member"].refresh_from_db()
    assert world["member"].club == world["club4"]

    # A manager of both clubs moves him.
    world["club2"].managers.add(manager)
    assert (
        client.post(edit, _player_post(target, club=world["club4"].pk)).status_code
        == 302
    )
    target.refresh_from_db()
    assert target.club == world["club4"]

    # Staff move anyone.
    client.force_login(world["staff"])
    assert (
        client.post(edit, _player_post(target, club=world["club2"].pk)).status_code
        == 302
    )
    target.refresh_from_db()
    assert target.club == world["club2"]


def test_a_player_of_no_club_joins_a_club_only_with_its_managers(client, world):
    manager, guest = world["manager"], world["guest"]
    event = factories.TournamentFactory(slug="open-event")
    event.directors.add(manager)
    factories.EntryFactory(tournament=event, player=guest)
    client.force_login(manager)
    edit = reverse("director:player_edit", args=[guest.pk])
    assert (
        client.post(edit, _player_post(guest, club=world["club2"].pk)).status_code
        == 403
    )
    assert (
        client.post(edit, _player_post(guest, club=world["club4"].pk)).status_code
        == 302
    )
    guest.refresh_from_db()
    assert guest.club == world["club4"]
