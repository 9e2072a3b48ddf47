"""Read what the director may do next, and why an action is refused now."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from tournaments.models import Entry, Phase, Round
from tournaments.selectors import hall_copy_refusal

# ------------------------------------------------ what may be done next, and why not
#
# The services refuse with these same messages, and the director's pages offer a
# button only where they return None: no button is offered that the server refuses.


def round_draw_blocker(*, phase: Phase) -> str | None:
    """Return why the phase's next round cannot be drawn now, or None if it can."""
    hall_copy = hall_copy_refusal(tournament=phase.tournament)
    if hall_copy is not None:
        return hall_copy
    tournament_id = phase.tournament_id
    draft = (
        Round.objects.filter(tournament_id=tournament_id, status=Round.Status.DRAFT)
        .values_list("number", flat=True)
        .first()
    )
    if draft is not None:
        return _(
            "Round %(number)d is still a draft: publish it (or draw it again) first."
        ) % {"number": draft}
    drawn = Round.objects.filter(phase=phase).count()
    if drawn >= phase.rounds:
        return _("All %(count)d rounds of %(phase)s are drawn.") % {
            "count": phase.rounds,
            "phase": phase.name,
        }
    if Round.objects.filter(
        tournament_id=tournament_id, phase__order__gt=phase.order
    ).exists():
        return _("A later phase has begun already.")
    if phase.draw_method == Phase.DrawMethod.KNOCKOUT:
        open_round = (
            Round.objects.filter(phase=phase)
            .exclude(status=Round.Status.CLOSED)
            .values_list("number", flat=True)
            .first()
        )
        if open_round is not None:
            return _(
                "Close round %(number)d first: the knockout's next round is seated "
                "from its results."
            ) % {"number": open_round}
    earlier = (
        Phase.objects.filter(tournament_id=tournament_id, order__lt=phase.order)
        .exclude(pk=phase.pk)
        .order_by("-order")
        .first()
    )
    present = Entry.objects.filter(
        tournament_id=tournament_id, status=Entry.Status.PRESENT
    )
    if earlier is None:
        if not present.exists():
            return _("Nobody is checked in for %(phase)s: check entrants in first.") % {
                "phase": phase.name
            }
        return None
    if not present.filter(phase=phase).exists():
        return _(
            "Nobody has qualified for %(phase)s yet: advance the qualifiers of "
            "%(earlier)s first."
        ) % {"phase": phase.name, "earlier": earlier.name}
    return None


def phase_advance_blocker(*, phase: Phase) -> tuple[str, str] | None:
    """Return (code, message) saying why a phase cannot advance now, or None."""
    hall_copy = hall_copy_refusal(tournament=phase.tournament)
    if hall_copy is not None:
        return "hall_copy", hall_copy
    later = Phase.objects.filter(
        tournament_id=phase.tournament_id, order__gt=phase.order
    ).order_by("order")
    next_phase = later.first()
    if next_phase is None or phase.advancement == Phase.Advancement.NONE:
        return "no_advancement", _("Nobody advances from %(phase)s.") % {
            "phase": phase.name
        }
    statuses = list(Round.objects.filter(phase=phase).values_list("status", flat=True))
    if len(statuses) < phase.rounds or any(s != Round.Status.CLOSED for s in statuses):
        return "rounds_open", _(
            "Close every round of %(phase)s before advancing its qualifiers."
        ) % {"phase": phase.name}
    if Round.objects.filter(phase=next_phase).exists():
        return "next_begun", _("%(phase)s has begun: its qualifiers are fixed.") % {
            "phase": next_phase.name
        }
    return None


def phase_actions(*, phases: list[Phase]) -> list[Phase]:
    """Mark each phase with why it cannot be drawn or advanced now (None: it can)."""
    for phase in phases:
        phase.draw_blocker = round_draw_blocker(phase=phase)
        blocked = phase_advance_blocker(phase=phase)
        phase.advance_blocker = blocked[1] if blocked else None
        phase.advances = not (blocked and blocked[0] == "no_advancement")
    return phases


@dataclass
class NextAction:
    """The one thing the director's overview proposes next, and how."""

    text: str  # what the state is, in a sentence
    label: str = ""  # the button's words ("" for none)
    url: str = ""
    post: bool = False  # the button submits a form (a draw, an advance)
    links: list = field(default_factory=list)  # (label, url) for the round
    # The tournament is over: the button opens the public standings, which the
    # template links (draws sits below public and names none of its addresses).
    over: bool = False


def _open_round_action(*, rounds: list[Round], slug: str) -> NextAction | None:
    """Return what to do with a draft or a published round; None when none is open."""
    from django.urls import reverse

    draft = next((r for r in rounds if r.status == Round.Status.DRAFT), None)
    if draft is not None:
        return NextAction(
            text=_("Round %(number)d is a draft, not yet visible to the players.")
            % {"number": draft.number},
            label=_("Check and publish round %(number)d") % {"number": draft.number},
            url=reverse("draws:round", args=[slug, draft.number]),
        )
    open_rounds = [r for r in rounds if r.status == Round.Status.PUBLISHED]
    if open_rounds:
        rnd = open_rounds[-1]
        draw_url = reverse("draws:round", args=[slug, rnd.number])
        return NextAction(
            text=_("Round %(number)d is published: enter its results, then close it.")
            % {"number": rnd.number},
            label=_("Results of round %(number)d") % {"number": rnd.number},
            url=reverse("scoring:round", kwargs={"round_id": rnd.pk}),
            links=[
                (_("The draw of round %(number)d") % {"number": rnd.number}, draw_url)
            ],
        )
    return None


def next_action(*, tournament) -> NextAction:
    """Return what the overview proposes: always what the state allows next."""
    from django.urls import reverse

    slug = tournament.slug
    rounds = list(
        Round.objects.filter(tournament=tournament)
        .select_related("phase")
        .order_by("number")
    )
    action = _open_round_action(rounds=rounds, slug=slug)
    if action is not None:
        return action
    phases = list(Phase.objects.filter(tournament=tournament).order_by("order"))
    if not phases:
        return NextAction(text=_("No phase yet: add one in the settings."))
    for phase in phases:
        phase.tournament = tournament  # read by the blockers: no query each
    last = rounds[-1] if rounds else None
    current = next(p for p in phases if p.pk == last.phase_id) if last else phases[0]
    later = [p for p in phases if p.order > current.order]
    links = []
    if last is not None:
        links.append(
            (
                _("Round %(number)d (closed)") % {"number": last.number},
                reverse("draws:round", args=[slug, last.number]),
            )
        )
    number = (last.number if last else 0) + 1
    blocker = round_draw_blocker(phase=current)
    if blocker is None:
        return NextAction(
            text=_("Round %(number)d is closed.") % {"number": last.number}
            if last
            else _("No round drawn yet."),
            label=_("Draw round %(number)d") % {"number": number},
            url=reverse("draws:round_draw", args=[slug, current.pk]),
            post=True,
            links=links,
        )
    # Once the qualifiers are through, the next phase's draw comes first.
    if later and round_draw_blocker(phase=later[0]) is None:
        return NextAction(
            text=_("The qualifiers of %(phase)s are known.") % {"phase": later[0].name},
            label=_("Draw round %(number)d (%(phase)s)")
            % {"number": number, "phase": later[0].name},
            url=reverse("draws:round_draw", args=[slug, later[0].pk]),
            post=True,
            links=links,
        )
    advance = phase_advance_blocker(phase=current)
    if advance is None:
        return NextAction(
            text=_("Every round of %(phase)s is closed.") % {"phase": current.name},
            label=_("Advance the qualifiers to %(phase)s") % {"phase": later[0].name},
            url=reverse("draws:phase_advance", args=[slug, current.pk]),
            post=True,
            links=links,
        )
    if (
        last is not None
        and not later
        and len([r for r in rounds if r.phase_id == current.pk]) >= current.rounds
    ):
        return NextAction(
            text=_("Every round is played and closed: the tournament is over."),
            label=_("Final standings"),
            over=True,
            links=links,
        )
    return NextAction(text=blocker, links=links)
