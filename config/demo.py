"""Load the demo: a director account, two events and a club season to try the site on.

The demo director is staff (may create tournaments and change every club, player
and team) but not a superuser (no admin powers over accounts). On this machine only
(``HOST`` a loopback address) its password is "manille", printed by ``make run``. In
hall mode (``settings.HALL_MODE``: open to the hall's network) anyone on the Wi-Fi
could type that password, so a random one is made and printed instead, once: later
runs leave it alone (``--new-password`` makes and prints another).

The demo lives here, with the site's composition, because it puts together what
two apps simulate: the events (``draws.simulation``) and the club's season
(``series.simulation``), which sits above the draws. ``manage.py demo`` calls these
steps and prints what they built.
"""

from __future__ import annotations

import secrets

from clubs import services as club_services
from clubs.models import Club
from draws.simulation import Progress, SimulatedTournament, tournament_simulate
from series.simulation import SimulatedSeason, season_simulate
from tournaments.models import Tournament

DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "manille"  # noqa: S105 - a demo login, printed on purpose
# Letters and digits no one misreads on a screen or types wrongly on a phone.
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_LENGTH = 12


def new_hall_password() -> str:
    """A random password to print for a director in the hall (about 59 bits)."""
    return "".join(
        secrets.choice(PASSWORD_ALPHABET) for _position in range(PASSWORD_LENGTH)
    )


def demo_director(*, hall: bool, new_password: bool = False):
    """Make the demo director (staff, not superuser); return it and a new password.

    The password is returned only when it was set now (else None: the director
    keeps the one printed before, or the one they chose). Off the hall it is
    "manille"; in the hall "manille" is never kept: a random one replaces it.
    """
    from django.contrib.auth import get_user_model

    user, created = get_user_model().objects.get_or_create(
        username=DIRECTOR_USERNAME, defaults={"is_staff": True}
    )
    user.is_staff, user.is_superuser, user.is_active = True, False, True
    renew = new_password or created or not user.has_usable_password()
    password = None
    if hall and (renew or user.check_password(DIRECTOR_PASSWORD)):
        password = new_hall_password()
    elif not hall and renew:
        password = DIRECTOR_PASSWORD
    if password is not None:
        user.set_password(password)
    user.save()
    return user, password


# Each demo event is simulated through the directors' own services, with its last
# round published and left open so a visitor can enter results at once. They are
# Flemish events (Dutch names, Dutch by default); every reader can switch language.
# "options" are the keyword arguments of ``tournament_simulate``.
DEMO_EVENTS = [
    {
        "slug": "demo-wk",
        "name": "Demo WK Manillen (64 spelers)",
        "options": {
            "players": 64,
            "format": "individual",
            "rounds": 3,
            "final": 16,
            "seed": 1,
        },
    },
    {
        "slug": "demo-pairs",
        "name": "Demo koppeltornooi (20 ploegen, Zwitsers)",
        "options": {
            "format": "pairs",
            "teams": 20,
            "rounds": 4,
            "draw": "swiss",
            "seed": 2,
        },
    },
]

# A club's season, played through the managers' services (``season_simulate``):
# small, so that ``make run`` stays quick. The demo director manages the club, so
# "New evening" on the season's page runs its next evening.
DEMO_CLUB = "Manilleclub De Zotte Boer"
DEMO_SEASON = {"players": 24, "evenings": 4, "rounds": 2, "seed": 3, "name": DEMO_CLUB}


def demo_events_missing() -> list[dict]:
    """Return the demo events not loaded yet (the demo is loaded only once)."""
    return [
        event
        for event in DEMO_EVENTS
        if not Tournament.objects.filter(slug=event["slug"]).exists()
    ]


def demo_event_simulate(
    *, event: dict, progress: Progress | None = None
) -> SimulatedTournament:
    """Simulate one of ``DEMO_EVENTS``, its last round published and left open."""
    return tournament_simulate(
        **event["options"],
        slug=event["slug"],
        name=event["name"],
        leave_open=True,
        progress=progress,
    )


def demo_season_missing() -> bool:
    """Say whether the demo club's season is still to be played."""
    return not Club.objects.filter(name=DEMO_CLUB).exists()


def demo_season_simulate(*, progress: Progress | None = None) -> SimulatedSeason:
    """Play the demo club's season (``DEMO_SEASON``) through the managers' services."""
    return season_simulate(**DEMO_SEASON, progress=progress)


def demo_season_manage(*, user) -> Club:
    """Make the demo director a manager of the demo club; return the club."""
    club = Club.objects.get(name=DEMO_CLUB)
    if not club.managers.filter(pk=user.pk).exists():
        club_services.club_manager_add(club=club, user=user, by=user)
    return club
