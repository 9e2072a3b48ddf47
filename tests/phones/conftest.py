"""The table entry tests' table, with its code."""

import pytest

from phones.services import table_codes_ensure
from tests.phones.table_helpers import set_entry
from tournaments.models import Tournament


@pytest.fixture
def coded(sheet_table, pinned_table_codes):
    """The table, in a tournament confirmed by the opponents, and its code."""
    set_entry(sheet_table, Tournament.ResultEntry.TABLES_OPPONENTS)
    return sheet_table, table_codes_ensure(round=sheet_table.round)[1]


@pytest.fixture
def hall(db):
    """A 16-player individual event entered at the tables: round 1 closed, round 2
    drawn and published through the directors' services; the codes of both (the
    phones' browser tests)."""
    from tests.phones.browser_table_helpers import build_hall

    return build_hall()
