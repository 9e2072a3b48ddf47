"""``manage.py table_codes <slug> <round>`` prints each table's code and address."""

import io
import re

import pytest
from django.core.management import CommandError, call_command

from phones.models import TableCode
from phones.services import CODE_ALPHABET
from tests import factories
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def run(*args, **options) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("table_codes", *args, stdout=out, stderr=err, **options)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def three_tables(sheet_round):
    """A published round of three tables, entered at the tables."""
    Tournament.objects.filter(pk=sheet_round.tournament_id).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    for number in (1, 2, 3):
        factories.individual_table(round=sheet_round, number=number)
    return sheet_round


def test_one_line_per_table_with_its_code_and_address(
    three_tables, settings, monkeypatch
):
    monkeypatch.setenv("SITE_URL", "http://192.168.1.20:8000/")
    settings.SITE_URL = "http://192.168.1.20:8000/"
    rnd = three_tables
    out, err = run(rnd.tournament.slug, "1")
    lines = out.splitlines()
    assert len(lines) == 3 and err == ""
    codes = dict(TableCode.objects.values_list("table__number", "code"))
    pattern = re.compile(rf"^(\d+) ([{CODE_ALPHABET}]{{6}}) (\S+)$")
    for line, number in zip(lines, (1, 2, 3), strict=True):
        found = pattern.match(line)
        assert found, line
        assert int(found.group(1)) == number
        assert found.group(2) == codes[number]
        assert found.group(3) == f"http://192.168.1.20:8000/table/{codes[number]}/"
    # Run again: the same codes.
    assert run(rnd.tournament.slug, "1")[0] == out


def test_the_base_address_may_be_given(three_tables):
    out, _err = run(three_tables.tournament.slug, "1", base_url="https://wk.example/")
    assert out.splitlines()[0].split()[2].startswith("https://wk.example/table/")


def test_an_unknown_tournament_or_round_is_refused(three_tables):
    with pytest.raises(CommandError, match="No tournament"):
        run("no-such-event", "1")
    with pytest.raises(CommandError, match="no round 7"):
        run(three_tables.tournament.slug, "7")
    assert not TableCode.objects.exists()


def test_a_draft_round_is_refused(three_tables):
    Round.objects.filter(pk=three_tables.pk).update(status=Round.Status.DRAFT)
    with pytest.raises(CommandError, match="draft"):
        run(three_tables.tournament.slug, "1")
    assert not TableCode.objects.exists()


def test_a_desk_only_tournament_is_refused_and_gets_no_codes(three_tables):
    """Its codes would answer 403 on every phone: none is printed or made."""
    Tournament.objects.update(result_entry=Tournament.ResultEntry.DESK)
    with pytest.raises(CommandError, match="desk only") as refused:
        run(three_tables.tournament.slug, "1")
    assert "who enters the results" in str(refused.value)
    assert not TableCode.objects.exists()


def test_an_unset_site_url_is_said_and_the_addresses_use_settings(
    three_tables, settings, monkeypatch
):
    monkeypatch.delenv("SITE_URL", raising=False)
    settings.SITE_URL = "http://127.0.0.1:8000/"
    out, err = run(three_tables.tournament.slug, "1")
    assert "SITE_URL is not set" in err and "--base-url" in err
    assert out.splitlines()[0].split()[2].startswith("http://127.0.0.1:8000/table/")


def test_a_set_site_url_is_used_without_a_word(three_tables, settings, monkeypatch):
    monkeypatch.setenv("SITE_URL", "http://hall.example:8000")
    settings.SITE_URL = "http://hall.example:8000/"
    out, err = run(three_tables.tournament.slug, "1")
    assert err == ""
    assert all(
        line.split()[2].startswith("http://hall.example:8000/table/")
        for line in out.splitlines()
    )
