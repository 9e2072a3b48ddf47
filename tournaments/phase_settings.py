"""Set a tournament's phases, all or nothing: each checked against its draw,
its advancement and the rounds drawn (pools and knockouts included), by
``phase_checks``."""

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from actionlog.services import action_record, field_values
from manille import draws as draw_module
from tournaments import selectors
from tournaments.models import PHASE_FIELDS, Phase, Round, Tournament
from tournaments.models.phases import phase_fields_unused
from tournaments.phase_checks import _check_drawn_fixes, _check_order, _check_phase
from tournaments.versioning import tournament_touch


@contextmanager
def _refused_at(index: int) -> Iterator[None]:
    """Mark a refusal raised inside with the place of its row (``phase_row``)."""
    try:
        yield
    except ValidationError as error:
        error.phase_row = index
        raise


def _reset_unused(tournament: Tournament, phase: Phase) -> None:
    """Set what ``phase``'s draw and advancement do not use to the model's default.

    The form hides those fields; whatever a post still says in them is dropped,
    so a phase never keeps the pool size of a draw it no longer has.
    """
    defaults = {
        name: Phase._meta.get_field(name).get_default() for name in PHASE_FIELDS
    }
    unused = phase_fields_unused(
        draw_method=phase.draw_method, advancement=phase.advancement
    )
    for name in unused:
        if name != "games_per_table":  # a knockout's follows its best of, below
            setattr(phase, name, defaults[name])
    if not phase.pool_seeding:
        phase.pool_seeding = defaults["pool_seeding"]
    if phase.best_of is None:
        phase.best_of = defaults["best_of"]
    if phase.best_next is None:
        phase.best_next = 0
    if phase.draw_method == Phase.DrawMethod.KNOCKOUT and phase.best_of in (1, 3):
        phase.games_per_table = phase.best_of  # a match's games, at most
    if tournament.is_individual:
        phase.games_per_table = len(draw_module.INDIVIDUAL_GAMES)


@transaction.atomic
def phases_save(*, tournament: Tournament, rows: list[dict], by) -> list[Phase]:
    """Set a tournament's phases from ``rows`` (in order), all or nothing.

    Each row is a dict of phase fields with an optional ``id`` (an existing phase
    to change) and ``delete`` (remove it; refused once it has rounds). Refused on
    the copy a hall published to this site (its phases are the hall's).
    """
    refusal = selectors.hall_copy_refusal(tournament=tournament)
    if refusal is not None:
        raise ValidationError(refusal)
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    existing = {p.pk: p for p in Phase.objects.filter(tournament=tournament)}
    drawn = defaultdict(int)
    for phase_id in Round.objects.filter(tournament=tournament).values_list(
        "phase_id", flat=True
    ):
        drawn[phase_id] += 1
    kept: list[Phase] = []
    deleted: list[Phase] = []
    seen: set[int] = set()
    was: dict[int, dict] = {}  # each changed phase's fields before, for the log
    at: list[int] = []  # each kept phase's place in ``rows``
    for index, row in enumerate(rows):
        row = dict(row)
        phase_id = row.pop("id", None)
        delete = row.pop("delete", False)
        if phase_id is not None:
            phase = existing.get(phase_id)
            if phase is None or phase_id in seen:
                raise ValidationError(_("This phase belongs to another tournament."))
            seen.add(phase_id)
        else:
            if delete:
                continue
            phase = Phase(tournament=tournament)
        if delete:
            if drawn[phase.pk]:
                raise ValidationError(
                    _("%(phase)s has rounds drawn and cannot be removed.")
                    % {"phase": phase.name}
                )
            deleted.append(phase)
            continue
        if phase.pk is not None:
            was[phase.pk] = field_values(phase, PHASE_FIELDS)
        for key, value in row.items():
            if key not in PHASE_FIELDS:
                raise TypeError(f"unknown phase field: {key}")
            setattr(phase, key, value)
        _reset_unused(tournament, phase)
        with _refused_at(index):
            _check_phase(tournament, phase, drawn[phase.pk] if phase.pk else 0)
            if phase.pk is not None:
                _check_drawn_fixes(phase, was[phase.pk], drawn[phase.pk])
        kept.append(phase)
        at.append(index)
    if seen != set(existing):
        # Every phase is in the list, kept or removed: one left out would keep
        # its place + 1000 below the others (a page loaded before a change).
        raise ValidationError(
            _("The phases have changed since this page was loaded: reload it.")
        )
    if not kept:
        raise ValidationError(_("A tournament needs at least one phase."))
    try:
        _check_order(tournament, kept)
    except ValidationError as error:
        where = getattr(error, "phase", None)
        if where is not None:
            error.phase_row = at[[id(p) for p in kept].index(id(where))]
        raise
    _phases_write(tournament, kept=kept, deleted=deleted, was=was, by=by)
    tournament_touch(tournament=tournament)
    return kept


def _phases_write(tournament, *, kept, deleted, was, by) -> None:
    """Remove ``deleted``, save ``kept`` in their new order and log each change
    (inside :func:`phases_save`'s transaction)."""
    for phase in deleted:
        action_record(
            by=by,
            action="phase.removed",
            tournament=tournament,
            target=phase,
            before=field_values(phase, PHASE_FIELDS),
        )
        phase.delete()
    Phase.objects.filter(tournament=tournament).update(order=F("order") + 1000)
    for order, phase in enumerate(kept, start=1):
        phase.order = order
        phase.full_clean(exclude=["tournament"], validate_unique=False)
        new = phase.pk is None
        phase.save()
        action_record(
            by=by,
            action="phase.added" if new else "phase.changed",
            tournament=tournament,
            target=phase,
            before=None if new else was[phase.pk],
            after=field_values(phase, PHASE_FIELDS),
        )
