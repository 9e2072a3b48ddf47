"""Exchange one event between the hall's laptop and the site on the web.

Before the day the laptop *pulls* the event the web site holds (its settings,
phases and entrants) and creates it at home; after the day, or whenever it is
online, it *publishes* the event: the web site replaces its copy with the hall's,
whole, so that its results, standings and records answer as the hall's do. Both
travel as the event file (:mod:`transfer.services`), so both are all or
nothing: a publish whose file is refused, damaged or cut short leaves the web's
copy as it was, and publishing the same file again gives the same answers.
What the file does not carry and the replaced copy held (the web's online
registrations, its fees and payments, its action log) moves to the new copy,
each record to its entrant by player or team (:mod:`transfer.services.kept`).
"""

from __future__ import annotations

import uuid

from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from actionlog.models import ActionEntry
from actionlog.services import action_record
from core.errors import InvalidInput, StateConflict
from tournaments.models import Round, Tournament
from tournaments.versioning import tournament_touch
from transfer.hall_client import send_event
from transfer.models import EventToken
from transfer.services.envelope import check_envelope
from transfer.services.export import event_to_json, export_event
from transfer.services.importing import import_event
from transfer.services.kept import KeptRecords, site_records_keep

__all__ = [
    "event_for_pull",
    "event_publish",
    "event_publish_to",
    "event_pulled_import",
]


SOURCE_MAX = 300  # characters of a site's address (or a file's path) in the log


def _file_slug(data) -> str | None:
    tournament = data.get("tournament") if isinstance(data, dict) else None
    slug = tournament.get("slug") if isinstance(tournament, dict) else None
    return slug if isinstance(slug, str) else None


def _replace(existing: Tournament, data: dict, *, by) -> tuple[Tournament, KeptRecords]:
    """Create the file's event beside ``existing``, move this site's own records
    of it over (``site_records_keep``: registrations, fees, payments, and the
    action log's lines), delete ``existing`` and give the new event its slug and
    directors (inside the caller's transaction)."""
    slug, directors = existing.slug, list(existing.directors.all())
    created = import_event(data, slug=f"replacing-{uuid.uuid4().hex}", by=by)
    kept = site_records_keep(old=existing, new=created)
    # The log names its event by id: this site's history (registrations, pulls,
    # tokens, earlier publishes) stays the event's.
    ActionEntry.objects.filter(tournament_id=existing.pk).update(
        tournament_id=created.pk
    )
    try:
        # The rounds first: a seat protects its entrant.
        Round.objects.filter(tournament=existing).delete()
        existing.delete()
    except ProtectedError:
        raise StateConflict(
            _("“%(slug)s” holds records that cannot be replaced here.")
            % {"slug": slug},
            code="protected",
        ) from None
    Tournament.objects.filter(pk=created.pk).update(slug=slug)
    created.slug = slug
    created.directors.add(*directors)
    return created, kept


def event_for_pull(*, token: EventToken) -> dict:
    """The event file of the token's event, for the hall to pull."""
    tournament = Tournament.objects.get(slug=token.slug)
    data = export_event(tournament)
    with transaction.atomic():
        action_record(
            by=token.user,
            action="event.pulled",
            tournament=tournament,
            target=tournament,
            note=_("Pulled by the hall (token %(prefix)s…)") % {"prefix": token.prefix},
        )
    return data


@transaction.atomic
def event_publish(*, token: EventToken, data) -> Tournament:
    """Replace the web's copy of the token's event by the hall's ``data``.

    Refused, with nothing changed: a file of another format or version, a file
    for another event (its slug is not the token's), a file the import refuses.
    """
    check_envelope(data)
    if _file_slug(data) != token.slug:
        raise InvalidInput(
            _(
                "This file holds the event “%(file)s”, not “%(slug)s”: publish each "
                "event with its own token."
            )
            % {"file": _file_slug(data) or "?", "slug": token.slug},
            code="other_event",
        )
    existing = Tournament.objects.select_for_update().get(slug=token.slug)
    published, kept = _replace(existing, data, by=token.user)
    # The hall's draws and results, read-only here (tournaments.selectors).
    published.hall_copy_at = timezone.now()
    published.save(update_fields=["hall_copy_at"])
    rounds = published.rounds.count()
    action_record(
        by=token.user,
        action="event.published",
        tournament=published,
        target=published,
        after={
            "rounds": rounds,
            "entrants": published.entries.count(),
            **kept.as_log(),
        },
        note=_("Published by the hall (token %(prefix)s…)") % {"prefix": token.prefix},
    )
    tournament_touch(tournament=published)
    return published


@transaction.atomic
def event_pulled_import(*, data, by, source: str = "") -> tuple[Tournament, bool]:
    """Create at the hall the event pulled from the web; return it and whether an
    earlier pull was replaced. ``source``: the web site (or the file) it came
    from, for the hall's log.

    Pulled again before the day (new registrations), the local copy is replaced
    while no round is drawn here; once the hall has drawn a round, a pull is
    refused: the hall's own results come first (publish them instead).
    """
    check_envelope(data)
    slug = _file_slug(data)
    existing = Tournament.objects.select_for_update().filter(slug=slug).first()
    if existing is None:
        tournament, again = import_event(data, slug=slug, by=by), False
    elif existing.rounds.exists():
        raise StateConflict(
            _(
                "“%(slug)s” has rounds drawn at this hall already: its results are "
                "the hall's now. Publish them to the web site instead of pulling."
            )
            % {"slug": slug},
            code="played_here",
        )
    else:
        tournament, again = _replace(existing, data, by=by)[0], True
    action_record(
        by=by,
        action="event.pulled",
        tournament=tournament,
        target=tournament,
        after={"entrants": tournament.entries.count(), "replaced": again},
        note=_("Pulled from %(source)s") % {"source": source[:SOURCE_MAX] or "?"},
    )
    return tournament, again


def event_publish_to(*, tournament: Tournament, site: str, token: str, by) -> dict:
    """Send the hall's ``tournament`` to the web ``site`` (``hall_client``), log it
    here, and return the web's answer; ``HallLinkError`` when it cannot."""
    answer = send_event(
        site, tournament.slug, token, event_to_json(export_event(tournament))
    )
    with transaction.atomic():
        action_record(
            by=by,
            action="event.published",
            tournament=tournament,
            target=tournament,
            after={"rounds": answer.get("rounds"), "entrants": answer.get("entrants")},
            note=_("Published to %(site)s") % {"site": site[:SOURCE_MAX]},
        )
    return answer
