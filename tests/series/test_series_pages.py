"""A series' pages: the settings form, standings, exports, PDF, director's side."""

import csv
import datetime
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from printing.series import series_standings_pdf
from series import services
from series.forms import RankingPointsField, SeriesForm
from series.models import Series, SeriesEvent
from series.selectors import series_standings
from tests.factories import ClubFactory, PlayerFactory, TournamentFactory
from tests.series.builders import build_series
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(name="De Zotte Manille")


@pytest.fixture
def manager(club, django_user_model):
    user = django_user_model.objects.create_user(username="mgr", password="pw-m-123")
    club.managers.add(user)
    return user


@pytest.fixture
def manager_client(client, manager):
    client.force_login(manager)
    return client


@pytest.fixture
def played():
    """Three played evenings, the best two counting."""
    return build_series(
        players=16, events=3, per_event=12, clubs=2, seed=3, best_of=2, slug="s3"
    )


def _form(user, **data):
    base = {
        "name": "Seizoen",
        "kind": "season",
        "ranking": "games_won",
        "ranking_points": "",
        "min_events": "1",
        "substitutes": "member",
        "club_min_games": "10",
        "language": "nl",
    }
    base.update(data)
    return SeriesForm(base, user=user)


# ------------------------------------------------------------------------ the form


def test_the_points_table_is_typed_as_numbers_with_spaces_or_commas():
    field = RankingPointsField(required=False)
    assert field.clean("20 18 16 15") == [20, 18, 16, 15]
    assert field.clean(" 20, 18;16\t15 ") == [20, 18, 16, 15]
    assert field.clean("") == []


@pytest.mark.parametrize(
    ("typed", "words"),
    [
        ("20 18 x 15", "“x” (place 3) is not a whole number"),
        ("20 18 -1", "“-1” (place 3) is not a whole number"),
        ("20 18.5", "“18.5” (place 2) is not a whole number"),
        ("10 12", "A place may not give more points than the place before it."),
        ("20000", "Points per place must be between 0 and 10000."),
    ],
)
def test_a_bad_points_table_is_refused_with_a_clear_reason(club, manager, typed, words):
    form = _form(
        manager, club=str(club.pk), ranking="ranking_points", ranking_points=typed
    )
    assert not form.is_valid()
    assert words in " ".join(form.errors["ranking_points"])


def test_ranking_on_points_needs_a_points_table(club, manager):
    form = _form(manager, club=str(club.pk), ranking="ranking_points")
    assert not form.is_valid()
    assert form.errors["ranking_points"] == [
        "Give the points per place to rank on ranking points."
    ]


def test_a_manager_is_offered_only_his_clubs_and_must_choose_one(club, manager):
    other = ClubFactory(name="Elders")
    form = _form(manager)
    assert list(form.fields["club"].queryset) == [club]
    assert not form.is_valid() and "club" in form.errors
    form = _form(manager, club=str(other.pk))
    assert not form.is_valid() and "club" in form.errors


def test_a_control_character_in_the_name_is_refused(club, manager):
    form = _form(manager, club=str(club.pk), name="Sei\x00zoen")
    assert not form.is_valid() and "name" in form.errors


# --------------------------------------------------------------- director's pages


def test_a_manager_creates_a_season_from_the_form(manager_client, club):
    response = manager_client.post(
        reverse("series:create"),
        {
            "name": "Seizoen 2026-2027",
            "club": club.pk,
            "kind": "season",
            "ranking": "ranking_points",
            "ranking_points": "20 18 16 15",
            "best_of": "10",
            "min_events": "3",
            "substitutes": "self",
            "club_min_games": "12",
            "language": "nl",
            "is_public": "on",
        },
    )
    series = Series.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("series:manage", args=[series.slug])
    assert series.slug == "seizoen-2026-2027"
    assert series.ranking_points == [20, 18, 16, 15]
    assert (series.best_of, series.min_events, series.club) == (10, 3, club)
    assert series.substitutes == "self" and series.club_min_games == 12


def test_a_bad_post_shows_the_form_again_with_400(manager_client, club):
    response = manager_client.post(
        reverse("series:create"),
        {
            "name": "S",
            "club": club.pk,
            "ranking": "ranking_points",
            "ranking_points": "20 x",
        },
    )
    assert response.status_code == 400
    assert "is not a whole number" in response.content.decode()
    assert not Series.objects.exists()


def test_the_list_shows_the_managers_series_only(manager_client, club, manager):
    mine = services.series_create(by=manager, name="Mijn seizoen", club=club)
    Series.objects.create(name="Andermans seizoen", slug="other", club=ClubFactory())
    page = manager_client.get(reverse("series:director_list")).content.decode()
    assert mine.name in page and "Andermans seizoen" not in page


def test_another_clubs_series_is_refused(manager_client):
    other = Series.objects.create(name="Elders", slug="elders", club=ClubFactory())
    assert (
        manager_client.get(reverse("series:manage", args=["elders"])).status_code == 403
    )
    response = manager_client.post(reverse("series:evening_new", args=[other.slug]))
    assert response.status_code == 403
    assert not Tournament.objects.exists()


def test_events_are_added_moved_and_taken_out(manager_client, club, manager):
    series = services.series_create(by=manager, name="Seizoen", club=club)
    one, two, three = (
        TournamentFactory(club=club, name=f"Avond {n}") for n in (1, 2, 3)
    )
    url = reverse("series:event_add", args=[series.slug])
    for t in (one, two, three):
        assert manager_client.post(url, {"tournament": t.pk}).status_code == 302
    stranger = TournamentFactory(name="Not mine")
    manager_client.post(url, {"tournament": stranger.pk})
    order = lambda: list(  # noqa: E731
        SeriesEvent.objects.filter(series=series)
        .order_by("order", "id")
        .values_list("tournament__name", flat=True)
    )
    assert order() == ["Avond 1", "Avond 2", "Avond 3"]
    move = reverse("series:event_move", args=[series.slug])
    event = SeriesEvent.objects.get(tournament=three)
    manager_client.post(move, {"event": event.pk, "action": "up"})
    assert order() == ["Avond 1", "Avond 3", "Avond 2"]
    manager_client.post(move, {"event": event.pk, "action": "up"})
    manager_client.post(move, {"event": event.pk, "action": "up"})  # first: stays
    assert order() == ["Avond 3", "Avond 1", "Avond 2"]
    manager_client.post(move, {"event": event.pk, "action": "remove"})
    assert order() == ["Avond 1", "Avond 2"]
    assert Tournament.objects.filter(pk=three.pk).exists()
    # Nonsense is a message, never a 500.
    response = manager_client.post(move, {"event": "x", "action": "sideways"})
    assert response.status_code == 302


def test_new_evening_then_one_confirm_checks_everyone_in(manager_client, club, manager):
    members = [PlayerFactory(club=club) for _ in range(8)]
    sub = PlayerFactory(club=ClubFactory())
    members[0].substitute = sub
    members[0].save()
    series = services.series_create(by=manager, name="Seizoen", club=club)
    first = TournamentFactory(club=club, name="Avond 1")
    first.directors.add(manager)
    services.series_event_add(series=series, tournament=first, by=manager)

    response = manager_client.post(
        reverse("series:evening_new", args=[series.slug]), {"date": "2026-10-11"}
    )
    evening = Tournament.objects.exclude(pk=first.pk).get()
    checkin = reverse("series:evening_checkin", args=[series.slug, evening.slug])
    assert response.status_code == 302 and response["Location"] == checkin
    assert evening.date == datetime.date(2026, 10, 11)

    page = manager_client.get(checkin).content.decode()
    ticked = page.count(" checked")
    assert ticked == 8  # the members; the substitute is not ticked
    sub_entry = Entry.objects.get(tournament=evening, player=sub)
    absent = Entry.objects.get(tournament=evening, player=members[0])
    present = [
        e.pk for e in Entry.objects.filter(tournament=evening).exclude(pk=absent.pk)
    ]
    response = manager_client.post(checkin, {"present": present})
    assert response.status_code == 302
    assert response["Location"] == reverse("director:tournament", args=[evening.slug])
    statuses = dict(
        Entry.objects.filter(tournament=evening).values_list("pk", "status")
    )
    assert statuses[sub_entry.pk] == Entry.Status.PRESENT
    assert statuses[absent.pk] == Entry.Status.REGISTERED
    assert sum(s == Entry.Status.PRESENT for s in statuses.values()) == 8
    # An entry of another event is refused, nothing changes.
    response = manager_client.post(checkin, {"present": [present[0], 999999]})
    assert response.status_code == 400


# ----------------------------------------------------------- public page, exports


def test_the_public_standings_explain_each_row(
    client, played, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        response = client.get(reverse("series:standings", args=[played.slug]))
    page = response.content.decode()
    assert response.status_code == 200
    standings = series_standings(series=played)
    row = next(r for r in standings.rows if r.dropped_numbers)
    assert standings.explanation(row) in page
    assert "dropped" in standings.explanation(row)
    for event in standings.events:
        assert event.name in page


def test_a_hidden_series_is_404_for_the_public(client, played):
    played.is_public = False
    played.save()
    for name in ("series:standings", "series:standings_csv", "series:standings_xlsx"):
        assert client.get(reverse(name, args=[played.slug])).status_code == 404
    assert (
        client.get(reverse("pdf:series_standings", args=[played.slug])).status_code
        == 404
    )


def _csv_rows(response) -> list[list[str]]:
    text = b"".join(
        response.streaming_content if response.streaming else [response.content]
    ).decode("utf-8-sig")
    delimiter = ";" if text.splitlines()[0].count(";") else ","
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def test_the_csv_export_lists_every_row_with_its_explanation(client, played):
    response = client.get(reverse("series:standings_csv", args=[played.slug]))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = _csv_rows(response)
    standings = series_standings(series=played)
    assert len(rows) == len(standings.rows) + 1
    head = rows[0]
    assert head[:3] == ["#", "name", "club"]
    assert "counted events" in head
    first = standings.rows[0]
    assert rows[1][1] == first.name
    assert rows[1][head.index("won")] == str(first.games_won)
    assert rows[1][head.index("counted events")] == standings.explanation(first)


def test_the_csv_is_belgian_in_dutch(client, played):
    client.cookies.load({"django_language": "nl"})
    response = client.get(reverse("series:standings_csv", args=[played.slug]))
    content = response.content
    assert content.startswith("\ufeff".encode())
    assert content.decode("utf-8-sig").splitlines()[0].count(";") >= 8


def test_a_formula_in_a_name_is_exported_as_text(client, played):
    entry = Entry.objects.filter(tournament__series_events__series=played).first()
    player = entry.player
    player.first_name = '=HYPERLINK("http://evil","x")'
    player.save()
    rows = _csv_rows(client.get(reverse("series:standings_csv", args=[played.slug])))
    names = [r[1] for r in rows[1:]]
    assert any(n.startswith("'=HYPERLINK") for n in names)
    assert not any(n.startswith("=") for n in names)


def test_the_xlsx_export_opens_with_numbers_as_numbers(client, played):
    response = client.get(reverse("series:standings_xlsx", args=[played.slug]))
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content)).active
    rows = list(sheet.iter_rows(values_only=True))
    standings = series_standings(series=played)
    assert len(rows) == len(standings.rows) + 1
    head = list(rows[0])
    assert rows[1][head.index("won")] == standings.rows[0].games_won
    assert rows[1][head.index("name")] == standings.rows[0].name


# ---------------------------------------------------------------------------- PDF


def test_the_pdf_lists_the_players_with_their_counted_events(client, played):
    response = client.get(reverse("pdf:series_standings", args=[played.slug]))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    data = b"".join(response.streaming_content)
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages)
    standings = series_standings(series=played)
    flat = " ".join(text.split())
    assert played.name in flat
    for row in standings.rows[:10]:
        assert row.name in flat
    assert "dropped" in flat or "geschrapt" in flat or "laten vallen" in flat
    assert "Series standings" in flat or "Klassement" in flat or "klassement" in flat


def test_the_pdf_of_an_empty_series_says_so():
    series = Series.objects.create(name="Leeg", slug="leeg", language="en")
    text = (
        PdfReader(io.BytesIO(series_standings_pdf(series=series, lang="en")))
        .pages[0]
        .extract_text()
    )
    assert "No confirmed results yet." in text


def test_the_director_list_reads_few_queries_for_many_series(
    manager_client, club, manager, django_assert_max_num_queries
):
    for n in range(30):
        series = Series.objects.create(name=f"Seizoen {n}", slug=f"s-{n}", club=club)
        SeriesEvent.objects.create(series=series, tournament=TournamentFactory())
    with django_assert_max_num_queries(8):
        page = manager_client.get(reverse("series:director_list")).content.decode()
    assert page.count("Seizoen ") == 30


def test_the_standings_are_read_once_then_served_until_a_result_changes(
    client, played, django_assert_max_num_queries
):
    url = reverse("series:standings", args=[played.slug])
    first = client.get(url).content.decode()
    with django_assert_max_num_queries(3):  # the series, its events: nothing else
        assert client.get(url).content.decode() == first
    # A result changes an event's version: the next reader gets fresh standings.
    event = played.events.order_by("order").first().tournament
    Tournament.objects.filter(pk=event.pk).update(version=event.version + 1)
    with django_assert_max_num_queries(12):
        assert client.get(url).status_code == 200


def test_a_bad_evening_date_is_a_message_not_a_500(manager_client, club, manager):
    series = services.series_create(by=manager, name="Seizoen", club=club)
    response = manager_client.post(
        reverse("series:evening_new", args=[series.slug]), {"date": "31-02-2026"}
    )
    assert response.status_code == 302
    assert not Tournament.objects.exists()


def test_unknown_series_are_404(client, manager_client):
    assert client.get(reverse("series:standings", args=["nope"])).status_code == 404
    assert client.get("/series/nope/standings.csv").status_code == 404
    assert (
        manager_client.get(reverse("series:manage", args=["nope"])).status_code == 404
    )
