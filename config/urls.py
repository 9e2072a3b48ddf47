"""Route the site: public pages, the director's side, score sheets, the API.

Each app's URL names live in its own namespace (``tournaments``, ``clubs``,
``draws``, ``scoring``…). The director's pages of those three apps are mounted once
more in the older "director" namespace, and the desk's advance in "scoring", after
them: every URL name linked before the namespaces matched the apps still
resolves to the same address (tests/test_answers_unchanged.py), and a request
resolves to the app's own namespace first.
"""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from clubs import urls as clubs_urls
from config import accounts, views
from draws import urls as draws_urls
from phones import urls as phones_urls
from scoring import urls as scoring_urls
from tournaments import urls as tournaments_urls

director_patterns = (
    tournaments_urls.urlpatterns + clubs_urls.urlpatterns + draws_urls.urlpatterns
)
sheet_patterns = scoring_urls.urlpatterns + draws_urls.desk_urlpatterns

urlpatterns = [
    path("healthz/", views.healthz, name="healthz"),
    path("readyz/", views.readyz, name="readyz"),
    # The API as early: phones and club sites poll it (the hall benchmark measured
    # its answers slowed by walking some twenty patterns before it).
    path("api/", include("public.urls_api")),
    # The live and public pages next: every phone in the hall polls them;
    # resolving them first saves walking the director's patterns on each poll.
    path("", include("public.urls_live")),
    path("", include("public.urls_public")),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Directors change their own password, or have a reset link mailed
    # (EMAIL_BACKEND: the server's console unless configured). Django's views,
    # templates in templates/registration/.
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(),
        name="password_change",
    ),
    path(
        "accounts/password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path(
        "accounts/password/reset/",
        # Throttled per address and per e-mail, answered as sent (config.accounts).
        accounts.PasswordResetView.as_view(),
        name="password_reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth_views.PasswordResetDoneView.as_view(),
        name="password_reset_done",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(),
        name="password_reset_complete",
    ),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("director/sheets/", include((sheet_patterns, "scoring"))),
    path("director/", include((tournaments_urls.urlpatterns, "tournaments"))),
    path("director/", include((clubs_urls.urlpatterns, "clubs"))),
    path("director/", include((draws_urls.app_urlpatterns, "draws"))),
    # The older names (aliases): the same addresses, as linked before.
    path("director/", include((director_patterns, "director"))),
    path("print/", include("printing.urls")),
    # Scores entered at the table: the code printed on the sheet opens the table.
    path("table/", include((phones_urls.urlpatterns, "phones"))),
    path("table/", include("phones.urls")),  # the older "table" names (aliases)
    path("", include(("cashdesk.urls", "cashdesk"))),  # fees: director and pay
    path("", include(("prizes.urls", "prizes"))),  # prize table, pot, awards
    # Online registration: the form, the signed link, the waiting list.
    path("", include(("registrations.urls", "registrations"))),
    # The hall's laptop pulls and publishes an event by token (before /api/).
    path("", include(("transfer.urls", "transfer"))),
    path("", include("series.urls")),
    path("pad/", include("scorepad.urls")),
]

# A database gone is a 503 that retries, whichever middleware met it.
handler500 = "config.unavailable.server_error"
