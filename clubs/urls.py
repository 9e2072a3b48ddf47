"""Route the director's pages for clubs, players and teams (namespace "director")."""

from django.urls import path

from clubs import views, views_history, views_logins

urlpatterns = [
    path("clubs/", views.clubs, name="clubs"),
    path("clubs/new/", views.club_create, name="club_create"),
    path("clubs/<int:pk>/", views.club_edit, name="club_edit"),
    path("clubs/mine/", views.my_clubs, name="my_clubs"),
    path("clubs/<int:pk>/people/", views.club_people, name="club_people"),
    path("clubs/<int:pk>/import/", views.club_import, name="club_import"),
    path("clubs/<int:pk>/history/", views_history.club_history, name="club_history"),
    path(
        "clubs/<int:pk>/members/<int:player>/",
        views.club_member,
        name="club_member",
    ),
    path("clubs/<int:pk>/managers/", views.club_manager_add, name="club_manager_add"),
    path(
        "clubs/<int:pk>/managers/<int:user>/remove/",
        views.club_manager_remove,
        name="club_manager_remove",
    ),
    path("players/", views.players, name="players"),
    path("players/new/", views.player_create, name="player_create"),
    path("players/<int:pk>/", views.player_edit, name="player_edit"),
    path("teams/", views.teams, name="teams"),
    path("teams/new/", views.team_create, name="team_create"),
    path("teams/<int:pk>/", views.team_edit, name="team_edit"),
    # Staff lift a login pause (django-axes): /director/locks/.
    path("locks/", views_logins.login_locks, name="login_locks"),
    path("locks/unlock/", views_logins.login_unlock, name="login_unlock"),
]
