"""Route club life's people pages: clubs, club rankings, players' records."""

from django.urls import path

from series.views import people

urlpatterns = [
    path("clubs/<int:pk>/", people.club, name="club"),
    path("series/<slug:slug>/clubs/", people.clubs, name="clubs"),
    path("players/<int:pk>/", people.player, name="player"),
    path("players/<int:pk>/vs/<int:other>/", people.head_to_head, name="head_to_head"),
]
