"""Route club life: series, clubs' pages, players' records (public, director, API).

One module per audience, included here under the one "series" namespace.
"""

from series import urls_api, urls_people, urls_series

app_name = "series"

urlpatterns = urls_api.urlpatterns + urls_people.urlpatterns + urls_series.urlpatterns
