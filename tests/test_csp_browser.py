"""In a real Chromium, the site's own pages pass its Content-Security-Policy.

The policy allows scripts and styles from the site only (no inline script, event
handler or style attribute, no nonce: public pages are cached and shared between
readers). Each page is opened, used a little (a search typed, a deal entered, a
poll let run) and must log no console error and no CSP violation.
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from tests import factories
from tests.builders import build_event

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "wedstrijd-123"

# Playwright's init scripts are not subject to the page's policy: this one records
# every violation the page reports, with what was blocked and where.
WATCH_VIOLATIONS = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(
    `${e.violatedDirective} blocked ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`
  );
});
"""


@pytest.fixture
def event(db):
    """A 16-player event: round 1 published, its sheets entered, not confirmed;
    a table of round 2 with an empty sheet."""
    director = get_user_model().objects.create_user(
        "csp-td", password=PASSWORD, is_staff=True
    )
    tournament = build_event(players=16, rounds=1, final=0, seed=3, clubs=2)
    tournament.directors.add(director)
    rnd = tournament.rounds.order_by("number").last()
    entry = rnd.tables.order_by("number").first().seats.get(position=1).entry
    # An empty sheet to type a deal into, in a round of a second phase.
    phase = factories.PhaseFactory(tournament=tournament, order=9)
    second = factories.RoundFactory(
        tournament=tournament, phase=phase, number=rnd.number + 1
    )
    table = factories.individual_table(round=second, number=1)
    return tournament, rnd, table, entry


class Watched:
    """A page whose console errors, page errors and CSP violations are kept."""

    def __init__(self, context):
        self.page = context.new_page()
        self.page.add_init_script(WATCH_VIOLATIONS)
        self.problems: list[str] = []
        self.page.on(
            "console",
            lambda msg: (
                self.problems.append(f"console {msg.type}: {msg.text}")
                if msg.type == "error"
                else None
            ),
        )
        self.page.on("pageerror", lambda exc: self.problems.append(f"error: {exc}"))

    def open(self, url: str):
        response = self.page.goto(url)
        assert response is not None and response.status == 200, (url, response)
        policy = response.headers.get("content-security-policy", "")
        assert "default-src 'self'" in policy, url
        assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
        self.page.wait_for_load_state("networkidle")
        return self.page

    def check(self, url: str) -> list[str]:
        found = self.problems + [
            f"csp: {v}" for v in self.page.evaluate("window.__csp || []")
        ]
        self.problems = []
        return [f"{url}: {problem}" for problem in found]


def test_the_main_pages_log_no_console_error_or_csp_violation(
    live_server, browser, event
):
    tournament, rnd, table, entry = event
    slug, number = tournament.slug, rnd.number
    base = live_server.url
    problems: list[str] = []
    seen = 0

    # The public, as a phone in the hall.
    phone = Watched(browser.new_context(viewport={"width": 390, "height": 844}))
    public_pages = [
        reverse("public:home"),
        reverse("public:tournament", args=[slug]),
        reverse("public:current_draw", args=[slug]),
        reverse("public:draw", args=[slug, number]),
        reverse("live:standings", args=[slug]),
        reverse("live:results", args=[slug, number]),
        reverse("live:entrant", args=[slug, entry.pk]),
        reverse("login"),
    ]
    for path in public_pages:
        phone.open(base + path)
        problems += phone.check(path)
        seen += 1

    # "Where do I sit?": a name typed, the list narrowed by htmx.
    path = reverse("public:draw_by_name", args=[slug, number])
    page = phone.open(base + path)
    name = entry.player.last_name
    page.fill("input[type=search]", name[:4])
    page.wait_for_timeout(600)
    page.wait_for_load_state("networkidle")
    assert name in page.inner_text("main")
    problems += phone.check(path)
    seen += 1

    # Open live pages poll the version every few seconds: let one poll run.
    projector = Watched(browser.new_context(viewport={"width": 1920, "height": 1080}))
    for path in (
        reverse("live:projector", args=[slug]),
        reverse("live:standings", args=[slug]),
    ):
        page = projector.open(base + path)
        with page.expect_response(lambda r: "/version/" in r.url, timeout=10_000):
            pass
        problems += projector.check(path)
        seen += 1

    # A director, logged in through the form.
    desk = Watched(browser.new_context(viewport={"width": 1200, "height": 900}))
    page = desk.open(base + reverse("login"))
    page.fill("#id_username", "csp-td")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url("**/director/")
    problems += desk.check("login")
    director_pages = [
        reverse("director:home"),
        reverse("director:tournament", args=[slug]),
        reverse("director:tournament_edit", args=[slug]),
        reverse("director:entries", args=[slug]),
        reverse("director:phase_list", args=[slug]),
        reverse("director:round", args=[slug, number]),
        reverse("scoring:round", args=[rnd.pk]),
        reverse("director:players"),
        reverse("director:clubs"),
        reverse("password_change"),
    ]
    for path in director_pages:
        desk.open(base + path)
        problems += desk.check(path)
        seen += 1

    # The results desk's score sheet: a deal typed with the keyboard (sheet.js and
    # an htmx swap), the page's own scripts at work.
    path = reverse("scoring:sheet", args=[table.pk])
    page = desk.open(base + path)
    page.wait_for_selector("#sheet [data-trump]")
    page.focus("#sheet [data-trump]")
    for key in ["h", "4", "2", "Enter"]:
        page.keyboard.press(key)
    page.locator('#game-1 tr.deal-row[data-deal="1"]').wait_for()  # saved
    page.wait_for_load_state("networkidle")
    problems += desk.check(path)
    seen += 1

    assert seen >= 20
    assert problems == []


def test_the_watch_would_see_an_inline_script_or_style(live_server, browser, db):
    """The check above is not vacuous: an inline script and a style attribute slipped
    into a page (with the site's real header) are reported as violations."""
    home = live_server.url + reverse("public:home")
    context = browser.new_context()

    def tamper(route):
        response = route.fetch()
        body = response.text().replace(
            "</main>", '<script>window.x = 1</script><p style="color:red">x</p></main>'
        )
        route.fulfill(response=response, body=body)

    context.route(home, tamper)
    watched = Watched(context)
    watched.open(home)
    problems = watched.check(home)
    assert any("script-src" in p for p in problems), problems
    assert any("style-src" in p for p in problems), problems
