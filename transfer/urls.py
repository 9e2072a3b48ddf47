"""Route the hall's exchange with the web site (namespace "transfer")."""

from django.urls import path

from transfer import views

urlpatterns = [
    path("api/events/pull/", views.pull, name="pull"),
    path("api/events/<slug:slug>/publish/", views.publish, name="publish"),
    path("director/t/<slug:slug>/hall/", views.hall_tokens, name="hall_tokens"),
]
