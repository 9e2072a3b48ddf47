"""Route the score pad for casual games on club nights."""

app_name = "scorepad"

urlpatterns: list = []
