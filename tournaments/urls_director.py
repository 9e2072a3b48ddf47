"""Route the director's pages (login and per-tournament permission required)."""

from django.urls import path

from tournaments.views import director

app_name = "director"

urlpatterns = [
    path("", director.home, name="home"),
    path("new/", director.tournament_create, name="tournament_create"),
    path("clubs/", director.clubs, name="clubs"),
    path("clubs/new/", director.club_create, name="club_create"),
    path("clubs/<int:pk>/", director.club_edit, name="club_edit"),
    path("players/", director.players, name="players"),
    path("players/new/", director.player_create, name="player_create"),
    path("players/<int:pk>/", director.player_edit, name="player_edit"),
    path("teams/", director.teams, name="teams"),
    path("teams/new/", director.team_create, name="team_create"),
    path("teams/<int:pk>/", director.team_edit, name="team_edit"),
    path("t/<slug:slug>/", director.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", director.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/entries/", director.entries, name="entries"),
    path("t/<slug:slug>/entries/add/", director.entry_add, name="entry_add"),
    path("t/<slug:slug>/entries/counts/", director.entry_counts, name="entry_counts"),
    path(
        "t/<slug:slug>/entries/<int:entry_id>/status/",
        director.entry_status,
        name="entry_status",
    ),
    path("t/<slug:slug>/import/", director.registration_import, name="import"),
    path("t/<slug:slug>/phases/", director.phase_list, name="phase_list"),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/draw/",
        director.round_draw,
        name="round_draw",
    ),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/advance/",
        director.phase_advance,
        name="phase_advance",
    ),
    path("t/<slug:slug>/rounds/<int:number>/", director.round_detail, name="round"),
    path(
        "t/<slug:slug>/rounds/<int:number>/redraw/",
        director.round_redraw,
        name="round_redraw",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/swap/",
        director.round_swap,
        name="round_swap",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/publish/",
        director.round_publish,
        name="round_publish",
    ),
]
