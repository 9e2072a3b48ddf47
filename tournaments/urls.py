"""Route the director's pages of an event: setup, entries, import, check-in."""

from django.urls import path

from tournaments import checkin_views, views, views_history

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.tournament_create, name="tournament_create"),
    path("t/<slug:slug>/", views.tournament, name="tournament"),
    path("t/<slug:slug>/edit/", views.tournament_edit, name="tournament_edit"),
    path("t/<slug:slug>/entries/", checkin_views.entries, name="entries"),
    path("t/<slug:slug>/entries/mark/", checkin_views.entry_mark, name="entry_mark"),
    path(
        "t/<slug:slug>/entries/checkin/",
        checkin_views.entry_checkin,
        name="entry_checkin",
    ),
    path(
        "t/<slug:slug>/entries/all-present/",
        checkin_views.entries_all_present,
        name="entries_all_present",
    ),
    path(
        "t/<slug:slug>/entries/list/",
        checkin_views.entries_by_list,
        name="entries_by_list",
    ),
    path(
        "t/<slug:slug>/entries/undo/", checkin_views.entries_undo, name="entries_undo"
    ),
    path("t/<slug:slug>/entries/add/", views.entry_add, name="entry_add"),
    path("t/<slug:slug>/entries/counts/", views.entry_counts, name="entry_counts"),
    path(
        "t/<slug:slug>/entries/<int:entry_id>/status/",
        views.entry_status,
        name="entry_status",
    ),
    path("t/<slug:slug>/import/", views.registration_import, name="import"),
    path(
        "t/<slug:slug>/history/",
        views_history.tournament_history,
        name="tournament_history",
    ),
]
