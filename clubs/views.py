"""Serve the director's pages for clubs, players and teams."""

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db.models import Count
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_tables2 import RequestConfig

from clubs import access, imports
from clubs import selectors as club_selectors
from clubs import services as club_services
from clubs.access import any_director_required
from clubs.forms import (
    ClubForm,
    ManagerForm,
    MemberForm,
    MemberImportForm,
    PlayerForm,
    SearchForm,
    TeamForm,
)
from clubs.models import Club, Player, Team
from clubs.tables import ClubTable, PlayerTable, TeamTable
from core.params import parse_id
from core.refusals import refused_on_form


def _list_page(request, *, title, rows, table_class, create_url, kind, note=""):
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
            "note": note,
        },
    )


def _query(request) -> str:
    search = SearchForm(request.GET or None)
    return search.cleaned_data["q"] if search.is_valid() else ""


def _clubs_note(user) -> str:
    if access.user_edits_everyone(user=user):
        return ""
    if user.managed_clubs.exists():
        return _("The clubs you manage.")
    return _("Only staff may change clubs.")


@any_director_required
@require_GET
def clubs(request):
    return _list_page(
        request,
        title=_("Clubs"),
        rows=club_selectors.in_name_order(
            access.clubs_editable(
                user=request.user, clubs=club_selectors.club_list(query=_query(request))
            ),
            name=lambda club: club.name,
        ),
        table_class=ClubTable,
        create_url=reverse("clubs:club_create"),
        kind="clubs",
        note=_clubs_note(request.user),
    )


@any_director_required
@require_GET
def players(request):
    return _list_page(
        request,
        title=_("Players"),
        rows=club_selectors.in_name_order(
            access.players_editable(
                user=request.user,
                players=club_selectors.player_list(query=_query(request)),
            ),
            name=lambda player: player.sort_name,
        ),
        table_class=PlayerTable,
        create_url=reverse("clubs:player_create"),
        kind="players",
        note=_("The players entered in the tournaments you direct.")
        if not access.user_edits_everyone(user=request.user)
        else "",
    )


@any_director_required
@require_GET
def teams(request):
    return _list_page(
        request,
        title=_("Teams"),
        rows=club_selectors.in_name_order(
            access.teams_editable(
                user=request.user, teams=club_selectors.team_list(query=_query(request))
            ),
            name=lambda team: team.name,
        ),
        table_class=TeamTable,
        create_url=reverse("clubs:team_create"),
        kind="teams",
        note=_("The teams entered in the tournaments you direct.")
        if not access.user_edits_everyone(user=request.user)
        else "",
    )


def _edit_page(request, *, form, title, back, save):
    if request.method == "POST" and form.is_valid():
        with refused_on_form(form):
            save(form.cleaned_data)
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
        back=reverse("clubs:clubs"),
        save=lambda data: club_services.club_create(**data),
    )


@any_director_required
def club_edit(request, pk):
    club = get_object_or_404(Club, pk=pk)
    access.check_can_edit_club(user=request.user, club=club)
    return _edit_page(
        request,
        form=ClubForm(request.POST or None, instance=Club.objects.get(pk=pk)),
        title=club.name,
        back=reverse("clubs:clubs"),
        save=lambda data: club_services.club_update(club=club, by=request.user, **data),
    )


@any_director_required
def player_create(request):
    return _edit_page(
        request,
        form=PlayerForm(request.POST or None),
        title=_("New player"),
        back=reverse("clubs:players"),
        save=lambda data: club_services.player_create(**data),
    )


@any_director_required
def player_edit(request, pk):
    player = get_object_or_404(Player, pk=pk)
    access.check_can_edit_player(user=request.user, player=player)
    return _edit_page(
        request,
        form=PlayerForm(request.POST or None, instance=Player.objects.get(pk=pk)),
        title=player.full_name,
        back=reverse("clubs:players"),
        save=lambda data: club_services.player_update(
            player=player, by=request.user, **data
        ),
    )


@any_director_required
def team_create(request):
    return _edit_page(
        request,
        form=TeamForm(request.POST or None),
        title=_("New team"),
        back=reverse("clubs:teams"),
        save=lambda data: club_services.team_create(**data),
    )


@any_director_required
def team_edit(request, pk):
    team = get_object_or_404(Team, pk=pk)
    access.check_can_edit_team(user=request.user, team=team)
    return _edit_page(
        request,
        form=TeamForm(request.POST or None, instance=Team.objects.get(pk=pk)),
        title=team.name,
        back=reverse("clubs:teams"),
        save=lambda data: club_services.team_update(team=team, by=request.user, **data),
    )


# ------------------------------------------------------ a club's page for managers


def _club(pk) -> Club:
    pk = parse_id(pk)  # an id past the database's integers is no club, not a 500
    club = Club.objects.filter(pk=pk).first() if pk is not None else None
    if club is None:
        raise Http404(_("No such club."))
    return club


@any_director_required
@require_GET
def my_clubs(request):
    """The clubs the user manages: the way into their members and evenings."""
    managed = (
        Club.objects.filter(managers=request.user)
        .annotate(player_count=Count("players"))
        .order_by("name")
    )
    return render(
        request,
        "clubs/mine.html",
        {
            "clubs": managed,
            "staff": access.user_edits_everyone(user=request.user),
            "title": _("My clubs"),
        },
    )


def _people_page(request, club: Club, *, manager_form=None, status=200):
    staff = access.user_edits_everyone(user=request.user)
    members = club_selectors.in_name_order(
        Player.objects.filter(club=club).select_related("substitute__club"),
        name=lambda player: player.sort_name,
    )
    return render(
        request,
        "clubs/people.html",
        {
            "club": club,
            "members": members,
            "managers": list(club.managers.order_by("username")),
            "series_list": list(club.series.order_by("name")),
            "events": list(club.tournaments.order_by("-date", "name")[:50]),
            "staff": staff,
            "manager_form": manager_form or (ManagerForm() if staff else None),
            "title": club.name,
        },
        status=status,
    )


@any_director_required
@require_GET
def club_people(request, pk):
    """A club's members and their substitutes, its managers, series and events."""
    club = _club(pk)
    access.check_can_edit_club(user=request.user, club=club)
    return _people_page(request, club)


@any_director_required
def club_import(request, pk):
    """Import the club's members from a CSV or Excel list: a preview, then all."""
    club = _club(pk)
    access.check_can_edit_club(user=request.user, club=club)
    form = MemberImportForm(request.POST or None, request.FILES or None)
    result = None
    if request.method == "POST" and form.is_valid():
        result = imports.members_import(
            club=club,
            text=form.cleaned_data["text"],
            commit=request.POST.get("commit") == "1",
            by=request.user,
        )
        if result.committed:
            messages.success(
                request,
                _(
                    "%(new)d members added (%(created)d new players, %(joined)d "
                    "players without a club); %(numbered)d member numbers added; "
                    "%(same)d already members."
                )
                % {
                    "new": result.created_players + result.joined,
                    "created": result.created_players,
                    "joined": result.joined,
                    "numbered": result.numbered,
                    "same": result.unchanged,
                },
            )
            return redirect("clubs:club_people", pk=club.pk)
        # The text (a workbook's too, as CSV) goes on to the confirmation.
        form = MemberImportForm(initial={"text": form.cleaned_data["text"]})
    status = 400 if result is not None and not result.ok else 200
    return render(
        request,
        "clubs/import.html",
        {
            "club": club,
            "form": form,
            "result": result,
            "title": _("Import members · %(club)s") % {"club": club.name},
        },
        status=status,
    )


@any_director_required
def club_member(request, pk, player):
    """Change a member of the club: name, member number and fixed substitute."""
    club = _club(pk)
    access.check_can_edit_club(user=request.user, club=club)
    player_id = parse_id(player)
    member = (
        Player.objects.filter(pk=player_id, club=club).first()
        if player_id is not None
        else None
    )
    if member is None:
        raise Http404(_("No such member of this club."))
    return _edit_page(
        request,
        form=MemberForm(
            request.POST or None, instance=Player.objects.get(pk=member.pk)
        ),
        title=member.full_name,
        back=reverse("clubs:club_people", args=[club.pk]),
        save=lambda data: club_services.player_update(
            player=member, by=request.user, **data
        ),
    )


@any_director_required
@require_POST
def club_manager_add(request, pk):
    """Add a manager to the club, by username (staff only)."""
    club = _club(pk)
    club_services.club_managers_check(by=request.user)
    form = ManagerForm(request.POST)
    if form.is_valid():
        user = (
            get_user_model()
            .objects.filter(username__iexact=form.cleaned_data["username"].strip())
            .first()
        )
        if user is None:
            form.add_error("username", _("No user has this username."))
        else:
            with refused_on_form(form):
                club_services.club_manager_add(club=club, user=user, by=request.user)
                messages.success(
                    request,
                    _("%(name)s now manages %(club)s.")
                    % {"name": user.get_username(), "club": club.name},
                )
                return redirect("clubs:club_people", pk=club.pk)
    return _people_page(request, club, manager_form=form, status=400)


@any_director_required
@require_POST
def club_manager_remove(request, pk, user):
    """Take a manager off the club (staff only)."""
    club = _club(pk)
    club_services.club_managers_check(by=request.user)
    user_id = parse_id(user)
    manager = club.managers.filter(pk=user_id).first() if user_id else None
    if manager is None:
        raise Http404(_("This user does not manage the club."))
    club_services.club_manager_remove(club=club, user=manager, by=request.user)
    messages.success(
        request,
        _("%(name)s no longer manages %(club)s.")
        % {"name": manager.get_username(), "club": club.name},
    )
    return redirect("clubs:club_people", pk=club.pk)
