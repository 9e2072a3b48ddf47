"""An event file is checked as the desk's own entry would be, and grants no rights.

Issue 23, item 10: a game total of 999–106 whose deals add to 33–106 imported, as
did a 50/50 deal scored 500; a player who is his own substitute and a substitute
cycle imported; a ``directors`` list in the file made existing local users
directors of the imported event; a 46 MB file with duplicate deal keys took 106 s
before it was refused. Every file here is an exported event, damaged in one place.
"""

import copy
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from core.errors import InvalidInput
from scoring.models import DealRecord
from tests.transfer.events import fingerprint, simulate
from tournaments.models import Game, Round, Tournament
from transfer import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def small():
    """A small event played to the end (games to 101), exported and deleted: the
    file the tests damage, and the database it would go back into."""
    slug = simulate(players=8, rounds=1, seed=24)
    data = services.export_event(Tournament.objects.get(slug=slug))
    Round.objects.filter(tournament__slug=slug).delete()
    Tournament.objects.filter(slug=slug).delete()
    return data


def _refused(data, message, **kwargs):
    before = fingerprint()
    with pytest.raises(InvalidInput, match=message):
        services.import_event(data, **kwargs)
    assert fingerprint() == before


def _game_deals(data, game_key):
    return [d for d in data["deals"] if d["game"] == game_key and d["copy"] == 1]


# ------------------------------------------------------------- scores recomputed


def test_a_game_total_its_deals_do_not_add_up_to_is_refused(small):
    """The finding: 999–106 on a game whose deals make 41–108."""
    data = copy.deepcopy(small)
    game = data["games"][0]
    game["score_a"] = 999
    _refused(data, r"round 1, table 1, game 1: .*999–108.*41–108")
    services.import_event(small)  # the file as exported imports


def test_a_game_s_winner_or_deal_count_that_disagrees_is_refused(small):
    data = copy.deepcopy(small)
    data["games"][0]["winner"] = 0  # side B won 41–108
    _refused(data, "table 1, game 1")
    data = copy.deepcopy(small)
    data["games"][1]["deals_won_a"] += 1
    _refused(data, "table 1, game 2")


def test_a_deal_the_engine_refuses_is_refused(small):
    """The finding: a 50/50 deal (100 card points of 60)."""
    data = copy.deepcopy(small)
    deal = data["deals"][0]
    deal.update(points_a=50, points_b=50, score_a=500, score_b=0)
    _refused(data, r"table 1, game 1, deal 1: .*60")


def test_a_deal_whose_stated_score_is_not_the_engine_s_is_refused(small):
    """Good card points, a made-up score: the engine's score stands, the file's is
    refused (a 500 would have carried the game)."""
    data = copy.deepcopy(small)
    data["deals"][0]["score_a"] = 500
    _refused(data, r"table 1, game 1, deal 1: .*500")


def test_a_second_copy_s_deals_go_through_the_engine_too(small):
    data = copy.deepcopy(small)
    deals = _game_deals(data, 1)
    twin = [dict(d, copy=2, key=10_000 + n) for n, d in enumerate(deals)]
    twin[0].update(points_a=50, points_b=50)
    data["deals"].extend(twin)
    _refused(data, "table 1, game 1, deal 1")


def test_the_imported_games_hold_what_the_engine_computed(small):
    moved = services.import_event(small)
    games = Game.objects.filter(table__round__tournament=moved).order_by("pk")
    stated = [(g["score_a"], g["score_b"]) for g in small["games"]]
    assert [(g.score_a, g.score_b) for g in games] == stated
    assert DealRecord.objects.filter(game__table__round__tournament=moved).count() == (
        len(small["deals"])
    )


# ----------------------------------------------------------------- substitutes


def test_a_player_who_is_his_own_substitute_is_refused(small):
    data = copy.deepcopy(small)
    data["players"][0]["substitute"] = data["players"][0]["key"]
    _refused(data, "“players”, row 1.*own substitute")


def test_a_substitute_cycle_is_refused(small):
    data = copy.deepcopy(small)
    one, two, three = data["players"][:3]
    one["substitute"], two["substitute"], three["substitute"] = (
        two["key"],
        three["key"],
        one["key"],
    )
    _refused(data, "“players”, row 1.*cycle")


def test_a_substitute_chain_without_a_cycle_imports(small):
    data = copy.deepcopy(small)
    one, two, three = data["players"][:3]
    one["substitute"], two["substitute"] = two["key"], three["key"]
    services.import_event(data)


def test_an_entrant_who_plays_in_his_own_place_is_refused(small):
    data = copy.deepcopy(small)
    entry = data["entries"][0]
    entry["plays_for"] = entry["player"]
    _refused(data, "“entries”, row 1.*in his own place")


# ------------------------------------------------------------------- directors


def test_the_file_s_directors_are_never_made_directors_here(small):
    """The finding: a ``directors`` list named local users, who then directed the
    event. The importing user directs it; the names are reported, nothing more."""
    users = get_user_model().objects
    local = users.create_user("td", password="pw-td-123")
    importer = users.create_user("importer", password="pw-imp-123", is_staff=True)
    data = copy.deepcopy(small)
    data["tournament"]["directors"] = ["td", "nobody-here"]
    report = services.ImportReport()

    moved = services.import_event(data, by=importer, report=report)

    assert list(moved.directors.all()) == [importer]
    assert not local.directed_tournaments.exists()
    assert not users.filter(username="nobody-here").exists()
    assert report.directors_not_granted == ["td", "nobody-here"]


def test_the_command_names_the_director_and_reports_the_file_s(small, tmp_path):
    users = get_user_model().objects
    users.create_user("td", password="pw-td-123")
    importer = users.create_user("importer", password="pw-imp-123")
    data = copy.deepcopy(small)
    data["tournament"]["directors"] = ["td"]
    path = tmp_path / "event.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    from io import StringIO

    err = StringIO()
    call_command(
        "import_event",
        str(path),
        "--director",
        "importer",
        stdout=StringIO(),
        stderr=err,
    )
    moved = Tournament.objects.get(slug=data["tournament"]["slug"])
    assert list(moved.directors.all()) == [importer]
    assert "td" in err.getvalue() and "not made directors" in err.getvalue()
    with pytest.raises(CommandError, match="no user “ghost”"):
        call_command("import_event", str(path), "--slug", "x2", "--director", "ghost")


# --------------------------------------------------------- big and bad, at once


def test_a_file_over_the_size_cap_is_refused_before_it_is_read(small, tmp_path):
    path = tmp_path / "huge.json"
    with path.open("wb") as out:  # sparse: no 46 MB written to the disk
        out.truncate(services.MAX_FILE_BYTES + 1)
    with pytest.raises(CommandError, match="larger than .* MB"):
        call_command("import_event", str(path), verbosity=0)
    with pytest.raises(InvalidInput, match="larger than"):
        services.event_from_json(b" " * (services.MAX_FILE_BYTES + 1))


def test_a_name_twice_in_one_object_is_refused_while_reading(small):
    text = json.dumps(small)
    twice = text.replace(
        '"format": "manille-event"', '"format": "x", "format": "manille-event"', 1
    )
    with pytest.raises(InvalidInput, match="“format” twice"):
        services.event_from_json(twice)


def test_duplicate_deal_keys_are_refused_before_any_row_is_built(small):
    """The duplicate is found in a first pass over every section's keys: an
    earlier section's broken row is not even reached."""
    data = copy.deepcopy(small)
    data["deals"][5]["key"] = data["deals"][4]["key"]
    data["games"][0]["colour"] = "red"  # would be refused first, row by row
    _refused(data, "“deals”, row 6: the key 5 is used twice")


def test_a_big_file_with_duplicate_deal_keys_is_refused_quickly(small):
    """Prints the figure: 200,000 deals (some 60 MB of JSON), every key 1."""
    import time

    data = copy.deepcopy(small)
    deal = dict(data["deals"][0], key=1)
    data["deals"] = [deal] * 200_000
    text = json.dumps(data)
    started = time.perf_counter()
    with pytest.raises(InvalidInput, match="used twice"):
        services.import_event(services.event_from_json(text, max_bytes=None))
    print(
        f"\n{len(text) / 1e6:.0f} MB, duplicate deal keys refused in "
        f"{time.perf_counter() - started:.2f} s"
    )
