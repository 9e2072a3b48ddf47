"""Route club life's api pages (filled by the work on issue 15)."""

urlpatterns: list = []
