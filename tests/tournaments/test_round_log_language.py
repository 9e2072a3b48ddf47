"""Round history lines written in one language read in the page's language."""

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from tests import factories
from tournaments.models import RoundLog
from tournaments.round_log import MESSAGES, round_log_text

ROOT = Path(__file__).resolve().parents[2]


def _in(language, text):
    with translation.override(language):
        return round_log_text(text=text)


def test_every_known_message_is_still_written_by_the_draw_services():
    source = "".join(
        (ROOT / "draws" / name).read_text()
        for name in ("services.py", "advance.py", "repair.py")
    )
    # Python joins adjacent string literals: compare without the seams.
    flat = re.sub(r'"\s*\n\s*"', "", source)
    for msgid in MESSAGES:
        assert f'"{msgid}"' in flat, msgid


def test_a_draw_summary_written_in_english_reads_in_dutch_and_french():
    line = "18 tables, 1 byes, seed 42; 0 repeated pairs, 3 same-club pairs."
    assert _in("nl", line).startswith("18 tafels, 1 vrijstellingen, lotingsnummer 42")
    assert "clé 42" in _in("fr", line)
    assert _in("en", line) == line


def test_a_dutch_line_reads_in_english():
    with translation.override("nl"):
        from django.utils.translation import gettext

        dutch = gettext("%(a)s (table %(ta)d) ⇄ %(b)s (table %(tb)d)") % {
            "a": "An Aerts",
            "ta": 3,
            "b": "Bo Claes",
            "tb": 7,
        }
    assert dutch != "An Aerts (table 3) ⇄ Bo Claes (table 7)"
    assert _in("en", dutch) == "An Aerts (table 3) ⇄ Bo Claes (table 7)"


def test_the_directors_reason_and_the_names_stay_as_typed():
    line = (
        "Jan Peeters takes the seat of Els Maes at table 12 (Els Maes withdrawn) — ziek"
    )
    with translation.override("nl"):
        from django.utils.translation import gettext

        seat = gettext("%(new)s takes the seat of %(old)s at table %(table)d") % {
            "new": "Jan Peeters",
            "old": "Els Maes",
            "table": 12,
        }
        withdrawn = gettext("(%(old)s withdrawn)") % {"old": "Els Maes"}
    assert _in("nl", line) == f"{seat} {withdrawn} — ziek"
    assert seat.startswith("Jan Peeters") and "Els Maes" in seat


def test_two_sentences_of_an_advancement_are_both_translated():
    line = "8 qualifiers for Final. Level at the cut: registration order decided."
    said = _in("fr", line)
    assert "Final" in said and "qualifiers" not in said and "Level" not in said


def test_an_unknown_line_and_a_repeated_value_mismatch_are_shown_unchanged():
    assert _in("nl", "Reopened after a wrong score") == "Reopened after a wrong score"
    odd = "An (table 3) now has a bye; table 4 removed"  # 3 ≠ 4: not our message
    assert _in("nl", odd) == odd


@pytest.mark.django_db
def test_the_round_pages_show_english_history_in_dutch(director_client, tournament):
    rnd = factories.RoundFactory(tournament=tournament, number=1)
    RoundLog.objects.create(
        round=rnd,
        action=RoundLog.Action.DRAWN,
        reason="18 tables, 1 byes, seed 42; 0 repeated pairs, 3 same-club pairs.",
    )
    director_client.cookies["django_language"] = "nl"
    for url in (
        reverse("director:round", args=[tournament.slug, 1]),
        reverse("scoring:round", args=[rnd.pk]),
    ):
        html = director_client.get(url).content.decode()
        assert "18 tafels, 1 vrijstellingen" in html, url
        assert "repeated pairs" not in html, url
