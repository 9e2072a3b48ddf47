"""Route the public pages: tournaments, draws, results and standings."""

from django.urls import path

from public.views import calendar
from public.views import draw as public

app_name = "public"

urlpatterns = [
    path(  # "where do I sit?": every player, several times a round
        "t/<slug:slug>/round/<int:number>/names/",
        public.draw_by_name,
        name="draw_by_name",
    ),
    # The draw and the front page: every phone when a round is published.
    path("t/<slug:slug>/round/<int:number>/", public.draw, name="draw"),
    path("t/<slug:slug>/", public.tournament_home, name="tournament"),
    path("", public.home, name="home"),
    path("t/<slug:slug>/draw/", public.current_draw, name="current_draw"),
    # The calendar of every club's listed events, and its iCal feed (?club=<id>).
    path("events/", calendar.events, name="events"),
    path("events.ics", calendar.events_ics, name="events_ics"),
]
