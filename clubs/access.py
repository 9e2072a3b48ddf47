"""Decide who may use the director's side and who may change a club, player or team.

The one place for both rules. Who may change a person is explicit:

- a club: staff, or one of the club's managers (``Club.managers``);
- a player: staff, a manager of the player's club, or a director of a tournament
  the player is entered in, alone or in a team. Being some member's fixed
  substitute grants nothing: any manager could otherwise name anyone (issue 23);
- a player's club: moving a player from one club to another takes staff, or a
  manager of the club he leaves and of the club he joins (a player of no club
  joins one with its managers' say alone);
- a member's fixed substitute: a member of the same club or a player of no club
  (``substitute_choices``);
- a team: staff, or a director of a tournament the team is entered in.

The services check it on every change (``by=`` the user), the views before showing a
form, and the lists show only what the user may change. The entries and directors
are read through their relation names (``entries``, ``directors``): clubs may not
import tournaments, which owns them.
"""

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Team


def user_is_director(*, user) -> bool:
    """Tell whether a user may use the director's side at all (clubs, players…):
    staff, a director of some tournament, or a club's manager."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser or user.is_staff:
        return True
    return user.directed_tournaments.exists() or user.managed_clubs.exists()


def any_director_required(view):
    """Require a user who directs some tournament (or staff): clubs and players."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not user_is_director(user=request.user):
            raise PermissionDenied(_("You do not direct any tournament."))
        return view(request, *args, **kwargs)

    return wrapper


def is_htmx(request) -> bool:
    """Tell whether htmx sent the request (it swaps a fragment, not a page)."""
    return request.headers.get("HX-Request") == "true"


# ------------------------------------------------------------------ who edits what


def _is_staff(user) -> bool:
    return bool(
        user is not None
        and user.is_authenticated
        and user.is_active
        and (user.is_staff or user.is_superuser)
    )


def _may_direct(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active)


def _teams_directed_by(user) -> QuerySet[Team]:
    return Team.objects.filter(entries__tournament__directors=user)


def _players_directed_by(user) -> Q:
    """Players entered, alone or in a team, in a tournament ``user`` directs, and
    the members of the clubs ``user`` manages (not their substitutes)."""
    teams = _teams_directed_by(user)
    managed = Club.objects.filter(managers=user).values("pk")
    return (
        Q(club__in=managed)
        | Q(
            pk__in=Player.objects.filter(entries__tournament__directors=user).values(
                "pk"
            )
        )
        | Q(pk__in=teams.values("player_one"))
        | Q(pk__in=teams.values("player_two"))
    )


def user_edits_everyone(*, user) -> bool:
    """Tell whether ``user`` may change every club, player and team (staff)."""
    return _is_staff(user)


def can_edit_club(*, user, club: Club) -> bool:
    """Tell whether ``user`` may change ``club``: staff, or one of its managers."""
    if _is_staff(user):
        return True
    if not _may_direct(user) or club.pk is None:
        return False
    return club.managers.filter(pk=user.pk).exists()


def can_manage_club(*, user, club: Club) -> bool:
    """Tell whether ``user`` may run ``club``'s evenings, series and score pad:
    staff, or one of its managers (the same rule as changing the club)."""
    return can_edit_club(user=user, club=club)


def can_edit_player(*, user, player: Player) -> bool:
    """Tell whether ``user`` may change ``player``: staff, a manager of his club,
    or a director of a tournament the player is entered in (alone or in a team)."""
    if _is_staff(user):
        return True
    if not _may_direct(user) or player.pk is None:
        return False
    return Player.objects.filter(_players_directed_by(user), pk=player.pk).exists()


def can_move_player(*, user, player: Player, club: Club | None) -> bool:
    """Tell whether ``user`` may put ``player`` in ``club`` (``None``: no club):
    staff, or a manager of both the club he leaves and the club he joins."""
    clubs = {pk for pk in (player.club_id, getattr(club, "pk", None)) if pk}
    if player.club_id == getattr(club, "pk", None) or _is_staff(user):
        return True
    if not _may_direct(user):
        return False
    return Club.objects.filter(managers=user, pk__in=clubs).count() == len(clubs)


def substitute_choices(*, member: Player) -> QuerySet[Player]:
    """The players ``member``'s fixed substitute may be: the other members of his
    club and the players of no club (a guest, a friend who plays for no club), and
    whoever is his substitute now (set by staff, or before this rule)."""
    players = Q(club__isnull=True)
    if member.club_id is not None:
        players |= Q(club_id=member.club_id)
    if member.substitute_id is not None:
        players |= Q(pk=member.substitute_id)
    return Player.objects.filter(players).exclude(pk=member.pk)


def can_edit_team(*, user, team: Team) -> bool:
    """Tell whether ``user`` may change ``team``: staff, or a director of a
    tournament the team is entered in."""
    if _is_staff(user):
        return True
    if not _may_direct(user) or team.pk is None:
        return False
    return _teams_directed_by(user).filter(pk=team.pk).exists()


def clubs_editable(*, user, clubs: QuerySet[Club]) -> QuerySet[Club]:
    """Narrow ``clubs`` to those ``user`` may change."""
    if _is_staff(user):
        return clubs
    if not _may_direct(user):
        return clubs.none()
    return clubs.filter(pk__in=Club.objects.filter(managers=user).values("pk"))


def players_editable(*, user, players: QuerySet[Player]) -> QuerySet[Player]:
    """Narrow ``players`` to those ``user`` may change."""
    if _is_staff(user):
        return players
    if not _may_direct(user):
        return players.none()
    return players.filter(_players_directed_by(user))


def teams_editable(*, user, teams: QuerySet[Team]) -> QuerySet[Team]:
    """Narrow ``teams`` to those ``user`` may change."""
    if _is_staff(user):
        return teams
    if not _may_direct(user):
        return teams.none()
    return teams.filter(pk__in=_teams_directed_by(user).values("pk"))


def check_can_edit_club(*, user, club: Club) -> None:
    """Refuse (PermissionDenied, with why) unless ``user`` may change ``club``."""
    if not can_edit_club(user=user, club=club):
        raise PermissionDenied(
            _("Only staff and the club's managers may change a club.")
        )


def check_can_edit_player(*, user, player: Player) -> None:
    """Refuse unless ``user`` may change ``player``."""
    if not can_edit_player(user=user, player=player):
        raise PermissionDenied(
            _(
                "You may change only the players of a club you manage or entered "
                "in a tournament you direct."
            )
        )


def check_can_move_player(*, user, player: Player, club: Club | None) -> None:
    """Refuse unless ``user`` may put ``player`` in ``club``."""
    if not can_move_player(user=user, player=player, club=club):
        raise PermissionDenied(
            _(
                "Only staff, or a manager of both clubs, may move a player from "
                "one club to another."
            )
        )


def check_player_relations(*, user, player: Player, fields: dict) -> None:
    """Refuse the club or the fixed substitute ``fields`` would give ``player``
    (as stored) unless ``user`` may: a move, or a substitute not among the choices.
    """
    if "club" in fields:
        check_can_move_player(user=user, player=player, club=fields["club"])
    substitute = fields.get("substitute")
    if (  # himself: _check_player says why
        substitute is not None
        and substitute.pk != player.pk
        and not substitute_choices(member=player).filter(pk=substitute.pk).exists()
    ):
        raise ValidationError(
            {
                "substitute": _(
                    "A fixed substitute is a member of the same club or a player "
                    "of no club."
                )
            }
        )


def check_can_edit_team(*, user, team: Team) -> None:
    """Refuse unless ``user`` may change ``team``."""
    if not can_edit_team(user=user, team=team):
        raise PermissionDenied(
            _("You may change only the teams entered in a tournament you direct.")
        )
