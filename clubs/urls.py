"""Route the director's pages for clubs, players and teams (namespace "director")."""

from django.urls import path

from clubs import views

urlpatterns = [
    path("clubs/", views.clubs, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<int:pk>/", views.club_edit, name="club_edit"),
    path("players/", views.players, name="players"),
    path("players/new/", views.player_create, name="player_create"),
    path("players/<int:pk>/", views.player_edit, name="player_edit"),
    path("teams/", views.teams, name="teams"),
    path("teams/new/", views.team_create, name="team_create"),
    path("teams/<int:pk>/", views.team_edit, name="team_edit"),
]
