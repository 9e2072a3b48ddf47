"""Route the printed documents (mounted at /print/): one view, one registry."""

from django.urls import path

from printing.views import print_document, print_series_document

app_name = "pdf"

urlpatterns = [
    path(
        "series/<slug:slug>/standings.pdf",
        print_series_document,
        {"identifier": "standings"},
        name="series_standings",
    ),
    path(
        "<slug:slug>/round/<int:number>/sheets.pdf",
        print_document,
        {"identifier": "sheets"},
        name="sheets",
    ),
    path(
        "<slug:slug>/round/<int:number>/draw.pdf",
        print_document,
        {"identifier": "draw"},
        name="draw",
    ),
    path(
        "<slug:slug>/round/<int:number>/results.pdf",
        print_document,
        {"identifier": "results"},
        name="results",
    ),
    path(
        "<slug:slug>/round/<int:number>/standings.pdf",
        print_document,
        {"identifier": "standings"},
        name="round_standings",
    ),
    path(
        "<slug:slug>/standings.pdf",
        print_document,
        {"identifier": "standings"},
        name="standings",
    ),
    path(
        "<slug:slug>/checkin-list.pdf",
        print_document,
        {"identifier": "checkin_list"},
        name="checkin_list",
    ),
    path(
        "<slug:slug>/poster.pdf",
        print_document,
        {"identifier": "poster"},
        name="poster",
    ),
]
