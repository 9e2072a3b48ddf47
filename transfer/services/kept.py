"""Keep a site's own records of an event when a file replaces the event.

The event file carries the event (phases, entrants, rounds, results), not what
one site alone took for it: the web's online registrations, the fees and the
payments taken ahead. When a publish (or a pull again) replaces the event, those
rows move to the event the file made instead of going with the one it replaces:
each is pointed at the new event, and its entrant at the new event's entrant of
the same player or team. The import found the people again by natural key (a
player by club and member number, else by club and name; a team by club and
name: ``transfer.services.people``), so the same person is the same row here on
both sides of the replacement.

An entrant these records name that the file does not hold (someone who registered
on the web after the hall pulled the event, or whom the hall removed) is added
to the new event *withdrawn*: the registration keeps its status, its signed link
and its place in the director's lists, a payment keeps its entrant, and nothing
is lost; a withdrawn entrant who played no game is listed in no standings and
seated in no round, so the event's public answers stay the file's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cashdesk.models import FeeSettings, Payment
from registrations.models import Registration
from tournaments.models import Entry, Tournament


@dataclass
class KeptRecords:
    """What moved to the new event: counts, and the registrations (by number)
    whose entrant the file did not hold (now withdrawn)."""

    registrations: int = 0
    payments: int = 0
    fee_settings: bool = False
    withdrawn: list[int] = field(default_factory=list)

    def as_log(self) -> dict:
        """The action log's values (labelled by ``actionlog.display.LABELS``)."""
        return {
            "registrations_kept": self.registrations,
            "payments_kept": self.payments,
            "withdrawn_registrations": ", ".join(map(str, self.withdrawn)),
        }


def _person(entry: Entry) -> tuple[str, int]:
    return ("team", entry.team_id) if entry.team_id else ("player", entry.player_id)


def _entries_named(old: Tournament) -> set[int]:
    """The old event's entries a kept record points at."""
    return set(
        Registration.objects.filter(tournament=old, entry__isnull=False).values_list(
            "entry_id", flat=True
        )
    ) | set(
        Payment.objects.filter(entry__tournament=old).values_list("entry_id", flat=True)
    )


def _entry_map(old: Tournament, new: Tournament) -> tuple[dict[int, int], set[int]]:
    """Each named old entry's counterpart in ``new`` (by its player or team);
    the old entries the file did not hold get a withdrawn one, returned apart."""
    named = _entries_named(old)
    if not named:
        return {}, set()
    in_new = {_person(e): e.pk for e in Entry.objects.filter(tournament=new)}
    mapping, added = {}, set()
    for entry in Entry.objects.filter(pk__in=named).order_by("pk"):
        found = in_new.get(_person(entry))
        if found is None:
            found = Entry.objects.create(
                tournament=new,
                player_id=entry.player_id,
                team_id=entry.team_id,
                status=Entry.Status.WITHDRAWN,
            ).pk
            added.add(entry.pk)
        mapping[entry.pk] = found
    return mapping, added


def site_records_keep(*, old: Tournament, new: Tournament) -> KeptRecords:
    """Move ``old``'s registrations, fees and payments to ``new`` (inside the
    caller's transaction, before ``old`` is deleted)."""
    kept = KeptRecords()
    mapping, added = _entry_map(old, new)
    registrations = Registration.objects.filter(tournament=old)
    kept.withdrawn = sorted(
        registrations.filter(entry_id__in=added).values_list("pk", flat=True)
    )
    for was, now in mapping.items():
        Registration.objects.filter(entry_id=was).update(entry_id=now)
        kept.payments += Payment.objects.filter(entry_id=was).update(entry_id=now)
    kept.registrations = registrations.update(tournament=new)
    if not FeeSettings.objects.filter(tournament=new).exists():
        # The rates its payments were taken at go with them.
        kept.fee_settings = bool(
            FeeSettings.objects.filter(tournament=old).update(tournament=new)
        )
    return kept
