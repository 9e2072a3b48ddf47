"""The production launcher in hall mode: a phone on the LAN opens the site.

A real ``python -m config.serve`` (Granian) bound to 0.0.0.0, on a migrated SQLite
file of the test's own, reached through a non-loopback address of this machine,
as a phone on the hall's Wi-Fi reaches the laptop.
"""

import os

import pytest

from config import lan
from tests.config.servers import free_port, get, manage, serving


@pytest.fixture(scope="module")
def sqlite_env(tmp_path_factory):
    """The environment of a production-like site on a freshly migrated SQLite file."""
    path = tmp_path_factory.mktemp("hall") / "db.sqlite3"
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{path}",
        "DEBUG": "0",
        "WEB_WORKERS": "1",
        "WEB_THREADS": "4",
    }
    for name in ("ALLOWED_HOSTS", "SITE_URL", "HTTPS", "REDIS_URL"):
        env.pop(name, None)
    manage(env, "migrate", "--noinput", "-v", "0")
    return env


def test_a_phone_on_the_lan_opens_the_site_served_on_all_interfaces(sqlite_env):
    """HOST=0.0.0.0 answers on the machine's LAN address, static files included."""
    addresses = lan.lan_addresses()
    if not addresses:
        pytest.skip("this machine has no non-loopback IPv4 address to reach it by")
    address = addresses[0]
    env = {**sqlite_env, "HOST": "0.0.0.0"}
    port = free_port()
    with serving(env, port=port) as server:
        status, body = get(address, port, "/")
        assert status == 200, body[:500]
        # WhiteNoise serves the assets under the production server, DEBUG off.
        status, css = get(address, port, "/static/css/site.css")
        assert status == 200
        assert css
        for other in addresses[1:]:
            assert get(other, port, "/")[0] == 200, other
    url = f"http://{address}:{port}/"
    assert f"Players open {url}" in server.output, server.output
    assert "▀" in server.output  # the QR code of that URL, drawn in the terminal
