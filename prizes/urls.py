"""Route the prizes (namespace "prizes"), mounted at the site's root.

The director's page lives under /director/t/<slug>/ beside the tournament's own;
the public list of who won what under /t/<slug>/.
"""

from django.urls import path

from prizes import views

_T = "director/t/<slug:slug>/"

urlpatterns = [
    path(_T + "prizes/", views.prizes, name="prizes"),
    path(_T + "prizes/table/", views.prize_table, name="prize_table"),
    path(_T + "prizes/award/", views.prizes_award, name="award"),
    path("t/<slug:slug>/prizes/", views.public_prizes, name="public"),
]
