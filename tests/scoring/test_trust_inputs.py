"""Score sheets take only what the tournament's entry mode records (issue 12).

Finding 3: card counts posted to a points-only sheet were stored (``tens_a=4``)
or crashed on the database's check (``tens_a=5``, an IntegrityError). Finding 9: a
deal posted to a totals-only sheet stored nothing, yet marked the sheet entered
and moved its version. Both are refused or ignored with nothing changed, never a
500. Ids posted to the sheet's forms are bounded like every other id.
"""

import pytest
from django.urls import reverse

from scoring import services
from scoring.forms import CARD_FIELDS
from scoring.models import DealRecord, GameTotal, ScoreSheet, TableEvent
from scoring.services import DealInput, GameInput, ResultError
from tournaments.models import Game, Tournament

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
HUGE = "9" * 20


def _mode(table, mode, **rules):
    Tournament.objects.filter(pk=table.round.tournament_id).update(
        entry_mode=mode, **rules
    )


def _url(table, name):
    return reverse(f"scoring:{name}", kwargs={"table_id": table.pk})


def _state(table):
    """Everything a refused entry must leave as it was."""
    sheet = ScoreSheet.objects.get(table=table)
    return {
        "sheet": (sheet.status, sheet.version, sheet.entered_by_id),
        "deals": list(DealRecord.objects.filter(game__table=table).values()),
        "totals": list(GameTotal.objects.filter(game__table=table).values()),
        "games": list(
            Game.objects.filter(table=table)
            .order_by("number")
            .values("score_a", "score_b", "finished", "winner")
        ),
    }


def _post_deal(client, table, **fields):
    data = {
        "game": Game.objects.get(table=table, number=1).pk,
        "declarer": "0",
        "trump": "h",
        "version": str(ScoreSheet.objects.get(table=table).version),
        **fields,
    }
    return client.post(_url(table, "deal_save"), data, **HTMX)


# ------------------------------------------------- card counts, points only (3)


@pytest.mark.parametrize("count", ["4", "5", "-1", "999"])
def test_card_counts_posted_to_a_points_only_sheet_are_never_stored(
    director_client, sheet_table, count
):
    """``tens_a=5`` was a 500 (deal_cards_in_range), ``tens_a=4`` was stored."""
    _mode(sheet_table, Tournament.EntryMode.DEALS)
    cards = dict.fromkeys(CARD_FIELDS, count)
    response = _post_deal(director_client, sheet_table, points_a="42", **cards)
    assert response.status_code == 200
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (42, 18)
    assert [getattr(record, name) for name in CARD_FIELDS] == [None] * 5


def test_the_service_drops_card_counts_outside_card_mode(sheet_table, director):
    _mode(sheet_table, Tournament.EntryMode.DEALS)
    sheet = ScoreSheet.objects.get(table=sheet_table)
    services.deal_record(
        sheet=sheet,
        game=Game.objects.get(table=sheet_table, number=1),
        deal=DealInput("hearts", 42, cards_a=(5, 4, 4, 4, 4)),
        by=director,
        version=sheet.version,
    )
    record = DealRecord.objects.get()
    assert record.points_a == 42
    assert [getattr(record, name) for name in CARD_FIELDS] == [None] * 5


@pytest.mark.parametrize(
    ("name", "count"),
    [*((name, "5") for name in CARD_FIELDS), ("tens_a", "-1"), ("jacks_a", "999")],
)
def test_an_impossible_card_count_is_a_message_on_a_cards_sheet(
    director_client, sheet_table, name, count
):
    _mode(sheet_table, Tournament.EntryMode.CARDS)
    before = _state(sheet_table)
    cards = dict.fromkeys(CARD_FIELDS, "2") | {name: count}
    response = _post_deal(director_client, sheet_table, **cards)
    assert response.status_code == 422
    assert "errorlist" in response.text  # next to the card boxes, which are shown
    assert _state(sheet_table) == before


# ---------------------------------------------------------- totals only (9)


def test_a_deal_posted_to_a_totals_only_sheet_is_refused_and_changes_nothing(
    director_client, sheet_table
):
    """It used to answer 200, store nothing, and mark the sheet entered (v1)."""
    _mode(sheet_table, Tournament.EntryMode.TOTALS)
    before = _state(sheet_table)
    response = _post_deal(director_client, sheet_table, points_a="42")
    assert response.status_code == 422
    assert "enters game totals only" in response.text
    assert _state(sheet_table) == before
    assert before["sheet"] == (ScoreSheet.Status.OPEN, 0, None)


def test_removing_a_deal_from_a_totals_only_sheet_is_refused(
    director_client, sheet_table
):
    _mode(sheet_table, Tournament.EntryMode.TOTALS)
    before = _state(sheet_table)
    game = Game.objects.get(table=sheet_table, number=1)
    response = director_client.post(
        _url(sheet_table, "deal_delete"),
        {"game": game.pk, "number": "1", "version": "0"},
        **HTMX,
    )
    assert response.status_code == 422
    assert "enters game totals only" in response.text
    assert _state(sheet_table) == before


def test_the_deal_services_refuse_a_totals_only_sheet(sheet_table, director):
    _mode(sheet_table, Tournament.EntryMode.TOTALS)
    before = _state(sheet_table)
    sheet = ScoreSheet.objects.get(table=sheet_table)
    game = Game.objects.get(table=sheet_table, number=1)
    with pytest.raises(ResultError) as recorded:
        services.deal_record(
            sheet=sheet, game=game, deal=DealInput("hearts", 42), by=director, version=0
        )
    assert recorded.value.code == "mode" and recorded.value.status in (409, 422)
    with pytest.raises(ResultError) as saved:
        services.sheet_save(
            sheet=sheet,
            data={1: GameInput([DealInput("hearts", 42)])},
            by=director,
            version=0,
        )
    assert saved.value.code == "mode"
    assert _state(sheet_table) == before


def test_totals_saved_on_a_deal_by_deal_sheet_are_refused(sheet_table, director):
    """The other way round: typed totals would be stored beside the deals."""
    _mode(sheet_table, Tournament.EntryMode.DEALS)
    before = _state(sheet_table)
    sheet = ScoreSheet.objects.get(table=sheet_table)
    with pytest.raises(ResultError) as exc:
        services.sheet_save(
            sheet=sheet,
            data={1: GameInput([DealInput("hearts", 42)], totals=(101, 0))},
            by=director,
            version=0,
        )
    assert exc.value.code == "mode"
    assert _state(sheet_table) == before


def test_totals_still_save_on_a_totals_only_sheet(director_client, sheet_table):
    _mode(sheet_table, Tournament.EntryMode.TOTALS)
    game = Game.objects.get(table=sheet_table, number=1)
    response = director_client.post(
        _url(sheet_table, "totals_save"),
        {"game": game.pk, "score_a": "101", "score_b": "40", "version": "0"},
        **HTMX,
    )
    assert response.status_code == 200
    sheet = ScoreSheet.objects.get(table=sheet_table)
    assert (sheet.status, sheet.version) == (ScoreSheet.Status.ENTERED, 1)
    assert GameTotal.objects.get().score_a == 101


# ------------------------------------------------------------------ ids (4)


@pytest.mark.parametrize("game", [HUGE, "-1", "0", "x", ""])
def test_a_tampered_game_id_on_a_deal_is_a_message_on_the_page(
    director_client, sheet_table, game
):
    before = _state(sheet_table)
    response = _post_deal(director_client, sheet_table, points_a="42", game=game)
    assert response.status_code == 422
    assert 'id="sheet-error"' in response.text
    assert _state(sheet_table) == before


@pytest.mark.parametrize(
    ("name", "data"),
    [
        ("deal_delete", {"game": HUGE, "number": HUGE}),
        ("totals_save", {"game": HUGE, "score_a": "1", "score_b": "2"}),
        # A digit of another script: str.isdigit() says yes, int() says no.
        ("totals_save", {"game": "²", "score_a": "1", "score_b": "2"}),
        ("deal_save", {"game": "²", "number": "¹", "trump": "h", "points_a": "40"}),
        ("event_remove", {"event": HUGE}),
        ("event_add", {"game": HUGE, "kind": "award", "seat": "1", "reason": "x"}),
        ("sheet_confirm", {}),
    ],
)
def test_twenty_digit_ids_and_versions_on_the_sheet_are_refused(
    director_client, sheet_table, name, data
):
    if name == "totals_save":
        _mode(sheet_table, Tournament.EntryMode.TOTALS)
    before = _state(sheet_table)
    events = TableEvent.objects.count()
    for version in ("0", HUGE):
        response = director_client.post(
            _url(sheet_table, name), {**data, "version": version}, **HTMX
        )
        assert 400 <= response.status_code < 500
    assert _state(sheet_table) == before
    assert TableEvent.objects.count() == events
