"""Talk to the web site from the hall's laptop: fetch an event file, send one.

Plain HTTP(S) with the standard library; every failure becomes a ``HallLinkError``
with a sentence for the director (the site's own message when it gave one).
"""

from __future__ import annotations

import gzip
import json
import urllib.error
import urllib.parse
import urllib.request

from django.utils.translation import gettext as _

TIMEOUT = 120  # seconds: a big event file on a slow line


class HallLinkError(Exception):
    """The web site could not be reached, or refused."""


def _url(site: str, path: str) -> str:
    parts = urllib.parse.urlsplit(site.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise HallLinkError(
            _("“%(site)s” is not a web site's address (http://… or https://…).")
            % {"site": site}
        )
    return urllib.parse.urljoin(site.rstrip("/") + "/", path.lstrip("/"))


def _send(request: urllib.request.Request) -> bytes:
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            return answer.read()
    except urllib.error.HTTPError as exc:
        try:
            message = json.loads(exc.read().decode("utf-8"))["error"]
        except (ValueError, KeyError, TypeError, UnicodeDecodeError):
            message = f"HTTP {exc.code} {exc.reason}"
        raise HallLinkError(
            _("The web site refused: %(message)s") % {"message": message}
        ) from None
    except (urllib.error.URLError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        raise HallLinkError(
            _("The web site does not answer (%(reason)s): try again once online.")
            % {"reason": reason}
        ) from None


def fetch_event(site: str, token: str) -> bytes:
    """The event file the token opens on ``site``."""
    request = urllib.request.Request(
        _url(site, "/api/events/pull/"),
        headers={"Authorization": f"Bearer {token}", "Accept": "application/json"},
    )
    return _send(request)


def send_event(site: str, slug: str, token: str, text: str) -> dict:
    """Send an event file to ``site``; return its answer."""
    request = urllib.request.Request(
        _url(site, f"/api/events/{urllib.parse.quote(slug)}/publish/"),
        data=gzip.compress(text.encode("utf-8")),
        method="POST",
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
            "Content-Encoding": "gzip",
            "Accept": "application/json",
        },
    )
    return json.loads(_send(request).decode("utf-8"))
