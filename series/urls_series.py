"""Route a series' public standings and exports, and the director's series pages."""

from django.urls import path

from series.views import series as views

urlpatterns = [
    path("series/<slug:slug>/", views.standings, name="standings"),
    path(
        "series/<slug:slug>/standings.csv",
        views.standings_export,
        {"fmt": "csv"},
        name="standings_csv",
    ),
    path(
        "series/<slug:slug>/standings.xlsx",
        views.standings_export,
        {"fmt": "xlsx"},
        name="standings_xlsx",
    ),
    path("director/series/", views.director_list, name="director_list"),
    path("director/series/new/", views.series_create, name="create"),
    path("director/series/<slug:slug>/", views.manage, name="manage"),
    path("director/series/<slug:slug>/settings/", views.series_edit, name="edit"),
    path("director/series/<slug:slug>/events/", views.event_add, name="event_add"),
    path(
        "director/series/<slug:slug>/events/move/",
        views.event_move,
        name="event_move",
    ),
    path("director/series/<slug:slug>/evening/", views.evening_new, name="evening_new"),
    path(
        "director/series/<slug:slug>/evening/<slug:event>/",
        views.evening_checkin,
        name="evening_checkin",
    ),
]
