"""Create an event file's tournament and its history anew, all or nothing."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import DatabaseError, IntegrityError, transaction
from django.utils.translation import gettext as _

from core.errors import StateConflict
from tournaments.models import (
    Tournament,
)
from tournaments.personal_codes import entry_codes_ensure
from transfer.services.checks import check_keys, check_results, check_substitutes
from transfer.services.envelope import _refuse, check_envelope
from transfer.services.loader import ImportReport, _Loader
from transfer.services.people import _match_people, _match_users
from transfer.services.sections import EVENT


def _timestamps(model) -> list:
    """The fields Django fills in itself on save (``auto_now``, ``auto_now_add``)."""
    return [
        f
        for f in model._meta.concrete_fields
        if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
    ]


def _restore_timestamps(model, objects: list, stamps: list[dict]) -> None:
    """Give the new rows the file's times, which saving replaced by now."""
    fields = _timestamps(model)
    changed = set()
    for obj, values in zip(objects, stamps, strict=True):
        for field in fields:
            if values.get(field.attname) is not None:
                setattr(obj, field.attname, values[field.attname])
                changed.add(field.name)
    if changed:
        model.objects.bulk_update(objects, sorted(changed), batch_size=500)


def _create_tournament(loader: _Loader, slug: str, by) -> Tournament:
    row = dict(loader.data["tournament"])
    row.pop("key", None)
    row["slug"] = slug
    tournament = loader.build(Tournament, "tournament", 0, row)
    stamps = {
        f.attname: getattr(tournament, f.attname) for f in _timestamps(Tournament)
    }
    tournament.save()
    _restore_timestamps(Tournament, [tournament], [stamps])
    # A file never makes anyone a director here: a username in it may be
    # another person on this site (issue 23). Whoever imports it directs it.
    loader.report.directors_not_granted = list(row.get("directors") or [])
    if by is not None:
        tournament.directors.set([by])
    loader.ids[Tournament] = {1: tournament.pk}
    loader.count(loader.report.created, "tournament")
    return tournament


def _create_event(loader: _Loader, tournament: Tournament) -> None:
    for section in EVENT:
        fixed = dict(section.withheld)  # what the file never holds
        if any(f.name == "tournament" for f in section.model._meta.concrete_fields):
            fixed["tournament"] = tournament.pk
        keys, objects, stamps = [], [], []
        for index, row in enumerate(loader.rows(section.name)):
            keys.append(loader.key_of(section.name, index, row))
            obj = loader.build(
                section.model,
                section.name,
                index,
                row,
                file_names=dict(section.file_names),
                **fixed,
            )
            objects.append(obj)
            stamps.append(
                {f.attname: getattr(obj, f.attname) for f in _timestamps(obj)}
            )
        if len(set(keys)) != len(keys):
            raise _refuse(
                _("“%(section)s”: a key is used twice."), section=section.name
            )
        section.model.objects.bulk_create(objects, batch_size=500)
        _restore_timestamps(section.model, objects, stamps)
        loader.ids[section.model] = {
            key: obj.pk for key, obj in zip(keys, objects, strict=True)
        }
        loader.report.created[section.name] = len(objects)


def import_event(
    data: dict,
    slug: str | None = None,
    *,
    by=None,
    report: ImportReport | None = None,
) -> Tournament:
    """Create the event of ``data`` (an event file's content) in this database.

    ``slug`` imports it under another short name; ``by`` (a user of this site)
    directs it, and the file's own directors are only reported
    (``report.directors_not_granted``). A slug already in use, a file of another
    format or version, a key used twice, a substitute of himself, a deal the
    engine refuses, a score its deals do not make, or any row the models or the
    database refuse raises ``InvalidInput``/``StateConflict`` with the reason;
    nothing is written.
    """
    check_envelope(data)
    check_keys(data)
    check_substitutes(data)
    report = report if report is not None else ImportReport()
    slug = slug if slug is not None else data["tournament"].get("slug")
    try:
        validate_slug(slug)
    except (ValidationError, TypeError):
        raise _refuse(
            _("“%(slug)s” is not a valid short name (letters, digits, - and _)."),
            slug=slug,
        ) from None
    if Tournament.objects.filter(slug=slug).exists():
        raise _clash(slug)
    loader = _Loader(data, report)
    try:
        with transaction.atomic():
            _match_users(loader)
            _match_people(loader)
            tournament = _create_tournament(loader, slug, by)
            _create_event(loader, tournament)
            entry_codes_ensure(tournament=tournament)
            check_results(tournament)
    except IntegrityError as exc:
        if Tournament.objects.filter(slug=slug).exists():
            raise _clash(slug) from None  # imported meanwhile by someone else
        raise _refuse(
            _("The event file breaks a rule of the database (%(error)s)."),
            error=str(exc).strip().splitlines()[0] if str(exc).strip() else "?",
        ) from None
    except (DatabaseError, ValueError, OverflowError) as exc:
        # Values the models' validation let through and the database refused
        # (e.g. a NUL character in a text on PostgreSQL).
        raise _refuse(
            _("The database refused the event file (%(error)s)."),
            error=str(exc).strip().splitlines()[0] if str(exc).strip() else "?",
        ) from None
    return tournament


def _clash(slug: str) -> StateConflict:
    return StateConflict(
        _(
            "A tournament with the short name “%(slug)s” exists already in this "
            "database. Import it under another short name (--slug NEW)."
        )
        % {"slug": slug},
        code="slug_taken",
    )
