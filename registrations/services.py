"""Register online, cancel, promote from the waiting list, pair singles, forget.

Each service is one transaction that locks the tournament's row first, so two
registrations racing for the last place are counted one after the other. Entries
are made by tournaments' own ``registration_add`` (clubs, players and teams found
or created as the CSV import does); a place freed withdraws its Entry through
``entry_withdraw``. The mails go after commit (``registrations.mail``).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import ProtectedError, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.models import ActionEntry
from actionlog.services import action_record
from clubs import selectors as club_selectors
from core.errors import InvalidInput, StateConflict
from core.slugs import save_or_refuse
from registrations import selectors
from registrations.mail import mail_send
from registrations.models import Registration
from tournaments.models import Entry, Tournament
from tournaments.registration import registration_add
from tournaments.services import entry_set_present, entry_withdraw

Kind = Registration.Kind
Status = Registration.Status
TEXT_FIELDS = (
    "first_name",
    "last_name",
    "partner_first_name",
    "partner_last_name",
    "email",
    "club",
    "phone",
)
TEAM_NAME_MAX = 120


def _locked(tournament: Tournament) -> Tournament:
    """The tournament's row, locked; refused if a publish from the hall replaced it
    meanwhile (its registrations are the new row's now: the page read again
    finds them)."""
    found = Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    if found is None:
        raise StateConflict(
            _("This event was updated meanwhile: open its page again."),
            code="replaced",
        )
    return found


def _logged(registration: Registration, action: str, *, by=None, **values) -> None:
    # The log names the registration by number: its names are personal data
    # that "delete my registration" must be able to erase.
    action_record(
        by=by,
        action=action,
        tournament=registration.tournament_id,
        target=registration,
        target_text=_("Registration %(number)d") % {"number": registration.pk},
        after=values or None,
    )


def _cleaned(fields: dict) -> dict:
    return {name: (fields.get(name) or "").strip() for name in TEXT_FIELDS}


def _check(registration: Registration, tournament: Tournament) -> None:
    """Refuse what cannot be right, field by field, before anything is written."""
    pairs = not tournament.is_individual
    kind = registration.kind
    if kind not in Kind.values:
        raise InvalidInput(_("Choose how you register."), field="kind")
    if pairs and kind == Kind.ALONE:
        raise InvalidInput(
            _(
                "This event is for pairs: register as a pair, or alone to be given a "
                "partner."
            ),
            field="kind",
        )
    if not pairs and kind != Kind.ALONE:
        raise InvalidInput(
            _("This event is individual: everyone registers alone."), field="kind"
        )
    required = ["first_name", "last_name", "email"]
    if kind == Kind.PAIR:
        required += ["partner_first_name", "partner_last_name"]
    else:
        registration.partner_first_name = registration.partner_last_name = ""
    for name in required:
        if not getattr(registration, name):
            raise InvalidInput(_("This field is required."), field=name)
    try:
        validate_email(registration.email)
    except ValidationError:
        raise InvalidInput(_("Enter a valid e-mail address."), field="email") from None
    try:
        registration.full_clean(exclude=["tournament", "entry", "status"])
    except ValidationError as error:
        raise InvalidInput(
            "; ".join(error.messages),
            field=next(iter(error.error_dict), "__all__")
            if hasattr(error, "error_dict")
            else "__all__",
        ) from None


def _team_name(first: Registration, partner_first: str, partner_last: str) -> str:
    full = f"{first.first_name} {first.last_name} & {partner_first} {partner_last}"
    if len(full) <= TEAM_NAME_MAX:
        return full
    return f"{first.last_name} & {partner_last}"[:TEAM_NAME_MAX]


def _entry_for(
    registration: Registration,
    tournament: Tournament,
    *,
    partner: Registration | None = None,
) -> Entry:
    """Make the Entry of a registration (a pair's team, or two singles paired).

    An entrant who cancelled and registers again gets the withdrawn Entry back.
    """
    again = _withdrawn_entry(registration, tournament, partner=partner)
    if again is not None:
        return entry_set_present(entry=again, present=False)
    if tournament.is_individual:
        return registration_add(
            tournament=tournament,
            first_name=registration.first_name,
            last_name=registration.last_name,
            club=registration.club,
        )
    if partner is not None:
        partner_first, partner_last = partner.first_name, partner.last_name
    else:
        partner_first = registration.partner_first_name
        partner_last = registration.partner_last_name
    return registration_add(
        tournament=tournament,
        first_name=registration.first_name,
        last_name=registration.last_name,
        club=registration.club,
        team=_team_name(registration, partner_first, partner_last),
        partner_first_name=partner_first,
        partner_last_name=partner_last,
    )


def _withdrawn_entry(
    registration: Registration,
    tournament: Tournament,
    *,
    partner: Registration | None = None,
) -> Entry | None:
    """The same entrant's withdrawn Entry here, held by no live registration."""
    club = (
        club_selectors.club_find(name=registration.club) if registration.club else None
    )
    if registration.club and club is None:
        return None  # a new club: nobody of it was entered
    if tournament.is_individual:
        player = club_selectors.player_find(
            first_name=registration.first_name,
            last_name=registration.last_name,
            club=club,
        )
        found = Entry.objects.filter(player=player) if player else None
    else:
        partner_first = (
            partner.first_name if partner else registration.partner_first_name
        )
        partner_last = partner.last_name if partner else registration.partner_last_name
        team = club_selectors.team_find(
            name=_team_name(registration, partner_first, partner_last), club=club
        )
        found = Entry.objects.filter(team=team) if team else None
    if found is None:
        return None
    entry = found.filter(tournament=tournament, status=Entry.Status.WITHDRAWN).first()
    if entry is None or (
        Registration.objects.filter(entry=entry)
        .exclude(status=Status.CANCELLED)
        .exists()
    ):
        return None
    return entry


@transaction.atomic
def registration_register(
    *,
    tournament: Tournament,
    kind: str,
    consent: bool,
    base_url: str = "",
    now=None,
    **fields,
) -> Registration:
    """Register online: confirmed within the capacity, else on the waiting list.

    ``fields``: first_name, last_name, email, club, phone, and for a pair the
    partner's first and last name. Past the deadline (or once play has begun)
    the registration is refused; an e-mail registers once per event unless its
    registration is cancelled.
    """
    now = now or timezone.now()
    tournament = _locked(tournament)
    if reason := selectors.registration_closed_reason(tournament=tournament, now=now):
        raise StateConflict(reason, code="closed")
    if not consent:
        raise InvalidInput(
            _("Please agree to your data being kept for this event."),
            field="consent",
        )
    registration = Registration(
        tournament=tournament, kind=kind, consent_at=now, **_cleaned(fields)
    )
    _check(registration, tournament)
    if selectors.registration_for_email(
        tournament=tournament, email=registration.email
    ):
        raise InvalidInput(
            _(
                "This e-mail address is registered for this event already. Your "
                "confirmation e-mail can be sent again."
            ),
            field="email",
            code="email_taken",
        )
    places = selectors.places_for(tournament=tournament)
    if places.fits(kind):
        registration.status = Status.CONFIRMED
        if kind != Kind.SINGLE:
            registration.entry = _entry_for(registration, tournament)
    else:
        registration.status = Status.WAITING
        registration.position = _next_position(tournament)
    save_or_refuse(
        registration,
        refusal=_("This e-mail address is registered for this event already."),
    )
    _logged(
        registration,
        "registration.confirmed"
        if registration.status == Status.CONFIRMED
        else "registration.waiting",
        kind=kind,
        position=registration.position,
    )
    mail_send(
        registration,
        "confirmed" if registration.status == Status.CONFIRMED else "waiting",
        base_url=base_url,
    )
    return registration


def _next_position(tournament: Tournament) -> int:
    last = selectors.waiting_list(tournament=tournament).last()
    return (last.position if last else 0) + 1


def _close_gap(tournament: Tournament, position: int) -> None:
    """Move everyone behind ``position`` one place up, front to back."""
    behind = selectors.waiting_list(tournament=tournament).filter(position__gt=position)
    for row in behind:
        Registration.objects.filter(pk=row.pk).update(position=row.position - 1)


def _promote(tournament: Tournament, *, base_url: str, by=None) -> list[Registration]:
    """Confirm the first on the waiting list while the first fits (in order)."""
    promoted = []
    if selectors.play_begun(tournament=tournament):
        return promoted  # the desk takes walk-ins now: nobody moves up by mail
    while True:
        first = selectors.waiting_list(tournament=tournament).first()
        places = selectors.places_for(tournament=tournament)
        if first is None or not places.fits(first.kind):
            return promoted
        position = first.position
        first.status, first.position = Status.CONFIRMED, None
        if first.kind != Kind.SINGLE:
            first.entry = _entry_for(first, tournament)
        first.save(update_fields=["status", "position", "entry"])
        _close_gap(tournament, position)
        _logged(first, "registration.promoted", by=by, position=position)
        mail_send(first, "promoted", base_url=base_url)
        promoted.append(first)


@transaction.atomic
def registration_promote(
    *, registration: Registration, by, base_url: str = ""
) -> Registration:
    """Confirm a waiting registration now, beyond the capacity (the director's call;
    the rest of the list moves up behind it, and it is told by mail)."""
    tournament = _locked(registration.tournament)
    registration = _fresh(registration)
    if registration.status != Status.WAITING:
        raise StateConflict(_("Only a registration on the waiting list can move up."))
    position = registration.position
    registration.status, registration.position = Status.CONFIRMED, None
    if registration.kind != Kind.SINGLE:
        registration.entry = _entry_for(registration, tournament)
    registration.save(update_fields=["status", "position", "entry"])
    _close_gap(tournament, position)
    _logged(registration, "registration.promoted", by=by, position=position)
    mail_send(registration, "promoted", base_url=base_url)
    return registration


def _fresh(registration: Registration) -> Registration:
    return Registration.objects.select_for_update().get(pk=registration.pk)


@transaction.atomic
def registration_cancel(
    *, registration: Registration, by=None, base_url: str = "", mail: bool = True
) -> list[Registration]:
    """Cancel a registration; a place freed goes to the first waiting (mailed).

    Returns the registrations promoted. A paired single's cancellation withdraws
    the pair's Entry and leaves the partner a single again, confirmed.
    """
    tournament = _locked(registration.tournament)
    registration = _fresh(registration)
    if registration.status == Status.CANCELLED:
        raise StateConflict(_("This registration is cancelled already."))
    was, position = registration.status, registration.position
    entry = registration.entry
    registration.status, registration.position = Status.CANCELLED, None
    registration.cancelled_at = timezone.now()
    registration.entry = None if was == Status.WAITING else entry
    registration.save(update_fields=["status", "position", "cancelled_at", "entry"])
    if was == Status.WAITING:
        _close_gap(tournament, position)
    elif entry is not None:
        if entry.status != Entry.Status.WITHDRAWN:
            entry_withdraw(entry=entry, by=by)
        Registration.objects.filter(
            entry=entry, kind=Kind.SINGLE, status=Status.CONFIRMED
        ).update(entry=None)
    _logged(registration, "registration.cancelled", by=by, was=was)
    if mail:
        mail_send(registration, "cancelled", base_url=base_url)
    return _promote(tournament, base_url=base_url, by=by)


@transaction.atomic
def registration_delete(
    *, registration: Registration, by=None, base_url: str = ""
) -> list[Registration]:
    """Delete my registration: cancel it, then erase its personal data.

    The row stays, anonymous, so the event's figures still count it; the log
    named it by number only. Returns who was promoted by the cancellation.
    """
    promoted = []
    registration = _fresh(registration)
    if registration.anonymised:
        raise StateConflict(_("This registration is deleted already."))
    if registration.status != Status.CANCELLED:
        promoted = registration_cancel(
            registration=registration, by=by, base_url=base_url, mail=False
        )
        registration.refresh_from_db()
    entry = registration.entry
    for name in TEXT_FIELDS:
        setattr(registration, name, "")
    registration.anonymised = True
    registration.entry = None
    registration.save(update_fields=[*TEXT_FIELDS, "anonymised", "entry"])
    forgotten = (
        _entry_forget(entry, since=registration.consent_at)
        if entry is not None
        else False
    )
    _logged(registration, "registration.deleted", by=by, entry_deleted=forgotten)
    return promoted


def _made_since(target_type: str, pk: int, since) -> bool:
    """Whether the log saw ``target_type`` ``pk`` created since ``since``."""
    return ActionEntry.objects.filter(
        action=f"{target_type.split('.')[1]}.created",
        target_type=target_type,
        target_id=pk,
        at__gte=since,
    ).exists()


def _entry_forget(entry: Entry, *, since) -> bool:
    """Delete the withdrawn Entry a deleted registration made, with the team and
    the players made for it, when nothing else holds them; say whether it was.

    Kept, withdrawn, when play has begun (its games are the event's record) or a
    payment names it (the treasurer's). A team or a player is deleted only if the
    log saw it created for this registration (since its consent) and no other
    entry or team holds it: a club's member found by name stays.
    The log's lines that named them keep what happened, not the names.
    """
    from cashdesk.models import Payment
    from clubs.models import Player, Team

    if selectors.play_begun(tournament=entry.tournament) or (
        Payment.objects.filter(entry=entry).exists()
        or Registration.objects.filter(entry=entry).exists()
    ):
        return False
    team = entry.team
    players = (
        [p for p in (team.player_one, team.player_two) if p] if team else [entry.player]
    )
    targets = [("tournaments.entry", entry.pk)]
    try:
        with transaction.atomic():
            entry.delete()
            if (
                team is not None
                and _made_since("clubs.team", team.pk, since)
                and not Entry.objects.filter(team=team).exists()
            ):
                targets.append(("clubs.team", team.pk))
                team.delete()
            for player in players:
                in_teams = Team.objects.filter(
                    Q(player_one=player) | Q(player_two=player)
                ).exists()
                if (
                    not _made_since("clubs.player", player.pk, since)
                    or in_teams
                    or Entry.objects.filter(player=player).exists()
                ):
                    continue
                targets.append(("clubs.player", player.pk))
                Player.objects.filter(pk=player.pk).delete()
    except ProtectedError:
        return False
    for target_type, target_id in targets:
        ActionEntry.objects.filter(target_type=target_type, target_id=target_id).update(
            target_text=_("(deleted)"), before={}, after={}
        )
    return True


@transaction.atomic
def registration_resend(*, registration: Registration, base_url: str = "") -> None:
    """Send the registration's confirmation (or waiting-list) e-mail again."""
    registration = _fresh(registration)
    if registration.status == Status.CANCELLED:
        raise StateConflict(_("This registration is cancelled."))
    _logged(registration, "registration.resent")
    mail_send(
        registration,
        "confirmed" if registration.status == Status.CONFIRMED else "waiting",
        base_url=base_url,
    )


@transaction.atomic
def registration_resend_for_email(
    *, tournament: Tournament, email: str, base_url: str = ""
) -> bool:
    """Resend the mail of ``email``'s registration, if it has one (says whether)."""
    registration = selectors.registration_for_email(
        tournament=tournament, email=(email or "").strip()
    )
    if registration is None:
        return False
    registration_resend(registration=registration, base_url=base_url)
    return True
