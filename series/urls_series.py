"""Route club life's series pages (filled by the work on issue 15)."""

urlpatterns: list = []
