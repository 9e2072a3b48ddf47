"""Sheet services: every deal checked by the engine, saved whole or not at all."""

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.models import Correction, DealRecord, GameTotal, ScoreSheet
from scoring.services import DealInput, GameInput, ResultError, SheetConflict
from tournaments.models import Game, Round, Tournament

pytestmark = pytest.mark.django_db


def game(table, number=1) -> Game:
    return Game.objects.get(table=table, number=number)


def add(table, deal, by, number=1, **kw) -> ScoreSheet:
    sheet = ScoreSheet.objects.get(table=table)
    return services.deal_record(
        sheet=sheet,
        game=game(table, number),
        deal=deal,
        by=by,
        version=sheet.version,
        **kw,
    )


def test_a_common_deal_is_scored_and_written_to_the_game(sheet_table, director):
    sheet = add(sheet_table, DealInput("hearts", 42), director)
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (42, 18)
    assert (record.score_a, record.score_b, record.factor) == (12, 0, 1)
    g = game(sheet_table)
    assert (g.score_a, g.score_b, g.finished, g.winner) == (12, 0, False, None)
    assert g.deals_won_a == 1
    assert sheet.version == 1
    assert sheet.status == ScoreSheet.Status.ENTERED
    assert sheet.entered_by == director


def test_side_b_is_68_minus_a_with_a_point_per_trick(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        trick_points=True
    )
    add(sheet_table, DealInput("spades", 40, tricks_a=5), director)
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b, record.tricks_a) == (40, 28, 5)
    assert record.score_a == 6  # 40 - 34


def test_typing_both_sides_checks_the_sum(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        type_both_sides=True
    )
    with pytest.raises(ResultError) as missing:
        add(sheet_table, DealInput("hearts", 42), director)
    assert missing.value.field == "points_b"
    with pytest.raises(ResultError) as wrong:
        add(sheet_table, DealInput("hearts", 42, 19), director)
    assert wrong.value.code == "points_sum"
    assert "60" in wrong.value.message and "61" in wrong.value.message
    assert not DealRecord.objects.exists()


def test_an_impossible_deal_is_refused_and_nothing_changes(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    with pytest.raises(ResultError) as exc:
        add(sheet_table, DealInput("clubs", 75), director)
    assert exc.value.field == "points_a"
    assert exc.value.index == 1 and exc.value.game == 1
    assert "75" in exc.value.message
    assert DealRecord.objects.count() == 1
    assert ScoreSheet.objects.get().version == 1
    assert game(sheet_table).score_a == 12


@pytest.mark.parametrize(
    ("deal", "field"),
    [
        (DealInput("hearts", 42, knocks=3), "knocks"),
        (DealInput("hearts", 42, knocks=-1), "knocks"),
        (DealInput("wands", 42), "trump"),
        (DealInput("hearts", -2), "points_a"),
        (DealInput("hearts", None), "points_a"),
        (DealInput("hearts", 42, tricks_a=9), "tricks_a"),
        (DealInput("hearts", 50, tricks_a=1), "tricks_a"),
    ],
)
def test_every_field_is_checked_by_the_engine(sheet_table, director, deal, field):
    with pytest.raises(ResultError) as exc:
        add(sheet_table, deal, director)
    assert exc.value.field == field
    assert exc.value.message
    assert not DealRecord.objects.exists()


def test_blind_is_refused_when_the_tournament_does_not_play_it(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        blind_doubles=False
    )
    with pytest.raises(ResultError) as exc:
        add(sheet_table, DealInput("hearts", 42, blind=True), director)
    assert exc.value.field == "blind"


def test_a_revoke_gives_the_other_side_the_deals_maximum(sheet_table, director):
    add(sheet_table, DealInput("no_trump", None, revoke=0, knocks=1), director)
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (0, 0)
    assert (record.score_a, record.score_b) == (0, 120)
    assert game(sheet_table).revokes_a == 1


def test_the_game_closes_at_the_target_and_refuses_more_deals(sheet_table, director):
    for _ in range(2):
        add(sheet_table, DealInput("no_trump", 60), director)  # 60 each
    g = game(sheet_table)
    assert (g.score_a, g.finished, g.winner) == (120, True, 0)
    with pytest.raises(ResultError) as exc:
        add(sheet_table, DealInput("hearts", 40), director)
    assert exc.value.code == "game_over"
    add(sheet_table, DealInput("hearts", 40), director, number=2)
    assert game(sheet_table, 2).score_a == 10


def test_a_fixed_number_of_deals_ends_the_game(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        target=None, deals=2
    )
    add(sheet_table, DealInput("hearts", 40), director)
    add(sheet_table, DealInput("hearts", 10), director)
    g = game(sheet_table)
    assert g.finished and g.winner == 1 and (g.score_a, g.score_b) == (10, 20)


def test_editing_and_removing_a_deal_rescores_the_game(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    add(sheet_table, DealInput("hearts", 40), director)
    add(
        sheet_table, DealInput("spades", 20), director, number=1, **{}
    ) if False else None
    sheet = ScoreSheet.objects.get()
    services.deal_record(
        sheet=sheet,
        game=game(sheet_table),
        deal=DealInput("spades", 20),
        number=1,
        by=director,
        version=sheet.version,
    )
    assert game(sheet_table).score_a == 10 and game(sheet_table).score_b == 10
    sheet = ScoreSheet.objects.get()
    services.deal_delete(
        sheet=sheet,
        game=game(sheet_table),
        number=1,
        by=director,
        version=sheet.version,
    )
    assert list(DealRecord.objects.values_list("number", "points_a")) == [(1, 40)]
    assert game(sheet_table).score_b == 0


def test_a_stale_version_is_a_conflict_and_changes_nothing(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    sheet = ScoreSheet.objects.get()
    with pytest.raises(SheetConflict) as exc:
        services.deal_record(
            sheet=sheet,
            game=game(sheet_table),
            deal=DealInput("hearts", 50),
            by=director,
            version=0,
        )
    assert exc.value.sheet.version == 1
    assert DealRecord.objects.count() == 1


def test_a_game_of_another_table_is_refused(sheet_table, sheet_round, director):
    from tests.factories import individual_table

    other = individual_table(round=sheet_round, number=2)
    sheet = ScoreSheet.objects.get(table=sheet_table)
    with pytest.raises(ResultError) as exc:
        services.deal_record(
            sheet=sheet,
            game=game(other),
            deal=DealInput("hearts", 42),
            by=director,
            version=0,
        )
    assert exc.value.code == "game"
    assert not DealRecord.objects.exists()
    assert ScoreSheet.objects.get(table=sheet_table).version == 0


@pytest.mark.parametrize("status", [Round.Status.CLOSED, Round.Status.DRAFT])
def test_no_deal_is_taken_for_a_closed_or_draft_round(sheet_table, director, status):
    Round.objects.filter(pk=sheet_table.round_id).update(status=status)
    with pytest.raises(ResultError) as exc:
        add(sheet_table, DealInput("hearts", 42), director)
    assert exc.value.code in {"round_closed", "round_draft"}
    assert not DealRecord.objects.exists()


def test_card_counts_give_both_sides_points(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.CARDS
    )
    add(sheet_table, DealInput("hearts", cards_a=(3, 2, 2, 1, 0)), director)
    record = DealRecord.objects.get()
    assert (record.points_a, record.points_b) == (15 + 8 + 6 + 2, 60 - 31)
    assert record.tens_a == 3
    with pytest.raises(ResultError) as exc:
        add(sheet_table, DealInput("hearts", cards_a=(5, 0, 0, 0, 0)), director)
    assert exc.value.field == "tens_a"


def test_totals_only_entry_checks_the_target(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        entry_mode=Tournament.EntryMode.TOTALS
    )
    sheet = ScoreSheet.objects.get()
    with pytest.raises(ResultError):
        services.game_totals_record(
            sheet=sheet, game=game(sheet_table), totals=(80, 60), by=director, version=0
        )
    sheet = services.game_totals_record(
        sheet=sheet, game=game(sheet_table), totals=(104, 62), by=director, version=0
    )
    g = game(sheet_table)
    assert (g.score_a, g.score_b, g.finished, g.winner) == (104, 62, True, 0)
    assert GameTotal.objects.get().score_a == 104


def test_a_forfeit_gives_the_other_side_the_tournaments_score(sheet_table, director):
    sheet = ScoreSheet.objects.get()
    services.table_event_add(
        sheet=sheet,
        game=game(sheet_table),
        kind="forfeit",
        side=1,
        reason="Side B left the hall",
        by=director,
        version=0,
    )
    g = game(sheet_table)
    assert (g.score_a, g.score_b, g.finished, g.winner) == (101, 0, True, 0)


def test_points_awarded_need_a_reason_and_add_to_a_side(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    sheet = ScoreSheet.objects.get()
    with pytest.raises(ResultError) as exc:
        services.table_event_add(
            sheet=sheet,
            game=game(sheet_table),
            kind="award",
            side=1,
            points=10,
            reason="  ",
            by=director,
            version=sheet.version,
        )
    assert exc.value.field == "reason"
    services.table_event_add(
        sheet=sheet,
        game=game(sheet_table),
        kind="award",
        side=1,
        points=10,
        reason="Slow play by A",
        by=director,
        version=sheet.version,
    )
    assert (game(sheet_table).score_a, game(sheet_table).score_b) == (12, 10)


def _play_whole_sheet(table, by):
    sheet = ScoreSheet.objects.get(table=table)
    data = {
        n: GameInput([DealInput("no_trump", 60), DealInput("no_trump", 58)])
        for n in (1, 2, 3)
    }
    return services.sheet_save(sheet=sheet, data=data, by=by, version=sheet.version)


def test_confirming_needs_every_game_ended(sheet_table, director):
    add(sheet_table, DealInput("hearts", 42), director)
    sheet = ScoreSheet.objects.get()
    with pytest.raises(ResultError) as exc:
        services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert exc.value.code == "unfinished"


def test_confirming_touches_the_tournament(
    sheet_table, director, django_capture_on_commit_callbacks
):
    sheet = _play_whole_sheet(sheet_table, director)
    before = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert sheet.status == ScoreSheet.Status.CONFIRMED
    assert sheet.confirmed_by == director and sheet.confirmed_at
    assert Tournament.objects.get().version == before + 1


def test_a_correction_after_confirmation_needs_a_reason_and_is_logged(
    sheet_table, director, django_capture_on_commit_callbacks
):
    sheet = _play_whole_sheet(sheet_table, director)
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    with pytest.raises(ResultError) as exc:
        services.deal_record(
            sheet=sheet,
            game=game(sheet_table),
            deal=DealInput("hearts", 40),
            number=2,
            by=director,
            version=sheet.version,
        )
    assert exc.value.field == "reason"
    assert not Correction.objects.exists()
    touched = Tournament.objects.get().version
    with django_capture_on_commit_callbacks(execute=True):
        sheet = services.sheet_correct(
            sheet=ScoreSheet.objects.get(),
            data={1: GameInput([DealInput("no_trump", 60), DealInput("no_trump", 54)])},
            by=director,
            version=sheet.version,
            reason="Paper sheet says 54",
        )
    correction = Correction.objects.get()
    assert correction.by == director
    assert correction.reason == "Paper sheet says 54"
    assert correction.before["games"][0]["deals"][1]["points_a"] == 58
    assert correction.after["games"][0]["deals"][1]["points_a"] == 54
    assert game(sheet_table).score_a == 60 + 48
    assert sheet.status == ScoreSheet.Status.CONFIRMED
    assert Tournament.objects.get().version == touched + 1


def test_every_correction_writes_its_own_audit_entry(sheet_table, director):
    sheet = _play_whole_sheet(sheet_table, director)
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    sheet = services.deal_record(
        sheet=sheet,
        game=game(sheet_table, 2),
        deal=DealInput("no_trump", 56),
        number=2,
        by=director,
        version=sheet.version,
        reason="typo",
    )
    sheet = services.table_event_add(
        sheet=sheet,
        game=game(sheet_table, 3),
        kind="award",
        side=0,
        points=5,
        reason="Penalty for B",
        by=director,
        version=sheet.version,
    )
    assert Correction.objects.count() == 2


def test_double_entry_must_agree_before_confirmation(sheet_table, director):
    Tournament.objects.filter(pk=sheet_table.round.tournament_id).update(
        double_entry=True
    )
    second = get_user_model().objects.create_user("td2", password="x-secret-2")
    sheet = _play_whole_sheet(sheet_table, director)
    with pytest.raises(ResultError) as exc:
        services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert exc.value.code == "second_missing"
    with pytest.raises(ResultError) as same:
        services.sheet_save(
            sheet=sheet, data={}, by=director, version=sheet.version, copy=2
        )
    assert same.value.code == "same_director"
    data = {
        n: GameInput(
            [DealInput("no_trump", 60), DealInput("no_trump", 58 if n < 3 else 57)]
        )
        for n in (1, 2, 3)
    }
    sheet = services.sheet_save(
        sheet=ScoreSheet.objects.get(),
        data=data,
        by=second,
        version=sheet.version,
        copy=2,
    )
    from scoring.selectors import sheet_differences

    differences = sheet_differences(sheet=sheet)
    assert [(d.game, d.deal, d.fields) for d in differences] == [
        (3, 2, ["points_a", "points_b"])
    ]
    with pytest.raises(ResultError) as mismatch:
        services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert mismatch.value.code == "mismatch"
    sheet = services.deal_record(
        sheet=ScoreSheet.objects.get(),
        game=game(sheet_table, 3),
        deal=DealInput("no_trump", 58),
        number=2,
        by=second,
        version=sheet.version,
        copy=2,
    )
    assert game(sheet_table, 3).score_a == 60 + 56  # the first copy decides
    sheet = services.sheet_confirm(sheet=sheet, by=director, version=sheet.version)
    assert sheet.status == ScoreSheet.Status.CONFIRMED
