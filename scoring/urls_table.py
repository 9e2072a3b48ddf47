"""Route the table pages: a phone at a card table enters its own deals."""

app_name = "table"

urlpatterns: list = []
