"""Serve the printed sheets as PDF: score sheets and results to directors only."""

import io

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponseBadRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from printing import pdf
from tournaments.models import Round, Tournament
from tournaments.selectors import tournament_list_public, user_can_direct


def _pdf_response(data: bytes, filename: str) -> FileResponse:
    """Wrap PDF bytes for the browser's own viewer (printable, not a download)."""
    response = FileResponse(
        io.BytesIO(data), content_type="application/pdf", filename=filename
    )
    response["Cache-Control"] = "private, no-store"
    return response


def _bad_request(message: str) -> HttpResponseBadRequest:
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")


def _director_round(request, slug: str, number: int):
    """Return (tournament, round) for a director of it; else login or 403."""
    tournament = get_object_or_404(Tournament, slug=slug)
    if not request.user.is_authenticated:
        return None
    if not user_can_direct(user=request.user, tournament=tournament):
        raise PermissionDenied
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    return rnd


def _readable_tournament(request, slug: str) -> tuple[Tournament, bool]:
    """Return the tournament and whether the reader directs it; 404 if hidden."""
    tournament = get_object_or_404(Tournament, slug=slug)
    directs = user_can_direct(user=request.user, tournament=tournament)
    if not directs and not tournament_list_public().filter(pk=tournament.pk).exists():
        raise Http404
    return tournament, directs


def _readable_round(tournament: Tournament, number: int, directs: bool) -> Round:
    """Return a round the reader may see: any for a director, else published."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if not directs and not rnd.is_public:
        raise Http404
    return rnd


def _name(tournament: Tournament, *parts) -> str:
    return "-".join([tournament.slug, *map(str, parts)]) + ".pdf"


def score_sheets(request, slug: str, number: int):
    rnd = _director_round(request, slug, number)
    if rnd is None:
        return redirect_to_login(request.get_full_path())
    size = request.GET.get("size", "a4").lower()
    try:
        data = pdf.score_sheets_pdf(
            round=rnd,
            base_url=request.build_absolute_uri("/"),
            size=size,
            lang=get_language(),
        )
    except pdf.PdfError as exc:
        return _bad_request(str(exc))
    return _pdf_response(data, _name(rnd.tournament, "round", number, "sheets", size))


def table_results(request, slug: str, number: int):
    rnd = _director_round(request, slug, number)
    if rnd is None:
        return redirect_to_login(request.get_full_path())
    try:
        data = pdf.table_results_pdf(round=rnd, lang=get_language())
    except pdf.PdfError as exc:
        return _bad_request(str(exc))
    return _pdf_response(data, _name(rnd.tournament, "round", number, "results"))


def draw(request, slug: str, number: int):
    tournament, directs = _readable_tournament(request, slug)
    rnd = _readable_round(tournament, number, directs)
    order = request.GET.get("order", "both")
    try:
        data = pdf.draw_pdf(round=rnd, order=order, lang=get_language())
    except pdf.PdfError as exc:
        return _bad_request(str(exc))
    return _pdf_response(data, _name(tournament, "round", number, "draw"))


def standings(request, slug: str, number: int | None = None):
    tournament, directs = _readable_tournament(request, slug)
    rnd = _readable_round(tournament, number, directs) if number else None
    default = "players" if tournament.is_individual else "teams"
    kind = request.GET.get("kind", default)
    if kind not in pdf.STANDING_KINDS:
        return _bad_request(_("Choose standings of players, teams or clubs."))
    try:
        data = pdf.standings_pdf(
            tournament=tournament, after_round=rnd, kind=kind, lang=get_language()
        )
    except pdf.PdfError as exc:
        return _bad_request(str(exc))
    parts = ["round", number] if number else ["final"]
    return _pdf_response(data, _name(tournament, "standings", kind, *parts))
