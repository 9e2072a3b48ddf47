"""Keep fixed what the fuzz test (tests/test_fuzz.py) found in the people's lists."""

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("per_page", ["-1", "0", "9" * 20])
@pytest.mark.parametrize("page_name", ["clubs", "players", "teams"])
def test_a_list_page_shows_rows_whatever_per_page_the_address_asks(
    director_client, tournament, page_name, per_page
):
    """``?per_page=-1`` answered 500 (EmptyPage), ``?per_page=0`` ZeroDivisionError."""
    entry = factories.EntryFactory(tournament=tournament)
    factories.TeamEntryFactory(tournament=factories.TournamentFactory())
    url = reverse(f"director:{page_name}")
    response = director_client.get(url, {"per_page": per_page, "page": "-3"})
    assert response.status_code == 200
    if page_name == "players":
        assert entry.player.last_name in response.text
