"""Translate the tiebreak registry's words and say what byes gave, for every page."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

from manille.tiebreaks import SHORT_LABEL_CONTEXT, metric


def tiebreak_label(code: str | None) -> str:
    """Return the translated label of a tiebreak ("games won"); the code if unknown."""
    if not code:
        return ""
    try:
        return gettext(metric(code).label)
    except KeyError:
        return code


def tiebreak_short_label(code: str) -> str:
    """Return the translated column header of a tiebreak ("won", "+/−")."""
    try:
        return pgettext(SHORT_LABEL_CONTEXT, metric(code).short_label)
    except KeyError:
        return code.replace("_", " ")


def tiebreak_explanation(code: str, row, *, names, head_to_head_name: str) -> str:
    """Return, translated, how an entrant's value for a tiebreak came about."""
    how = metric(code).explain(
        row, names=names, head_to_head_name=head_to_head_name, gettext=gettext
    )
    note = _bye_note(code, row)
    return f"{how} {note}" if note else how


# ---------------------------------------------------------------------------- byes


def _rounds(row) -> str:
    return ", ".join(str(n) for n in row.bye_rounds)


def bye_summary(row) -> str:
    """Say, translated, which rounds were byes for a row and what they gave ("")."""
    count = len(getattr(row, "bye_rounds", ()))
    if not count:
        return ""
    params = {"rounds": _rounds(row), "games": row.bye_games, "points": row.bye_points}
    if row.bye_games:
        text = ngettext(
            "Bye in round %(rounds)s: %(games)s games counted as played and won, "
            "%(points)s points.",
            "Byes in rounds %(rounds)s: %(games)s games counted as played and won, "
            "%(points)s points.",
            count,
        )
    else:
        text = ngettext(
            "Bye in round %(rounds)s: not counted as a game played or won; "
            "%(points)s points for it.",
            "Byes in rounds %(rounds)s: not counted as games played or won; "
            "%(points)s points for them.",
            count,
        )
    return text % params


def bye_neighbour_note(row) -> str:
    """Say, translated, that a neighbour in the standings had a bye ("" if not)."""
    summary = bye_summary(row)
    if not summary:
        return ""
    return gettext("%(name)s — %(summary)s") % {"name": row.name, "summary": summary}


def bye_rule_sentence(
    *, score: str, points: int, wins: bool, games: int | None = None
) -> str:
    """Explain, translated, what a bye is worth under a tournament's bye rule.

    ``games`` is how many games a bye of the round stands for (None: any round).
    """
    scored = bye_score_sentence(score=score, points=points)
    if wins and games is None:
        counted = gettext("A bye counts as every game of its round played and won.")
    elif wins:
        counted = ngettext(
            "A bye counts as %(games)s game played and won.",
            "A bye counts as %(games)s games played and won.",
            games,
        ) % {"games": games}
    else:
        counted = gettext("A bye is not counted as a game played or won.")
    return f"{counted} {scored}"


def bye_score_sentence(*, score: str, points: int) -> str:
    """Say, translated, how a bye is scored under a tournament's bye rule."""
    if score == "average":
        scored = gettext("It scores the entrant's own average per game.")
    elif score == "fixed":
        scored = ngettext(
            "It scores %(points)s point per game.",
            "It scores %(points)s points per game.",
            points,
        ) % {"points": points}
    else:
        scored = gettext("It scores no points.")
    return scored


def _bye_note(code: str, row) -> str:
    """A word on a bye the tiebreak's own explanation leaves unsaid ("" if none).

    The registry already names a bye counted as games won or scoring points; a bye
    that gives neither would otherwise vanish from the explanation.
    """
    if not getattr(row, "bye_rounds", ()):
        return ""
    count, params = len(row.bye_rounds), {"rounds": _rounds(row)}
    if code == "games_won" and not row.bye_games:
        return (
            ngettext(
                "(a bye in round %(rounds)s is not counted as a game won)",
                "(byes in rounds %(rounds)s are not counted as games won)",
                count,
            )
            % params
        )
    if code == "points" and not row.bye_points:
        return (
            ngettext(
                "(0 for a bye in round %(rounds)s)",
                "(0 for byes in rounds %(rounds)s)",
                count,
            )
            % params
        )
    return ""
