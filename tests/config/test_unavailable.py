"""A database error while serving is answered 503 with Retry-After: a page that
reads itself again, or JSON to the JSON clients; never a 500 or a traceback.

In-process, the error raised where the database would raise it: in a view, and
in a middleware below ``config.unavailable`` (Django turns that one into its 500
before any middleware above sees the error). PostgreSQL really stopping, and the
site serving again, are tests/faults/test_postgres_outage.py's.
"""

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client

from tests import factories

GONE = OperationalError('connection failed: connection to server at "db" refused')


@pytest.fixture
def client():
    # An error in a middleware reaches Django's handler, which the test client
    # would raise again; a browser gets the answer.
    return Client(raise_request_exception=False)


def _assert_unavailable(response):
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert "no-store" in response["Cache-Control"]  # never kept by a proxy


def _home_fails(monkeypatch, error=GONE):
    def fail():
        raise error

    monkeypatch.setattr("public.views.draw.selectors.tournament_list_public", fail)


@pytest.mark.django_db
def test_a_page_is_a_503_that_reads_itself_again(client, monkeypatch):
    _home_fails(monkeypatch)
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="nl")
    _assert_unavailable(response)
    assert response["Content-Type"].startswith("text/html")
    html = response.content.decode()
    assert '<meta http-equiv="refresh" content="5">' in html
    assert 'href="/static/css/site.css"' in html or "site.css" in html
    assert '<html lang="nl">' in html  # the reader's language
    assert "Traceback" not in html and "OperationalError" not in html
    assert "db" not in html.split("<body>", 1)[1]  # nothing of the error shown


@pytest.mark.django_db
def test_a_client_that_asks_for_json_gets_json(client, monkeypatch):
    _home_fails(monkeypatch, InterfaceError("connection already closed"))
    response = client.get("/", HTTP_ACCEPT="application/json")
    _assert_unavailable(response)
    body = response.json()
    assert body["retry_after"] == 5
    assert "restarting" in body["error"]


@pytest.mark.django_db
def test_the_version_poll_and_the_api_answer_json_without_asking(client, monkeypatch):
    """The pages' poll sends no Accept header: its address says it reads JSON."""
    tournament = factories.TournamentFactory()

    def fail(*args, **kwargs):
        raise GONE

    monkeypatch.setattr("public.views.live.reader_state", fail)
    monkeypatch.setattr("public.views.api.tournament_for_request", fail)
    for path in (
        f"/t/{tournament.slug}/version/",
        f"/api/tournaments/{tournament.slug}/standings/",
    ):
        response = client.get(path)
        _assert_unavailable(response)
        assert response.json()["retry_after"] == 5


@pytest.mark.django_db
def test_an_error_in_a_middleware_below_is_a_503_not_a_500(client, monkeypatch):
    """The tournament's language is read in a middleware (process_view), before
    the view: Django answers its error 500 there, turned into the 503 above."""
    tournament = factories.TournamentFactory()

    def fail(*args, **kwargs):
        raise GONE

    monkeypatch.setattr("config.middleware.reader_state", fail)
    response = client.get(f"/t/{tournament.slug}/standings/")
    _assert_unavailable(response)
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.django_db
def test_a_phone_write_is_a_json_503_it_sends_again(client, monkeypatch):
    def fail(*args, **kwargs):
        raise GONE

    monkeypatch.setattr("phones.views._open", fail)
    response = client.post("/table/QX2222/deal/", {"key": "k"})
    _assert_unavailable(response)
    assert response["Content-Type"] == "application/json"
    assert response.json()["retry_after"] == 5


@pytest.mark.django_db
def test_a_form_sent_is_not_sent_again_by_the_page(client, monkeypatch):
    def fail(*args, **kwargs):
        raise GONE

    monkeypatch.setattr("config.accounts.PasswordResetView.post", fail)
    response = client.post("/accounts/password/reset/", {"email": "a@example.org"})
    _assert_unavailable(response)
    html = response.content.decode()
    assert "http-equiv" not in html  # a reload would be a GET, the form lost
    assert "send it again" in html


@pytest.mark.django_db
def test_other_errors_stay_errors_and_the_next_request_is_served(client, monkeypatch):
    """Only the database's unavailability is a 503: a bug stays a 500; on SQLite
    (no server to lose) the request after a 503 goes to the database as usual."""
    _home_fails(monkeypatch)
    _assert_unavailable(client.get("/"))
    monkeypatch.undo()
    assert client.get("/").status_code == 200
    _home_fails(monkeypatch, ValueError("a bug"))
    assert client.get("/").status_code == 500
