"""Write a round's history, and show its stored lines in the reader's language.

Every line of a round's history (``RoundLog``) is written by ``round_log_add``,
which files the same line in the action log (``actionlog``), so a tournament's
History page shows the rounds' history with every other write.

The draw services write a round's history (``RoundLog.reason``) as text, in the
language of the director who acted, and a page in another language would show it
as written. Each line the services compose from a known message is recognised here,
in any of the site's languages, its values read back, and the message said again in
the active language. Names, phase names and a director's own reason stay as typed;
an unknown line is shown unchanged. No new field, no migration.
"""

import re
from functools import lru_cache

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from actionlog.services import action_record
from tournaments.models import Round, RoundLog

# The messages of draws/services.py and draws/repair.py that end up in a round's
# history, as written there (a test checks each one is still written there).
MESSAGES = (
    gettext_noop(
        "%(tables)d tables, %(byes)d byes, seed %(seed)d; %(repeats)d repeated "
        "pairs, %(same)d same-club pairs."
    ),
    gettext_noop("%(a)s (table %(ta)d) ⇄ %(b)s (table %(tb)d)"),
    gettext_noop("%(a)s (table %(t)d) ⇄ %(b)s (bye)"),
    gettext_noop("%(count)s qualifiers for %(phase)s."),
    gettext_noop("Level at the cut: registration order decided."),
    gettext_noop("Tie at the cut decided by %(tiebreak)s (%(a)s against %(b)s)."),
    gettext_noop("%(new)s (bye) takes the seat of %(old)s at table %(table)d"),
    gettext_noop("%(new)s takes the seat of %(old)s at table %(table)d"),
    gettext_noop("(%(old)s withdrawn)"),
    gettext_noop("%(name)s (table %(table)d) now has a bye; %(left)d left there"),
    gettext_noop("%(name)s (table %(table)d) now has a bye; table %(table)d removed"),
    gettext_noop("Table %(table)d forfeited: %(name)s absent — %(reason)s"),
)

_PLACEHOLDER = re.compile(r"%\((\w+)\)([sd])")
# Where a line joins two messages: a director's reason after " — ", a second
# sentence after ". ", "(… withdrawn)" after a space.
_JOINS = re.compile(r" — |(?<=\.) | (?=\()")


def _pattern(text: str) -> re.Pattern:
    """Turn a translated message into a regex capturing its values."""
    out, seen, at = [], set(), 0
    for m in _PLACEHOLDER.finditer(text):
        out.append(re.escape(text[at : m.start()]))
        name, kind = m.groups()
        if name in seen:
            out.append(f"(?P={name})")
        else:
            seen.add(name)
            out.append(rf"(?P<{name}>-?\d+)" if kind == "d" else rf"(?P<{name}>.+?)")
        at = m.end()
    out.append(re.escape(text[at:]))
    return re.compile("".join(out), re.DOTALL)


@lru_cache(maxsize=1)
def _patterns() -> tuple[tuple[str, re.Pattern, frozenset], ...]:
    """Every known message in every language: (msgid, regex, its %d names)."""
    found = []
    for msgid in MESSAGES:
        numbers = frozenset(n for n, k in _PLACEHOLDER.findall(msgid) if k == "d")
        said = set()
        for code, _name in settings.LANGUAGES:
            with translation.override(code):
                said.add(gettext(msgid))
        said.add(msgid)
        found.extend((msgid, _pattern(text), numbers) for text in sorted(said))
    return tuple(found)


def _again(text: str) -> str | None:
    """Say one known message again in the active language, or None."""
    for msgid, pattern, numbers in _patterns():
        m = pattern.fullmatch(text)
        if m is None:
            continue
        values = {k: int(v) if k in numbers else v for k, v in m.groupdict().items()}
        try:
            return gettext(msgid) % values
        except (KeyError, TypeError, ValueError):  # a broken translation
            return None
    return None


def _known(text: str) -> str | None:
    """Say a line made only of known messages again, or None.

    Joined messages are tried before the whole line: a value (a phase's name)
    would otherwise swallow the second sentence.
    """
    for join in _JOINS.finditer(text):
        if join.group() == " — ":
            continue
        head = _again(text[: join.start()])
        tail = _known(text[join.end() :]) if head is not None else None
        if tail is not None:
            return head + join.group() + tail
    return _again(text)


def round_log_text(*, text: str) -> str:
    """Return a stored history line in the active language, as far as it is known."""
    if not text:
        return text
    head, join, reason = text.partition(" — ")
    if join:
        said = _known(head)
        if said is not None:
            return said + join + reason  # the director's reason, as typed
    return _known(text) or text


def round_log_add(*, round: Round, action: str, by, reason: str = "") -> RoundLog:  # noqa: A002
    """Write a line of ``round``'s history (a ``RoundLog.Action``) and log it.

    Call it inside the service's transaction, as ``action_record``.
    """
    action = RoundLog.Action(action)
    line = RoundLog.objects.create(round=round, action=action, reason=reason, by=by)
    action_record(
        by=by,
        action=f"round.{action.value}",
        tournament=round.tournament_id,
        target=round,
        target_text=str(round.number),
        note=reason,
    )
    return line
