"""Serve the printed documents (PDF, and a sheet or an image), as the registry says."""

import io

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from core.languages import event_language_activate
from printing import press
from printing.poster import tournament_public_url
from printing.qr import site_url
from printing.registry import document, series_document
from series.selectors import series_for_reader, user_can_manage_series
from tournaments.access import director_required, tournament_or_404
from tournaments.models import Round, Tournament
from tournaments.selectors import user_can_direct

CONTENT_TYPES = {
    "pdf": "application/pdf",
    "png": "image/png",
    "csv": "text/csv; charset=utf-8",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
}
# Sheets are downloaded; a PDF or an image opens in the browser's own viewer.
DOWNLOADED = ("csv", "xlsx")


def _pdf_response(data: bytes, filename: str, fmt: str = "pdf") -> FileResponse:
    """Wrap a document's bytes: a PDF or an image to view, a sheet to download."""
    response = FileResponse(
        io.BytesIO(data),
        content_type=CONTENT_TYPES[fmt],
        filename=filename,
        as_attachment=fmt in DOWNLOADED,
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


def print_document(
    request, slug: str, number: int | None = None, *, identifier: str, fmt="pdf"
):
    """Answer a document's PDF (or its ``fmt``); its options come from the query string.

    A directors-only document sends a stranger to log in (403 once logged in);
    the others answer 404 for what the reader may not see. A bad option or a
    round that cannot be printed answers 400 with the reason.
    """
    doc = document(identifier)
    if fmt not in doc.formats:
        raise Http404
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
    data = doc.render_as(
        fmt,
        tournament=tournament,
        round=rnd,
        options=options,
        lang=get_language(),
        base_url=site_url(request=request),
    )
    name = doc.filename_as(fmt, tournament=tournament, round=rnd, options=options)
    return _pdf_response(data, name, fmt)


def print_series_document(request, slug: str, *, identifier: str, fmt="pdf"):
    """Answer a series document's PDF; 404 for a series the reader may not see.

    A managers-only document (the money) sends a stranger to log in, and answers
    403 to a reader who does not manage the series.
    """
    doc = series_document(identifier)
    if fmt not in doc.formats:
        raise Http404
    series = series_for_reader(slug=slug, user=request.user)
    if series is None:
        raise Http404
    if doc.managers_only and not user_can_manage_series(
        user=request.user, series=series
    ):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied
    event_language_activate(request, series.language)
    data = doc.render_as(
        fmt, series=series, lang=get_language(), base_url=site_url(request=request)
    )
    return _pdf_response(data, doc.filename_as(fmt, series=series), fmt)


@director_required
@require_GET
def press_page(request, tournament: Tournament):
    """The results for the press: the text to paste, the image and the page.

    In the event's language unless the reader chose one, as the documents are;
    ``?top=`` chooses how many places (a bad value answers 400 with the reason).
    """
    top = press.TOP.check(request.GET.get("top") or str(press.DEFAULT_TOP))
    url = ""
    if tournament.is_public:  # an unlisted event's address is for its directors
        url = tournament_public_url(
            tournament=tournament, base_url=site_url(request=request)
        )
    text = press.press_text_for(
        tournament=tournament, top=int(top), lang=get_language(), url=url
    )
    query = f"?top={top}"
    return render(
        request,
        "printing/press.html",
        {
            "tournament": tournament,
            "text": text,
            "top": int(top),
            "tops": press.TOP_CHOICES,
            "png_url": reverse("pdf:press_png", args=[tournament.slug]) + query,
            "pdf_url": reverse("pdf:press", args=[tournament.slug]) + query,
        },
    )
