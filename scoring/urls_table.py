"""Route the table pages: a phone at a card table enters its own deals."""

from django.urls import path

from scoring import views_table

app_name = "table"

urlpatterns = [
    path("", views_table.enter, name="enter"),
    path("<str:code>/", views_table.page, name="page"),
    path("<str:code>/state/", views_table.state, name="state"),
    path("<str:code>/deal/", views_table.deal, name="deal"),
    path("<str:code>/delete/", views_table.delete, name="delete"),
    path("<str:code>/accept/", views_table.accept, name="accept"),
]
