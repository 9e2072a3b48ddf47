"""Route the site: public pages, the director's side, score sheets, the API."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("director/sheets/", include("scoring.urls")),
    path("director/", include("tournaments.urls_director")),
    path("print/", include("tournaments.urls_pdf")),
    path("api/", include("tournaments.urls_api")),
    path("", include("tournaments.urls_live")),
    path("", include("tournaments.urls_public")),
]
