"""Find the file's users and people again by natural key; create the rest."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from clubs.models import Club, Player, Team
from transfer.services.envelope import _refuse
from transfer.services.loader import _Loader
from transfer.services.sections import EVENT, PEOPLE, Section, _is_user


def _usernames(data: dict) -> set[str]:
    """Every username the file's history names (its authors). The file's
    directors are not among them: a file makes no one a director (issue 23)."""
    names: set[str] = set()
    for section in EVENT:
        for field in section.model._meta.concrete_fields:
            if _is_user(field):
                names |= {
                    row.get(field.name)
                    for row in data.get(section.name, [])
                    if isinstance(row.get(field.name), str)
                }
    bad = [n for n in names if not isinstance(n, str) or not n.strip()]
    if bad:
        raise _refuse(_("The event file names a user without a username."))
    return names


def _match_users(loader: _Loader) -> None:
    """Find users by username; create the missing ones, unable to log in.

    A created user has no password (an administrator gives one), is not staff and
    holds no permission: only the history names them.
    """
    users = get_user_model()
    field = users.USERNAME_FIELD
    for name in sorted(_usernames(loader.data)):
        user = users._default_manager.filter(**{field: name}).first()
        if user is None:
            user = users(**{field: name})
            user.set_unusable_password()
            try:
                user.full_clean(exclude=["password"], validate_unique=False)
            except ValidationError as exc:
                raise _refuse(
                    _("The user “%(name)s” cannot be created: %(error)s"),
                    name=name,
                    error=" ".join(exc.messages),
                ) from None
            user.save()
            loader.count(loader.report.created, "users")
        else:
            loader.count(loader.report.reused, "users")
        loader.users[name] = user.pk


def _find_player(obj: Player, where: str) -> Player | None:
    same_club = (
        Player.objects.filter(club_id=obj.club_id)
        if obj.club_id
        else Player.objects.filter(club__isnull=True)
    )
    if obj.member_number:
        found = same_club.filter(member_number=obj.member_number).first()
        if found is not None:
            return found
    found = (
        same_club.filter(
            first_name__iexact=obj.first_name, last_name__iexact=obj.last_name
        )
        .order_by("pk")
        .first()
    )
    if (
        found is not None
        and obj.member_number
        and found.member_number
        and found.member_number != obj.member_number
    ):
        raise _refuse(
            _(
                "%(where)s: %(name)s of this club is member %(theirs)s here and "
                "%(ours)s in the file; correct one of them first."
            ),
            where=where,
            name=obj.full_name,
            theirs=found.member_number,
            ours=obj.member_number,
        )
    return found


def _find_team(obj: Team, where: str) -> Team | None:
    same_club = (
        Team.objects.filter(club_id=obj.club_id)
        if obj.club_id
        else Team.objects.filter(club__isnull=True)
    )
    found = same_club.filter(name__iexact=obj.name).order_by("pk").first()
    if found is None:
        return None
    here = {found.player_one_id, found.player_two_id} - {None}
    there = {obj.player_one_id, obj.player_two_id} - {None}
    if here and there and here != there:
        raise _refuse(
            _(
                "%(where)s: the team “%(name)s” of this club has other players here "
                "than in the file; rename one of them first."
            ),
            where=where,
            name=obj.name,
        )
    return found


def _match_people(loader: _Loader) -> None:
    """Reuse the clubs, players and teams this database has; create the rest."""
    finders = {
        "clubs": lambda obj, where: Club.objects.filter(name=obj.name).first(),
        "players": _find_player,
        "teams": _find_team,
    }
    for section in PEOPLE:
        ids = loader.ids.setdefault(section.model, {})
        created = []  # (row, where, the new instance): for the loose links
        for index, row in enumerate(loader.rows(section.name)):
            key = loader.key_of(section.name, index, row)
            where = loader.where(section.name, index)
            tight = {k: v for k, v in row.items() if k not in section.loose}
            obj = loader.build(
                section.model,
                section.name,
                index,
                tight,
                file_names=dict(section.file_names),
            )
            found = finders[section.name](obj, where)
            if found is None:
                obj.save()
                found = obj
                created.append((row, where, obj))
                loader.count(loader.report.created, section.name)
            else:
                loader.count(loader.report.reused, section.name)
            if key in ids:
                raise _refuse(_("%(where)s: the key is used twice."), where=where)
            ids[key] = found.pk
        _link_loose(loader, section, created)


def _link_loose(loader: _Loader, section: Section, created: list) -> None:
    """Set the loose links (a member's substitute) of the rows just created, now
    that every row of the section has its id; a reused row stays as it is."""
    fields = [section.model._meta.get_field(name) for name in section.loose]
    for row, where, obj in created:
        changed = []
        for field in fields:
            value = loader.relation(field, row.get(field.name), where)
            if value is not None:
                setattr(obj, field.attname, value)
                changed.append(field.name)
        if changed:
            obj.save(update_fields=changed)
