"""Answer the health checks: liveness (the cheapest page) and readiness."""

from django.http import HttpResponse, JsonResponse
from django.views.decorators.cache import never_cache

from config.readiness import OK, readiness


def healthz(request):
    """Say "ok": no session, no database, no template.

    A health check for reverse proxies and the ceiling of the load benchmark.
    """
    return HttpResponse("ok", content_type="text/plain")


@never_cache
def readyz(request):
    """Say whether the database and the cache answer: 200 when both do, else 503.

    ``{"database": "ok", "cache": "unavailable"}``, in two seconds at most
    (``config.readiness``): for a load balancer choosing which server gets the
    hall, or a monitor. ``healthz`` stays the liveness check, which asks neither.
    """
    states = readiness()
    ready = all(state == OK for state in states.values())
    return JsonResponse(states, status=200 if ready else 503)
