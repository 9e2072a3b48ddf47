"""Who may change a club, a player or a team: staff, or a director of their event.

Issue 12, finding 7: a director of one tournament renamed a player of another one,
and the new name showed at once in that tournament's public standings. The rule
lives in ``clubs.access`` and is enforced by the services (``by=``); the pages
answer 403 with the reason and list only what the user may change.
"""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from clubs import access
from clubs import services as club_services
from clubs.models import Club, Player, Team
from tests import factories
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

User = get_user_model()


@pytest.fixture
def world():
    """Two directors, each of an individual and a pairs event, and their people.

    ``t1`` has Player ``p1`` (of club ``c1``) entered alone and team ``x1`` entered
    in its pairs event; ``t2`` likewise ``p2``, ``c2``, ``x2``. ``loose`` is a
    player entered nowhere.
    """
    users = {
        "plain": User.objects.create_user("plain", password="x-plain-123"),
        "d1": User.objects.create_user("d1", password="x-d1-12345"),
        "d2": User.objects.create_user("d2", password="x-d2-12345"),
        "staff": User.objects.create_user(
            "staff", password="x-staff-123", is_staff=True
        ),
    }
    world = {"users": users}
    for n in (1, 2):
        director = users[f"d{n}"]
        club = factories.ClubFactory(name=f"Kaartclub {n}")
        single = factories.TournamentFactory(slug=f"t{n}")
        single.directors.add(director)
        player = factories.PlayerFactory(club=club, last_name=f"Player{n}")
        factories.EntryFactory(tournament=single, player=player)
        pairs = factories.TournamentFactory(
            slug=f"t{n}-pairs", format=Tournament.Format.PAIRS
        )
        pairs.directors.add(director)
        team = factories.TeamFactory(
            name=f"Team {n}",
            club=club,
            player_one=factories.PlayerFactory(club=club, last_name=f"One{n}"),
            player_two=factories.PlayerFactory(club=club, last_name=f"Two{n}"),
        )
        factories.TeamEntryFactory(tournament=pairs, team=team)
        world.update({f"c{n}": club, f"p{n}": player, f"x{n}": team})
        world[f"t{n}"] = single
    world["loose"] = factories.PlayerFactory(last_name="Loose")
    return world


def snapshot() -> list:
    return [
        list(Club.objects.order_by("pk").values()),
        list(Player.objects.order_by("pk").values()),
        list(Team.objects.order_by("pk").values()),
    ]


KINDS = {
    "club": ("c1", "director:club_edit", {"name": "Hijacked", "short_name": "H"}),
    "player": (
        "p1",
        "director:player_edit",
        {"first_name": "Hi", "last_name": "Jacked", "member_number": ""},
    ),
    "team": ("x1", "director:team_edit", {"name": "Hijacked"}),
}

# Who reaches the edit page of club 1, player 1 and team 1 (all of tournament 1's
# director): 200 may view and change it, 403 is refused, "login" is sent to log in.
MATRIX = {
    "anonymous": {"club": "login", "player": "login", "team": "login"},
    "plain": {"club": 403, "player": 403, "team": 403},
    "d1": {"club": 403, "player": 200, "team": 200},
    "d2": {"club": 403, "player": 403, "team": 403},
    "staff": {"club": 200, "player": 200, "team": 200},
}
CASES = [(who, kind) for who, row in MATRIX.items() for kind in row]


def post_data(world, kind: str) -> dict:
    key, _url, data = KINDS[kind]
    obj = world[key]
    data = dict(data)
    if kind == "player":
        data["club"] = obj.club_id
    if kind == "team":
        data.update(
            club=obj.club_id, player_one=obj.player_one_id, player_two=obj.player_two_id
        )
    return data


@pytest.mark.parametrize(("who", "kind"), CASES)
def test_the_permission_matrix_on_the_edit_pages(client, world, who, kind):
    """Each user × club/player/team: view and change, or refused, change nothing."""
    if who != "anonymous":
        client.force_login(world["users"][who])
    key, url_name, _data = KINDS[kind]
    obj = world[key]
    url = reverse(url_name, args=[obj.pk])
    expected = MATRIX[who][kind]
    before = snapshot()

    page = client.get(url)
    posted = client.post(url, post_data(world, kind))

    if expected == "login":
        assert page.status_code == posted.status_code == 302
        assert reverse("login") in posted["Location"]
        assert snapshot() == before
    elif expected == 403:
        assert page.status_code == posted.status_code == 403
        assert snapshot() == before
    else:
        assert page.status_code == 200
        assert posted.status_code == 302, posted.content
        obj.refresh_from_db()
        assert "Jacked" in str(obj) or "Hijacked" in str(obj)


def test_a_refusal_says_why(client, world):
    client.force_login(world["users"]["d2"])
    response = client.get(reverse("director:player_edit", args=[world["p1"].pk]))
    assert response.status_code == 403
    assert "players of a club you manage or entered in a tournament you direct" in (
        response.text
    )
    response = client.get(reverse("director:club_edit", args=[world["c2"].pk]))
    assert "Only staff and the club&#x27;s managers may change a club" in response.text


@pytest.mark.parametrize("url_name", ["club_edit", "player_edit", "team_edit"])
def test_an_unknown_id_is_404(client, world, url_name):
    client.force_login(world["users"]["staff"])
    assert client.get(reverse(f"director:{url_name}", args=[99999])).status_code == 404


def test_a_team_members_are_their_events_directors_to_change(client, world):
    """A player entered only as half of a team belongs to the pairs event's director."""
    member = world["x1"].player_two
    assert access.can_edit_player(user=world["users"]["d1"], player=member)
    assert not access.can_edit_player(user=world["users"]["d2"], player=member)
    client.force_login(world["users"]["d1"])
    url = reverse("director:player_edit", args=[member.pk])
    response = client.post(
        url, {"first_name": "Mieke", "last_name": "Two1", "club": member.club_id}
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.first_name == "Mieke"


def test_a_player_entered_nowhere_is_staffs_alone(world):
    users = world["users"]
    assert access.can_edit_player(user=users["staff"], player=world["loose"])
    for who in ("plain", "d1", "d2"):
        assert not access.can_edit_player(user=users[who], player=world["loose"])


def test_an_inactive_staff_member_edits_nothing(world):
    staff = world["users"]["staff"]
    staff.is_active = False
    staff.save()
    assert not access.can_edit_player(user=staff, player=world["p1"])
    assert not access.can_edit_club(user=staff, club=world["c1"])


# ------------------------------------------------------------------- the services


def test_the_services_refuse_a_director_of_another_tournament(world):
    """The rule holds below the views: the service itself refuses, nothing saved."""
    d2 = world["users"]["d2"]
    before = snapshot()
    with pytest.raises(PermissionDenied):
        club_services.player_update(player=world["p1"], by=d2, last_name="Hijacked")
    with pytest.raises(PermissionDenied):
        club_services.team_update(team=world["x1"], by=d2, name="Hijacked")
    with pytest.raises(PermissionDenied):
        club_services.club_update(club=world["c1"], by=d2, name="Hijacked")
    with pytest.raises(PermissionDenied):
        club_services.club_update(club=world["c2"], by=d2, name="Hijacked")
    assert snapshot() == before


def test_the_services_let_the_owner_and_staff_through(world):
    d1, staff = world["users"]["d1"], world["users"]["staff"]
    club_services.player_update(player=world["p1"], by=d1, last_name="Renamed")
    club_services.team_update(team=world["x1"], by=d1, name="Renamed team")
    club_services.club_update(club=world["c1"], by=staff, name="Renamed club")
    club_services.player_update(player=world["p2"], by=staff, last_name="Staffed")
    assert Player.objects.get(pk=world["p1"].pk).last_name == "Renamed"
    assert Team.objects.get(pk=world["x1"].pk).name == "Renamed team"
    assert Club.objects.get(pk=world["c1"].pk).name == "Renamed club"
    assert Player.objects.get(pk=world["p2"].pk).last_name == "Staffed"


def test_an_update_must_say_who_makes_it(world):
    with pytest.raises(TypeError):
        club_services.player_update(player=world["p1"], last_name="Nobody")


# ---------------------------------------------------------------------- the lists


def names_on(client, url_name: str) -> str:
    response = client.get(reverse(f"director:{url_name}"))
    assert response.status_code == 200
    return response.text


def test_the_lists_show_only_what_the_user_may_change(client, world):
    client.force_login(world["users"]["d1"])
    players = names_on(client, "players")
    assert "Player1" in players and "One1" in players and "Two1" in players
    assert "Player2" not in players and "One2" not in players
    assert "Loose" not in players
    teams = names_on(client, "teams")
    assert "Team 1" in teams and "Team 2" not in teams
    clubs = names_on(client, "clubs")
    assert "Kaartclub 1" not in clubs and "Only staff may change clubs" in clubs

    client.force_login(world["users"]["staff"])
    players = names_on(client, "players")
    assert all(name in players for name in ("Player1", "Player2", "Loose"))
    assert "Team 2" in names_on(client, "teams")
    assert "Kaartclub 2" in names_on(client, "clubs")


def test_the_player_list_stays_a_few_queries(
    client, world, django_assert_max_num_queries
):
    for _ in range(30):
        factories.EntryFactory(tournament=world["t1"])
    client.force_login(world["users"]["d1"])
    with django_assert_max_num_queries(12):
        text = names_on(client, "players")
    assert text.count("Peeters") >= 30


# ------------------------------------------- renames move the public version (8)


def version_of(tournament: Tournament) -> int:
    return Tournament.objects.values_list("version", flat=True).get(pk=tournament.pk)


@pytest.mark.parametrize("kind", ["club", "player", "team"])
def test_a_rename_on_the_directors_pages_moves_the_public_version(
    client, world, kind, django_capture_on_commit_callbacks
):
    """A rename through a page bumps the event that shows the name, not the other."""
    shown_in = world["t1"] if kind != "team" else world["x1"].entries.get().tournament
    user = world["users"]["staff" if kind == "club" else "d1"]
    client.force_login(user)
    before, other = version_of(shown_in), version_of(world["t2"])
    key, url_name, _data = KINDS[kind]
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse(url_name, args=[world[key].pk]), post_data(world, kind)
        )
    assert response.status_code == 302
    assert version_of(shown_in) == before + 1
    assert version_of(world["t2"]) == other


def test_a_refused_rename_moves_no_version(
    client, world, django_capture_on_commit_callbacks
):
    client.force_login(world["users"]["d2"])
    before = version_of(world["t1"])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("director:player_edit", args=[world["p1"].pk]),
            post_data(world, "player"),
        )
    assert response.status_code == 403
    assert version_of(world["t1"]) == before
    standings = client.get(reverse("live:standings", args=["t1"]))
    assert "Jacked" not in standings.text
