"""Serve the director's results desk and score sheets (login and permission)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.params import parse_id
from core.refusals import caught
from scoring import forms, selectors, services
from scoring.desk_text import queue_text
from scoring.models import ScoreSheet
from scoring.services import ResultError, SheetConflict
from scoring.table_entry import table_entry
from tournaments.models import Table, Tournament
from tournaments.selectors import user_can_direct


def _check(user, tournament) -> None:
    if not user_can_direct(user=user, tournament=tournament):
        raise PermissionDenied


def _table_for(request, table_id: int) -> Table:
    table = get_object_or_404(
        Table.objects.select_related("round__tournament", "round__phase", "sheet"),
        pk=table_id,
    )
    _check(request.user, table.round.tournament)
    if not hasattr(table, "sheet"):
        table.sheet = services.sheet_ensure(table=table)
    return table


def _is_htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _copy(request) -> int:
    raw = request.POST.get("copy") or request.GET.get("copy") or "1"
    return 2 if raw == "2" else 1


def _version(request) -> int | None:
    """The sheet's version the page was built on: 0 or an id-sized number."""
    raw = request.POST.get("version", "").strip()
    return 0 if raw == "0" else parse_id(raw)


def _deal_form(table: Table, data=None, initial=None) -> forms.DealForm:
    columns = selectors.columns_for(table.round.tournament)
    return forms.DealForm(data=data, initial=initial, columns=columns)


def _mode_refusal(request, table, copy, *, deals=False, totals=False, **kwargs):
    """Refuse an entry the tournament's mode does not take, before reading it."""
    with _caught() as refusal:
        services.entry_mode_check(
            tournament=table.round.tournament, deals=deals, totals=totals
        )
    if refusal:
        return _refused(request, table, copy, refusal.error, **kwargs)
    return None


def _sheet_url(table: Table, copy: int) -> str:
    url = reverse("scoring:sheet", kwargs={"table_id": table.pk})
    return f"{url}?copy=2" if copy == 2 else url


def _render_sheet(
    request,
    table: Table,
    *,
    copy: int,
    status: int = 200,
    deal_form=None,
    edit: tuple[int, int] | None = None,
    totals_forms=None,
    event_form=None,
    conflict=None,
    error: str | None = None,
    saved=None,
):
    view = selectors.sheet_view(
        table=table,
        copy=copy,
        saved=saved,
        by=request.user if saved is not None else None,
    )
    if deal_form is None and view.current is not None:
        deal_form = _deal_form(
            table,
            initial={
                "game": view.current.game.id,
                "declarer": view.current.next_declarer,
            },
        )
    if edit is None and deal_form is not None and deal_form.is_bound:
        number = deal_form.data.get("number")
        game = deal_form.data.get("game")
        if parse_id(number) and parse_id(game):
            edit = (parse_id(game), parse_id(number))
    # Build only the forms the sheet shows: the event form on the first entry of
    # an open sheet, a totals form per game when the tournament enters totals.
    if event_form is None and view.editable and copy == 1:
        event_form = forms.EventForm(
            games=[b.game for b in view.games],
            seats=view.seat_names,
            individual=view.tournament.is_individual,
        )
    if not view.columns["deals"]:
        totals_forms = totals_forms or {}
        for block in view.games:
            if block.game.id not in totals_forms:
                totals_forms[block.game.id] = forms.TotalsForm(
                    auto_id=f"id_%s_{block.game.id}",
                    initial={
                        "game": block.game.id,
                        "score_a": block.totals[0] if block.totals else None,
                        "score_b": block.totals[1] if block.totals else None,
                    },
                )
            block.totals_form = totals_forms[block.game.id]
    sheet_url = _sheet_url(table, copy)
    context = {
        "table_entry": _table_entry(table, view.sheet),
        "view": view,
        "deal_form": deal_form,
        "edit": edit,
        "event_form": event_form,
        "conflict": conflict,
        "error": error,
        "legend": forms.legend(),
        "trump_keys": forms.key_labels(),
        "sheet_url": sheet_url,
        # Each deal row's "edit" link: worked out once, not once per row.
        "edit_links": view.editable and not edit,
        "edit_base": f"{sheet_url}{'&' if '?' in sheet_url else '?'}edit=",
        "nav": selectors.sheet_neighbours(table=table),
        "jump_form": forms.TableJumpForm(),
    }
    if _is_htmx(request):
        template = "scoring/_sheet.html"
    else:
        template = "scoring/sheet.html"
        context["queue_text"] = queue_text()
    return render(request, template, context, status=status)


def _table_entry(table: Table, sheet: ScoreSheet) -> dict | None:
    """What the director sees of a table entering its own results: its code and
    where its sheet stands (``None`` when the desk enters the results)."""
    tournament = table.round.tournament
    if tournament.result_entry == Tournament.ResultEntry.DESK:
        return None
    codes = table_entry().codes(round=table.round)
    return {
        "code": codes.get(table.number),
        "state": sheet.table_state,
        "label": sheet.get_table_state_display(),
        "taken_over": sheet.table_state == ScoreSheet.TableState.DESK,
    }


def _saved(request, table: Table, copy: int, saved):
    """Answer a save: the updated sheet to htmx (``saved`` is the service's sheet)."""
    if _is_htmx(request):
        return _render_sheet(request, table, copy=copy, saved=saved)
    return HttpResponseRedirect(_sheet_url(table, copy))


def _caught():
    """A block whose refusal (a result refused, the sheet changed meanwhile) the
    view then answers with the sheet page (``_refused``)."""
    return caught(ResultError, SheetConflict)


def _refused(request, table, copy, exc, form=None, **kwargs):
    """Answer a service refusal: the message next to its field, a 4xx status."""
    if isinstance(exc, SheetConflict):
        return _render_sheet(
            request, table, copy=copy, status=409, conflict=exc.sheet, **kwargs
        )
    status = exc.status
    if form is not None and exc.field in form.fields:
        form.add_error(exc.field, exc.message)
        error = None
    else:
        error = exc.message
        if exc.game is not None and exc.index is not None:
            error = _("Game %(game)s, deal %(deal)s: %(message)s") % {
                "game": exc.game,
                "deal": exc.index + 1,
                "message": exc.message,
            }
    return _render_sheet(
        request, table, copy=copy, status=status, error=error, **kwargs
    )


def _bad_version(request, table, copy, **kwargs):
    return _render_sheet(
        request,
        table,
        copy=copy,
        status=400,
        error=_("The sheet's version is missing: reload the page and try again."),
        **kwargs,
    )


# --------------------------------------------------------------------------- sheet


@login_required
def sheet(request, table_id: int):
    table = _table_for(request, table_id)
    edit = None
    raw = request.GET.get("edit", "")
    if "." in raw:
        game, _dot, number = raw.partition(".")
        if parse_id(game) and parse_id(number):
            edit = (parse_id(game), parse_id(number))
    copy = _copy(request)
    deal_form = None
    if edit is not None:
        view = selectors.sheet_view(table=table, copy=copy)
        block = next((b for b in view.games if b.game.id == edit[0]), None)
        if block is not None and 1 <= edit[1] <= len(block.rows):
            row = block.rows[edit[1] - 1]
            initial = {
                "game": block.game.id,
                "number": row.number,
                "declarer": row.declarer,
                "trump": forms.trump_symbol_key(row.trump),
                "passed": row.passed,
                "blind": row.blind,
                "knocks": row.knocks or None,
                "points_a": row.points_a,
                "points_b": row.points_b,
                "revoke": "" if row.revoke is None else row.revoke,
                "tricks_a": row.tricks_a,
            }
            if row.cards:
                for name, value in zip(selectors.CARD_RANKS, row.cards, strict=True):
                    initial[name] = value
            deal_form = _deal_form(table, initial=initial)
        else:
            edit = None
    return _render_sheet(request, table, copy=copy, deal_form=deal_form, edit=edit)


@login_required
@require_POST
def deal_save(request, table_id: int):
    table = _table_for(request, table_id)
    copy = _copy(request)
    refused = _mode_refusal(request, table, copy, deals=True)
    if refused is not None:
        return refused
    form = _deal_form(table, data=request.POST)
    version = _version(request)
    if version is None:
        return _bad_version(request, table, copy, deal_form=form)
    if not form.is_valid():
        # The game and the deal's number are hidden boxes: say it on the page.
        error = None
        if form.has_error("game") or form.has_error("number"):
            error = _("This deal is not on this sheet: reload the page.")
        return _render_sheet(
            request, table, copy=copy, status=422, deal_form=form, error=error
        )
    with _caught() as refusal:
        saved = services.deal_record(
            sheet=table.sheet,
            game=form.cleaned_data["game"],
            deal=form.to_input(),
            number=form.cleaned_data.get("number"),
            by=request.user,
            version=version,
            copy=copy,
            reason=form.cleaned_data.get("reason", ""),
            # The desk's queue sends one with every deal; a plain form post none.
            key=request.POST.get("key") or None,
        )
    if refusal:
        return _refused(request, table, copy, refusal.error, form, deal_form=form)
    return _saved(request, table, copy, saved)


@login_required
@require_POST
def deal_delete(request, table_id: int):
    table = _table_for(request, table_id)
    copy = _copy(request)
    refused = _mode_refusal(request, table, copy, deals=True)
    if refused is not None:
        return refused
    form = forms.DealDeleteForm(request.POST)
    version = _version(request)
    if version is None:
        return _bad_version(request, table, copy)
    if not form.is_valid():
        return _render_sheet(
            request,
            table,
            copy=copy,
            status=422,
            error=_("Choose a deal to remove."),
        )
    with _caught() as refusal:
        saved = services.deal_delete(
            sheet=table.sheet,
            game=form.cleaned_data["game"],
            number=form.cleaned_data["number"],
            by=request.user,
            version=version,
            copy=copy,
            reason=form.cleaned_data.get("reason", ""),
        )
    if refusal:
        # The deal stays open for editing, a missing reason next to its box.
        deal_form = _deal_form(table, data=request.POST)
        deal_form.is_valid()
        return _refused(
            request, table, copy, refusal.error, deal_form, deal_form=deal_form
        )
    return _saved(request, table, copy, saved)


@login_required
@require_POST
def totals_save(request, table_id: int):
    table = _table_for(request, table_id)
    copy = _copy(request)
    refused = _mode_refusal(request, table, copy, totals=True)
    if refused is not None:
        return refused
    game_id = request.POST.get("game", "")
    suffix = game_id if game_id.isascii() and game_id.isdigit() else "game"
    form = forms.TotalsForm(request.POST, auto_id=f"id_%s_{suffix}")
    version = _version(request)
    game_pk = parse_id(game_id)
    totals_forms = {game_pk: form} if game_pk else {}
    if version is None:
        return _bad_version(request, table, copy, totals_forms=totals_forms)
    if not form.is_valid():
        return _render_sheet(
            request, table, copy=copy, status=422, totals_forms=totals_forms
        )
    with _caught() as refusal:
        saved = services.game_totals_record(
            sheet=table.sheet,
            game=form.cleaned_data["game"],
            totals=(form.cleaned_data["score_a"], form.cleaned_data["score_b"]),
            by=request.user,
            version=version,
            copy=copy,
            reason=form.cleaned_data.get("reason", ""),
        )
    if refusal:
        return _refused(
            request, table, copy, refusal.error, form, totals_forms=totals_forms
        )
    return _saved(request, table, copy, saved)


@login_required
@require_POST
def event_add(request, table_id: int):
    table = _table_for(request, table_id)
    games = list(table.games.order_by("number"))
    form = forms.EventForm(
        request.POST,
        games=games,
        seats=selectors.seat_names(table=table),
        individual=table.round.tournament.is_individual,
    )
    version = _version(request)
    if version is None:
        return _bad_version(request, table, 1, event_form=form)
    if not form.is_valid():
        return _render_sheet(request, table, copy=1, status=422, event_form=form)
    data = form.cleaned_data
    with _caught() as refusal:
        saved = services.table_event_add(
            sheet=table.sheet,
            game=data["game"],
            kind=data["kind"],
            seat=data["seat"],
            points=data.get("points") or 0,
            reason=data["reason"],
            by=request.user,
            version=version,
        )
    if refusal:
        return _refused(request, table, 1, refusal.error, form, event_form=form)
    return _saved(request, table, 1, saved)


@login_required
@require_POST
def event_remove(request, table_id: int):
    table = _table_for(request, table_id)
    form = forms.EventRemoveForm(request.POST)
    version = _version(request)
    if version is None:
        return _bad_version(request, table, 1)
    if not form.is_valid():
        return _render_sheet(
            request, table, copy=1, status=422, error=_("Choose an event to remove.")
        )
    with _caught() as refusal:
        saved = services.table_event_remove(
            sheet=table.sheet,
            event=form.cleaned_data["event"],
            by=request.user,
            version=version,
            reason=form.cleaned_data.get("reason", ""),
        )
    if refusal:
        return _refused(request, table, 1, refusal.error)
    return _saved(request, table, 1, saved)


@login_required
@require_POST
def sheet_confirm(request, table_id: int):
    table = _table_for(request, table_id)
    version = _version(request)
    if version is None:
        return _bad_version(request, table, 1)
    with _caught() as refusal:
        services.sheet_confirm(sheet=table.sheet, by=request.user, version=version)
    if refusal:
        return _refused(request, table, 1, refusal.error)
    messages.success(request, _("%(table)s is confirmed.") % {"table": table})
    # Keyboard first: go straight on to the next sheet not entered (the pile of
    # paper), then to the next one still to confirm, then back to the desk.
    nav = selectors.sheet_neighbours(table=table)
    if nav.next_open is not None:
        target = reverse("scoring:sheet", kwargs={"table_id": nav.next_open[0]})
    elif (following := selectors.next_unconfirmed_table(table=table)) is not None:
        target = reverse("scoring:sheet", kwargs={"table_id": following.pk})
    else:
        target = reverse("scoring:round", kwargs={"round_id": table.round_id})
    if _is_htmx(request):
        response = HttpResponse(status=204)
        response["HX-Redirect"] = target
        return response
    return HttpResponseRedirect(target)


@login_required
@require_POST
def sheet_take_over(request, table_id: int):
    """Take the sheet from its table (the code stops writing), or give it back."""
    table = _table_for(request, table_id)
    version = _version(request)
    if version is None:
        return _bad_version(request, table, 1)
    give_back = request.POST.get("action") == "give_back"
    service = services.sheet_give_back if give_back else services.sheet_take_over
    with _caught() as refusal:
        saved = service(sheet=table.sheet, by=request.user, version=version)
    if refusal:
        return _refused(request, table, 1, refusal.error)
    if not _is_htmx(request):  # htmx shows the sheet's new state at once
        if give_back:
            message = _("%(table)s is back with its table.")
        else:
            message = _(
                "%(table)s is taken over: its code no longer changes the sheet."
            )
        messages.success(request, message % {"table": table})
    return _saved(request, table, 1, saved)
