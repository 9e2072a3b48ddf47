"""Route the printed documents (mounted at /print/): one view, one registry."""

from django.urls import path

from printing.views import press_page, print_document, print_series_document

app_name = "pdf"

urlpatterns = [
    path(
        "series/<slug:slug>/standings.pdf",
        print_series_document,
        {"identifier": "standings"},
        name="series_standings",
    ),
    path(
        "series/<slug:slug>/treasurer.pdf",
        print_series_document,
        {"identifier": "treasurer"},
        name="series_treasurer",
    ),
    path(
        "series/<slug:slug>/treasurer.csv",
        print_series_document,
        {"identifier": "treasurer", "fmt": "csv"},
        name="series_treasurer_csv",
    ),
    path(
        "series/<slug:slug>/treasurer.xlsx",
        print_series_document,
        {"identifier": "treasurer", "fmt": "xlsx"},
        name="series_treasurer_xlsx",
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
    path(
        "<slug:slug>/treasurer.pdf",
        print_document,
        {"identifier": "treasurer"},
        name="treasurer",
    ),
    path(
        "<slug:slug>/treasurer.csv",
        print_document,
        {"identifier": "treasurer", "fmt": "csv"},
        name="treasurer_csv",
    ),
    path(
        "<slug:slug>/treasurer.xlsx",
        print_document,
        {"identifier": "treasurer", "fmt": "xlsx"},
        name="treasurer_xlsx",
    ),
    path(
        "<slug:slug>/prize-list.pdf",
        print_document,
        {"identifier": "prize_list"},
        name="prize_list",
    ),
    path(
        "<slug:slug>/pools.pdf",
        print_document,
        {"identifier": "pools"},
        name="pools",
    ),
    path(
        "<slug:slug>/bracket.pdf",
        print_document,
        {"identifier": "bracket"},
        name="bracket",
    ),
    path("<slug:slug>/press/", press_page, name="press_text"),
    path(
        "<slug:slug>/press.pdf",
        print_document,
        {"identifier": "press"},
        name="press",
    ),
    path(
        "<slug:slug>/press.png",
        print_document,
        {"identifier": "press", "fmt": "png"},
        name="press_png",
    ),
]
