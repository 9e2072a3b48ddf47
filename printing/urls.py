"""Route the printed sheets (mounted at /print/): score sheets, draw, standings."""

from django.urls import path

from printing import views as pdf

app_name = "pdf"

urlpatterns = [
    path(
        "<slug:slug>/round/<int:number>/sheets.pdf",
        pdf.score_sheets,
        name="sheets",
    ),
    path(
        "<slug:slug>/round/<int:number>/draw.pdf",
        pdf.draw,
        name="draw",
    ),
    path(
        "<slug:slug>/round/<int:number>/results.pdf",
        pdf.table_results,
        name="results",
    ),
    path(
        "<slug:slug>/round/<int:number>/standings.pdf",
        pdf.standings,
        name="round_standings",
    ),
    path("<slug:slug>/standings.pdf", pdf.standings, name="standings"),
]
