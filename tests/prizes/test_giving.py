"""The prize-giving: one key a prize in calling order, undo, picking from the table,
the projector that follows, and the printed prize list."""

import io
import subprocess

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from pypdf import PdfReader

from actionlog.models import ActionEntry
from core.errors import StateConflict
from prizes.giving import giving_for, prize_list_for
from prizes.models import Prize, PrizeAward
from prizes.services import (
    PrizeRow,
    prize_give,
    prize_give_undo,
    prize_pick,
    prize_settings_save,
    prize_table_save,
    prizes_award,
)
from tests import factories
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _url(name, tournament):
    return reverse(f"prizes:{name}", kwargs={"slug": tournament.slug})


def _stranger():
    """A director of another tournament, not of this one."""
    user = get_user_model().objects.create_user(username="other", password="x" * 12)
    factories.TournamentFactory().directors.add(user)
    return user


def _pdf_text(data: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


@pytest.fixture
def awarded(evening, hundred_euros, director):
    """The evening's €100 (50 30 20) and a ham for first place, awarded.

    Called last to first (the default): the three who share third place, then
    second, then first.
    """
    prize_table_save(
        tournament=evening, by=director, prizes=[PrizeRow("Ham", "place", 1)]
    )
    prizes_award(tournament=evening, by=director)
    return evening


@pytest.fixture
def picking(evening, director):
    """Winners pick: a ham, a duck and a bottle for places 1-3, called first to last."""
    prize_settings_save(
        tournament=evening, by=director, players_pick=True, calling_order="first"
    )
    prize_table_save(
        tournament=evening,
        by=director,
        prizes=[
            PrizeRow("Ham", "place", 1),
            PrizeRow("Duck", "place", 2),
            PrizeRow("Bottle", "place", 3),
        ],
    )
    prizes_award(tournament=evening, by=director)
    return evening


# ------------------------------------------------------------------ the services


def test_the_next_to_call_follows_the_calling_order_and_what_was_given(
    awarded, director
):
    giving = giving_for(tournament=awarded)
    assert [c.award.place for c in giving.calls] == [3, 3, 3, 2, 1]
    assert giving.current.number == 1 and not giving.given
    assert giving.current.settled.startswith("Tied at place 3")
    prize_give(award=giving.current.award, by=director)
    prize_give(award=giving_for(tournament=awarded).current.award, by=director)
    giving = giving_for(tournament=awarded)
    assert giving.current.number == 3
    assert [c.number for c in giving.given] == [2, 1]  # the last given first
    assert giving.left == 3 and not giving.done
    last = giving.calls[-1]
    assert last.award.place == 1 and last.prize == "Ham + €52.00"
    assert last.club == awarded.seats[1][0].player.club.name


def test_giving_bumps_the_version_and_logs_who_gave_what(
    awarded, director, django_capture_on_commit_callbacks
):
    before = Tournament.objects.get(pk=awarded.pk).version
    first = giving_for(tournament=awarded).current.award
    with django_capture_on_commit_callbacks(execute=True):
        prize_give(award=first, by=director)
    assert Tournament.objects.get(pk=awarded.pk).version == before + 1
    entry = ActionEntry.objects.get(action="prize.given")
    assert entry.target_text == first.name
    assert entry.after["place"] == 3


def test_undo_takes_the_last_prize_back_once_and_it_is_called_again(
    awarded, director, django_capture_on_commit_callbacks
):
    first = giving_for(tournament=awarded).current.award
    prize_give(award=first, by=director)
    before = Tournament.objects.get(pk=awarded.pk).version
    with django_capture_on_commit_callbacks(execute=True):
        undone = prize_give_undo(award=first, by=director)
    assert undone.given_at is None and undone.given_by is None
    assert Tournament.objects.get(pk=awarded.pk).version == before + 1
    assert giving_for(tournament=awarded).current.award == first
    with pytest.raises(StateConflict, match="has not been given"):
        prize_give_undo(award=first, by=director)
    logged = ActionEntry.objects.get(action="prize.given_undone")
    assert logged.target_text == first.name
    assert logged.before == {"cash": "€6.00"}  # cash alone: no prize in kind


def test_a_winner_who_picks_must_pick_before_the_prize_is_given(picking, director):
    giving = giving_for(tournament=picking)
    first = giving.current
    assert first.award.place == 1 and first.picks
    assert [p.description for p in giving.table] == ["Ham", "Duck", "Bottle"]
    with pytest.raises(StateConflict, match="picks a prize from the table first"):
        prize_give(award=first.award, by=director)
    assert not PrizeAward.objects.filter(given_at__isnull=False).exists()
    duck = Prize.objects.get(description="Duck")
    prize_pick(award=first.award, prize=duck, by=director)
    prize_give(award=first.award, by=director)
    giving = giving_for(tournament=picking)
    # The list follows the choice: the duck is gone, the second picks from the rest.
    assert [p.description for p in giving.table] == ["Ham", "Bottle"]
    assert giving.given[0].prize == "Duck"
    assert giving.current.award.place == 2 and giving.current.picks


def test_cash_alone_and_special_prizes_are_given_without_a_pick(evening, director):
    prize_settings_save(
        tournament=evening,
        by=director,
        players_pick=True,
        cash_fixed_cents=3_000,
        percentages="100",
    )
    prize_table_save(
        tournament=evening, by=director, prizes=[PrizeRow("Spoon", "booby")]
    )
    prizes_award(tournament=evening, by=director)
    calls = giving_for(tournament=evening).calls
    assert calls and not any(c.picks for c in calls)
    for call in calls:
        prize_give(award=call.award, by=director)
    assert giving_for(tournament=evening).done


# ------------------------------------------------------------------ the screen


def test_the_screen_calls_the_next_winner_big_with_the_prize_and_the_keys(
    director_client, awarded, django_assert_max_num_queries
):
    with django_assert_max_num_queries(12):
        response = director_client.get(_url("giving", awarded))
    page = response.content.decode()
    first = giving_for(tournament=awarded).current
    assert response.status_code == 200
    assert f'data-award="{first.award.pk}"' in page
    assert first.award.name in page and "€6.00" in page
    assert "places 3–5 shared equally" in page
    assert "0 of 5 prizes given" in page
    assert "js/prize_giving.js" in page and "data-give" in page
    assert reverse("pdf:prize_list", args=[awarded.slug]) in page
    assert _url("projector", awarded) in page


def test_the_key_gives_the_prize_shown_and_answers_the_next(director_client, awarded):
    giving = giving_for(tournament=awarded)
    first, second = giving.calls[0].award, giving.calls[1].award
    response = director_client.post(
        _url("giving_give", awarded), {"award": first.pk}, **HTMX
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert page.startswith('<div id="giving"')  # the screen alone, for htmx
    assert f'data-award="{second.pk}"' in page
    assert "1 of 5 prizes given" in page
    first.refresh_from_db()
    assert first.given_at is not None
    # The same key again (the answer was slow): the prize shown was given already,
    # and nobody else's is given in its place.
    again = director_client.post(
        _url("giving_give", awarded), {"award": first.pk}, **HTMX
    ).content.decode()
    assert "was given already" in again
    assert PrizeAward.objects.filter(given_at__isnull=False).count() == 1


def test_without_script_the_forms_post_and_the_screen_comes_back(
    director_client, awarded
):
    first = giving_for(tournament=awarded).current.award
    response = director_client.post(
        _url("giving_give", awarded), {"award": first.pk}, follow=True
    )
    assert response.redirect_chain[-1][0] == _url("giving", awarded)
    assert f"Given: {first.name}." in response.content.decode()
    response = director_client.post(
        _url("giving_undo", awarded), {"award": first.pk}, follow=True
    )
    assert "is called again" in response.content.decode()
    assert not PrizeAward.objects.filter(given_at__isnull=False).exists()


def test_undo_on_the_screen_takes_the_last_back(director_client, awarded, director):
    calls = giving_for(tournament=awarded).calls
    prize_give(award=calls[0].award, by=director)
    prize_give(award=calls[1].award, by=director)
    page = director_client.get(_url("giving", awarded)).content.decode()
    assert f'name="award" value="{calls[1].award.pk}"' in page.split("data-undo")[1]
    answer = director_client.post(
        _url("giving_undo", awarded), {"award": calls[1].award.pk}, **HTMX
    ).content.decode()
    assert f'data-award="{calls[1].award.pk}"' in answer
    assert "1 of 5 prizes given" in answer


def test_picking_on_the_screen_by_click_and_the_table_follows(director_client, picking):
    page = director_client.get(_url("giving", picking)).content.decode()
    assert "Chooses a prize from the table" in page
    assert "Pick the prize first" in page
    assert 'data-pick-key="1"' in page and 'data-pick-key="3"' in page
    first = giving_for(tournament=picking).current.award
    bottle = Prize.objects.get(description="Bottle")
    answer = director_client.post(
        _url("giving_pick", picking), {"award": first.pk, "prize": bottle.pk}, **HTMX
    ).content.decode()
    assert "Picked: Bottle" in answer
    answer = director_client.post(
        _url("giving_give", picking), {"award": first.pk}, **HTMX
    ).content.decode()
    table = answer.split('id="giving-table"')[1].split("</section>")[0]
    assert "Ham" in table and "Duck" in table and "Bottle" not in table


@pytest.mark.parametrize(
    "data",
    [{}, {"award": "abc"}, {"award": "99999999999999999999999"}, {"award": "0"}],
)
def test_a_bad_or_stale_award_is_refused_with_a_message_never_a_500(
    director_client, awarded, data
):
    for name in ("giving_give", "giving_undo", "giving_pick"):
        response = director_client.post(_url(name, awarded), data, **HTMX)
        assert response.status_code == 200
        assert "screen was out of date" in response.content.decode()
    assert not PrizeAward.objects.filter(given_at__isnull=False).exists()


def test_an_award_of_another_tournament_is_not_given_from_this_screen(
    director_client, awarded, director
):
    other = factories.TournamentFactory()
    other.directors.add(director)
    award = giving_for(tournament=awarded).current.award
    answer = director_client.post(
        _url("giving_give", other), {"award": award.pk}, **HTMX
    ).content.decode()
    assert "screen was out of date" in answer
    award.refresh_from_db()
    assert award.given_at is None


def test_picking_a_prize_of_no_table_is_refused(director_client, picking):
    first = giving_for(tournament=picking).current.award
    for prize in ("", "x", "12345678"):
        answer = director_client.post(
            _url("giving_pick", picking), {"award": first.pk, "prize": prize}, **HTMX
        ).content.decode()
        assert "Choose one of the prizes on the table." in answer
    first.refresh_from_db()
    assert first.picked_id is None


def test_the_screen_before_awarding_says_to_award_first(director_client, evening):
    page = director_client.get(_url("giving", evening)).content.decode()
    assert "No prizes are awarded yet" in page
    assert "data-give" not in page


def test_the_screen_is_for_the_event_s_directors_only(client, awarded):
    assert client.get(_url("giving", awarded)).status_code == 302  # to the login
    award = PrizeAward.objects.first()
    answer = client.post(_url("giving_give", awarded), {"award": award.pk})
    assert answer.status_code == 302
    client.force_login(_stranger())
    assert client.get(_url("giving", awarded)).status_code == 403
    for name in ("giving_give", "giving_undo", "giving_pick"):
        assert client.post(_url(name, awarded), {"award": award.pk}).status_code == 403
    client.force_login(awarded.directors.get())
    assert client.get(_url("giving_give", awarded)).status_code == 405
    assert not PrizeAward.objects.filter(given_at__isnull=False).exists()


# ------------------------------------------------------------------ the projector


def test_the_projector_shows_the_winner_called_and_the_last_given(
    client, awarded, director, django_assert_max_num_queries
):
    calls = giving_for(tournament=awarded).calls
    with django_assert_max_num_queries(6):
        page = client.get(_url("projector", awarded)).content.decode()
    assert f'id="pp-current" data-award="{calls[0].award.pk}"' in page
    assert reverse("live:version", args=[awarded.slug]) in page
    assert "js/live.js" in page
    for call in calls[:2]:
        prize_give(award=call.award, by=director)
    region = client.get(_url("projector", awarded), HTTP_X_LIVE_REGION="1")
    text = region.content.decode()
    assert text.startswith('<section class="pp"')  # the region alone, for live.js
    assert f'id="pp-current" data-award="{calls[2].award.pk}"' in text
    given = text.split('id="pp-given"')[1]
    assert given.index(calls[1].award.name) < given.index(calls[0].award.name)
    assert "X-Live-Region" in region["Vary"]
    assert "no-cache" in region["Cache-Control"]


def test_the_projector_says_when_it_begins_and_when_it_is_over(
    client, evening, director
):
    page = client.get(_url("projector", evening)).content.decode()
    assert "The prize-giving will begin shortly." in page
    prize_table_save(
        tournament=evening, by=director, prizes=[PrizeRow("Cup", "place", 1)]
    )
    prizes_award(tournament=evening, by=director)
    prize_give(award=PrizeAward.objects.get(), by=director)
    page = client.get(_url("projector", evening)).content.decode()
    assert "Every prize has been given." in page and "Cup" in page


def test_an_unlisted_event_s_projector_is_hidden_from_strangers(client, awarded):
    awarded.is_public = False
    awarded.save(update_fields=["is_public"])
    assert client.get(_url("projector", awarded)).status_code == 404
    client.force_login(awarded.directors.get())
    assert client.get(_url("projector", awarded)).status_code == 200


# ------------------------------------------------------------------ the prize list


def _prize_list(client, tournament, query=""):
    response = client.get(reverse("pdf:prize_list", args=[tournament.slug]) + query)
    if response.status_code != 200:
        return response, b""
    return response, b"".join(response.streaming_content)


def test_the_prize_list_prints_every_winner_their_prize_and_a_signature_column(
    director_client, awarded, director
):
    prize_give(award=giving_for(tournament=awarded).current.award, by=director)
    response, data = _prize_list(director_client, awarded)
    assert response["Content-Type"] == "application/pdf"
    text = _pdf_text(data)
    for header in ("Place", "Name", "Club", "Prize", "Signature"):
        assert header in text
    assert "Prize list" in text and "Last to first" in text
    calls = prize_list_for(tournament=awarded)
    for call in calls:
        assert call.award.name in text
    assert "Ham + €52.00" in text and "€30.00" in text and "€6.00" in text
    assert "3=" in text  # a shared place
    # In calling order: the three who share third come before first place.
    assert text.index(calls[0].award.name) < text.index(calls[-1].award.name)


def test_the_prize_list_by_place_puts_first_place_first(director_client, awarded):
    _response, data = _prize_list(director_client, awarded, "?by=place")
    text = _pdf_text(data)
    calls = prize_list_for(tournament=awarded, order="place")
    assert [c.award.place for c in calls] == [1, 2, 3, 3, 3]
    assert text.index(calls[0].award.name) < text.index(calls[-1].award.name)
    assert "by place" in text
    response, _data = _prize_list(director_client, awarded, "?by=sideways")
    assert response.status_code == 400


def test_the_prize_list_of_winners_who_pick_says_what_each_chose(
    director_client, picking, director
):
    first = giving_for(tournament=picking).current.award
    prize_pick(award=first, prize=Prize.objects.get(description="Bottle"), by=director)
    text = _pdf_text(_prize_list(director_client, picking)[1])
    assert "Bottle" in text
    assert text.count("picks from the table") == 2  # second and third: not yet


def test_the_prize_list_before_awarding_says_so(director_client, evening):
    text = _pdf_text(_prize_list(director_client, evening)[1])
    assert "The prizes have not been awarded yet." in text


def test_the_prize_list_is_for_the_directors_only(client, awarded):
    response, _data = _prize_list(client, awarded)
    assert response.status_code == 302
    client.force_login(_stranger())
    assert _prize_list(client, awarded)[0].status_code == 403


def test_the_prize_list_prints_in_the_event_s_language(director_client, awarded):
    awarded.language = "nl"
    awarded.save(update_fields=["language"])
    director_client.cookies.pop("django_language", None)
    text = _pdf_text(_prize_list(director_client, awarded)[1])
    assert "Ham + € 52,00" in text or "Ham + €52,00" in text


def test_the_prize_list_renders_to_a_png(director_client, awarded, tmp_path):
    """One page drawn as an image (pdftoppm), as it will be printed."""
    pdf = tmp_path / "prizes.pdf"
    pdf.write_bytes(_prize_list(director_client, awarded)[1])
    subprocess.run(
        ["pdftoppm", "-png", "-r", "60", "-singlefile", str(pdf), str(tmp_path / "p")],
        check=True,
    )
    pngs = list(tmp_path.glob("p*.png"))
    assert len(pngs) == 1 and pngs[0].stat().st_size > 5_000


def test_the_prize_page_links_the_prize_giving_and_the_printed_list(
    director_client, awarded
):
    page = director_client.get(_url("prizes", awarded)).content.decode()
    assert f'href="{_url("giving", awarded)}"' in page
    assert reverse("pdf:prize_list", args=[awarded.slug]) in page
