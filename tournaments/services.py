"""Change tournaments: setup, rules, entries, check-in (phases: ``phase_settings``)."""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from actionlog.services import action_record, field_values
from clubs.models import Player, Team
from core.slugs import SLUG_TAKEN, save_or_refuse, slug_from_name
from tournaments import selectors
from tournaments.models import (
    RULE_FIELDS,
    Entry,
    Phase,
    Round,
    Tournament,
)
from tournaments.personal_codes import entry_codes_ensure
from tournaments.phase_checks import (  # noqa: F401 - re-exported
    knockout_rounds_for,
    pool_rounds_for,
)
from tournaments.phase_settings import phases_save
from tournaments.versioning import tournament_touch, tournaments_touch

TOURNAMENT_FIELDS = {
    f.name
    for f in Tournament._meta.get_fields()
    if getattr(f, "editable", False)
    and f.concrete
    and not f.many_to_many
    and f.name not in {"id", "version", "created_at"}
}
# The settings the action log compares, in the form's order.
LOGGED_FIELDS = [f.name for f in Tournament._meta.fields if f.name in TOURNAMENT_FIELDS]


# -------------------------------------------------------------------- tournaments


def table_entry_problems(
    *, result_entry: str, entry_mode: str, double_entry: bool
) -> list[str]:
    """Return why results may not be entered at the tables with these settings.

    A phone at the table enters card points deal by deal, and the opponents'
    acceptance is the check: the other entry modes and a second director's typing
    have no place there. An empty list when the settings fit (or the desk enters).
    """
    if result_entry == Tournament.ResultEntry.DESK:
        return []
    problems = []
    if entry_mode != Tournament.EntryMode.DEALS:
        problems.append(
            _(
                "At the tables, players enter card points deal by deal: choose "
                "that entry mode."
            )
        )
    if double_entry:
        problems.append(
            _(
                "Double entry is for the desk: at the tables the opponents' "
                "acceptance is the check. Turn double entry off."
            )
        )
    return problems


def _clean_tournament(tournament: Tournament) -> None:
    if tournament.target is None and tournament.deals is None:
        raise ValidationError(
            {"target": _("A game needs an end: a target score or a number of deals.")}
        )
    tournament.full_clean(exclude=["directors"], validate_constraints=False)
    problems = table_entry_problems(
        result_entry=tournament.result_entry,
        entry_mode=tournament.entry_mode,
        double_entry=tournament.double_entry,
    )
    if problems:
        raise ValidationError({"result_entry": problems})


def _default_phases(tournament: Tournament) -> list[dict]:
    if tournament.is_individual:
        return [
            {
                "name": _("Qualifying rounds"),
                "rounds": 3,
                "draw_method": Phase.DrawMethod.INDIVIDUAL,
            }
        ]
    return [
        {
            "name": _("Rounds"),
            "rounds": 5,
            "draw_method": Phase.DrawMethod.SWISS,
            "games_per_table": 1,
        }
    ]


def tournament_slug_from_name(*, name: str) -> str:
    """Return a free address made from ``name``: ``spring-cup``, then ``spring-cup-2``…

    Accents are dropped (``Liège`` gives ``liege``); a name with no letter or digit
    left gives ``tournament``. A clash found only on saving is still refused there.
    """
    return slug_from_name(
        name=name, queryset=Tournament.objects.all(), fallback="tournament"
    )


@transaction.atomic
def tournament_create(*, by, phases: list[dict] | None = None, **fields) -> Tournament:
    """Create a tournament directed by ``by``, with its phases (a default one if none).

    ``phases`` is a list of dicts of phase fields, in order.
    """
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    if not fields.get("slug"):
        fields["slug"] = tournament_slug_from_name(name=fields.get("name") or "")
    tournament = Tournament(**fields)
    _clean_tournament(tournament)
    save_or_refuse(tournament, refusal={"slug": SLUG_TAKEN})
    if by is not None:
        tournament.directors.add(by)
    action_record(
        by=by,
        action="tournament.created",
        tournament=tournament,
        target=tournament,
        before=field_values(Tournament(), LOGGED_FIELDS),
        after=field_values(tournament, LOGGED_FIELDS),
    )
    rows = phases if phases else _default_phases(tournament)
    phases_save(tournament=tournament, rows=rows, by=by)
    return tournament


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, by, phases: list[dict] | None = None, **fields
) -> Tournament:
    """Change a tournament's settings; its rules only while no result exists.

    ``phases``, when given, are saved with the settings (see ``phases_save``).
    """
    unknown = set(fields) - TOURNAMENT_FIELDS
    if unknown:
        raise TypeError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    changed = {k for k, v in fields.items() if getattr(tournament, k) != v}
    rule_changes = changed.intersection(RULE_FIELDS)
    if rule_changes and selectors.tournament_has_results(tournament=tournament):
        message = _(
            "The rules cannot change any more: results have been entered for "
            "this tournament."
        )
        raise ValidationError({name: message for name in sorted(rule_changes)})
    if "format" in changed and tournament.rounds.exists():
        raise ValidationError(
            {"format": _("The format cannot change once a round has been drawn.")}
        )
    if "format" in changed and tournament.entries.exists():
        raise ValidationError(
            {
                "format": _(
                    "The format cannot change once entrants are registered: "
                    "players enter alone, pairs as teams."
                )
            }
        )
    if "slug" in fields and not fields["slug"]:
        fields["slug"] = tournament.slug  # left empty: the address stays
    before = field_values(tournament, LOGGED_FIELDS)
    for key, value in fields.items():
        setattr(tournament, key, value)
    _clean_tournament(tournament)
    save_or_refuse(tournament, refusal={"slug": SLUG_TAKEN})
    action_record(
        by=by,
        action="tournament.changed",
        tournament=tournament,
        target=tournament,
        before=before,
        after=field_values(tournament, LOGGED_FIELDS),
    )
    if phases is not None:
        phases_save(tournament=tournament, rows=phases, by=by)
    tournament_touch(tournament=tournament)
    return tournament


@transaction.atomic
def tournament_add_director(*, tournament: Tournament, user, by) -> None:
    tournament.directors.add(user)
    action_record(
        by=by,
        action="tournament.director_added",
        tournament=tournament,
        target=tournament,
        after={"director": user.get_username()},
    )


# ----------------------------------------------------------------------- entries


@transaction.atomic
def entry_register(
    *,
    tournament: Tournament,
    player: Player | None = None,
    team: Team | None = None,
    late: bool = False,
    by=None,
) -> Entry:
    """Register a player (individual format) or a team (pairs) in a tournament.

    A late entry (once the draw has begun) is marked present at once.
    """
    if tournament.is_individual:
        if player is None or team is not None:
            raise ValidationError(_("An individual tournament registers players."))
        taken = Entry.objects.filter(tournament=tournament, player=player)
    else:
        if team is None or player is not None:
            raise ValidationError(_("A pairs tournament registers teams."))
        taken = Entry.objects.filter(tournament=tournament, team=team)
    if taken.exists():
        raise ValidationError(
            _("%(name)s is registered already.") % {"name": player or team}
        )
    if team is not None:
        members = [p for p in (team.player_one_id, team.player_two_id) if p]
        clash = Entry.objects.filter(tournament=tournament).filter(
            team__player_one_id__in=members
        ) | Entry.objects.filter(tournament=tournament).filter(
            team__player_two_id__in=members
        )
        if members and clash.exists():
            raise ValidationError(
                _("A player of %(team)s already plays in another team here.")
                % {"team": team}
            )
    status = Entry.Status.PRESENT if late else Entry.Status.REGISTERED
    entry = save_or_refuse(
        Entry(
            tournament=tournament, player=player, team=team, late=late, status=status
        ),
        refusal=_("This entrant is registered already."),
    )
    entry_codes_ensure(tournament=tournament)
    entry.refresh_from_db(fields=["personal_code"])
    action_record(
        by=by,
        action="entry.registered",
        tournament=tournament,
        target=entry,
        after=field_values(entry, ["late", "status"]) if late else None,
    )
    tournament_touch(tournament=tournament)
    return entry


@transaction.atomic
def entry_set_present(*, entry: Entry, present: bool, by=None) -> Entry:
    """Check an entrant in (present) or out (absent); this undoes a withdrawal."""
    before = field_values(entry, ["status"])
    entry.status = Entry.Status.PRESENT if present else Entry.Status.REGISTERED
    Entry.objects.filter(pk=entry.pk).update(status=entry.status)
    if present:
        entry_codes_ensure(tournament=entry.tournament_id)
    _entry_logged(entry, "entry.present" if present else "entry.absent", before, by)
    tournaments_touch(tournament_ids=[entry.tournament_id])
    return entry


@transaction.atomic
def entry_withdraw(*, entry: Entry, by=None) -> Entry:
    """Withdraw an entrant: never drawn again; results already played are kept."""
    before = field_values(entry, ["status"])
    entry.status = Entry.Status.WITHDRAWN
    Entry.objects.filter(pk=entry.pk).update(status=entry.status)
    _entry_logged(entry, "entry.withdrawn", before, by)
    tournaments_touch(tournament_ids=[entry.tournament_id])
    return entry


def _entry_logged(entry: Entry, action: str, before: dict, by) -> None:
    action_record(
        by=by,
        action=action,
        tournament=entry.tournament_id,
        target=entry,
        before=before,
        after=field_values(entry, ["status"]),
    )


def tournament_started(tournament: Tournament) -> bool:
    return Round.objects.filter(tournament=tournament).exists()
