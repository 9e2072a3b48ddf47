"""Route the director's pages of an event: setup, entries, import, check-in."""

from django.urls import path

from tournaments import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/entries/", views.entries, name="entries"),
    path("t/<slug:slug>/entries/add/", views.entry_add, name="entry_add"),
    path("t/<slug:slug>/entries/counts/", views.entry_counts, name="entry_counts"),
    path(
        "t/<slug:slug>/entries/<int:entry_id>/status/",
        views.entry_status,
        name="entry_status",
    ),
    path("t/<slug:slug>/import/", views.registration_import, name="import"),
]
