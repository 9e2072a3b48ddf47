"""Configure the site: SQLite unless DATABASE_URL is set, WhiteNoise for static."""

import ipaddress
import os
import socket
import tempfile
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config import lan
from config.secret_key import key_from_file

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def _secret_key() -> str:
    """Return SECRET_KEY from the environment, else a key kept in a local file.

    The file is shared by every app process on the machine, so sessions and signed
    values stay valid whichever process answers.
    """
    if key := os.environ.get("SECRET_KEY"):
        return key
    return key_from_file(BASE_DIR / ".secret_key")  # the owner's alone (0600)


SECRET_KEY = _secret_key()
DEBUG = _env_bool("DEBUG", False)

# Where `python -m config.serve` listens. HOST=0.0.0.0 is hall mode: the phones on
# the hall's network reach the laptop through its LAN addresses.
HOST = os.environ.get("HOST", "127.0.0.1")
PORT = int(os.environ.get("PORT", "8000"))
HALL_MODE = HOST in lan.WILDCARD_HOSTS
LAN_ADDRESSES = lan.lan_addresses() if HALL_MODE else []


def _env_list(name: str, default: str = "") -> list[str]:
    return [v.strip() for v in os.environ.get(name, default).split(",") if v.strip()]


def _site_url() -> str:
    """The public base URL: what players type and what every printed QR code holds."""
    if url := os.environ.get("SITE_URL", "").strip():
        return url.rstrip("/") + "/"
    if HALL_MODE:
        host = LAN_ADDRESSES[0] if LAN_ADDRESSES else "127.0.0.1"
    else:
        host = f"[{HOST}]" if ":" in HOST and not HOST.startswith("[") else HOST
    return f"http://{host}:{PORT}/"


def _allowed_hosts() -> list[str]:
    """ALLOWED_HOSTS if set; else loopback and SITE_URL's host, plus in hall mode the
    machine's LAN addresses and name."""
    if hosts := _env_list("ALLOWED_HOSTS"):
        return hosts
    hosts = ["127.0.0.1", "localhost", "[::1]"]
    if HALL_MODE:
        hostname = socket.gethostname()
        hosts += [*LAN_ADDRESSES, hostname, f"{hostname}.local"]
    netloc = urlsplit(SITE_URL).netloc.rpartition("@")[2]  # host[:port]
    if netloc.startswith("["):  # an IPv6 address, as ALLOWED_HOSTS writes it
        hosts.append(netloc.partition("]")[0] + "]")
    else:
        hosts.append(netloc.partition(":")[0])
    return list(dict.fromkeys(hosts))


SITE_URL = _site_url()
ALLOWED_HOSTS = _allowed_hosts()
# A site behind a proxy that changes the host trusts its public origin for forms.
CSRF_TRUSTED_ORIGINS = _env_list("CSRF_TRUSTED_ORIGINS") or (
    ["{0.scheme}://{0.netloc}".format(urlsplit(SITE_URL))]
    if os.environ.get("SITE_URL")
    else []
)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_tables2",
    "axes",
    "core",
    "actionlog",
    "clubs",
    "tournaments",
    "scoring",
    "phones",
    "standings",
    "cashdesk",
    "draws",
    "series",
    "scorepad",
    "prizes",
    "registrations",
    "printing",
    "public",
    "transfer",
    "config.apps.SiteConfig",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "config.security.ServerHeaderMiddleware",
    "config.security.OnePolicyCSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # The database gone (stopped, restarting): a quick 503 with Retry-After, in
    # the reader's language, before anything below asks the database.
    "config.unavailable.DatabaseUnavailableMiddleware",
    "config.middleware.TournamentLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # A ServiceError a view let through: answered with its status, never a 500.
    "core.refusals.RefusalMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes requires: it answers a locked-out login with its page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")),
    )
}
# Connections each app process may hold to PostgreSQL (Django's pool, psycopg_pool).
# Every process has its own pool: processes (WEB_WORKERS) × DB_POOL_SIZE must stay
# under the server's max_connections (100 by default). 0 turns the pool off
# (persistent connections per thread, CONN_MAX_AGE, instead).
DB_POOL_SIZE = int(os.environ.get("DB_POOL_SIZE", "10"))
_database = DATABASES["default"]
if _database["ENGINE"] == "django.db.backends.sqlite3":
    # Write-ahead log: the hall's readers never wait for the desk's writes, nor the
    # writes for the readers; several app processes wait for the write lock (20 s)
    # instead of failing, and take it as a transaction starts (IMMEDIATE). The
    # pragmas cost ~0.6 ms a connection, so connections persist (CONN_MAX_AGE) as
    # on PostgreSQL without a pool; one outside a transaction holds no lock.
    _database.setdefault("OPTIONS", {}).update(
        {
            "timeout": 20,
            "transaction_mode": "IMMEDIATE",
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
        }
    )
    # Tests run on a database file, as the hall does, not in memory: the live
    # server's threads then each open their own connection and wait for the write
    # lock (in memory they share one, which refuses a second thread's statement
    # with "database table is locked"). One file per test process.
    _database["TEST"] = {
        "NAME": os.path.join(
            tempfile.gettempdir(), f"manille-test-{os.getpid()}.sqlite3"
        )
    }
elif _database["ENGINE"] == "django.db.backends.postgresql":
    # A server that does not answer (down, unreachable) fails a connection in 2 s
    # (libpq's shortest), not after the kernel's minutes of retries; one that is
    # stopped refuses at once. Then the site answers 503 (config.unavailable).
    _database.setdefault("OPTIONS", {}).setdefault("connect_timeout", 2)
    if DB_POOL_SIZE > 0:
        _database["OPTIONS"]["pool"] = {
            "min_size": 1,
            "max_size": DB_POOL_SIZE,
            # Seconds a request waits for a connection: a free one comes in
            # milliseconds (WEB_THREADS <= DB_POOL_SIZE by default: none waits);
            # longer means the server is gone, and the request is answered 503
            # within 2 s instead of hanging.
            "timeout": 1.5,
            "max_idle": 5,  # idle seconds before the pool closes one above min_size
        }
        _database["CONN_MAX_AGE"] = 0  # the pool keeps the connections

# Redis only saves work: while it is gone the site answers from the database
# (core.cache: a miss, after 0.25 s at most, and no retry for 2 s).
if redis_url := os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "core.cache.ResilientRedisCache",
            "LOCATION": redis_url,
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {
        "NAME": "django.contrib.auth.password_validation."
        "UserAttributeSimilarityValidator"
    },
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# The reverse proxies in front of the site (addresses or networks, comma-separated:
# "127.0.0.1,10.0.0.0/8"), whose X-Forwarded-For is believed: the client is the
# right-most entry none of them appended (core.addresses.client_ip). None by
# default: the connection's own address counts, and a client that reaches the app
# port directly cannot make up another one. Behind HTTPS=1's proxy, set it.
TRUSTED_PROXIES = _env_list("TRUSTED_PROXIES")
for _proxy in TRUSTED_PROXIES:
    try:
        ipaddress.ip_network(_proxy, strict=False)
    except ValueError as _error:
        raise ImproperlyConfigured(f"TRUSTED_PROXIES: {_error}") from None

# django-axes: 5 failed logins in a row for one username from one address pause
# that username at that address for 15 minutes (a failure during the pause starts
# the 15 minutes again); the same username from another device still logs in, so
# nobody can lock a director out from his own device (issue 23). A successful login
# clears the count; staff lift a pause at /director/locks/. Directors see
# registration/lockout.html (429: config.security.lockout_response). The address
# is core.addresses.client_ip's (behind a proxy: TRUSTED_PROXIES).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "config.security.lockout_response"
AXES_CLIENT_IP_CALLABLE = "core.addresses.client_ip"
AXES_USERNAME_CALLABLE = "config.security.client_username"

# Password reset mails. The console (the server's output) by default: a hall has no
# mail server, and a director there asks whoever runs the laptop.
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend"
)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = _env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:home"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("nl", _("Nederlands")),
    ("fr", _("Français")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice is remembered for a year (a session cookie by default).
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Brussels"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedStaticFilesStorage",
    },
}
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"

SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

# Content-Security-Policy (django-csp): everything from this site, nothing inline.
# No nonces: the public pages are cached and shared between readers, so every
# script is a static file and no template holds an inline script, event handler or
# style attribute (htmx's own inline indicator style is turned off in base.html).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# HTTPS=1 behind a reverse proxy that terminates TLS (Caddy, nginx: see the README)
# and sets X-Forwarded-Proto. Off by default: the hall runs plain HTTP on its LAN.
if _env_bool("HTTPS", False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz/$", r"^readyz/$"]  # the proxy's checks
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = 365 * 24 * 60 * 60
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
