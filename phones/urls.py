"""Route the table pages: a phone at a card table enters its own deals.

Namespace "phones" (the app's); ``config.urls`` mounts the same patterns once more
under the older "table" (``app_name``), whose names pages linked before.
"""

from django.urls import path

from phones import views

app_name = "table"

urlpatterns = [
    path("", views.enter, name="enter"),
    path("<str:code>/", views.page, name="page"),
    path("<str:code>/state/", views.state, name="state"),
    path("<str:code>/clock/", views.clock, name="clock"),
    path("<str:code>/deal/", views.deal, name="deal"),
    path("<str:code>/delete/", views.delete, name="delete"),
    path("<str:code>/accept/", views.accept, name="accept"),
]
