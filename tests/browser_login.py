"""A browser test's login: the session cookie of a user, for a live server."""

from django.conf import settings
from django.test import Client


def login_cookie(user, live_server) -> dict:
    """The cookie that logs ``user`` in on ``live_server``, for a Playwright
    context's ``add_cookies`` (no login form typed)."""
    client = Client()
    client.force_login(user)
    return {
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": live_server.url,
    }
