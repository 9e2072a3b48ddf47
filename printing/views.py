"""Serve the printed documents as PDF, each as the document registry describes it."""

import io

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import get_language

from core.languages import event_language_activate
from printing.qr import site_url
from printing.registry import document, series_document
from series.selectors import series_for_reader
from tournaments.access import tournament_or_404
from tournaments.models import Round, Tournament
from tournaments.selectors import user_can_direct


def _pdf_response(data: bytes, filename: str) -> FileResponse:
    """Wrap PDF bytes for the browser's own viewer (printable, not a download)."""
    response = FileResponse(
        io.BytesIO(data), content_type="application/pdf", filename=filename
    )
    response["Cache-Control"] = "private, no-store"
    return response


def _readable_tournament(request, slug: str) -> tuple[Tournament, bool]:
    """Return the tournament and whether the reader directs it; 404 if hidden.

    What a reader may see is ``tournament_or_404``'s rule, as on the live site.
    """
    tournament = tournament_or_404(request, slug)
    return tournament, user_can_direct(user=request.user, tournament=tournament)


def _readable_round(tournament: Tournament, number: int, directs: bool) -> Round:
    """Return a round the reader may see: any for a director, else published."""
    rnd = get_object_or_404(Round, tournament=tournament, number=number)
    if not directs and not rnd.is_public:
        raise Http404
    return rnd


def print_document(request, slug: str, number: int | None = None, *, identifier: str):
    """Answer a document's PDF; its options come from the query string.

    A directors-only document sends a stranger to log in (403 once logged in);
    the others answer 404 for what the reader may not see. A bad option or a
    round that cannot be printed answers 400 with the reason.
    """
    doc = document(identifier)
    if doc.directors_only:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user_can_direct(user=request.user, tournament=tournament):
            raise PermissionDenied
        rnd = None
        if doc.needs_round or number:
            rnd = get_object_or_404(Round, tournament=tournament, number=number)
    else:
        tournament, directs = _readable_tournament(request, slug)
        needed = doc.needs_round or number
        rnd = _readable_round(tournament, number, directs) if needed else None
    # A bad option or a round that cannot be printed raises PdfError: a refusal
    # that core.refusals answers as text with a 400.
    options = doc.clean(tournament=tournament, params=request.GET)
    data = doc.render(
        tournament=tournament,
        round=rnd,
        options=options,
        lang=get_language(),
        base_url=site_url(request=request),
    )
    name = doc.filename(tournament=tournament, round=rnd, options=options)
    return _pdf_response(data, name)


def print_series_document(request, slug: str, *, identifier: str):
    """Answer a series document's PDF; 404 for a series the reader may not see."""
    doc = series_document(identifier)
    series = series_for_reader(slug=slug, user=request.user)
    if series is None:
        raise Http404
    event_language_activate(request, series.language)
    data = doc.render(
        series=series, lang=get_language(), base_url=site_url(request=request)
    )
    return _pdf_response(data, doc.filename(series=series))
