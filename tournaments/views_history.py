"""Serve a tournament's History page: every write of its directors, newest first."""

from django.utils.translation import gettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from actionlog.selectors import action_entries
from clubs.history import history_page
from manille.tiebreaks import metric
from tournaments.access import director_required
from tournaments.round_log import round_log_text


def _tiebreaks_text(codes) -> str:
    """Say a stored list of tiebreak codes by their names."""

    def name(code) -> str:
        try:
            return gettext(metric(code).label)
        except (KeyError, TypeError):  # a code since removed
            return str(code)

    return ", ".join(name(c) for c in codes) if isinstance(codes, list) else "–"


@director_required
@require_GET
def tournament_history(request, tournament):
    """The tournament's action log: settings, phases, entrants, draws, results."""
    return history_page(
        request,
        entries=lambda kind: action_entries(tournament_id=tournament.pk, kind=kind),
        context={
            "tournament": tournament,
            "title": _("History · %(tournament)s") % {"tournament": tournament.name},
        },
        note_text=lambda text: round_log_text(text=text),
        value_text={"tiebreaks": _tiebreaks_text},
    )
