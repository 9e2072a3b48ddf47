"""Route the prizes (namespace "prizes"), mounted at the site's root.

The director's page lives under /director/t/<slug>/ beside the tournament's own;
the public list of who won what under /t/<slug>/.
"""

from django.urls import path

from prizes import views, views_giving

_T = "director/t/<slug:slug>/"

urlpatterns = [
    path(_T + "prizes/", views.prizes, name="prizes"),
    path(_T + "prizes/table/", views.prize_table, name="prize_table"),
    path(_T + "prizes/award/", views.prizes_award, name="award"),
    path("t/<slug:slug>/prizes/", views.public_prizes, name="public"),
    # The prize-giving: the director's screen (one key a prize) and the projector.
    path(_T + "prizes/giving/", views_giving.giving, name="giving"),
    path(_T + "prizes/giving/give/", views_giving.giving_give, name="giving_give"),
    path(_T + "prizes/giving/undo/", views_giving.giving_undo, name="giving_undo"),
    path(_T + "prizes/giving/pick/", views_giving.giving_pick, name="giving_pick"),
    path("t/<slug:slug>/prizes/projector/", views_giving.projector, name="projector"),
]
