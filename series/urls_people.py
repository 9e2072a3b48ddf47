"""Route club life's people pages (filled by the work on issue 15)."""

urlpatterns: list = []
