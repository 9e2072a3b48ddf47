"""Answer the health check: the cheapest page the server can serve."""

from django.http import HttpResponse


def healthz(request):
    """Say "ok": no session, no database, no template.

    A health check for reverse proxies and the ceiling of the load benchmark.
    """
    return HttpResponse("ok", content_type="text/plain")
