"""Route club life: series, clubs' pages, players' records (public, director, API)."""

app_name = "series"

urlpatterns: list = []
