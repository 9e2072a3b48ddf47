"""Issue 23 §6: every entrant gets a short personal code, unique in its tournament,
shown to the director at check-in (the code an opponent types to accept a result
on the table's phone)."""

import pytest
from django.urls import reverse

from clubs.models import Player
from tests import factories
from tournaments import services
from tournaments.models import Entry
from tournaments.personal_codes import (
    PERSONAL_CODE_ALPHABET,
    PERSONAL_CODE_LENGTH,
    entry_codes_ensure,
    personal_code_matches,
    personal_code_normalise,
)

pytestmark = pytest.mark.django_db


def test_a_typed_personal_code_is_read_as_stored():
    assert personal_code_normalise(" k2 3a ") == "K23A"
    assert personal_code_normalise("K23O") == ""  # O is not in the alphabet
    assert personal_code_normalise("K23") == ""
    assert personal_code_normalise(None) == ""
    assert personal_code_matches(entry_code="K23A", typed="k23-a")
    assert not personal_code_matches(entry_code="K23A", typed="K23B")
    assert not personal_code_matches(entry_code="", typed="")  # none matches none


def test_registration_gives_each_entrant_a_code_of_the_alphabet(tournament, director):
    entries = [
        services.entry_register(
            tournament=tournament, player=factories.PlayerFactory(), by=director
        )
        for _ in range(40)
    ]
    codes = [e.personal_code for e in entries]
    assert len(set(codes)) == 40  # unique in the tournament
    for code in codes:
        assert len(code) == PERSONAL_CODE_LENGTH
        assert set(code) <= set(PERSONAL_CODE_ALPHABET)
    stored = set(Entry.objects.values_list("personal_code", flat=True))
    assert stored == set(codes)


def test_entrants_written_without_a_code_get_one_and_codes_never_change(tournament):
    kept = factories.EntryFactory(tournament=tournament)  # K222, from the factory
    bare = [
        Entry.objects.create(tournament=tournament, player=factories.PlayerFactory())
        for _ in range(3)
    ]
    assert entry_codes_ensure(tournament=tournament) == 3
    assert entry_codes_ensure(tournament=tournament) == 0  # nothing left to give
    kept.refresh_from_db()
    assert kept.personal_code == "K222"
    given = Entry.objects.filter(pk__in=[e.pk for e in bare])
    assert all(e.personal_code for e in given)


def test_two_tournaments_may_hand_out_the_same_code(tournament):
    other = factories.TournamentFactory()
    one = factories.EntryFactory(tournament=tournament, personal_code="AB23")
    two = factories.EntryFactory(tournament=other, personal_code="AB23")
    assert one.personal_code == two.personal_code


def test_the_check_in_screen_shows_each_entrants_code(director_client, tournament):
    player = Player.objects.create(first_name="Anna", last_name="Peeters")
    entry = services.entry_register(tournament=tournament, player=player)
    assert len(entry.personal_code) == 4  # given on registration
    before = Entry.objects.get(pk=entry.pk).personal_code
    page = director_client.get(reverse("tournaments:entries", args=[tournament.slug]))
    assert page.status_code == 200
    assert Entry.objects.get(pk=entry.pk).personal_code == before  # GET: no write
    html = page.content.decode()
    assert "personal code" in html
    assert f'<code class="personal-code">{entry.personal_code}</code>' in html
