"""Fixtures shared by the whole suite: users, clubs, players and tournaments."""

import os

import pytest
from django.contrib.auth import get_user_model
from hypothesis import settings as hypothesis_settings

from tests import factories

# Playwright's sync API runs an event loop in the test thread; Django's ORM calls
# from that thread are safe here (one thread per test).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis: "ci" is thorough and the same on every run (derandomize: the examples
# come from each test's own fixed seed, never from luck), "dev" is quick. CI (which
# sets CI=true) gets "ci", a developer "dev"; HYPOTHESIS_PROFILE=ci|dev chooses. A
# test whose examples cost more or less than most takes a multiple of the profile's
# count (``hypothesis.settings.default.max_examples``), never a fixed number. No
# deadline in either: under a loaded machine or xdist a slow example is no bug.
hypothesis_settings.register_profile(
    "ci", hypothesis_settings.get_profile("ci"), max_examples=200, deadline=None
)
hypothesis_settings.register_profile("dev", max_examples=25, deadline=None)
hypothesis_settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@pytest.fixture(autouse=True)
def _fast_password_hasher(settings):
    """Hash test passwords cheaply; logins are exercised, not the hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _pinned_personal_codes(monkeypatch):
    """Draw the personal codes a test hands out from a seeded generator: the
    same codes in every run (issue 23 §6; ``tournaments.personal_codes``)."""
    import random

    from tournaments import personal_codes

    monkeypatch.setattr(personal_codes, "_random", random.Random(23))


@pytest.fixture(autouse=True)
def _factory_sequences_from_zero():
    """Number each test's factory-made names and slugs from 0 (Peeters0, Club 0,
    tournament-0, …), whatever ran before it in its process.

    Under xdist a test's neighbours change from run to run: a name such as
    Peeters9 or Peeters10, which sort apart and one of which can hold another
    (Peeters1 in Peeters12), would otherwise depend on them.
    """
    import factory

    for cls in vars(factories).values():
        if (
            isinstance(cls, type)
            and issubclass(cls, factory.base.BaseFactory)
            and not cls._meta.abstract
        ):
            cls.reset_sequence(0, force=True)


@pytest.fixture(autouse=True)
def _empty_cache():
    """Start every test with an empty cache.

    Its keys (slugs, round ids, versions) come back from test to test once the
    database rolls back, and a value cached by one test must not answer another.
    """
    from django.core.cache import cache

    from public.calendar import calendar_state_forget
    from tournaments.versioning import local_states_forget

    cache.clear()
    local_states_forget()
    calendar_state_forget()


@pytest.fixture(scope="session")
def _chromium():
    """One Chromium per test process, launched by the first test that needs it
    (a launch costs a second or two; the suite has dozens of browser tests)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        state = {}

        def launch():
            b = state.get("browser")
            if b is None or not b.is_connected():  # a crash costs one test, not all
                b = p.chromium.launch(
                    executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS
                )
                state["browser"] = b
            return b

        yield launch
        if state.get("browser") is not None and state["browser"].is_connected():
            state["browser"].close()


@pytest.fixture
def browser(_chromium):
    """A real headless Chromium (Debian's package), driven by Playwright.

    Shared by the tests of one process; each test starts with no context or page
    (``new_context()``/``new_page()`` start clean: no cookie, no storage), and the
    ones it opened are closed after it.
    """
    b = _chromium()
    for context in b.contexts:
        context.close()
    yield b
    if b.is_connected():
        for context in b.contexts:
            context.close()


@pytest.fixture
def director(db):
    """A user who directs no tournament until added to one."""
    return get_user_model().objects.create_user(username="td", password="secret-td-123")


@pytest.fixture
def superuser(db):
    return get_user_model().objects.create_superuser(
        username="admin", password="secret-admin-123", email="a@example.org"
    )


@pytest.fixture
def tournament(db, director):
    t = factories.TournamentFactory()
    t.directors.add(director)
    return t


@pytest.fixture
def director_client(client, director):
    client.force_login(director)
    return client


# --- Result entry (scoring) ---


@pytest.fixture
def sheet_round(tournament):
    """A published round of the director's tournament (individual format)."""
    return factories.RoundFactory(tournament=tournament, number=1)


@pytest.fixture
def sheet_table(sheet_round):
    """Table 1 of ``sheet_round``: four players, three games, an empty sheet."""
    return factories.individual_table(round=sheet_round, number=1)


@pytest.fixture
def pinned_table_codes(monkeypatch):
    """Make the table codes this test draws QX2222, QX2223, QX2224, … (through the
    real ``table_codes_ensure``), for a test that looks for a code in a page or a
    file, or lower-cases one.

    A random code (``_new_code``) can be all digits (lower-casing it changes
    nothing; it can be part of a number), all hex digits (part of a hash) or letters
    of a name, and so turn up in a page by chance or not change: a test that says
    "no page shows a code" would then fail once in many runs. "QX" followed by
    digits is in no number, hash, word or name of ours.
    """
    from itertools import product

    from phones.services import codes

    pinned = ("QX" + "".join(p) for p in product("23456789", repeat=4))
    monkeypatch.setattr(codes, "_new_code", lambda: next(pinned))


# --- Live standings and public pages ---


@pytest.fixture
def confirm_table(django_capture_on_commit_callbacks):
    """Return a function that gives a table's games results and confirms its sheet.

    ``results`` is one ``(score_a, score_b)`` per game; the higher score wins. With
    ``confirm=False`` the sheet is only entered (not public). Bumps the version
    (after commit, as the services do: the bump runs at the end of the call).
    """
    from django.utils import timezone

    from scoring.models import ScoreSheet
    from tournaments.services import tournament_touch

    def confirm(table, results, *, confirm=True):
        for game, (a, b) in zip(table.games.order_by("number"), results, strict=True):
            game.score_a, game.score_b, game.finished = a, b, True
            game.winner = 0 if a > b else 1 if b > a else None
            game.save()
        sheet, _created = ScoreSheet.objects.get_or_create(table=table)
        sheet.status = "confirmed" if confirm else "entered"
        sheet.confirmed_at = timezone.now() if confirm else None
        sheet.save()
        with django_capture_on_commit_callbacks(execute=True):
            tournament_touch(tournament=table.round.tournament)
        return sheet

    return confirm


# --- Languages (i18n) ---


@pytest.fixture
def flemish_event(director, confirm_table):
    """A Dutch tournament of 12 players, round 1 drawn and published, table 1 played."""
    from tests.i18n_helpers import build_flemish_event

    return build_flemish_event(director, confirm_table)



@pytest.fixture(autouse=True)
def _tournaments_default_to_english_in_tests(monkeypatch):
    """Make a tournament built without a language English, in tests only.

    The product's default is Dutch (``Tournament.language``), and a tournament's public
    pages and printed sheets follow its language. Most tests read English words on
    those pages; a test about languages sets ``language=`` on its tournament.
    """
    from django.utils import translation

    from series.models import Series
    from tournaments.forms import TournamentForm
    from tournaments.models import Tournament

    field = Tournament._meta.get_field("language")
    monkeypatch.setattr(field, "_get_default", lambda: "en")
    # A series too: its public pages and PDF follow its language.
    series_field = Series._meta.get_field("language")
    monkeypatch.setattr(series_field, "_get_default", lambda: "en")
    # The form's initial value was taken from the model when the class was built.
    monkeypatch.setattr(TournamentForm.base_fields["language"], "initial", "en")
    yield
    # A request or a test may leave a language active in this thread: reset it.
    translation.deactivate()


# --- Running on several processes (pytest-xdist: make test) ---

# The tests (or files of them) that take 15 s or more each: each is sent to a worker
# of its own at the start, so that no worker is left running one of them alone at
# the end while the others wait.
_LONG_FIRST = (
    "tests/test_fuzz.py::test_no_request",
    "tests/benchmarks/",
    "tests/test_readme_commands.py",
    "tests/test_csp_browser.py::test_the_main_pages",
    "tests/tournaments/test_checkin_browser.py",
    "tests/transfer/test_backup.py::test_a_backup_of_a_live",
    "tests/phones/test_browser_table.py::test_two_phones",
    "tests/faults/",
    "tests/transfer/test_hall_and_web.py",
    "tests/public/test_scale_out.py",
)


def pytest_collection_modifyitems(config, items):
    """Under xdist (``-n``), start with the long tests, each followed by a short one
    (``make test`` hands out tests two at a time at first, then one at a time:
    ``--maxschedchunk 1``), then the browser tests (they wait on Chromium and a live
    server, and overlap well with the rest), then the others, in the files' order."""
    if not getattr(config.option, "numprocesses", None):
        return
    long = [i for i in items if i.nodeid.startswith(_LONG_FIRST)]
    rest = [i for i in items if not i.nodeid.startswith(_LONG_FIRST)]
    rest.sort(key=lambda i: 0 if i.get_closest_marker("browser") else 1)
    ordered = []
    for item in long:
        ordered.append(item)
        if rest:
            ordered.append(rest.pop(0))
    items[:] = ordered + rest
