"""Lay out the score pad's history of games on the site's base table."""

import django_tables2 as tables
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.timezone import localtime
from django.utils.translation import gettext_lazy as _

from clubs.tables import BaseTable
from scorepad.kinds import KINDS

PHONE_HIDDEN = {"th": {"class": "hide-phone"}, "td": {"class": "hide-phone"}}


class PadGameTable(BaseTable):
    """A club's games: when, which variant, who played and who won."""

    created_at = tables.Column(verbose_name=_("Date"))
    variant = tables.Column(verbose_name=_("Game"))
    club = tables.Column(verbose_name=_("Club"), attrs=PHONE_HIDDEN)
    players = tables.Column(verbose_name=_("Players"), empty_values=())
    deal_count = tables.Column(
        verbose_name=_("Deals"),
        attrs={**PHONE_HIDDEN, "td": {"class": "num hide-phone"}},
    )
    winners = tables.Column(verbose_name=_("Winner"), empty_values=())

    class Meta(BaseTable.Meta):
        row_attrs = {"data-game": lambda record: record.pk}

    def _names(self, record) -> list[str]:
        return [p.name for p in record.players.all()]

    def render_created_at(self, record):
        return format_html(
            '<a href="{}">{}</a>',
            record.get_absolute_url(),
            date_format(localtime(record.created_at), "SHORT_DATETIME_FORMAT"),
        )

    def render_variant(self, record):
        return KINDS[record.variant].label

    def render_club(self, record):
        return record.club.name if record.club else "—"

    def render_players(self, record):
        return ", ".join(self._names(record))

    def render_winners(self, record):
        if not record.finished:
            return _("in play")
        names = self._names(record)
        won = [names[i] for i in record.winners if 0 <= i < len(names)]
        return " & ".join(won) if won else _("level: no winner")
