"""Route the score pad for casual games on club nights."""

from django.urls import path

from scorepad import views

app_name = "scorepad"

urlpatterns = [
    path("", views.game_list, name="list"),
    path("new/", views.game_new, name="new"),
    path("<int:pk>/", views.game_play, name="game"),
    path("<int:pk>/undo/", views.deal_undo, name="undo"),
]
