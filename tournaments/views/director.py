"""Serve the director's pages; each needs login and permission on the tournament."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from clubs import selectors as club_selectors
from clubs import services as club_services
from clubs.forms import ClubForm, PlayerForm, TeamForm
from clubs.models import Club, Player, Team
from clubs.tables import ClubTable, PlayerTable, TeamTable
from tournaments import selectors, services
from tournaments.forms import (
    DrawForm,
    EntryAddForm,
    ImportForm,
    PhaseFormSet,
    SearchForm,
    TournamentForm,
    add_errors,
    phase_rows,
)
from tournaments.models import Bye, Entry, Phase, Round, Seat, Tournament
from tournaments.tables import EntryTable, TournamentTable

# ------------------------------------------------------------------ permissions


def director_required(view):
    """Load the tournament named by ``slug``; require login and its direction."""

    @wraps(view)
    @login_required
    def wrapper(request, slug, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=slug)
        if not selectors.user_can_direct(user=request.user, tournament=tournament):
            raise PermissionDenied(_("You do not direct this tournament."))
        return view(request, tournament, *args, **kwargs)

    return wrapper


def staff_required(view):
    """Require a staff user (who may create tournaments)."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not (request.user.is_staff or request.user.is_superuser):
            raise PermissionDenied(_("Only staff may create tournaments."))
        return view(request, *args, **kwargs)

    return wrapper


def any_director_required(view):
    """Require a user who directs some tournament (or staff): clubs and players."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not selectors.user_is_director(user=request.user):
            raise PermissionDenied(_("You do not direct any tournament."))
        return view(request, *args, **kwargs)

    return wrapper


def _is_htmx(request) -> bool:
    return request.headers.get("HX-Request") == "true"


def _safe_reverse(name: str, **kwargs) -> str | None:
    """Return a colleague's URL if it exists yet, else None."""
    try:
        return reverse(name, kwargs=kwargs)
    except NoReverseMatch:
        return None


# -------------------------------------------------------------------------- home


@any_director_required
@require_GET
def home(request):
    tournaments = selectors.tournament_list_for_director(user=request.user)
    table = TournamentTable(tournaments)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "tournaments/director/home.html",
        {
            "tournaments": tournaments,
            "table": table,
            "can_create": request.user.is_staff or request.user.is_superuser,
        },
    )


# -------------------------------------------------------------------- tournament


def _phase_formset(data, tournament, *, prefix="phases"):
    return PhaseFormSet(data, instance=tournament, prefix=prefix)


@staff_required
def tournament_create(request):
    form = TournamentForm(request.POST or None)
    formset = _phase_formset(request.POST or None, Tournament())
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        try:
            tournament = services.tournament_create(
                by=request.user, phases=phase_rows(formset), **form.changed_fields()
            )
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, _("Tournament created."))
            return redirect("director:tournament", slug=tournament.slug)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {"form": form, "formset": formset, "creating": True},
    )


@director_required
@require_GET
def tournament(request, tournament):
    phases = selectors.phase_list(tournament=tournament)
    return render(
        request,
        "tournaments/director/tournament.html",
        {
            "tournament": tournament,
            "phases": phases,
            "counts": selectors.entry_counts(tournament=tournament),
            "draft": Round.objects.filter(
                tournament=tournament, status=Round.Status.DRAFT
            ).first(),
            "latest": selectors.round_latest_public(tournament=tournament),
        },
    )


@director_required
def tournament_edit(request, tournament):
    locked = selectors.tournament_has_results(tournament=tournament)
    slug = tournament.slug
    form = TournamentForm(
        request.POST or None, instance=tournament, rules_locked=locked
    )
    formset = _phase_formset(request.POST or None, tournament)
    if request.method == "POST" and form.is_valid() and formset.is_valid():
        try:
            updated = services.tournament_update(
                tournament=Tournament.objects.get(pk=tournament.pk),
                by=request.user,
                phases=phase_rows(formset),
                **form.changed_fields(),
            )
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("director:tournament", slug=updated.slug)
    return render(
        request,
        "tournaments/director/tournament_form.html",
        {
            "form": form,
            "formset": formset,
            "tournament": Tournament.objects.get(slug=slug),
            "rules_locked": locked,
        },
    )


# ----------------------------------------------------------------------- entries


def _entries_context(request, tournament):
    search = SearchForm(request.GET or None)
    query = search.cleaned_data["q"] if search.is_valid() else ""
    entries = selectors.entry_search(tournament=tournament, query=query)
    table = EntryTable(entries)
    RequestConfig(request, paginate=False).configure(table)
    return {
        "tournament": tournament,
        "search": search,
        "query": query,
        "table": table,
        "shown": len(entries),
        "counts": selectors.entry_counts(tournament=tournament),
    }


@director_required
@require_GET
def entries(request, tournament):
    context = _entries_context(request, tournament)
    if _is_htmx(request):
        return render(request, "tournaments/director/_entries_table.html", context)
    context["add_form"] = EntryAddForm(pairs=not tournament.is_individual)
    context["clubs"] = Club.objects.order_by("name").values_list("name", flat=True)
    return render(request, "tournaments/director/entries.html", context)


@director_required
@require_POST
def entry_status(request, tournament, entry_id):
    entry = get_object_or_404(Entry, pk=entry_id, tournament=tournament)
    action = request.POST.get("action")
    if action == "present":
        services.entry_set_present(entry=entry, present=True)
    elif action == "absent":
        services.entry_set_present(entry=entry, present=False)
    elif action == "withdraw":
        services.entry_withdraw(entry=entry)
    else:
        return render(
            request,
            "tournaments/director/_message.html",
            {"message": _("Unknown check-in action.")},
            status=400,
        )
    if _is_htmx(request):
        entry = selectors.entry_list(tournament=tournament).get(pk=entry.pk)
        response = render(
            request,
            "tournaments/director/_checkin_cell.html",
            {"record": entry, "tournament": tournament},
        )
        response["HX-Trigger"] = "entries-changed"
        return response
    return redirect(
        reverse("director:entries", kwargs={"slug": tournament.slug})
        + f"#entry-{entry.pk}"
    )


@director_required
@require_GET
def entry_counts(request, tournament):
    return render(
        request,
        "tournaments/director/_entry_counts.html",
        {"counts": selectors.entry_counts(tournament=tournament)},
    )


@director_required
@require_POST
def entry_add(request, tournament):
    form = EntryAddForm(request.POST, pairs=not tournament.is_individual)
    if form.is_valid():
        try:
            entry = services.registration_add(
                tournament=tournament, **form.cleaned_data
            )
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(
                request,
                _("%(name)s is registered%(late)s.")
                % {
                    "name": entry,
                    "late": _(" as a late entry, present") if entry.late else "",
                },
            )
            return redirect("director:entries", slug=tournament.slug)
    context = _entries_context(request, tournament)
    context["add_form"] = form
    context["clubs"] = Club.objects.order_by("name").values_list("name", flat=True)
    return render(request, "tournaments/director/entries.html", context, status=400)


@director_required
def registration_import(request, tournament):
    form = ImportForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        commit = request.POST.get("commit") == "1"
        result = services.registrations_import(
            tournament=tournament, csv_text=form.cleaned_data["text"], commit=commit
        )
        if result.committed:
            messages.success(
                request,
                _(
                    "%(entries)d entrants registered (%(players)d new players, "
                    "%(clubs)d new clubs, %(teams)d new teams); %(skipped)d "
                    "already registered."
                )
                % {
                    "entries": result.created_entries,
                    "players": result.created_players,
                    "clubs": result.created_clubs,
                    "teams": result.created_teams,
                    "skipped": result.skipped,
                },
            )
            return redirect("director:entries", slug=tournament.slug)
        # Carry the text on to the confirmation, whatever its source.
        form = ImportForm(initial={"text": form.cleaned_data["text"]})
    status = 400 if result is not None and not result.ok else 200
    return render(
        request,
        "tournaments/director/import.html",
        {"tournament": tournament, "form": form, "result": result},
        status=status,
    )


# ------------------------------------------------------------------ phases, rounds


@director_required
@require_GET
def phase_list(request, tournament):
    return render(
        request,
        "tournaments/director/phase_list.html",
        {
            "tournament": tournament,
            "phases": selectors.phase_list(tournament=tournament),
            "counts": selectors.entry_counts(tournament=tournament),
            "draw_form": DrawForm(),
        },
    )


@director_required
@require_POST
def round_draw(request, tournament, phase_id):
    phase = get_object_or_404(Phase, pk=phase_id, tournament=tournament)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The seed must be a whole number."))
        return redirect("director:phase_list", slug=tournament.slug)
    try:
        rnd = services.round_draw(
            phase=phase, by=request.user, seed=form.cleaned_data["seed"]
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
        return redirect("director:phase_list", slug=tournament.slug)
    messages.success(
        request,
        _("Round %(number)d drawn as a draft: check it, then publish it.")
        % {"number": rnd.number},
    )
    return redirect("director:round", slug=tournament.slug, number=rnd.number)


@director_required
@require_POST
def phase_advance(request, tournament, phase_id):
    # Advancement follows the standings and the tiebreak order; it lives with
    # round closing in scoring.services, which the results desk uses too.
    from scoring.services import EntryError
    from scoring.services import phase_advance as advance

    phase = get_object_or_404(Phase, pk=phase_id, tournament=tournament)
    try:
        result = advance(phase=phase, by=request.user)
    except EntryError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, _("%(count)d qualifiers advance.") % {"count": result.count}
        )
    return redirect("director:phase_list", slug=tournament.slug)


def _get_round(tournament, number) -> Round:
    return get_object_or_404(
        Round.objects.select_related("phase", "tournament"),
        tournament=tournament,
        number=number,
    )


@director_required
@require_GET
def round_detail(request, tournament, number):
    rnd = _get_round(tournament, number)
    tables, byes = selectors.round_tables(round=rnd, with_flags=True)
    for tv in tables:
        tv.sheet_url = _safe_reverse("scoring:sheet", table_id=tv.table.pk)
    bye_rows = {b.entry_id: b for b in Bye.objects.filter(round=rnd)}
    return render(
        request,
        "tournaments/director/round.html",
        {
            "tournament": tournament,
            "round": rnd,
            "tables": tables,
            "byes": [(entry, bye_rows.get(entry.pk)) for entry in byes],
            "is_draft": rnd.status == Round.Status.DRAFT,
            "flagged": sum(1 for t in tables if t.repeats or t.same_club),
            "withdrawn": [s for t in tables for s in t.seats if s.withdrawn],
            "log": rnd.log.select_related("by").order_by("-at", "-id")[:20],
            "scoring_url": _safe_reverse("scoring:round", round_id=rnd.pk),
            "public_url": reverse(
                "public:draw", kwargs={"slug": tournament.slug, "number": rnd.number}
            ),
            "draw_form": DrawForm(),
        },
    )


def _round_redirect(tournament, rnd) -> HttpResponseRedirect:
    return redirect("director:round", slug=tournament.slug, number=rnd.number)


@director_required
@require_POST
def round_redraw(request, tournament, number):
    rnd = _get_round(tournament, number)
    form = DrawForm(request.POST)
    seed = form.cleaned_data["seed"] if form.is_valid() else None
    try:
        services.round_redraw(round=rnd, by=request.user, seed=seed)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Drawn again with a new seed."))
    return _round_redirect(tournament, rnd)


@director_required
@require_POST
def round_swap(request, tournament, number):
    rnd = _get_round(tournament, number)
    seat_ids = [s for s in request.POST.getlist("seat") if s.isdigit()]
    bye_ids = [b for b in request.POST.getlist("bye") if b.isdigit()]
    try:
        if len(seat_ids) == 2 and not bye_ids:
            seats = list(Seat.objects.filter(round=rnd, pk__in=seat_ids))
            if len(seats) != 2:
                raise ValidationError(_("Choose two seats of this round."))
            services.round_swap_seats(
                round=rnd, seat_a=seats[0], seat_b=seats[1], by=request.user
            )
        elif len(seat_ids) == 1 and len(bye_ids) == 1:
            seat = get_object_or_404(Seat, round=rnd, pk=seat_ids[0])
            bye = get_object_or_404(Bye, round=rnd, pk=bye_ids[0])
            services.round_swap_bye(round=rnd, seat=seat, bye=bye, by=request.user)
        else:
            raise ValidationError(
                _("Tick exactly two seats (or one seat and one bye) to swap them.")
            )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("Swapped."))
    return _round_redirect(tournament, rnd)


@director_required
@require_POST
def round_publish(request, tournament, number):
    rnd = _get_round(tournament, number)
    try:
        services.round_publish(round=rnd, by=request.user)
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("Round %(number)d is published: players can find their table.")
            % {"number": rnd.number},
        )
    return _round_redirect(tournament, rnd)


# ----------------------------------------------------------- clubs, players, teams


def _list_page(request, *, title, rows, table_class, create_url, kind):
    search = SearchForm(request.GET or None)
    table = table_class(rows)
    RequestConfig(request, paginate={"per_page": 100}).configure(table)
    return render(
        request,
        "clubs/list.html",
        {
            "title": title,
            "table": table,
            "search": search,
            "create_url": create_url,
            "kind": kind,
        },
    )


def _query(request) -> str:
    search = SearchForm(request.GET or None)
    return search.cleaned_data["q"] if search.is_valid() else ""


@any_director_required
@require_GET
def clubs(request):
    return _list_page(
        request,
        title=_("Clubs"),
        rows=club_selectors.club_list(query=_query(request)),
        table_class=ClubTable,
        create_url=reverse("director:club_create"),
        kind="clubs",
    )


@any_director_required
@require_GET
def players(request):
    return _list_page(
        request,
        title=_("Players"),
        rows=club_selectors.player_list(query=_query(request)),
        table_class=PlayerTable,
        create_url=reverse("director:player_create"),
        kind="players",
    )


@any_director_required
@require_GET
def teams(request):
    return _list_page(
        request,
        title=_("Teams"),
        rows=club_selectors.team_list(query=_query(request)),
        table_class=TeamTable,
        create_url=reverse("director:team_create"),
        kind="teams",
    )


def _edit_page(request, *, form, title, back, save):
    if request.method == "POST" and form.is_valid():
        try:
            save(form.cleaned_data)
        except ValidationError as exc:
            add_errors(form, exc)
        else:
            messages.success(request, _("Saved."))
            return redirect(back)
    return render(
        request,
        "clubs/form.html",
        {"form": form, "title": title, "back": back},
        status=400 if request.method == "POST" else 200,
    )


@any_director_required
def club_create(request):
    return _edit_page(
        request,
        form=ClubForm(request.POST or None),
        title=_("New club"),
        back=reverse("director:clubs"),
        save=lambda data: club_services.club_create(**data),
    )


@any_director_required
def club_edit(request, pk):
    club = get_object_or_404(Club, pk=pk)
    return _edit_page(
        request,
        form=ClubForm(request.POST or None, instance=Club.objects.get(pk=pk)),
        title=club.name,
        back=reverse("director:clubs"),
        save=lambda data: club_services.club_update(club=club, **data),
    )


@any_director_required
def player_create(request):
    return _edit_page(
        request,
        form=PlayerForm(request.POST or None),
        title=_("New player"),
        back=reverse("director:players"),
        save=lambda data: club_services.player_create(**data),
    )


@any_director_required
def player_edit(request, pk):
    player = get_object_or_404(Player, pk=pk)
    return _edit_page(
        request,
        form=PlayerForm(request.POST or None, instance=Player.objects.get(pk=pk)),
        title=player.full_name,
        back=reverse("director:players"),
        save=lambda data: club_services.player_update(player=player, **data),
    )


@any_director_required
def team_create(request):
    return _edit_page(
        request,
        form=TeamForm(request.POST or None),
        title=_("New team"),
        back=reverse("director:teams"),
        save=lambda data: club_services.team_create(**data),
    )


@any_director_required
def team_edit(request, pk):
    team = get_object_or_404(Team, pk=pk)
    return _edit_page(
        request,
        form=TeamForm(request.POST or None, instance=Team.objects.get(pk=pk)),
        title=team.name,
        back=reverse("director:teams"),
        save=lambda data: club_services.team_update(team=team, **data),
    )
