"""Route the read-only JSON API."""

from django.urls import path

from public.views import api

app_name = "api"

urlpatterns = [
    path("tournaments/<slug:slug>/standings/", api.standings, name="standings"),
    path(
        "tournaments/<slug:slug>/rounds/<int:number>/", api.round_detail, name="round"
    ),
    path("tournaments/<slug:slug>/prizes/", api.prizes, name="prizes"),
    path("tournaments/<slug:slug>/clock/", api.clock, name="clock"),
    path("tournaments/<slug:slug>/pools/", api.pools, name="pools"),
    path("tournaments/<slug:slug>/bracket/", api.bracket, name="bracket"),
]
