"""Production settings: `check --deploy` is clean, every reply carries the CSP, and
no reply names the server software or its Python version (issue 12, finding 11)."""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

from tests.config.servers import BASE_DIR, free_port, manage, serving
from tests.config.test_settings import SITE_VARIABLES

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "object-src": "'none'",
    "frame-ancestors": "'none'",
    "form-action": "'self'",
    "base-uri": "'self'",
}


def _clean_env(**env) -> dict:
    base = {k: v for k, v in os.environ.items() if k not in SITE_VARIABLES}
    return {**base, **env}


def _check_deploy(**env) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        cwd=BASE_DIR,
        env=_clean_env(**env),
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_prints_no_warning_with_https():
    """The issue's own command, word for word."""
    done = _check_deploy(
        DEBUG="0",
        HTTPS="1",
        SECRET_KEY=secrets.token_urlsafe(50)[:50],
        ALLOWED_HOSTS="example.org",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.strip() == "System check identified no issues (0 silenced)."
    assert "WARNING" not in done.stderr


def test_in_the_hall_only_the_https_warnings_remain():
    """Plain HTTP on the hall's LAN is a choice: the four HTTPS warnings, no other."""
    done = _check_deploy(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(50)[:50])
    found = set(re.findall(r"\(security\.(W\d+)\)", done.stdout + done.stderr))
    assert found == {"W004", "W008", "W012", "W016"}, done.stdout + done.stderr


def parse_policy(header: str) -> dict[str, str]:
    return {
        part.split()[0]: " ".join(part.split()[1:])
        for part in header.split(";")
        if part.strip()
    }


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        reverse("public:home"),
        reverse("login"),
        reverse("healthz"),
        "/static/css/site.css",
        "/no-such-page/",
    ],
)
def test_every_reply_carries_the_policy_and_names_no_server(client, path):
    response = client.get(path)
    policy = parse_policy(response["Content-Security-Policy"])
    for directive, value in POLICY.items():
        assert policy[directive] == value, (directive, policy)
    assert "unsafe" not in response["Content-Security-Policy"]
    assert "nonce-" not in response["Content-Security-Policy"]
    assert response["Server"] == "manille"
    assert response["X-Content-Type-Options"] == "nosniff"


def test_granian_names_no_server_or_python_version(tmp_path):
    """The real launcher (`python -m config.serve`), as `curl -sI` sees it."""
    import http.client

    env = _clean_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        DEBUG="0",
        WEB_WORKERS="1",
        WEB_THREADS="2",
    )
    manage(env, "migrate", "--noinput", "-v", "0")
    port = free_port()
    with serving(env, port=port, probe="/healthz/"):
        for path in ("/", "/healthz/", "/static/css/site.css", "/accounts/login/"):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            conn.request("HEAD", path)
            response = conn.getresponse()
            response.read()
            conn.close()
            servers = [v for k, v in response.getheaders() if k.lower() == "server"]
            assert servers == ["manille"], (path, response.getheaders())
            assert "content-security-policy" in {
                k.lower() for k, _v in response.getheaders()
            }


# ---------------------------------------------- the templates the policy relies on

# A script with code in the page (data, type="application/json", is fine).
INLINE_SCRIPT = re.compile(
    r"<script(?![^>]*\b(?:src=|type=.application/json))[^>]*>", re.IGNORECASE
)
EVENT_HANDLER = re.compile(r"<[^>]*\son[a-z]+\s*=", re.IGNORECASE)
STYLE = re.compile(r"<[^>]*\sstyle\s*=|<style\b", re.IGNORECASE)


def _templates() -> list[Path]:
    roots = [BASE_DIR / "templates"] + [
        p for p in BASE_DIR.glob("*/templates") if ".venv" not in p.parts
    ]
    return [path for root in roots for path in root.rglob("*.html")]


def test_no_template_holds_an_inline_script_handler_or_style():
    """What the policy (no 'unsafe-inline', no nonce) would block, caught early."""
    templates = _templates()
    assert len(templates) > 20
    found = []
    for path in templates:
        text = path.read_text(encoding="utf-8")
        for name, pattern in (
            ("inline script", INLINE_SCRIPT),
            ("event handler", EVENT_HANDLER),
            ("style attribute", STYLE),
        ):
            found += [
                f"{path.relative_to(BASE_DIR)}: {name}" for _ in pattern.finditer(text)
            ]
    assert found == []


def test_every_htmx_config_keeps_htmx_from_adding_inline_code():
    """htmx reads the first htmx-config only; each must turn off its inline style."""
    configs = [
        (path, match.group(1))
        for path in _templates()
        for match in re.finditer(
            r"<meta name=\"htmx-config\" content='([^']*)'", path.read_text()
        )
    ]
    assert configs
    for path, content in configs:
        config = json.loads(content)
        assert config["includeIndicatorStyles"] is False, path
        assert config["allowEval"] is False, path


# ------------------------------------------------------------ the systemd units

DEPLOY = BASE_DIR / "deploy"
UNITS = ("manille-hall.service", "manille-web.service")


def parse_unit(text: str) -> dict[str, list[tuple[str, str]]]:
    """A unit file's sections, each a list of (key, value) in order (systemd
    allows a key more than once: ExecStartPre)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = sections.setdefault(line.strip("[]"), [])
            continue
        key, _eq, value = line.partition("=")
        current.append((key.strip(), value.strip()))
    return sections


def values(section: list[tuple[str, str]], key: str) -> list[str]:
    return [v for k, v in section if k == key]


def installed_here(text: str) -> str:
    """The unit as deploy/README.md installs it from a checkout elsewhere: this
    checkout, run by the current user."""
    import grp
    import pwd

    user = pwd.getpwuid(os.getuid()).pw_name
    group = grp.getgrgid(os.getgid()).gr_name
    text = text.replace("/opt/manille", str(BASE_DIR))
    text = re.sub(r"(?m)^User=manille$", f"User={user}", text)
    return re.sub(r"(?m)^Group=manille$", f"Group={group}", text)


@pytest.mark.parametrize("name", UNITS)
def test_systemd_analyze_verifies_the_unit_without_a_word(name, tmp_path):
    """`systemd-analyze verify` checks the keys, the sections and that every
    command it would run exists: silent and 0 when the unit is right."""
    import shutil

    if shutil.which("systemd-analyze") is None:
        pytest.skip("needs systemd-analyze (apt-get install systemd); .ci/run has it")
    unit = tmp_path / name
    unit.write_text(installed_here((DEPLOY / name).read_text()))
    done = subprocess.run(
        ["systemd-analyze", "verify", str(unit)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (done.stdout + done.stderr).strip() == ""


# Read by a library rather than by name in config/: dj_database_url, Python.
READ_ELSEWHERE = {"DATABASE_URL", "PYTHONUNBUFFERED"}


def read_by_the_site(variable: str) -> bool:
    """Whether the settings or the launcher read this environment variable."""
    read = "\n".join(
        (BASE_DIR / "config" / name).read_text() for name in ("settings.py", "serve.py")
    )
    return variable in READ_ELSEWHERE or f'"{variable}"' in read


def _environment(service: list[tuple[str, str]]) -> dict[str, str]:
    pairs = " ".join(values(service, "Environment")).split()
    return dict(pair.split("=", 1) for pair in pairs)


@pytest.mark.parametrize("name", UNITS)
def test_each_unit_restarts_the_real_launcher_always(name):
    """What the parse can tell that verify cannot: the server is the site's one
    launcher, restarted whatever stopped it, for ever, its steps as `make serve`."""
    from django.core.management import get_commands

    unit = parse_unit((DEPLOY / name).read_text())
    service = unit["Service"]
    root = values(service, "WorkingDirectory")[0]
    assert values(service, "ExecStart") == [f"{root}/.venv/bin/python -m config.serve"]
    assert (BASE_DIR / "config" / "serve.py").exists()
    assert values(service, "Restart") == ["always"]
    assert values(unit["Unit"], "StartLimitIntervalSec") == ["0"]
    assert values(service, "KillMode") == ["control-group"]  # the workers too
    steps = [v.split() for v in values(service, "ExecStartPre")]
    assert [step[:2] for step in steps] == [
        [f"{root}/.venv/bin/python", "manage.py"]
    ] * 3
    assert [step[2] for step in steps] == [
        "compilemessages_py",
        "migrate",
        "collectstatic",
    ]
    assert {step[2] for step in steps} <= set(get_commands())
    assert values(service, "EnvironmentFile")
    assert values(unit["Install"], "WantedBy") == ["multi-user.target"]
    for variable in _environment(service):
        assert read_by_the_site(variable), variable


def test_the_hall_unit_opens_the_hall_on_sqlite():
    service = parse_unit((DEPLOY / "manille-hall.service").read_text())["Service"]
    environment = _environment(service)
    assert environment["HOST"] == "0.0.0.0"
    assert "DATABASE_URL" not in environment and "REDIS_URL" not in environment
    # Its settings file is optional: the laptop runs without one.
    assert values(service, "EnvironmentFile") == ["-/etc/manille/hall.env"]


def test_the_web_unit_runs_behind_the_proxy_on_postgresql_and_redis():
    unit = parse_unit((DEPLOY / "manille-web.service").read_text())
    service = unit["Service"]
    environment = _environment(service)
    assert environment["HOST"] == "127.0.0.1" and environment["HTTPS"] == "1"
    assert values(service, "EnvironmentFile") == ["/etc/manille/web.env"]  # required
    assert "postgresql.service" in values(unit["Unit"], "After")[0].split()
    example = dict(
        line.split("=", 1)
        for line in (DEPLOY / "web.env.example").read_text().splitlines()
        if line and not line.startswith("#")
    )
    assert example["DATABASE_URL"].startswith("postgres://")
    assert example["REDIS_URL"].startswith("redis://")
    for variable in example:  # every one a setting the site reads (no typo)
        assert read_by_the_site(variable), variable
