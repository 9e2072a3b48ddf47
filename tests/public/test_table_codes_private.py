"""A table's code opens its score sheet: no public page, API answer, export or
public PDF ever shows one.

Every URL pattern of the ``public``, ``live`` and ``api`` namespaces is taken from
the resolver (as ``test_leaks`` does), so a page added later is checked too; the
CSV exports, the printed documents anyone may fetch and ``transfer``'s event file
are read as well. The codes are made by ``table_codes_ensure`` (``QX…``: see
``pinned_table_codes``, so that none turns up by chance), for a closed round and
for the open round being entered at the tables, with table submissions and
acceptances that name them.
"""

import io
import itertools

import pytest
from django.core.cache import cache
from django.urls import get_resolver, reverse
from pypdf import PdfReader

from phones.models import Acceptance, TableCode, TableSubmission
from phones.services import table_codes_ensure
from scoring.models import ScoreSheet
from tests.builders import build_event
from tournaments.models import Entry, Round, Tournament
from transfer.services import event_to_json, export_event

pytestmark = pytest.mark.django_db

NAMESPACES = ("public", "live", "api")
QUERIES = ("", "?kind=clubs", "?q=a", "?name=a", "?_export=csv", "?_export=json")


@pytest.fixture
def coded_event(confirm_table, pinned_table_codes):
    """Round 1 closed, round 2 open and entered at the tables, every table coded."""
    cache.clear()
    t = build_event(players=16, rounds=2, final=0, seed=14, clubs=3, confirm=False)
    Tournament.objects.filter(pk=t.pk).update(
        result_entry=Tournament.ResultEntry.TABLES_OPPONENTS
    )
    t.refresh_from_db()
    rounds = list(Round.objects.filter(tournament=t).order_by("number"))
    codes = []
    for rnd in rounds:
        codes += table_codes_ensure(round=rnd).values()
    open_round = rounds[-1]
    tables = list(open_round.tables.order_by("number"))
    # Table 1 accepted and confirmed by its opponents; table 2 disputed.
    first = confirm_table(tables[0], [(101, 40), (60, 101), (101, 99)])
    ScoreSheet.objects.filter(pk=first.pk).update(table_state="accepted")
    second = tables[1].sheet
    ScoreSheet.objects.filter(pk=second.pk).update(table_state="disputed")
    for sheet, accepted in ((first, True), (second, False)):
        code = TableCode.objects.get(table=sheet.table).code
        TableSubmission.objects.create(
            sheet=sheet,
            key=f"key-{code}-1",
            code=code,
            seat=3,
            action="accept" if accepted else "reject",
            game=1,
            reason=f"seen {code}",
            version=sheet.version,
        )
        Acceptance.objects.create(
            sheet=sheet,
            game=sheet.table.games.get(number=1),
            seat=3,
            accepted=accepted,
            reason="" if accepted else f"wrong deal at {code}",
        )
    assert len(set(codes)) == len(codes) == 2 * len(tables)
    return t, codes


def _leaks(text: str, codes) -> list[str]:
    upper = text.upper()
    return [code for code in codes if code in upper]


def _patterns():
    resolver = get_resolver()
    for ns in NAMESPACES:
        _prefix, sub = resolver.namespace_dict[ns]
        for pattern in sub.url_patterns:
            yield ns, pattern.name, list(pattern.pattern.converters)


def _kwarg_values(name, t):
    if name == "slug":
        return [t.slug]
    if name in ("entry_id", "entry"):
        return list(Entry.objects.filter(tournament=t).values_list("pk", flat=True))
    if name in ("club_id", "club"):
        return sorted(
            set(
                Entry.objects.filter(tournament=t).values_list(
                    "player__club_id", flat=True
                )
            )
        )
    return [1, 2]  # round numbers


def _body(response) -> str:
    body = b"".join(response) if response.streaming else response.content
    return body.decode("utf-8", "replace")


def test_no_public_page_api_answer_or_csv_export_shows_a_code(client, coded_event):
    t, codes = coded_event
    checked = exports = 0
    for ns, name, params in _patterns():
        choices = [_kwarg_values(p, t) for p in params]
        for values in itertools.product(*choices):
            kwargs = dict(zip(params, values, strict=True))
            base = reverse(f"{ns}:{name}", kwargs=kwargs)
            for query in QUERIES:
                response = client.get(base + query)
                assert response.status_code < 500, (base + query, response)
                assert not _leaks(_body(response), codes), base + query
                checked += 1
                exports += "csv" in response.get("Content-Type", "")
    assert checked > 100 and exports >= 2
    # "Where do I sit?" by each player's name: the answer names their table.
    for entry in Entry.objects.filter(tournament=t).select_related("player"):
        url = reverse("public:draw_by_name", args=[t.slug, 2])
        response = client.get(url, {"q": entry.player.last_name})
        assert response.status_code == 200
        assert not _leaks(_body(response), codes)


def test_the_public_printed_documents_show_no_code(client, coded_event):
    t, codes = coded_event
    urls = [
        reverse("pdf:draw", args=[t.slug, 2]),
        reverse("pdf:round_standings", args=[t.slug, 2]),
        reverse("pdf:standings", args=[t.slug]),
        reverse("pdf:poster", args=[t.slug]),
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        data = b"".join(response.streaming_content)
        text = " ".join(
            page.extract_text() for page in PdfReader(io.BytesIO(data)).pages
        )
        assert text.strip(), url
        assert not _leaks(text, codes), url


def test_the_event_file_carries_no_code(coded_event):
    t, codes = coded_event
    text = event_to_json(export_event(t))
    assert t.slug in text
    assert not _leaks(text, codes)
