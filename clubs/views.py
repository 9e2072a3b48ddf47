"""Serve the director's pages for clubs, players and teams."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET
from django_tables2 import RequestConfig

from clubs import access
from clubs import selectors as club_selectors
from clubs import services as club_services
from clubs.access import any_director_required
from clubs.forms import ClubForm, PlayerForm, SearchForm, TeamForm, add_errors
from clubs.models import Club, Player, Team
from clubs.tables import ClubTable, PlayerTable, TeamTable


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


@any_director_required
@require_GET
def clubs(request):
    return _list_page(
        request,
        title=_("Clubs"),
        rows=access.clubs_editable(
            user=request.user, clubs=club_selectors.club_list(query=_query(request))
        ),
        table_class=ClubTable,
        create_url=reverse("director:club_create"),
        kind="clubs",
        note=_("Only staff may change clubs.")
        if not access.user_edits_everyone(user=request.user)
        else "",
    )


@any_director_required
@require_GET
def players(request):
    return _list_page(
        request,
        title=_("Players"),
        rows=access.players_editable(
            user=request.user,
            players=club_selectors.player_list(query=_query(request)),
        ),
        table_class=PlayerTable,
        create_url=reverse("director:player_create"),
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
        rows=access.teams_editable(
            user=request.user, teams=club_selectors.team_list(query=_query(request))
        ),
        table_class=TeamTable,
        create_url=reverse("director:team_create"),
        kind="teams",
        note=_("The teams entered in the tournaments you direct.")
        if not access.user_edits_everyone(user=request.user)
        else "",
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
    access.check_can_edit_club(user=request.user, club=club)
    return _edit_page(
        request,
        form=ClubForm(request.POST or None, instance=Club.objects.get(pk=pk)),
        title=club.name,
        back=reverse("director:clubs"),
        save=lambda data: club_services.club_update(club=club, by=request.user, **data),
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
    access.check_can_edit_player(user=request.user, player=player)
    return _edit_page(
        request,
        form=PlayerForm(request.POST or None, instance=Player.objects.get(pk=pk)),
        title=player.full_name,
        back=reverse("director:players"),
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
        back=reverse("director:teams"),
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
        back=reverse("director:teams"),
        save=lambda data: club_services.team_update(team=team, by=request.user, **data),
    )
