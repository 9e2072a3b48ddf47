"""Draw rounds and publish them: draw, draft, swap, redraw, publish.

The draw itself is computed by ``draws.compute``; the advance between phases is
``draws.advance`` (``phase_advance``, named here too).
"""

import random
from itertools import combinations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from draws.advance import phase_advance  # noqa: F401 - re-exported
from draws.compute import _compute_draw
from draws.selectors import (
    round_draw_blocker,
    tables_with_results,
)
from manille import draws as draw_module
from manille.draws import registry as draw_methods
from tournaments import selectors
from tournaments.models import (
    Bye,
    Entry,
    Game,
    Phase,
    Round,
    RoundLog,
    Seat,
    Table,
    Tournament,
)
from tournaments.round_log import round_log_add
from tournaments.services import tournament_touch

# ------------------------------------------------------------------------- draws


def _new_seed() -> int:
    return random.SystemRandom().randrange(1, 2**31)


def _write_draw(*, round: Round, draw: draw_module.Draw, phase: Phase) -> None:
    """Save the draw's tables, seats, games, empty score sheets and byes."""
    from scoring.models import ScoreSheet

    tables = Table.objects.bulk_create(
        [
            Table(round=round, number=t.number, reasons=",".join(t.reasons)[:200])
            for t in draw.tables
        ]
    )
    if any(t.pk is None for t in tables):  # pragma: no cover - old databases
        tables = list(Table.objects.filter(round=round).order_by("number"))
    seats, games, sheets = [], [], []
    for table, drawn in zip(tables, draw.tables, strict=True):
        for position, entry_id in enumerate(drawn.seats, start=1):
            seats.append(
                Seat(round=round, table=table, position=position, entry_id=entry_id)
            )
        if len(drawn.seats) == 4:
            for number, (side_a, side_b) in enumerate(
                draw_module.INDIVIDUAL_GAMES, start=1
            ):
                games.append(
                    Game(
                        table=table,
                        number=number,
                        side_a="".join(map(str, side_a)),
                        side_b="".join(map(str, side_b)),
                    )
                )
        else:
            games_per_table = (
                phase.best_of
                if phase.draw_method == Phase.DrawMethod.KNOCKOUT
                else phase.games_per_table
            )
            for number in range(1, games_per_table + 1):
                games.append(Game(table=table, number=number, side_a="1", side_b="2"))
        sheets.append(ScoreSheet(table=table))
    Seat.objects.bulk_create(seats, batch_size=2000)
    Game.objects.bulk_create(games, batch_size=2000)
    ScoreSheet.objects.bulk_create(sheets, batch_size=2000)
    Bye.objects.bulk_create([Bye(round=round, entry_id=e) for e in draw.byes])


def _draw_summary(
    draw: draw_module.Draw, clubs: dict[int, int | None], organiser: int | None
) -> str:
    """Say in a line what the draw made; same-club pairs only where they say
    something (``manille.draws.quiet_clubs``), as the round's page flags them."""
    repeats = sum(t.repeats for t in draw.tables)
    quiet = draw_module.quiet_clubs(
        [[clubs.get(e) for e in t.seats] for t in draw.tables], organiser=organiser
    )
    same = sum(
        1
        for t in draw.tables
        for a, b in combinations(t.seats, 2)
        if clubs.get(a) is not None
        and clubs.get(a) == clubs.get(b)
        and clubs.get(a) not in quiet
    )
    return _(
        "%(tables)d tables, %(byes)d byes, seed %(seed)d; %(repeats)d repeated "
        "pairs, %(same)d same-club pairs."
    ) % {
        "tables": len(draw.tables),
        "byes": len(draw.byes),
        "seed": draw.seed,
        "repeats": repeats,
        "same": same,
    }


@transaction.atomic
def round_draw(*, phase: Phase, by, seed: int | None = None) -> Round:
    """Draw the phase's next round as a draft: tables, seats, games, sheets, byes."""
    tournament = Tournament.objects.select_for_update().get(pk=phase.tournament_id)
    phase = Phase.objects.select_related("tournament").get(pk=phase.pk)
    blocker = round_draw_blocker(phase=phase)  # what the pages check too
    if blocker is not None:
        raise ValidationError(blocker)
    number = (
        Round.objects.filter(tournament=tournament).aggregate(n=Max("number"))["n"] or 0
    ) + 1
    seed = _new_seed() if seed is None else seed
    plan = _compute_draw(
        phase=phase, round_number=number, seed=seed, exclude_round=None
    )
    result, clubs = plan.draw, plan.clubs
    rnd = Round.objects.create(
        tournament=tournament,
        phase=phase,
        number=number,
        seed=seed,
        draw_method=result.method,
        status=Round.Status.DRAFT,
    )
    _write_draw(round=rnd, draw=result, phase=phase)
    plan.write(rnd)
    round_log_add(
        round=rnd,
        action=RoundLog.Action.DRAWN,
        reason=_draw_summary(result, clubs, tournament.club_id),
        by=by,
    )
    return rnd


def round_lock_for_change(*, round: Round, reason: str) -> Round:  # noqa: A002
    """Lock a round whose draw may change: a draft, or published with a reason.

    A published round changes only by hand, each change logged with its reason
    and shown to the players at once; a closed round is reopened first.
    """
    rnd = (
        Round.objects.select_for_update()
        .select_related("tournament", "phase")
        .get(pk=round.pk)
    )
    _refuse_hall_copy(rnd)
    if rnd.status == Round.Status.CLOSED:
        raise ValidationError(
            _("Round %(number)d is closed: reopen it before changing its draw.")
            % {"number": rnd.number}
        )
    if rnd.status == Round.Status.PUBLISHED and not (reason or "").strip():
        raise ValidationError(
            _(
                "Round %(number)d is published: give a reason for the change "
                "(the players see it at once)."
            )
            % {"number": rnd.number}
        )
    return rnd


def refuse_tables_with_results(
    *, round: Round, tables: list[Table], action: str
) -> None:
    """Refuse a change of seats at a table whose sheet has results entered."""
    if round.status == Round.Status.DRAFT:
        return
    entered = tables_with_results(round=round, table_ids=[t.pk for t in tables])
    for table in tables:
        if table.pk in entered:
            raise ValidationError(
                _(
                    "Table %(table)d has results entered: its seats cannot be "
                    "%(action)s. Correct its sheet, or record a forfeit."
                )
                % {"table": table.number, "action": action}
            )


def log_change(*, round: Round, action: str, change: str, reason: str, by) -> None:
    """Log a change of the draw; a published round's change is a repair, shown."""
    reason = (reason or "").strip()
    if round.status != Round.Status.DRAFT:
        round_log_add(
            round=round,
            action=RoundLog.Action.REPAIRED,
            reason=f"{change} — {reason}" if reason else change,
            by=by,
        )
        tournament_touch(tournament=round.tournament)
        return
    round_log_add(
        round=round,
        action=action,
        reason=f"{change} — {reason}" if reason else change,
        by=by,
    )


def _refuse_hall_copy(rnd: Round) -> None:
    """Refuse a change of the draw on the copy a hall published to this site."""
    refusal = selectors.hall_copy_refusal(tournament=rnd.tournament)
    if refusal is not None:
        raise ValidationError(refusal)


def _lock_draft(round: Round) -> Round:
    rnd = (
        Round.objects.select_for_update()
        .select_related("tournament", "phase")
        .get(pk=round.pk)
    )
    _refuse_hall_copy(rnd)
    if rnd.status != Round.Status.DRAFT:
        raise ValidationError(
            _("Round %(number)d is published: its draw can no longer change.")
            % {"number": rnd.number}
        )
    return rnd


@transaction.atomic
def round_redraw(*, round: Round, by, seed: int | None = None) -> Round:
    """Draw a draft round again with a new seed (or the one given)."""
    Tournament.objects.select_for_update().filter(pk=round.tournament_id).first()
    rnd = _lock_draft(round)
    from scoring.models import DealRecord

    if DealRecord.objects.filter(game__table__round=rnd).exists():
        raise ValidationError(_("Results have been typed for this round."))
    seed = _new_seed() if seed is None else seed
    plan = _compute_draw(
        phase=rnd.phase, round_number=rnd.number, seed=seed, exclude_round=rnd
    )
    result, clubs = plan.draw, plan.clubs
    Table.objects.filter(round=rnd).delete()
    Bye.objects.filter(round=rnd).delete()
    rnd.seed = seed
    rnd.draw_method = result.method
    rnd.save(update_fields=["seed", "draw_method"])
    _write_draw(round=rnd, draw=result, phase=rnd.phase)
    plan.write(rnd)
    round_log_add(
        round=rnd,
        action=RoundLog.Action.REDRAWN,
        reason=_draw_summary(result, clubs, rnd.tournament.club_id),
        by=by,
    )
    return rnd


def _retag_tables(rnd: Round, tables: list[Table]) -> None:
    """Mark tables changed by hand, noting whether they are still clean."""
    history = selectors.history_pairs(tournament=rnd.tournament, exclude_round=rnd)
    for table in tables:
        seats = list(
            Seat.objects.filter(table=table).select_related(
                "entry__player", "entry__team"
            )
        )
        ids = [s.entry_id for s in seats]
        clubs = {
            s.entry_id: draw_module.Entrant(
                id=s.entry_id,
                club=s.entry.player.club_id
                if s.entry.player_id
                else s.entry.team.club_id,
            )
            for s in seats
        }
        repeats, same = draw_module.table_conflicts(ids, clubs, history)
        codes = ["manual"]
        if not repeats:
            codes.append("no_repeat")
        if not same:
            codes.append("no_same_club")
        table.reasons = ",".join(codes)
        table.save(update_fields=["reasons"])


def _refuse_staged(rnd: Round) -> None:
    """Refuse a swap in a pools or knockout round: its seats follow the pools or
    the bracket, which a swap would break."""
    if draw_methods.method(rnd.phase.draw_method).staged:
        raise ValidationError(
            _(
                "The tables of %(phase)s follow its pools or bracket: a swap would "
                "break them. Record a forfeit or a walkover instead."
            )
            % {"phase": rnd.phase.name}
        )


@transaction.atomic
def round_swap_seats(
    *, round: Round, seat_a: Seat, seat_b: Seat, by, reason: str = ""
) -> Round:
    """Swap the entrants of two seats (a director's hand change).

    In a draft at will; in a published round with a reason, while neither table
    has a result entered (``round_lock_for_change``).
    """
    rnd = round_lock_for_change(round=round, reason=reason)
    _refuse_staged(rnd)
    seats = {
        s.pk: s
        for s in Seat.objects.select_for_update()
        .select_related("table", "entry")
        .filter(round=rnd, pk__in=[seat_a.pk, seat_b.pk])
    }
    if seat_a.pk == seat_b.pk or len(seats) != 2:
        raise ValidationError(_("Choose two different seats of this round."))
    a, b = seats[seat_a.pk], seats[seat_b.pk]
    if a.table_id == b.table_id:
        raise ValidationError(
            _("Both seats are at table %(table)d: swapping them changes nothing.")
            % {"table": a.table.number}
        )
    refuse_tables_with_results(
        round=rnd, tables=[a.table, b.table], action=_("swapped")
    )
    entry_a, entry_b = a.entry, b.entry
    Seat.objects.filter(pk__in=[a.pk, b.pk]).delete()
    Seat.objects.bulk_create(
        [
            Seat(round=rnd, table=a.table, position=a.position, entry=entry_b),
            Seat(round=rnd, table=b.table, position=b.position, entry=entry_a),
        ]
    )
    _retag_tables(rnd, [a.table, b.table])
    log_change(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        change=_("%(a)s (table %(ta)d) ⇄ %(b)s (table %(tb)d)")
        % {"a": entry_a, "ta": a.table.number, "b": entry_b, "tb": b.table.number},
        reason=reason,
        by=by,
    )
    return rnd


@transaction.atomic
def round_swap_bye(
    *, round: Round, seat: Seat, bye: Bye, by, reason: str = ""
) -> Round:
    """Give a seat's entrant the bye and seat the entrant who had it.

    In a published round with a reason, while the table has no result entered.
    """
    rnd = round_lock_for_change(round=round, reason=reason)
    _refuse_staged(rnd)
    seat = Seat.objects.select_related("table", "entry").get(pk=seat.pk, round=rnd)
    bye = Bye.objects.select_related("entry").get(pk=bye.pk, round=rnd)
    refuse_tables_with_results(round=rnd, tables=[seat.table], action=_("swapped"))
    seated, waiting = seat.entry, bye.entry
    seat.delete()
    bye.delete()
    Seat.objects.create(
        round=rnd, table=seat.table, position=seat.position, entry=waiting
    )
    Bye.objects.create(round=rnd, entry=seated)
    _retag_tables(rnd, [seat.table])
    log_change(
        round=rnd,
        action=RoundLog.Action.SWAPPED,
        change=_("%(a)s (table %(t)d) ⇄ %(b)s (bye)")
        % {"a": seated, "t": seat.table.number, "b": waiting},
        reason=reason,
        by=by,
    )
    return rnd


@transaction.atomic
def round_publish(*, round: Round, by) -> Round:
    """Publish a draft round: the public sees its draw from now on."""
    rnd = _lock_draft(round)
    withdrawn = list(
        Entry.objects.filter(
            seats__round=rnd, status=Entry.Status.WITHDRAWN
        ).select_related("player", "team")
    )
    if withdrawn:
        raise ValidationError(
            _(
                "%(names)s withdrew after the draw: swap them out or draw the "
                "round again before publishing."
            )
            % {"names": ", ".join(str(e) for e in withdrawn)}
        )
    rnd.status = Round.Status.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["status", "published_at"])
    round_log_add(round=rnd, action=RoundLog.Action.PUBLISHED, by=by)
    tournament_touch(tournament=rnd.tournament)
    return rnd
