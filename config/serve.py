"""Serve the site with Granian: the one launcher of `make run`, `make serve` and tests.

``python -m config.serve`` reads the environment:

- ``HOST`` (default 127.0.0.1; 0.0.0.0 is hall mode, open to the LAN) and ``PORT``
  (default 8000), through the settings, which also derive ``SITE_URL`` from them;
- ``WEB_WORKERS``: processes (default: one per core), and ``WEB_THREADS``: Python
  threads per process (default 8). Granian's Rust side holds the connections (576
  idle phones cost no thread); the threads only run Django.

It prints the URL players type, with a QR code of it in hall mode, then serves
``config.wsgi:application`` and logs to stdout. Granian chosen by measurement: see
the README's "Running a hall".

A worker that dies (killed for memory, a crash) is started again while the others
go on serving (``respawn_failed_workers``); only one dying again within Granian's
5.5 s of its restart (a crash loop) stops the whole server, which a supervisor then
starts again (``deploy/``: systemd's ``Restart=always``).
"""

import copy
import logging
import os
import sys
from urllib.parse import urlsplit

DEFAULT_THREADS = 8


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return max(1, int(value)) if value else default


def sizing() -> tuple[int, int]:
    """Processes and threads per process: WEB_WORKERS, WEB_THREADS or the defaults."""
    return _env_int("WEB_WORKERS", os.cpu_count() or 1), _env_int(
        "WEB_THREADS", DEFAULT_THREADS
    )


def announce(settings, workers: int, threads: int, out=sys.stdout) -> None:
    """Print where the site is, how it is served, and the QR code players scan."""
    import segno

    url = settings.SITE_URL
    out.write(
        f"Manille: serving on {settings.HOST}:{settings.PORT} "
        f"({workers} processes x {threads} threads, Granian)\n"
    )
    database = settings.DATABASES["default"]
    if "pool" in database.get("OPTIONS", {}):
        out.write(
            f"PostgreSQL: at most {workers * settings.DB_POOL_SIZE} connections "
            f"({workers} processes x DB_POOL_SIZE={settings.DB_POOL_SIZE})\n"
        )
    if urlsplit(url).hostname not in {"127.0.0.1", "localhost", "::1"}:
        out.write(f"Players open {url}  or scan:\n")
        out.flush()
        try:
            segno.make(url).terminal(out=out, compact=True)
        except UnicodeEncodeError:  # a console without block characters
            pass
    elif settings.HALL_MODE:
        out.write(f"Open {url}  (no network address found: join the hall's network)\n")
    else:
        out.write(f"Open {url}  (this machine only: HOST=0.0.0.0 opens the hall)\n")
    out.flush()


class ChosenThreads(logging.Filter):
    """Drop Granian's warning that threads outnumber cores: chosen, see sizing()."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "Python threads" not in record.getMessage()


def log_config() -> dict:
    """Granian's own logging (stdout), without the warning about our thread count."""
    from granian.log import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"chosen_threads": {"()": ChosenThreads}}
    config["handlers"]["console"]["filters"] = ["chosen_threads"]
    return config


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from django.conf import settings
    from granian import Granian
    from granian.constants import Interfaces

    workers, threads = sizing()
    announce(settings, workers, threads)
    Granian(
        "config.wsgi:application",
        address=settings.HOST,
        port=settings.PORT,
        interface=Interfaces.WSGI,
        websockets=False,  # WSGI has none
        workers=workers,
        blocking_threads=threads,
        backlog=2048,  # connections waiting to be accepted: a hall arriving at once
        respawn_failed_workers=True,  # one worker's death is not the site's
        log_dictconfig=log_config(),
    ).serve()


if __name__ == "__main__":
    main()
