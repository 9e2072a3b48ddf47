"""Route the score-sheet entry pages (mounted at /director/sheets/)."""

from django.urls import path

from scoring import views

app_name = "scoring"

urlpatterns = [
    path("round/<int:round_id>/", views.round_desk, name="round"),
    path("table/<int:table_id>/", views.sheet, name="sheet"),
]
