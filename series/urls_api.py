"""Route the series' read-only JSON API."""

from django.urls import path

from series.views import api

urlpatterns = [
    path("api/series/<slug:slug>/", api.series_detail, name="api"),
    path("api/series/<slug:slug>/standings/", api.standings, name="api_standings"),
]
