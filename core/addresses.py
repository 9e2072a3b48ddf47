"""Tell where a request comes from: the client's address, behind a proxy or not."""

import ipaddress

from django.conf import settings


def client_ip(request) -> str | None:
    """Return the address a request comes from (django-axes counts failures by it).

    With ``HTTPS=1`` the site runs behind one reverse proxy (Caddy, nginx: see the
    README), which appends the client's address to ``X-Forwarded-For``: the last
    entry is the one the proxy saw; the earlier ones are whatever the client sent.
    Otherwise (the hall) it is the connection's own address, as it is when the
    header holds no address.
    """
    candidates = [request.META.get("REMOTE_ADDR", "")]
    if settings.SECURE_PROXY_SSL_HEADER:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        candidates.insert(0, forwarded.rsplit(",", 1)[-1])
    for candidate in candidates:
        try:
            return str(ipaddress.ip_address(candidate.strip()))
        except ValueError:
            continue
    return None
