"""Route the score-sheet entry pages (mounted at /director/sheets/)."""

from django.urls import path

from scoring import views, views_clock, views_round

urlpatterns = [
    path("round/<int:round_id>/", views_round.round_desk, name="round"),
    path("round/<int:round_id>/close/", views_round.round_close, name="round_close"),
    path("round/<int:round_id>/reopen/", views_round.round_reopen, name="round_reopen"),
    path(
        "round/<int:round_id>/clock/<slug:move>/",
        views_clock.round_clock,
        name="round_clock",
    ),
    path(
        "round/<int:round_id>/time-rule/",
        views_clock.round_time_rule,
        name="round_time_rule",
    ),
    path(
        "game/<int:game_id>/time-decision/",
        views_clock.game_time_decision,
        name="game_time_decision",
    ),
    path("table/<int:table_id>/", views.sheet, name="sheet"),
    path("table/<int:table_id>/deal/", views.deal_save, name="deal_save"),
    path("table/<int:table_id>/deal/delete/", views.deal_delete, name="deal_delete"),
    path("table/<int:table_id>/totals/", views.totals_save, name="totals_save"),
    path("table/<int:table_id>/event/", views.event_add, name="event_add"),
    path("table/<int:table_id>/event/remove/", views.event_remove, name="event_remove"),
    path("table/<int:table_id>/confirm/", views.sheet_confirm, name="sheet_confirm"),
    path(
        "table/<int:table_id>/take-over/",
        views.sheet_take_over,
        name="sheet_take_over",
    ),
]
