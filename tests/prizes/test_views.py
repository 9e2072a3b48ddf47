"""The director's prize page (settings, table, award), the public list and the API."""

import pytest
from django.urls import reverse

from actionlog.models import ActionEntry
from prizes.models import Prize, PrizeAward, PrizeSettings
from prizes.services import prize_give, prizes_award
from tests import factories

pytestmark = pytest.mark.django_db

SETTINGS = {
    "calling_order": "last",
    "cash_share_percent": "",
    "cash_fixed": "100,00",
    "percentages": "50 30 20",
    "rounding_cents": "100",
    "remainder_to": "first",
    "paid_out": "event",
}


def _url(name, tournament):
    return reverse(f"prizes:{name}", kwargs={"slug": tournament.slug})


def test_the_page_saves_the_pot_and_its_table(director_client, evening):
    response = director_client.post(_url("prizes", evening), SETTINGS)
    assert response.status_code == 302
    settings = PrizeSettings.objects.get(tournament=evening)
    assert (settings.cash_fixed_cents, settings.percentages) == (10_000, "50 30 20")
    page = director_client.get(_url("prizes", evening)).content.decode()
    # Not awarded yet: the page shows what awarding would give, ties explained.
    assert "Not awarded yet" in page
    assert "places 3–5 shared equally" in page
    assert "€52.00" in page and "€6.00" in page


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("percentages", "40 30 40", "add up to 110"),
        ("percentages", "40 abc", "is no percentage"),
        ("cash_fixed", "twelve", "no amount in euros"),
        ("cash_share_percent", "150", "from 0 to 100"),
        ("rounding_cents", "7", "valid choice"),
        ("percentages", "40\x0b30", "control character"),
    ],
)
def test_bad_settings_are_refused_with_a_clear_message_and_nothing_saved(
    director_client, evening, field, value, message
):
    response = director_client.post(_url("prizes", evening), {**SETTINGS, field: value})
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not PrizeSettings.objects.exists()
    assert not ActionEntry.objects.filter(action__startswith="prize.").exists()


def test_the_table_saves_its_lines_in_order_and_reads_places_and_ranges(
    director_client, evening
):
    response = director_client.post(
        _url("prize_table", evening),
        {
            "p0_description": "Ham",
            "p0_rule": "place",
            "p0_places": "1",
            "p0_value": "25",
            "p0_donor": "Slagerij Vanhoutte",
            "p1_description": "Bottle",
            "p1_rule": "place",
            "p1_places": "2–4",
            "p2_description": "",  # an empty line: left out
            "p3_description": "Wooden spoon",
            "p3_rule": "booby",
        },
    )
    assert response.status_code == 302
    assert list(
        Prize.objects.values_list("description", "rule", "place_from", "place_to")
    ) == [
        ("Ham", "place", 1, None),
        ("Bottle", "range", 2, 4),
        ("Wooden spoon", "booby", None, None),
    ]
    assert Prize.objects.get(description="Ham").value_cents == 2_500


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ({"p0_description": "Ham", "p0_places": "first"}, "a range (4-10)"),
        ({"p0_description": "", "p0_places": "3"}, "Say what the prize is"),
        ({"p0_description": "Ham", "p0_rule": "place"}, "give the place"),
        ({"p0_description": "Ham", "p0_places": "1", "p0_value": "x"}, "no amount"),
        ({"p0_description": "Ham", "p0_places": "4-2", "p0_rule": "range"}, "range"),
        ({"p0_description": "Ham", "p0_rule": "nonsense"}, "valid choice"),
    ],
)
def test_a_bad_table_line_is_refused_next_to_it_and_nothing_saved(
    director_client, evening, line, message
):
    response = director_client.post(_url("prize_table", evening), line)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Prize.objects.exists()


def test_the_award_button_awards_and_the_api_and_the_public_list_show_them(
    director_client, client, evening
):
    director_client.post(_url("prizes", evening), SETTINGS)
    director_client.post(
        _url("prize_table", evening),
        {"p0_description": "Cup", "p0_rule": "place", "p0_places": "1"},
    )
    response = director_client.post(_url("award", evening), follow=True)
    assert "5 prizes awarded" in response.content.decode()
    assert PrizeAward.objects.count() == 5
    answer = client.get(
        reverse("api:prizes", kwargs={"slug": evening.slug})
    ).json()
    assert list(answer) == ["prizes"]
    rows = answer["prizes"]
    assert [r["place"] for r in rows] == [1, 2, 3, 3, 3]
    assert all(set(r) == {"place", "name", "prize", "amount_cents"} for r in rows)
    assert all(isinstance(r["name"], str) and isinstance(r["prize"], str) for r in rows)
    assert rows[0]["prize"] == "Cup + €52.00" and rows[0]["amount_cents"] == 5_200
    assert rows[1]["prize"] == "€30.00"
    assert sum(r["amount_cents"] for r in rows) == 10_000
    public = client.get(_url("public", evening)).content.decode()
    assert "Who won what" in public and "Cup" in public
    assert "places 3–5 shared equally" in public


def test_the_api_answers_a_null_amount_for_a_prize_in_kind(client, evening, director):
    Prize.objects.create(tournament=evening, description="Spoon", rule="booby")
    prizes_award(tournament=evening, by=director)
    rows = client.get(reverse("api:prizes", kwargs={"slug": evening.slug})).json()[
        "prizes"
    ]
    assert [(r["place"], r["prize"], r["amount_cents"]) for r in rows] == [
        (6, "Spoon", None)
    ] * 3


def test_the_api_follows_an_award_made_after_a_first_answer(
    client, evening, director, django_capture_on_commit_callbacks
):
    url = reverse("api:prizes", kwargs={"slug": evening.slug})
    first = client.get(url)
    assert first.json() == {"prizes": []}
    Prize.objects.create(tournament=evening, description="Spoon", rule="booby")
    with django_capture_on_commit_callbacks(execute=True):
        prizes_award(tournament=evening, by=director)
    again = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 200
    assert len(again.json()["prizes"]) == 3


def test_awarding_before_the_last_round_is_closed_says_why(director_client, evening):
    director_client.post(_url("prizes", evening), SETTINGS)
    factories.RoundFactory(
        tournament=evening, phase=evening.phases.get(), number=2, status="published"
    )
    page = director_client.get(_url("prizes", evening)).content.decode()
    assert "not closed yet" in page
    response = director_client.post(_url("award", evening), follow=True)
    assert "not closed yet" in response.content.decode()
    assert not PrizeAward.objects.exists()


def test_an_unlisted_event_s_prizes_are_hidden_from_strangers(client, evening):
    evening.is_public = False
    evening.save(update_fields=["is_public"])
    api = reverse("api:prizes", kwargs={"slug": evening.slug})
    assert client.get(api).status_code == 404
    assert client.get(_url("public", evening)).status_code == 404


def test_the_director_pages_are_for_the_event_s_directors_only(client, evening):
    assert client.get(_url("prizes", evening)).status_code == 302  # to the login
    other = factories.TournamentFactory()
    client.force_login(evening.directors.get())
    assert client.get(_url("prizes", other)).status_code == 403
    assert client.post(_url("award", other)).status_code == 403


def test_the_page_says_when_the_prize_giving_has_begun(
    director_client, evening, director
):
    director_client.post(_url("prizes", evening), SETTINGS)
    awards = prizes_award(tournament=evening, by=director)
    prize_give(award=awards[0], by=director)
    page = director_client.get(_url("prizes", evening)).content.decode()
    assert "The prize-giving has begun" in page


def test_the_public_front_page_links_who_won_what_once_prizes_are_awarded(
    client, evening, director, django_capture_on_commit_callbacks
):
    front = reverse("public:tournament", kwargs={"slug": evening.slug})
    target = _url("public", evening)
    assert target not in client.get(front).content.decode()
    Prize.objects.create(tournament=evening, description="Spoon", rule="booby")
    with django_capture_on_commit_callbacks(execute=True):
        prizes_award(tournament=evening, by=director)  # bumps the stored page
    page = client.get(front).content.decode()
    assert f'href="{target}"' in page and "Who won what" in page
