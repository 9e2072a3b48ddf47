"""Route the director's pages (login and per-tournament permission required)."""

from django.urls import path

from tournaments.views import director

app_name = "director"

urlpatterns = [
    path("", director.home, name="home"),
]
