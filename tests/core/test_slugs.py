"""The one slug helper and the one save-or-refuse-on-clash (core/slugs.py)."""

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction

from core.slugs import SLUG_TAKEN, save_or_refuse, slug_from_name
from series.models import Series
from tests import factories
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_a_free_name_is_its_own_address_and_a_taken_one_is_numbered():
    events = Tournament.objects.all()
    assert slug_from_name(name="Grote Prijs Liège", queryset=events, fallback="t") == (
        "grote-prijs-liege"
    )
    factories.TournamentFactory(slug="spring-cup")
    factories.TournamentFactory(slug="spring-cup-2")
    assert slug_from_name(name="Spring Cup", queryset=events, fallback="t") == (
        "spring-cup-3"
    )


def test_no_letter_left_gives_the_fallback_and_reserved_addresses_are_skipped():
    series = Series.objects.all()
    assert slug_from_name(name="★ ★", queryset=series, fallback="series") == "series"
    assert (
        slug_from_name(name="New", queryset=series, fallback="x", reserved={"new"})
        == "new-2"
    )


def test_a_long_name_is_cut_to_the_field_and_keeps_room_for_its_number():
    events = Tournament.objects.all()
    most = Tournament._meta.get_field("slug").max_length
    first = slug_from_name(name="x" * 300, queryset=events, fallback="t")
    assert len(first) == most
    factories.TournamentFactory(slug=first)
    second = slug_from_name(name="x" * 300, queryset=events, fallback="t")
    assert second.endswith("-2") and len(second) == most


def test_a_clash_on_saving_is_refused_and_the_callers_transaction_lives_on():
    factories.TournamentFactory(slug="taken")
    with transaction.atomic():
        clash = factories.TournamentFactory.build(slug="taken")
        with pytest.raises(ValidationError) as caught:
            save_or_refuse(clash, refusal={"slug": SLUG_TAKEN})
        assert caught.value.message_dict == {
            "slug": ["This short name is taken; choose another."]
        }
        assert Tournament.objects.filter(slug="taken").count() == 1  # still usable


def test_a_saved_row_is_returned_and_a_plain_message_refuses_as_is():
    fresh = factories.TournamentFactory.build(slug="fresh")
    assert save_or_refuse(fresh, refusal="no").pk is not None
    again = factories.TournamentFactory.build(slug="fresh")
    with pytest.raises(ValidationError) as caught:
        save_or_refuse(again, refusal="Taken already.")
    assert caught.value.messages == ["Taken already."]
