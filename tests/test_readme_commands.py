"""The README's commands work as written on a fresh clone (issue 21).

``python manage.py …`` failed for a newcomer: the system's Python has no Django.
Every command shown runs the virtualenv's Python that ``make run``/``make prepare``
create (or is a ``make`` target); every ``manage.py`` command named exists; the
simulated event of "A director's day" leaves the desk a round to enter.
"""

import re
import shlex
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command, get_commands

from scoring.models import ScoreSheet
from tournaments.models import Round, Tournament

README = (Path(__file__).resolve().parent.parent / "README.md").read_text()
VENV = (".venv/bin/python", ".venv\\Scripts\\python")


def _python_commands() -> list[str]:
    """Every place the README runs Python: ``… manage.py …`` or ``… -m module``."""
    return [
        m.group(0)
        for m in re.finditer(r"[^\s`(]*python[^\s`]*\s+(?:manage\.py|-m)\s", README)
    ]


def test_every_python_command_is_the_virtualenvs_and_exists():
    found = _python_commands()
    assert len(found) >= 20
    bare = [cmd for cmd in found if not cmd.startswith(VENV)]
    assert bare == []
    # And every manage.py command it names exists.
    named = set(re.findall(r"manage\.py (\w+)", README))
    assert {"table_codes", "simulate_tournament", "demo"} <= named
    assert named - set(get_commands()) == set()


@pytest.mark.django_db
def test_the_simulated_event_leaves_its_last_round_open_for_the_desk():
    day = README.split("## A director's day", 1)[1].split("\n## ", 1)[0]
    line = re.search(r"\.venv/bin/python manage\.py (simulate_tournament [^`]+)`", day)
    assert line is not None
    args = shlex.split(line.group(1))
    assert "--leave-open" in args
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    t = Tournament.objects.get(slug=out.getvalue().split()[-1])
    last = t.rounds.order_by("-number").first()
    assert last.status == Round.Status.PUBLISHED
    assert not ScoreSheet.objects.filter(
        table__round=last, status=ScoreSheet.Status.CONFIRMED
    ).exists()
    assert last.tables.count() == 144  # the desk's sheets to enter
