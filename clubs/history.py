"""Lay out a History page: the action log's entries on the site's shared base table.

One table, one filter and one page for a tournament's history and a club's (the
views are ``tournaments.views_history`` and ``clubs.views_history``): newest
first, by pages, each row "when · who · what · before → after" in the reader's
language. It lives in clubs, beside the base table, so that both can use it.
"""

from __future__ import annotations

from collections.abc import Callable

import django_tables2 as tables
from django import forms
from django.db.models import QuerySet
from django.shortcuts import render
from django.utils import formats, timezone
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext_lazy as _

from actionlog.actions import kind_choices, label_of
from actionlog.display import EMPTY, changes, target_text
from clubs.tables import BaseTable

PER_PAGE = 50


class HistoryFilter(forms.Form):
    kind = forms.ChoiceField(
        label=_("Kind of action"),
        required=False,
        choices=lambda: [("", _("Every kind")), *kind_choices()],
    )


class HistoryTable(BaseTable):
    at = tables.Column(verbose_name=_("when"))
    user_name = tables.Column(verbose_name=_("who"), empty_values=())
    action = tables.Column(verbose_name=_("what"))
    change = tables.Column(
        verbose_name=_("before → after"), accessor="pk", empty_values=()
    )

    class Meta(BaseTable.Meta):
        attrs = {"class": "data-table history-table"}
        empty_text = _("Nothing has been recorded yet.")

    def __init__(self, *args, note_text=None, value_text=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.note_text = note_text or (lambda text: text)
        self.value_text = value_text or {}

    def render_at(self, value):
        return formats.date_format(timezone.localtime(value), "SHORT_DATETIME_FORMAT")

    def render_user_name(self, value):
        return value or EMPTY

    def render_action(self, value, record):
        what = target_text(record)
        note = self.note_text(record.note) if record.note else ""
        return format_html(
            "<strong>{}</strong>{}{}",
            label_of(value),
            format_html('<span class="history-target">{}</span>', what) if what else "",
            format_html('<span class="history-note">{}</span>', note) if note else "",
        )

    def render_change(self, record):
        rows = changes(record, value_text=self.value_text)
        if not rows:
            return ""
        return format_html(
            '<ul class="history-changes">{}</ul>',
            format_html_join(
                "",
                '<li><span class="history-field">{}</span> {}</li>',
                ((c.label, _change_text(c)) for c in rows),
            ),
        )


def _change_text(change) -> str:
    if change.before is None:
        return format_html("<ins>{}</ins>", change.after)
    if change.after is None:
        return format_html("<del>{}</del>", change.before)
    return format_html("<del>{}</del> → <ins>{}</ins>", change.before, change.after)


def history_page(
    request,
    *,
    entries: Callable[[str], QuerySet],
    context: dict,
    note_text: Callable[[str], str] | None = None,
    value_text: dict[str, Callable] | None = None,
):
    """Render the History page of ``entries(kind)`` (kind "" for all), paginated.

    ``context`` names the page (``title``, and ``tournament`` or ``club``).
    """
    filter_form = HistoryFilter(request.GET or None)
    kind = filter_form.cleaned_data["kind"] if filter_form.is_valid() else ""
    table = HistoryTable(entries(kind), note_text=note_text, value_text=value_text)
    tables.RequestConfig(request, paginate={"per_page": PER_PAGE}).configure(table)
    return render(
        request,
        "actionlog/history.html",
        {**context, "table": table, "filter": filter_form},
    )
