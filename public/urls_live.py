"""Route the live public pages: standings, results, entrants, clubs, pools, bracket."""

from django.urls import path

from public.views import brackets, live

app_name = "live"

# The hot paths first (every open page polls the version; every phone opens the
# standings): the resolver tries the patterns in order.
urlpatterns = [
    path("t/<slug:slug>/version/", live.version, name="version"),
    path("t/<slug:slug>/standings/", live.standings, name="standings"),
    path("t/<slug:slug>/results/<int:number>/", live.results, name="results"),
    path("t/<slug:slug>/entrants/<int:entry_id>/", live.entrant, name="entrant"),
    path("t/<slug:slug>/clubs/<int:club_id>/", live.club, name="club"),
    path("t/<slug:slug>/projector/", live.projector, name="projector"),
    path("t/<slug:slug>/pools/", brackets.pools, name="pools"),
    path("t/<slug:slug>/bracket/", brackets.bracket, name="bracket"),
]
