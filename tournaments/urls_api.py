"""Route the read-only JSON API."""

app_name = "api"

urlpatterns = []
