"""Fixtures of the public pages' tests shared by several modules."""

import pytest


@pytest.fixture
def calendar(db):
    """Two clubs' events: upcoming, past, unlisted; one with everything announced.

    (Each test reads the calendar's state of its own database: the suite's
    ``_empty_cache`` forgets the last one's before every test.)"""
    from tests.public.calendar_helpers import build_calendar

    return build_calendar()
