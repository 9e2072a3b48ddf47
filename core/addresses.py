"""Tell where a request comes from: the client's address, behind a proxy or not."""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def _networks(trusted: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in trusted)


def _address(text: str):
    try:
        return ipaddress.ip_address(text.strip())
    except ValueError:
        return None


def _trusted(address, networks: tuple[Network, ...]) -> bool:
    if getattr(address, "ipv4_mapped", None) is not None:
        address = address.ipv4_mapped
    return any(address in network for network in networks)


def client_ip(request) -> str | None:
    """Return the address a request comes from (what django-axes and the
    throttles count by).

    The connection's own address, unless it is one of ``TRUSTED_PROXIES`` (the
    reverse proxies in front of the site; none by default): then the right-most
    ``X-Forwarded-For`` entry that is not a trusted proxy, the client as the first
    trusted proxy saw it. Entries to the left of it are whatever the client wrote
    and count for nothing, and an entry that is no address stops the walk at the
    proxy that appended it.
    """
    remote = _address(request.META.get("REMOTE_ADDR", ""))
    if remote is None:
        return None
    networks = _networks(tuple(getattr(settings, "TRUSTED_PROXIES", ())))
    client = remote
    if networks and _trusted(remote, networks):
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        for entry in reversed(forwarded.split(",") if forwarded else []):
            address = _address(entry)
            if address is None:
                break
            client = address
            if not _trusted(address, networks):
                break
    return str(client)
