"""Tell django-axes where a login comes from and what a locked-out director sees;
send the one Content-Security-Policy; name no server software in replies."""


from csp.constants import HEADER
from csp.middleware import CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.shortcuts import render

SERVER_NAME = "manille"


# django-axes stores the username tried in a column of 255 characters and cuts
# every other field it records (user agent, path, Accept) to its column, but not
# this one: a 100,000-character username made PostgreSQL refuse the row (a 500).
USERNAME_STORED = 255


def client_username(request, credentials=None) -> str | None:
    """Return the username a login tried, as django-axes records and counts it.

    Axes's own rule (the credentials, else the posted form's ``username``), cut to
    its column; a real username (150 characters at most) is never cut.
    """
    source = credentials if credentials else getattr(request, "POST", {})
    username = source.get(settings.AXES_USERNAME_FORM_FIELD) if source else None
    return username[:USERNAME_STORED] if isinstance(username, str) else username


def lockout_response(request, original_response=None, credentials=None):
    """The page of a paused login (429): how many failures, how long to wait."""
    return render(
        request,
        "registration/lockout.html",
        {
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "minutes": int(settings.AXES_COOLOFF_TIME.total_seconds() // 60),
        },
        status=429,
    )


class ServerHeaderMiddleware:
    """Answer ``Server: manille``: no server name or Python version for a scanner.

    Django's development server (wsgiref) adds ``WSGIServer/0.2 CPython/3.11.x``
    and Granian ``granian`` only when the response has no ``Server`` header.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        response.headers["Server"] = SERVER_NAME
        return response


# What django-csp's decorators set on a response to change its policy.
_CSP_CHANGES = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


class OnePolicyCSPMiddleware(CSPMiddleware):
    """django-csp's middleware, with the site's one policy built once.

    No page uses a nonce (public pages are cached and shared between readers), so
    every reply carries the same header; django-csp builds it again for each reply
    (about 0.1 ms), which every phone's version poll would pay. A reply whose view
    used a nonce or django-csp's decorators, or a report-only policy, goes through
    django-csp as usual.
    """

    def __init__(self, get_response):
        super().__init__(get_response)
        self.policy = build_policy()
        self.plain = not getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None)

    def process_response(self, request, response):
        if (
            not self.plain
            or getattr(request, "_csp_nonce", None) is not None
            or any(getattr(response, name, None) for name in _CSP_CHANGES)
            or (settings.DEBUG and response.status_code in (404, 500))
        ):
            return super().process_response(request, response)
        if HEADER not in response and not getattr(response, "_csp_exempt", False):
            response[HEADER] = self.policy
        return response
