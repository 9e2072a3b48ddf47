"""What players see: names found without accents, forfeits said in words, clubs by
their names.

Issue 13: finding 8 (the public standings' filter needed the accents typed; a
player's surname did not find their team), finding 7 (a forfeit showed as a plain
"101–0 won") and finding 12 (clubs shown by their short names, "C1", on "where do
I sit?" and the draft).
"""

import re
from html import unescape

import pytest
from django.urls import reverse

from clubs.models import Club, Player
from core.folding import fold
from draws import services as draw_services
from scoring import services as scoring
from tests import factories
from tests.builders import build_event
from tournaments.models import Entry

pytestmark = pytest.mark.django_db


def _data_names(html: str) -> list[str]:
    return [unescape(n) for n in re.findall(r'data-name="([^"]*)"', html)]


# ----------------------------------------------------------- the standings' filter


@pytest.fixture
def accented():
    """A played individual event in which one player is Thérèse Ghesquière."""
    t = build_event(players=16, rounds=2, final=0, seed=5, clubs=3)
    entry = Entry.objects.filter(tournament=t).select_related("player").first()
    Player.objects.filter(pk=entry.player_id).update(
        first_name="Thérèse", last_name="Ghesquière"
    )
    Club.objects.filter(pk=entry.player.club_id).update(name="Cercle Liégeois")
    return t


def test_the_standings_rows_carry_folded_names(client, accented):
    html = client.get(reverse("live:standings", args=[accented.slug])).content.decode()
    names = _data_names(html)
    assert "therese ghesquiere" in names
    assert all(n == fold(n) for n in names)
    assert "Thérèse Ghesquière" in html  # shown as written


def test_the_club_standings_and_the_results_rows_carry_folded_names(client, accented):
    url = reverse("live:standings", args=[accented.slug])
    html = client.get(url, {"kind": "clubs"}).content.decode()
    assert "cercle liegeois" in _data_names(html)
    html = client.get(reverse("live:results", args=[accented.slug, 1])).content
    names = _data_names(html.decode())
    assert any("therese ghesquiere" in n for n in names)
    assert all(n == fold(n) for n in names)


def test_a_teams_row_is_found_by_its_players_names(client):
    t = build_event(players=8, rounds=1, final=0, seed=6, clubs=2, pairs=True)
    entry = Entry.objects.filter(tournament=t).select_related("team").first()
    entry.team.player_one = factories.PlayerFactory(
        first_name="Noël", last_name="Vandenbussche"
    )
    entry.team.save()
    url = reverse("live:standings", args=[t.slug])
    html = client.get(url, {"kind": "teams"}).content.decode()
    row = re.search(rf'<tr id="e{entry.pk}" data-name="([^"]*)"', html)
    assert row is not None
    words = unescape(row[1])
    assert fold(entry.team.name) in words and "noel vandenbussche" in words


# ---------------------------------------------------------------------- forfeits


@pytest.fixture
def forfeited(sheet_table, director):
    """Table 1 of a published round (seats 1–4; games 12v34, 13v24, 14v23):
    game 1 side B did not come, game 2 side A forfeited, game 3 side B did not come.
    """
    sheet = sheet_table.sheet
    events = [(1, "no_show", 1), (2, "forfeit", 0), (3, "no_show", 1)]
    for number, kind, side in events:
        sheet = scoring.table_event_add(
            sheet=sheet,
            game=sheet_table.games.get(number=number),
            kind=kind,
            side=side,
            reason="Vandamme left after lunch",
            by=director,
            version=sheet.version,
        )
    return sheet_table, sheet


def _confirm(sheet, director, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        scoring.sheet_confirm(sheet=sheet, by=director, version=sheet.version)


def test_the_results_say_who_won_by_forfeit_once_confirmed(
    client, forfeited, director, django_capture_on_commit_callbacks
):
    table, sheet = forfeited
    url = reverse("live:results", args=[table.round.tournament.slug, 1])
    html = client.get(url).content.decode()
    assert "forfeit" not in html and "absent" not in html  # not confirmed yet

    _confirm(sheet, director, django_capture_on_commit_callbacks)
    html = client.get(url).content.decode()
    assert html.count("A won by forfeit: B absent") == 2
    assert html.count("B won by forfeit") == 1
    assert html.count('class="badge forfeit">absent: lost by forfeit<') == 2
    assert html.count('class="badge forfeit">forfeit<') == 1


def test_the_players_page_says_won_or_lost_by_forfeit(
    client, forfeited, director, django_capture_on_commit_callbacks
):
    table, sheet = forfeited
    _confirm(sheet, director, django_capture_on_commit_callbacks)
    slug = table.round.tournament.slug

    def results(position: int) -> list[str]:
        entry = table.seats.get(position=position).entry_id
        html = client.get(reverse("live:entrant", args=[slug, entry])).content
        cells = re.findall(r'<td class="col-result"[^>]*>([^<]*)</td>', html.decode())
        return [c.strip() for c in cells]

    # Seat 1 is on side A every time; seat 3 is B, A, B.
    assert results(1) == ["won by forfeit", "lost by forfeit", "won by forfeit"]
    assert results(3) == [
        "lost by forfeit (absent)",
        "lost by forfeit",
        "lost by forfeit (absent)",
    ]


def test_a_game_without_forfeit_still_says_won_or_lost(client, confirm_table):
    t = factories.TournamentFactory()
    rnd = factories.RoundFactory(tournament=t, number=1)
    table = factories.individual_table(round=rnd, number=1)
    confirm_table(table, [(101, 40), (30, 101), (101, 0)])
    entry = table.seats.get(position=1).entry_id
    html = client.get(reverse("live:entrant", args=[t.slug, entry])).content.decode()
    cells = re.findall(r'<td class="col-result"[^>]*>([^<]*)</td>', html)
    assert [c.strip() for c in cells] == ["won", "lost", "won"]
    html = client.get(reverse("live:results", args=[t.slug, 1])).content.decode()
    assert "forfeit" not in html


# ------------------------------------------------------------------- club names


@pytest.fixture
def drawn(tournament, director):
    """A drawn round (a draft) of eight players of a club with a short name."""
    factories.PhaseFactory(tournament=tournament, rounds=3)
    club = factories.ClubFactory(name="De Zotte Manille", short_name="DZM")
    for _ in range(8):
        factories.EntryFactory(
            tournament=tournament, player=factories.PlayerFactory(club=club)
        )
    return draw_services.round_draw(phase=tournament.phases.get(), by=director, seed=4)


def test_where_do_i_sit_shows_the_clubs_name_under_the_name_on_a_phone(
    client, drawn, director
):
    rnd = draw_services.round_publish(round=drawn, by=director)
    url = reverse("public:draw_by_name", args=[rnd.tournament.slug, rnd.number])
    html = client.get(url).content.decode()
    # A column on a wide screen, a line under the player's name on a phone.
    assert html.count('<td class="hide-phone muted">De Zotte Manille</td>') == 8
    assert html.count('<span class="club-line">De Zotte Manille</span>') == 8
    assert ">DZM<" not in html
    html = client.get(
        reverse("public:draw", args=[rnd.tournament.slug, rnd.number])
    ).content.decode()
    assert html.count('title="De Zotte Manille">De Zotte Manille</span>') == 8
    assert ">DZM<" not in html


def test_the_draft_shows_the_clubs_name(director_client, drawn):
    url = reverse("director:round", kwargs={"slug": drawn.tournament.slug, "number": 1})
    html = director_client.get(url).content.decode()
    assert html.count('title="De Zotte Manille">De Zotte Manille</span>') == 8
    assert ">DZM<" not in html
