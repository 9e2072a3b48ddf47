"""Change clubs, players and fixed pairs (teams).

An update names who makes it (``by=``, the user) and is refused with
``PermissionDenied`` unless ``clubs.access`` lets that user change the object;
``by=None`` is for the project's own tasks that act for no one user (commands, and
the import of a tournament's list, which fills in a missing member number).
"""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from actionlog.services import action_record, field_values
from clubs import access, selectors, signals
from clubs.models import Club, Player, Team
from core.slugs import save_or_refuse
from core.validators import check_text_fields

CLUB_FIELDS = {"name", "short_name", "city"}
PLAYER_FIELDS = {"first_name", "last_name", "club", "member_number", "substitute"}
# Fields that hold a row (or None), not text.
RELATION_FIELDS = {"club", "substitute"}
TEAM_FIELDS = {"name", "club", "player_one", "player_two"}


def _check_fields(fields: dict, allowed: set[str]) -> None:
    unknown = set(fields) - allowed
    if unknown:
        raise TypeError(f"unknown fields: {sorted(unknown)}")


def _strip(fields: dict) -> dict:
    return {k: v.strip() if isinstance(v, str) else v for k, v in fields.items()}


def _save(instance, *, unique_error: str):
    """Validate and save ``instance``; a lost race on a constraint is a user error."""
    instance.full_clean(validate_constraints=False)
    return save_or_refuse(instance, refusal=unique_error)


def _announce(instance):
    """Tell the apps that show ``instance``'s name that it changed (see signals).

    Only updates announce: a new club, player or team shows on no page yet.
    """
    signals.renamed.send(sender=type(instance), instance=instance)
    return instance


# ------------------------------------------------------------------------- clubs


def _check_club(club: Club) -> None:
    check_text_fields(club)
    other = selectors.club_find(name=club.name)
    if (
        other is not None
        and other.pk != club.pk
        and other.name.lower() == (club.name.lower())
    ):
        raise ValidationError(
            {
                "name": _("A club called “%(name)s” exists already.")
                % {"name": club.name}
            }
        )


def _logged(instance, *, by, action: str, club_id, before: dict | None, fields):
    """Record a club's, player's or team's write in the action log; return it."""
    action_record(
        by=by,
        action=action,
        club=club_id,
        target=instance,
        before=before,
        after=field_values(instance, _in_model_order(instance, fields)),
    )
    return instance


def _in_model_order(instance, names: set[str]) -> list[str]:
    return [f.name for f in instance._meta.fields if f.name in names]


@transaction.atomic
def club_create(*, name: str, short_name: str = "", city: str = "", by=None) -> Club:
    club = Club(**_strip({"name": name, "short_name": short_name, "city": city}))
    _check_club(club)
    club = _save(club, unique_error=_("This club exists already."))
    return _logged(
        club,
        by=by,
        action="club.created",
        club_id=club.pk,
        before=None,
        fields=CLUB_FIELDS,
    )


@transaction.atomic
def club_update(*, club: Club, by, **fields) -> Club:
    _check_fields(fields, CLUB_FIELDS)
    if by is not None:
        access.check_can_edit_club(user=by, club=club)
    club = Club.objects.select_for_update().get(pk=club.pk)
    before = field_values(club, _in_model_order(club, CLUB_FIELDS))
    for key, value in _strip(fields).items():
        setattr(club, key, value)
    _check_club(club)
    club = _announce(_save(club, unique_error=_("This club exists already.")))
    return _logged(
        club,
        by=by,
        action="club.changed",
        club_id=club.pk,
        before=before,
        fields=CLUB_FIELDS,
    )


# ----------------------------------------------------------------------- players


def _check_player(player: Player) -> None:
    check_text_fields(player)
    if not player.first_name or not player.last_name:
        raise ValidationError(_("A player needs a first and a last name."))
    if player.pk is not None and player.substitute_id == player.pk:
        raise ValidationError(
            {"substitute": _("A player cannot be his own substitute.")}
        )
    same = selectors.player_find(
        first_name=player.first_name, last_name=player.last_name, club=player.club
    )
    if same is not None and same.pk != player.pk:
        raise ValidationError(
            _("%(name)s is already a player of this club.") % {"name": player.full_name}
        )
    if player.member_number:
        taken = (
            Player.objects.filter(club=player.club, member_number=player.member_number)
            .exclude(pk=player.pk)
            .first()
        )
        if taken is not None:
            raise ValidationError(
                {
                    "member_number": _(
                        "Member number %(number)s already belongs to %(name)s."
                    )
                    % {"number": player.member_number, "name": taken.full_name}
                }
            )


@transaction.atomic
def player_create(
    *,
    first_name: str,
    last_name: str,
    club: Club | None = None,
    member_number: str = "",
    by=None,
) -> Player:
    player = Player(
        **_strip(
            {
                "first_name": first_name,
                "last_name": last_name,
                "club": club,
                "member_number": member_number or "",
            }
        )
    )
    _check_player(player)
    player = _save(player, unique_error=_("This player exists already."))
    return _logged(
        player,
        by=by,
        action="player.created",
        club_id=player.club_id,
        before=None,
        fields=PLAYER_FIELDS,
    )


@transaction.atomic
def player_update(*, player: Player, by, **fields) -> Player:
    _check_fields(fields, PLAYER_FIELDS)
    if by is not None:
        access.check_can_edit_player(user=by, player=player)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if by is not None:
        access.check_player_relations(user=by, player=player, fields=fields)
    before = field_values(player, _in_model_order(player, PLAYER_FIELDS))
    left = player.club_id
    for key, value in _strip(fields).items():
        setattr(
            player, key, value if value is not None or key in RELATION_FIELDS else ""
        )
    _check_player(player)
    player = _announce(_save(player, unique_error=_("This player exists already.")))
    return _logged(
        player,
        by=by,
        action="player.changed",
        club_id=player.club_id or left,
        before=before,
        fields=PLAYER_FIELDS,
    )


# ------------------------------------------------------------------------- teams


def _check_team(team: Team) -> None:
    check_text_fields(team)
    if not team.name:
        raise ValidationError({"name": _("A team needs a name.")})
    same = selectors.team_find(name=team.name, club=team.club)
    if same is not None and same.pk != team.pk:
        raise ValidationError(
            {
                "name": _("A team called “%(name)s” exists already.")
                % {"name": team.name}
            }
        )
    if team.player_one_id and team.player_one_id == team.player_two_id:
        raise ValidationError(_("A team is two different players."))


@transaction.atomic
def team_create(
    *,
    name: str,
    club: Club | None = None,
    player_one: Player | None = None,
    player_two: Player | None = None,
    by=None,
) -> Team:
    team = Team(
        name=name.strip(), club=club, player_one=player_one, player_two=player_two
    )
    _check_team(team)
    team = _save(team, unique_error=_("This team exists already."))
    return _logged(
        team,
        by=by,
        action="team.created",
        club_id=team.club_id,
        before=None,
        fields=TEAM_FIELDS,
    )


@transaction.atomic
def team_update(*, team: Team, by, **fields) -> Team:
    _check_fields(fields, TEAM_FIELDS)
    if by is not None:
        access.check_can_edit_team(user=by, team=team)
    team = Team.objects.select_for_update().get(pk=team.pk)
    before = field_values(team, _in_model_order(team, TEAM_FIELDS))
    for key, value in _strip(fields).items():
        setattr(team, key, value)
    _check_team(team)
    team = _announce(_save(team, unique_error=_("This team exists already.")))
    return _logged(
        team,
        by=by,
        action="team.changed",
        club_id=team.club_id,
        before=before,
        fields=TEAM_FIELDS,
    )


# ----------------------------------------------------------------- club managers


def club_managers_check(*, by) -> None:
    """Refuse (PermissionDenied, with why) unless ``by`` may appoint managers."""
    if by is not None and not access.user_edits_everyone(user=by):
        raise PermissionDenied(_("Only staff may add or remove a club's managers."))


@transaction.atomic
def club_manager_add(*, club: Club, user, by) -> Club:
    """Let ``user`` change ``club``'s people and run its evenings (staff only)."""
    club_managers_check(by=by)
    if not user.is_active:
        raise ValidationError(
            {"username": _("%(name)s cannot log in.") % {"name": user.get_username()}}
        )
    club = Club.objects.select_for_update().get(pk=club.pk)
    club.managers.add(user)
    _manager_logged(club, user, by=by, action="club.manager_added")
    return club


@transaction.atomic
def club_manager_remove(*, club: Club, user, by) -> Club:
    """Take ``club`` away from ``user``'s managed clubs (staff only)."""
    club_managers_check(by=by)
    club = Club.objects.select_for_update().get(pk=club.pk)
    club.managers.remove(user)
    _manager_logged(club, user, by=by, action="club.manager_removed")
    return club


def _manager_logged(club: Club, user, *, by, action: str) -> None:
    name = {"manager": user.get_username()}
    action_record(
        by=by,
        action=action,
        club=club,
        target=club,
        before=name if action == "club.manager_removed" else None,
        after=None if action == "club.manager_removed" else name,
    )
