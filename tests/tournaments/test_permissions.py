"""Walk every director URL: strangers reach no page and change nothing."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from clubs.models import Club, Player, Team
from draws import services as draw_services
from tests import factories
from tournaments.models import (
    Bye,
    Entry,
    KnockoutMatch,
    Phase,
    Round,
    Seat,
    Table,
    Tournament,
)

pytestmark = pytest.mark.django_db


def director_patterns() -> list[tuple[str, list[str]]]:
    """Return (url name, parameter names) for each pattern of the director namespace."""
    resolver = get_resolver()
    found: list[tuple[str, list[str]]] = []

    def walk(patterns, namespace):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, p.namespace or namespace)
            elif isinstance(p, URLPattern) and namespace == "director" and p.name:
                found.append((p.name, list(p.pattern.converters)))

    walk(resolver.url_patterns, None)
    return found


PATTERNS = director_patterns()


def test_the_walk_finds_the_director_pages():
    names = {name for name, _params in PATTERNS}
    assert {"home", "tournament", "round", "round_draw", "import", "clubs"} <= names
    assert len(PATTERNS) >= 25


@pytest.fixture
def world(director):
    """A tournament with a drafted round, a club, a player and a team."""
    tournament = factories.TournamentFactory(slug="wk")
    tournament.directors.add(director)
    phase = factories.PhaseFactory(tournament=tournament, rounds=3)
    for _ in range(5):
        factories.EntryFactory(tournament=tournament)
    rnd = draw_services.round_draw(phase=phase, by=director, seed=1)
    club = Club.objects.first()
    player = Player.objects.first()
    team = factories.TeamFactory(club=club)
    # Its director may change the team: it is entered in a pairs event of theirs.
    pairs = factories.TeamEntryFactory(team=team).tournament
    pairs.directors.add(director)
    # A knockout phase (its bracket page) with a match at a table (its decision).
    knockout = factories.PhaseFactory(
        tournament=tournament, order=2, name="Knockout", draw_method="knockout"
    )
    match = KnockoutMatch.objects.create(
        phase=knockout,
        table=rnd.tables.first(),
        bracket="main",
        round_index=0,
        match_index=0,
    )
    return {
        "knockout": knockout,
        "match": match,
        "tournament": tournament,
        "phase": phase,
        "round": rnd,
        "entry": Entry.objects.first(),
        "club": club,
        "player": player,
        "team": team,
    }


def kwargs_for(name: str, params: list[str], world) -> dict:
    values = {
        "slug": world["tournament"].slug,
        "number": world["round"].number,
        "phase_id": world["phase"].pk,
        "entry_id": world["entry"].pk,
        "match_id": world["match"].pk,
    }
    if name in ("phase_bracket", "match_decide"):
        values["phase_id"] = world["knockout"].pk
    if "seat_id" in params:
        values["seat_id"] = Seat.objects.filter(round=world["round"]).first().pk
    if "pk" in params:
        kind = name.split("_")[0]
        values["pk"] = world[kind].pk
    if "player" in params:  # a member of the club's pages
        values["player"] = world["player"].pk
    if "user" in params:  # a manager of the club's pages
        values["user"] = world["tournament"].directors.first().pk
    return {p: values[p] for p in params}


def post_data(world) -> dict:
    seats = list(Seat.objects.filter(round=world["round"]).values_list("pk", flat=True))
    return {
        "action": "withdraw",
        "seat": [str(s) for s in seats[:2]],
        "bye": [str(b.pk) for b in Bye.objects.all()],
        "seed": "5",
        "commit": "1",
        "text": "first_name,last_name\nIn,Truder\n",
        "name": "Hijacked",
        "slug": "hijacked",
        "first_name": "In",
        "last_name": "Truder",
        "date": "2026-01-01",
        "format": "individual",
        "target": "61",
        "phases-TOTAL_FORMS": "0",
        "phases-INITIAL_FORMS": "0",
    }


def snapshot() -> dict:
    return {
        "tournaments": list(Tournament.objects.order_by("pk").values()),
        "phases": list(Phase.objects.order_by("pk").values()),
        "entries": list(Entry.objects.order_by("pk").values()),
        "rounds": list(Round.objects.order_by("pk").values()),
        "tables": list(Table.objects.order_by("pk").values()),
        "seats": list(Seat.objects.order_by("pk").values()),
        "byes": list(Bye.objects.order_by("pk").values()),
        "clubs": list(Club.objects.order_by("pk").values()),
        "players": list(Player.objects.order_by("pk").values()),
        "teams": list(Team.objects.order_by("pk").values()),
    }


@pytest.fixture
def stranger(db):
    return get_user_model().objects.create_user(
        username="stranger", password="x-123456"
    )


@pytest.fixture
def other_director(db):
    """A user who directs another tournament (may see clubs, not this event)."""
    user = get_user_model().objects.create_user(username="other")
    factories.TournamentFactory(slug="other").directors.add(user)
    return user


TOURNAMENT_SCOPED = [(n, p) for n, p in PATTERNS if "slug" in p]


@pytest.mark.parametrize(("name", "params"), PATTERNS)
def test_an_anonymous_visitor_reaches_no_director_page(client, world, name, params):
    url = reverse(f"director:{name}", kwargs=kwargs_for(name, params, world))
    before = snapshot()
    for response in (client.get(url), client.post(url, post_data(world))):
        assert response.status_code == 302, (url, response.status_code)
        assert reverse("login") in response["Location"]
    assert snapshot() == before


@pytest.mark.parametrize(("name", "params"), PATTERNS)
def test_a_logged_in_non_director_is_refused_everywhere(
    client, world, stranger, name, params
):
    client.force_login(stranger)
    url = reverse(f"director:{name}", kwargs=kwargs_for(name, params, world))
    before = snapshot()
    for response in (client.get(url), client.post(url, post_data(world))):
        assert response.status_code == 403, (url, response.status_code)
    assert snapshot() == before


@pytest.mark.parametrize(("name", "params"), TOURNAMENT_SCOPED)
def test_the_director_of_another_tournament_is_refused_here(
    client, world, other_director, name, params
):
    client.force_login(other_director)
    url = reverse(f"director:{name}", kwargs=kwargs_for(name, params, world))
    before = snapshot()
    for response in (client.get(url), client.post(url, post_data(world))):
        assert response.status_code == 403, (url, response.status_code)
    assert snapshot() == before


CLUB_MANAGERS_ONLY = {
    "club_people",
    "club_import",
    "club_history",
    "club_member",
    "club_manager_add",
    "club_manager_remove",
}

# The site's staff only: a new tournament, a club's settings, the login locks.
STAFF_ONLY = {"tournament_create", "club_edit", "login_locks", "login_unlock"}


@pytest.mark.parametrize(("name", "params"), PATTERNS)
def test_the_tournament_director_gets_through(director_client, world, name, params):
    """The walk is not vacuous: the director reaches every page (or its POST)."""
    url = reverse(f"director:{name}", kwargs=kwargs_for(name, params, world))
    response = director_client.get(url)
    if name in CLUB_MANAGERS_ONLY | STAFF_ONLY:  # a club's pages, the staff's
        if response.status_code == 405:
            response = director_client.post(url, post_data(world))
        assert response.status_code == 403, (url, response.status_code)
    elif response.status_code == 405:  # a POST-only action
        response = director_client.post(url, post_data(world))
        assert response.status_code in (200, 302, 400), (url, response.status_code)
    else:
        assert response.status_code == 200, (url, response.status_code)
