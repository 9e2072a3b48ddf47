"""Check a tournament's phases: each against its draw, its advancement and the
rounds drawn, their order, and the rounds of its pools and knockouts."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from actionlog.services import field_values
from manille.draws import registry as draw_methods
from manille.knockout import pools as knockout_pools
from manille.knockout.bracket import MAX_ENTRANTS, knockout_build
from tournaments.models import Entry, Phase, PoolPlace, Round, Tournament
from tournaments.models.phases import KNOCKOUT_FIELDS

# Once a phase has a round drawn, its pools or its bracket are made from these.
DRAWN_FIXES = {
    Phase.DrawMethod.POOLS: ("pool_size", "pool_seeding"),
    Phase.DrawMethod.KNOCKOUT: KNOCKOUT_FIELDS,
}


def pool_rounds_for(*, format: str, size: int) -> int:
    """Return how many rounds a pool of ``size`` plays (``manille.knockout``).

    Pairs play the round robin (a pool of 3 or 4 plays 3 rounds, each of 3 teams
    sitting one out); a pool of players is one table of four, one round.
    """
    members = tuple(range(1, size + 1))
    pool = knockout_pools.Pool(
        number=1, letter="A", members=members, seeds=members, same_club=0, reasons=()
    )
    return len(knockout_pools.pool_rounds(pool, format=format))


def knockout_rounds_for(*, entrants: int) -> int:
    """Return how many rounds a knockout of ``entrants`` plays (its main bracket's).

    A match for third place is played with the final; a consolation bracket holds
    the first round's losers only, so it never needs more rounds than the main.
    """
    ko = knockout_build(list(range(1, entrants + 1)), third_place=False)
    return len(ko.brackets[0].rounds)


def _refusal(phase: Phase, field: str, problem: str) -> ValidationError:
    """Refuse ``phase``'s ``field``, naming the phase (the form has many rows).

    The error keeps the phase (``error.phase``); ``phases_save`` adds its place
    in the rows (``error.phase_row``), so a form can show it on that row.
    """
    error = ValidationError(
        {field: _("%(phase)s: %(problem)s") % {"phase": phase.name, "problem": problem}}
    )
    error.phase = phase
    return error


def _check_phase(tournament: Tournament, phase: Phase, drawn: int) -> None:
    if not phase.name.strip():
        raise ValidationError({"name": _("A phase needs a name.")})
    allowed = draw_methods.codes_for(tournament.format)
    if phase.draw_method not in allowed:
        raise ValidationError(
            {
                "draw_method": _("“%(method)s” does not fit a %(format)s tournament.")
                % {
                    "method": phase.get_draw_method_display(),
                    "format": tournament.get_format_display(),
                }
            }
        )
    if phase.rounds is not None and phase.rounds < drawn:
        raise ValidationError(
            {
                "rounds": _("%(phase)s already has %(count)d rounds drawn.")
                % {"phase": phase.name, "count": drawn}
            }
        )
    if phase.draw_method == Phase.DrawMethod.POOLS:
        _check_pools(tournament, phase)
    elif phase.advancement == Phase.Advancement.POOLS:
        raise _refusal(
            phase,
            "advancement",
            _(
                "only a pools phase sends on the first of each pool: choose the "
                "pools draw, or another advancement."
            ),
        )
    if phase.draw_method == Phase.DrawMethod.KNOCKOUT:
        if phase.advancement != Phase.Advancement.NONE:
            raise _refusal(
                phase,
                "advancement",
                _("a knockout ends with its final: nobody advances from it."),
            )
        if phase.best_of not in (1, 3):
            raise _refusal(
                phase, "best_of", _("a match is one game or the best of three.")
            )
    if phase.advancement == Phase.Advancement.TOP_N and not phase.advance_count:
        raise ValidationError(
            {"advance_count": _("Say how many entrants of the standings advance.")}
        )
    if (
        phase.advancement == Phase.Advancement.TABLE_TOP_TWO
        and not tournament.is_individual
    ):
        raise _refusal(
            phase,
            "advancement",
            _(
                "a table of two pairs has only two: the first two of each table "
                "go on from tables of four players."
            ),
        )
    if tournament.is_individual and phase.advance_count and phase.advance_count % 4:
        raise ValidationError(
            {
                "advance_count": _(
                    "Tables seat four: make the number of qualifiers a multiple "
                    "of 4 (or leave it empty)."
                )
            }
        )


def _check_pools(tournament: Tournament, phase: Phase) -> None:
    """Refuse a pools phase whose size, rounds or advancement do not fit."""
    size = phase.pool_size
    if tournament.is_individual and size != 4:
        raise _refusal(
            phase,
            "pool_size",
            _(
                "an individual event's pools are tables of four: set the pool "
                "size to 4."
            ),
        )
    if size is None or not 2 <= size <= 12:
        raise _refusal(phase, "pool_size", _("say how many a pool holds (2 to 12)."))
    rounds = pool_rounds_for(format=tournament.format, size=size)
    # Pools of two in an odd field make one pool of three, which plays 3.
    odd = pool_rounds_for(format=tournament.format, size=3) if size == 2 else rounds
    if phase.rounds is None:
        phase.rounds = rounds  # filled in for the director
    elif phase.rounds not in (rounds, odd):
        raise _refusal(
            phase,
            "rounds",
            ngettext(
                "a pool of %(size)d plays %(rounds)d round: set the rounds to "
                "%(rounds)d (or leave them empty).",
                "a pool of %(size)d plays %(rounds)d rounds: set the rounds to "
                "%(rounds)d (or leave them empty).",
                rounds,
            )
            % {"size": size, "rounds": rounds},
        )
    if phase.advancement == Phase.Advancement.POOLS:
        if not phase.per_pool or phase.per_pool < 1:
            raise _refusal(
                phase, "per_pool", _("say how many go on from each pool (1 or more).")
            )
        if phase.per_pool >= size:
            raise _refusal(
                phase,
                "per_pool",
                _(
                    "a pool of %(size)d sends on at most %(most)d: fewer than the "
                    "whole pool."
                )
                % {"size": size, "most": size - 1},
            )
        if phase.best_next < 0:
            raise _refusal(
                phase,
                "best_next",
                _("the best of the next place are none (0) or more."),
            )
    elif phase.advancement != Phase.Advancement.NONE:
        raise _refusal(
            phase,
            "advancement",
            _(
                "a pools phase sends on the first of each pool and the best of the "
                "next place, or nobody: choose one of those."
            ),
        )


def _check_order(tournament: Tournament, kept: list[Phase]) -> None:
    """Refuse what depends on the phases around one: a knockout first, pools last."""
    for i, phase in enumerate(kept):
        last = i == len(kept) - 1
        if phase.advancement == Phase.Advancement.POOLS and last:
            raise _refusal(
                phase,
                "advancement",
                _(
                    "the pools' qualifiers need a phase after this one: add it "
                    "(a knockout, say), or let nobody advance."
                ),
            )
        if phase.draw_method == Phase.DrawMethod.KNOCKOUT:
            _check_knockout(tournament, kept, i)
        elif phase.rounds is None:
            raise _refusal(phase, "rounds", _("say how many rounds this phase plays."))


def _check_knockout(tournament: Tournament, kept: list[Phase], i: int) -> None:
    """Refuse a knockout with no phase before it; set or check its rounds."""
    phase = kept[i]
    if i == 0:
        raise _refusal(
            phase,
            "draw_method",
            _(
                "a knockout is seeded from the qualifiers of the phase before: it "
                "cannot be the first phase."
            ),
        )
    before = kept[i - 1]
    if before.advancement == Phase.Advancement.NONE:
        raise _refusal(
            phase,
            "draw_method",
            _(
                "a knockout is seeded from the qualifiers of %(before)s: say who "
                "goes on from it."
            )
            % {"before": before.name},
        )
    if phase.pk is not None and (
        Round.objects.filter(phase=phase).exists()
        or Entry.objects.filter(phase=phase, seed__isnull=False).exists()
    ):
        return  # seeded: its rounds were set from its real qualifiers
    entrants = _entering(tournament, kept, i)
    if entrants is None:
        if phase.rounds is None:
            raise _refusal(
                phase,
                "rounds",
                _(
                    "say how many rounds the knockout plays (4 from the last 16): "
                    "the qualifiers are not known yet."
                ),
            )
        return  # the director's number; seeding the phase sets the real one
    if not 2 <= entrants <= MAX_ENTRANTS:
        raise _refusal(
            phase,
            "rounds",
            _("a knockout holds 2 to %(most)d entrants, not %(count)d.")
            % {"most": MAX_ENTRANTS, "count": entrants},
        )
    rounds = knockout_rounds_for(entrants=entrants)
    if phase.rounds is None:
        phase.rounds = rounds
    elif phase.rounds != rounds:
        raise _refusal(
            phase,
            "rounds",
            ngettext(
                "%(count)d qualifiers make a knockout of %(rounds)d round: set the "
                "rounds to %(rounds)d (or leave them empty).",
                "%(count)d qualifiers make a knockout of %(rounds)d rounds: set the "
                "rounds to %(rounds)d (or leave them empty).",
                rounds,
            )
            % {"count": entrants, "rounds": rounds},
        )


def _entering(tournament: Tournament, kept: list[Phase], i: int) -> int | None:
    """Return how many entrants phase ``i`` starts with, where the settings say.

    The first phase's field is not known before the day (None); a later one's is
    the qualifiers of the phase before: its ``advance_count``, or the first
    ``per_pool`` of each of its pools and ``best_next`` more, once the number of
    pools is known (drawn already, or made from a known field).
    """
    if i == 0:
        return None
    before = kept[i - 1]
    if before.advancement in (
        Phase.Advancement.TOP_N,
        Phase.Advancement.TABLE_WINNERS,
        Phase.Advancement.TABLE_TOP_TWO,
    ):
        return before.advance_count
    if before.advancement != Phase.Advancement.POOLS or not before.per_pool:
        return None
    pools = None
    if before.pk is not None:
        pools = (
            PoolPlace.objects.filter(phase=before).values("pool").distinct().count()
            or None
        )
    if pools is None:
        field = _entering(tournament, kept, i - 1)
        if field is None or not before.pool_size:
            return None
        uneven = (
            knockout_pools.LARGER
            if tournament.is_individual
            else knockout_pools.SMALLER
        )
        pools = knockout_pools.pool_count(field, size=before.pool_size, uneven=uneven)
    if before.best_next > pools:
        raise _refusal(
            before,
            "best_next",
            _(
                "%(count)d pools have %(count)d entrants in the next place: no more "
                "than that can go on as the best of them."
            )
            % {"count": pools},
        )
    return before.per_pool * pools + before.best_next


def _check_drawn_fixes(phase: Phase, was: dict, drawn: int) -> None:
    """Refuse changing how a phase's pools or bracket are made once it is drawn."""
    if not drawn:
        return
    staged = set(DRAWN_FIXES)
    if (
        was["draw_method"] != phase.draw_method
        and {
            was["draw_method"],
            phase.draw_method,
        }
        & staged
    ):
        raise _refusal(
            phase,
            "draw_method",
            _(
                "its first round is drawn from its pools or its bracket: its draw "
                "cannot change."
            ),
        )
    for name in DRAWN_FIXES.get(phase.draw_method, ()):
        if was.get(name) != field_values(phase, [name])[name]:
            raise _refusal(
                phase,
                name,
                _(
                    "its first round is drawn: its pools or its bracket are made "
                    "already, so “%(setting)s” cannot change."
                )
                % {"setting": Phase._meta.get_field(name).verbose_name},
            )
