"""The players' own words (issue 21): a knock is *frapper*/*taper* in French
(*contrer* is belote's), the sheet's Dutch column for a trump passed to the
partner says so, and the round page names the results desk as the desk does."""

import re

import polib
import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, ngettext, pgettext

from tests import factories

FRENCH = "locale/fr/LC_MESSAGES/django.po"


def test_french_says_frapper_for_a_knock_never_contrer():
    catalogue = polib.pofile(FRENCH)
    # A knock, not a knockout (élimination directe).
    knock = [e for e in catalogue if re.search(r"knock(?!out)", e.msgid, re.I)]
    assert len(knock) >= 12
    for entry in knock:
        texts = [entry.msgstr, *entry.msgstr_plural.values()]
        assert not any(re.search(r"contr", t, re.I) for t in texts), entry.msgid
        assert any("frappe" in t.lower() for t in texts), entry.msgid
    with translation.override("fr"):
        assert gettext("Knocks") == "Frappes"
        assert pgettext("sheet column", "knocks") == "frappes"
        assert ngettext("%(count)s knock", "%(count)s knocks", 2) == "%(count)s frappes"
        assert gettext("One knock more") == "Une frappe de plus"


def test_the_dutch_sheet_column_says_the_partner_chose_trump():
    with translation.override("nl"):
        assert pgettext("sheet column", "passed") == "door maat"


@pytest.mark.django_db
def test_the_round_page_calls_the_desk_by_the_desk_pages_own_name(
    director_client, director
):
    rnd = factories.RoundFactory(number=2)
    rnd.tournament.directors.add(director)
    factories.individual_table(round=rnd, number=1)
    url = reverse("director:round", args=[rnd.tournament.slug, rnd.number])
    html = director_client.get(url).content.decode()
    desk = reverse("scoring:round", kwargs={"round_id": rnd.pk})
    assert re.search(rf'href="{desk}">Results desk, round 2</a>', html)
    assert "Score sheets" not in html
    desk_page = director_client.get(desk).content.decode()
    assert "Results desk, round 2" in desk_page


@pytest.mark.django_db
@pytest.mark.parametrize(
    "lang, column, explained",
    [
        ("nl", "Door maat", "de deler liet zijn maat de troef kiezen"),
        ("fr", "Passé", "le donneur a laissé son partenaire choisir l’atout"),
        ("en", "Passed", "the dealer let the partner name the trump"),
    ],
)
def test_the_screen_sheet_names_and_explains_the_passed_column(
    director_client, sheet_table, lang, column, explained
):
    """The sheet's "mee" column says what it is, on screen as on paper."""
    page = director_client.get(
        reverse("scoring:sheet", args=[sheet_table.pk]), {"lang": lang}
    ).content.decode()
    assert f">{column}</th>" in page
    assert explained in page
