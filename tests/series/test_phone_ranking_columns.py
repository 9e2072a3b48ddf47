"""At 390 px every table shows its ranking columns without scrolling sideways.

Issue 21 §4: the series standings hid the column that ranks inside a 656 px
table, the club standings were 402 px in 371, and the director's clubs and
players pages were 400 px wide. On a phone a table keeps its rank, its names and
the value it ranks on; what it leaves out is on a wider screen (``hide-phone``).
"""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from series.selectors import series_standings
from series.tables import SeriesStandingsTable
from tests import factories
from tests.series.builders import build_series

PHONE = {"width": 390, "height": 844}
DESK = {"width": 1366, "height": 900}

# What each way of ranking ranks on: the column, and its header's class.
RANKED_ON = {
    "games_won": "games_won",
    "points": "points",
    "point_difference": "point_difference",
    "ranking_points": "series_points",
}


def _series(ranking: str):
    extra = {"ranking_points": "20 18 16 15 14 13 12 11 10 9 8 7"}
    return build_series(
        players=24,
        events=3,
        per_event=16,
        clubs=3,
        seed=5,
        best_of=2,
        ranking=ranking,
        **(extra if ranking == "ranking_points" else {}),
    )


@pytest.mark.django_db
@pytest.mark.parametrize("ranking", list(RANKED_ON))
def test_the_column_that_ranks_is_never_left_out_on_a_phone(ranking):
    series = _series(ranking)
    standings = series_standings(series=series)
    table = SeriesStandingsTable(
        standings.rows, series=series, explain=standings.explanation
    )
    classes = {c.name: c.attrs["th"].get("class") or "" for c in table.columns}
    ranks = RANKED_ON[ranking]
    assert "hide-phone" not in classes[ranks]
    assert "hide-phone" not in classes["rank"] + classes["name"]
    shown = [n for n, css in classes.items() if "hide-phone" not in css]
    assert len(shown) == 4, shown  # rank, name, what ranks, one more


def _overflow(page) -> dict:
    """The page's width and each table's width against what holds it."""
    return page.evaluate(
        """() => ({
          page: document.documentElement.scrollWidth,
          tables: [...document.querySelectorAll('table')]
            .filter(t => t.offsetParent !== null)
            .map(t => [t.getBoundingClientRect().width, t.parentElement.clientWidth]),
          heads: [...document.querySelectorAll('thead th')]
            .filter(th => th.offsetParent !== null)
            .map(th => [th.className, th.getBoundingClientRect().right]),
        })"""
    )


def _fits(found: dict, width: int) -> None:
    assert found["page"] <= width, found
    for table, holder in found["tables"]:
        assert table <= holder + 0.5, found


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_series_and_club_standings_show_what_ranks_at_390_px(live_server, browser):
    series = _series("ranking_points")
    for lang in ("nl", "fr"):
        context = browser.new_context(viewport=PHONE)
        context.add_cookies(
            [{"name": "django_language", "value": lang, "url": live_server.url}]
        )
        page = context.new_page()
        page.goto(live_server.url + reverse("series:standings", args=[series.slug]))
        found = _overflow(page)
        _fits(found, 390)
        ranking = [right for css, right in found["heads"] if "ranks" in css]
        assert ranking and ranking[0] <= 390, found  # on screen, not scrolled to
        page.goto(live_server.url + reverse("series:clubs", args=[series.slug]))
        page.evaluate(
            "document.querySelectorAll('details').forEach(d => d.open = true)"
        )
        _fits(_overflow(page), 390)
        assert page.locator("table.club-ranking td.num:visible").count() >= 2
        context.close()
    page = browser.new_page(viewport=DESK)
    page.goto(live_server.url + reverse("series:standings", args=[series.slug]))
    found = _overflow(page)
    assert len(found["heads"]) >= 9  # a wide screen shows every column
    _fits(found, 1366)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_directors_lists_fit_a_phone(live_server, browser):
    from django.conf import settings
    from django.test import Client

    club = factories.ClubFactory(
        name="Koninklijke Maatschappij De Zotte Manille", short_name="KMDZM"
    )
    club.city = "Sint-Eloois-Vijve"
    club.save()
    member = factories.PlayerFactory(
        first_name="Marie-Christine", last_name="Vandenbroucke", club=club
    )
    member.member_number = "2026-000123"
    member.save()
    partner = factories.PlayerFactory(
        first_name="Jean-Baptiste", last_name="Van de Walle", club=club
    )
    factories.TeamFactory(
        name="De Kaartvrienden", club=club, player_one=member, player_two=partner
    )
    staff = get_user_model().objects.create_user(username="staff", is_staff=True)
    client = Client()
    client.force_login(staff)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    for lang in ("nl", "fr"):
        context = browser.new_context(viewport=PHONE)
        context.add_cookies(
            [
                {
                    "name": settings.SESSION_COOKIE_NAME,
                    "value": cookie,
                    "url": live_server.url,
                },
                {"name": "django_language", "value": lang, "url": live_server.url},
            ]
        )
        page = context.new_page()
        for name in ("director:clubs", "director:players", "director:teams"):
            page.goto(live_server.url + reverse(name))
            _fits(_overflow(page), 390)
            assert page.get_by_text("Vandenbroucke, Marie-Christine").count() or (
                name != "director:players"
            )
        page.goto(live_server.url + reverse("director:clubs"))
        # The members' link, a column on a wide screen, is under the name.
        people = reverse("director:club_people", args=[club.pk])
        assert page.locator(f'a.club-line[href="{people}"]').is_visible()
        context.close()
