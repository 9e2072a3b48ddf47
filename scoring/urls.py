"""Route the score-sheet entry pages."""

app_name = "scoring"

urlpatterns = []
