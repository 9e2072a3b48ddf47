"""Show byes in templates: what a row's byes gave and what a bye is worth."""

from django import template

from standings import labels

register = template.Library()


@register.filter
def bye_summary(row) -> str:
    """Return which rounds were byes for a standings row and what they gave."""
    return labels.bye_summary(row) if row is not None else ""


@register.filter
def bye_neighbour_note(row) -> str:
    """Return "Name — Bye in round n: …" for a neighbour's row, "" without a bye."""
    return labels.bye_neighbour_note(row) if row is not None else ""


@register.filter
def bye_score_rule(tournament) -> str:
    """Return how a bye is scored in a tournament ("its own average per game")."""
    return labels.bye_score_sentence(
        score=tournament.bye_score, points=tournament.bye_points
    )


@register.filter
def bye_rule(tournament, games=None) -> str:
    """Return what a bye is worth in a tournament (``games``: a bye of a round)."""
    return labels.bye_rule_sentence(
        score=tournament.bye_score,
        points=tournament.bye_points,
        wins=tournament.bye_wins,
        games=games,
    )
