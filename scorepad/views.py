"""Serve the score pad: a club's games, a new game, and a game being played."""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST
from django_tables2 import RequestConfig

from clubs.access import user_edits_everyone, user_is_director
from core.errors import StateConflict
from core.params import parse_id
from core.refusals import refused_as_message, refused_on_form
from scorepad import selectors, services
from scorepad.access import check_can_use_pad, pad_clubs
from scorepad.forms import PadDealForm, PadGameForm, UndoForm, member_choices
from scorepad.kinds import KINDS
from scorepad.models import PadGame, Variant
from scorepad.tables import PadGameTable
from scoring.forms import TRUMP_SYMBOLS, legend, trump_keys


def pad_user_required(view):
    """Require a user who may keep some score pad: staff, a director, a manager."""

    @wraps(view)
    @login_required
    def wrapper(request, *args, **kwargs):
        if not user_is_director(user=request.user):
            raise PermissionDenied(
                _("Only club managers and tournament directors keep score pads.")
            )
        return view(request, *args, **kwargs)

    return wrapper


def _game(request, pk) -> PadGame:
    """Return the game ``pk`` if ``request.user`` may use it (else 404 or 403)."""
    pk = parse_id(pk)
    game = PadGame.objects.select_related("club").filter(pk=pk).first() if pk else None
    if game is None:
        raise Http404(_("No such game."))
    check_can_use_pad(user=request.user, club=game.club)
    return game


@pad_user_required
@require_http_methods(["GET", "HEAD"])
def game_list(request):
    clubs = pad_clubs(user=request.user)
    club = None
    raw = request.GET.get("club")
    if raw:
        club = clubs.filter(pk=parse_id(raw)).first() if parse_id(raw) else None
        if club is None:
            raise Http404(_("No such club."))
    table = PadGameTable(selectors.pad_games(user=request.user, club=club))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "scorepad/list.html",
        {"table": table, "clubs": clubs, "club": club},
    )


def _variant(raw) -> str:
    return raw if raw in KINDS else Variant.THREE.value


@pad_user_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_new(request):
    clubs = pad_clubs(user=request.user)
    raw = request.POST.get("club") if request.method == "POST" else None
    raw = raw or request.GET.get("club")
    chosen = clubs.filter(pk=parse_id(raw)).first() if parse_id(raw) else None
    if chosen is None and not user_edits_everyone(user=request.user):
        chosen = clubs.first() if clubs.count() == 1 else None
    if user_edits_everyone(user=request.user):
        member_clubs = clubs.filter(pk=chosen.pk) if chosen else clubs.none()
    else:
        member_clubs = clubs
    members = member_choices(clubs=member_clubs)
    form = PadGameForm(
        request.POST or None,
        clubs=clubs,
        members=members,
        initial={"club": chosen, "variant": _variant(request.GET.get("variant"))},
    )
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            with refused_on_form(form) as refused:
                game = services.pad_game_create(
                    club=form.cleaned_data["club"],
                    variant=form.cleaned_data["variant"],
                    seats=form.seats(),
                    house=form.house(),
                    by=request.user,
                )
                return redirect(game)
            status = refused.status
    return render(
        request,
        "scorepad/new.html",
        {"form": form, "has_members": members.exists(), "chosen": chosen},
        status=status,
    )


def _deal_form(game: PadGame, view, data=None) -> PadDealForm:
    return PadDealForm(
        data,
        kind=KINDS[game.variant],
        names=view.names,
        number=view.next_number,
        auto_id="deal_%s",
    )


@pad_user_required
@require_http_methods(["GET", "HEAD", "POST"])
def game_play(request, pk):
    game = _game(request, pk)
    view = selectors.pad_view(game=game)
    form = _deal_form(game, view, request.POST if request.method == "POST" else None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            with (
                refused_on_form(form) as refused,
                refused_as_message(request, only=StateConflict) as conflict,
            ):
                services.pad_deal_add(
                    game=game,
                    deal=form.payload(),
                    by=request.user,
                    number=form.number(),
                )
                return redirect(game)
            status = refused.status
            if conflict:
                # Show the game as it is now, with an empty form for the next deal.
                status = conflict.status
                game.refresh_from_db()
                view = selectors.pad_view(game=game)
                form = _deal_form(game, view)
    return render(
        request,
        "scorepad/game.html",
        {
            "view": view,
            "game": game,
            "form": form,
            "legend": legend(),
            "trump_map": {**TRUMP_SYMBOLS, **trump_keys()},
        },
        status=status,
    )


@pad_user_required
@require_POST
def deal_undo(request, pk):
    game = _game(request, pk)
    form = UndoForm(request.POST)
    shown = form.cleaned_data["number"] if form.is_valid() else None
    with refused_as_message(request):
        number = services.pad_deal_undo(game=game, by=request.user, number=shown)
        if number is None:
            messages.warning(request, _("There is no deal to undo."))
        else:
            messages.success(
                request, _("Deal %(number)s taken back.") % {"number": number}
            )
    return redirect(game)
