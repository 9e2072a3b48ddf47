"""Route the director's draw workflow (namespace "draws").

``config.urls`` mounts these under ``director/``, and once more in the older
"director" namespace (with the results desk's ``scoring:phase_advance``), whose
names pages printed and linked before the namespaces matched the apps.
"""

from django.urls import path

from draws import views, views_staged

urlpatterns = [
    path("t/<slug:slug>/phases/", views.phase_list, name="phase_list"),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/draw/",
        views.round_draw,
        name="round_draw",
    ),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/advance/",
        views.phase_advance,
        name="phase_advance",
    ),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/bracket/",
        views_staged.phase_bracket,
        name="phase_bracket",
    ),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/matches/<int:match_id>/decide/",
        views_staged.match_decide,
        name="match_decide",
    ),
    path(
        "t/<slug:slug>/phases/<int:phase_id>/tie/",
        views_staged.phase_tie,
        name="phase_tie",
    ),
    path("t/<slug:slug>/rounds/<int:number>/", views.round_detail, name="round"),
    path(
        "t/<slug:slug>/rounds/<int:number>/redraw/",
        views.round_redraw,
        name="round_redraw",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/swap/",
        views.round_swap,
        name="round_swap",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/swap/typed/",
        views.round_swap_typed,
        name="round_swap_typed",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/publish/",
        views.round_publish,
        name="round_publish",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/unpublish/",
        views.round_unpublish,
        name="round_unpublish",
    ),
    path(
        "t/<slug:slug>/rounds/<int:number>/seats/<int:seat_id>/",
        views.seat_repair,
        name="seat_repair",
    ),
]

# Mounted with the score sheets (namespace "scoring"): the results desk of a phase's
# last round shows the cut and advances the qualifiers.
desk_urlpatterns = [
    path("round/<int:round_id>/advance/", views.phase_advance, name="phase_advance"),
]

# The draws namespace holds both: the desk's address is under director/sheets/.
app_urlpatterns = urlpatterns + [
    path(
        "sheets/round/<int:round_id>/advance/",
        views.phase_advance,
        name="desk_advance",
    ),
]
