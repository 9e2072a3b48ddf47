"""Serve the check-in page: search, Enter to check in, a pasted list, all present."""

from django.contrib import messages
from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import is_htmx
from clubs.models import Club
from core.params import parse_id
from tournaments import checkin, selectors, services
from tournaments.access import director_required
from tournaments.forms import CheckinListForm, EntryAddForm
from tournaments.models import Entry

# The page's search box sends at most this much (a name, a club, a number).
MAX_QUERY = 200
ACTIONS = ("present", "absent", "withdraw")


def _entries_url(tournament, entry_id: int | None = None) -> str:
    url = reverse("tournaments:entries", kwargs={"slug": tournament.slug})
    return url + (f"#e{entry_id}" if entry_id else "")


def _undo_key(tournament) -> str:
    return f"checkin-undo-{tournament.pk}"


def _remember_undo(request, tournament, result: checkin.CheckinResult) -> None:
    """Keep who a check-in of several changed, for the page's Undo button."""
    if result.changed:
        request.session[_undo_key(tournament)] = result.changed
    else:
        request.session.pop(_undo_key(tournament), None)


def _labels() -> dict[str, str]:
    return {code: str(label) for code, label in Entry.Status.choices}


def entries_context(request, tournament, *, query: str = "") -> dict:
    """What the check-in page and its table show (one query for the rows)."""
    rows = checkin.checkin_rows(tournament=tournament, search=bool(query.strip()))
    shown = checkin.checkin_filter(rows, query)
    return {
        "tournament": tournament,
        "query": query,
        "rows": shown,
        "shown": len(shown),
        "labels": _labels(),
        "counts": selectors.entry_counts(tournament=tournament),
    }


def _query(request) -> str:
    return (request.GET.get("q") or "")[:MAX_QUERY]


@director_required
@require_GET
def entries(request, tournament):
    context = entries_context(request, tournament, query=_query(request))
    if is_htmx(request):
        return render(request, "tournaments/director/_entries_table.html", context)
    context["add_form"] = EntryAddForm(pairs=not tournament.is_individual)
    context["clubs"] = Club.objects.order_by("name").values_list("name", flat=True)
    undo = request.session.get(_undo_key(tournament))
    context["undo_count"] = len(undo) if isinstance(undo, list) else 0
    return render(request, "tournaments/director/entries.html", context)


def row_response(request, tournament, entry_id: int, *, oob: bool = False):
    row = checkin.checkin_row(tournament=tournament, entry_id=entry_id)
    rows = [row] if row is not None else []
    response = render(
        request,
        "tournaments/director/_checkin_rows.html",
        {"rows": rows, "labels": _labels(), "tournament": tournament, "oob": oob},
    )
    response["HX-Trigger"] = "entries-changed"
    return response


def _mark(tournament, entry: Entry, action: str) -> None:
    if action == "present":
        services.entry_set_present(entry=entry, present=True)
    elif action == "absent":
        services.entry_set_present(entry=entry, present=False)
    else:
        services.entry_withdraw(entry=entry)


@director_required
@require_POST
def entry_mark(request, tournament):
    """One row's button: ``present=<id>``, ``absent=<id>`` or ``withdraw=<id>``.

    The page's rows share one form (one token for 576 rows): the button's name says
    what, its value whom. Answered with the row, swapped in place.
    """
    chosen = [(a, parse_id(request.POST.get(a))) for a in ACTIONS if a in request.POST]
    entry = None
    if len(chosen) == 1 and chosen[0][1]:
        entry = Entry.objects.filter(tournament=tournament, pk=chosen[0][1]).first()
    if entry is None:
        message = _("Unknown check-in action.")
        if is_htmx(request):
            return render(
                request,
                "tournaments/director/_message.html",
                {"message": message},
                status=400,
            )
        messages.error(request, message)
        return HttpResponseRedirect(_entries_url(tournament))
    _mark(tournament, entry, chosen[0][0])
    if is_htmx(request):
        return row_response(request, tournament, entry.pk, oob=True)
    return HttpResponseRedirect(_entries_url(tournament, entry.pk))


@director_required
@require_POST
def entry_checkin(request, tournament):
    """The search box's Enter: check in the one entrant the text names.

    Answered with a sentence (and the row, swapped in place); several or nobody
    found changes nothing and says so.
    """
    text = (request.POST.get("q") or "")[:MAX_QUERY]
    outcome, found = checkin.checkin_by_name(tournament=tournament, text=text)
    context = {
        "tournament": tournament,
        "outcome": outcome,
        "found": found[:8],
        "more": max(len(found) - 8, 0),
        "count": len(found),
        "text": text.strip(),
        "labels": _labels(),
    }
    if not is_htmx(request):
        row = found[0] if len(found) == 1 else None
        done = outcome in ("present", "already")
        level = messages.success if done else messages.error
        level(request, _answer_text(outcome, row, len(found), text.strip()))
        return HttpResponseRedirect(_entries_url(tournament, row.id if row else None))
    response = render(request, "tournaments/director/_checkin_answer.html", context)
    if outcome == "present":
        response.write(row_response(request, tournament, found[0].id, oob=True).content)
    if outcome in ("present", "already"):
        response["HX-Trigger"] = '{"entries-changed": true, "checkin-done": true}'
    return response


def _answer_text(outcome: str, row, count: int, text: str) -> str:
    """The Enter's answer as one sentence (the page without JavaScript)."""
    if outcome == "present":
        return _("%(name)s is present.") % {"name": row.name}
    if outcome == "already":
        return _("%(name)s was already present.") % {"name": row.name}
    if outcome == "withdrawn":
        return _(
            "%(name)s has withdrawn: press Present on their row to bring them back."
        ) % {"name": row.name}
    if outcome == "several":
        return ngettext(
            "%(count)d entrant matches “%(text)s”: type more of the name, the "
            "club or the member number.",
            "%(count)d entrants match “%(text)s”: type more of the name, the "
            "club or the member number.",
            count,
        ) % {"count": count, "text": text}
    return _("Nobody registered matches “%(text)s”.") % {"text": text}


@director_required
@require_http_methods(["GET", "POST"])
def entries_all_present(request, tournament):
    """Mark everyone not yet checked in present: the counts first, then once more."""
    if request.method == "POST" and request.POST.get("confirmed") == "1":
        result = checkin.entries_all_present(tournament=tournament)
        _remember_undo(request, tournament, result)
        messages.success(request, checkin.checkin_summary(result=result))
        return redirect("tournaments:entries", slug=tournament.slug)
    return render(
        request,
        "tournaments/director/all_present.html",
        {
            "tournament": tournament,
            "counts": selectors.entry_counts(tournament=tournament),
        },
    )


@director_required
@require_http_methods(["GET", "POST"])
def entries_by_list(request, tournament):
    """Paste who came; see who matched and who did not; mark the ticked present."""
    form = CheckinListForm(request.POST or None)
    lines = None
    if request.method == "POST" and form.is_valid():
        if request.POST.get("commit") == "1":
            ids = [i for i in map(parse_id, request.POST.getlist("entry")) if i]
            if ids:
                result = checkin.entries_check_in(tournament=tournament, entry_ids=ids)
                _remember_undo(request, tournament, result)
                messages.success(request, checkin.checkin_summary(result=result))
                return redirect("tournaments:entries", slug=tournament.slug)
            form.add_error(None, _("Tick at least one entrant to mark present."))
        lines = checkin.checkin_list_preview(
            tournament=tournament, text=form.cleaned_data["text"]
        )
    return render(
        request,
        "tournaments/director/checkin_list.html",
        {
            "tournament": tournament,
            "form": form,
            "lines": lines,
            "labels": _labels(),
            "summary": _list_summary(lines) if lines is not None else None,
        },
        status=400 if form.errors else 200,
    )


def _list_summary(lines) -> dict[str, int]:
    summary = {"lines": len(lines), "matched": 0, "several": 0, "none": 0, "ready": 0}
    for line in lines:
        summary[line.state] += 1
        if line.row is not None and line.row.status == Entry.Status.REGISTERED:
            summary["ready"] += 1
    return summary


@director_required
@require_POST
def entries_undo(request, tournament):
    """Undo the last check-in of several (all present, a list) made on this browser."""
    ids = request.session.pop(_undo_key(tournament), None)
    if not isinstance(ids, list):
        messages.error(request, _("There is no check-in to undo."))
    else:
        count = checkin.entries_check_in_undo(
            tournament=tournament, entry_ids=[i for i in map(parse_id, ids) if i]
        )
        messages.success(
            request,
            ngettext(
                "Undone: %(count)d entrant is no longer checked in.",
                "Undone: %(count)d entrants are no longer checked in.",
                count,
            )
            % {"count": count},
        )
    return redirect("tournaments:entries", slug=tournament.slug)
