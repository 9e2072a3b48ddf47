"""Serve the public side: the registration form, and a registrant's own page."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cashdesk.views_money import slip_context
from core.addresses import client_ip
from core.errors import InvalidInput
from core.refusals import caught, refused_as_message, refused_on_form
from core.throttles import Throttle, subject_hash
from registrations import selectors, services
from registrations.forms import RegisterForm, ResendForm
from registrations.models import Registration
from registrations.tokens import registration_from_token, registration_token
from tournaments.access import tournament_for_request

HOUR = 3600
# One address: a family or a club's secretary registering a few, not a robot.
PER_ADDRESS = Throttle(scope="registration-address", limit=20, window=HOUR)
# One mailbox asks for its confirmation again a few times an hour at most.
RESEND_PER_EMAIL = Throttle(scope="registration-resend", limit=3, window=HOUR)


def _event(request, slug):
    tournament = tournament_for_request(request, slug)
    if tournament is None:
        raise Http404
    return tournament


def _base_url(request) -> str:
    return request.build_absolute_uri("/")


def _over(throttle: Throttle, subject: str | None) -> bool:
    return throttle.count(subject=subject) > throttle.limit


def _page(request, tournament, form, *, status=200, resend_form=None):
    return render(
        request,
        "registrations/register.html",
        {
            "tournament": tournament,
            "form": form,
            "resend_form": resend_form or ResendForm(),
            "closed": selectors.registration_closed_reason(tournament=tournament),
            "places": selectors.places_for(tournament=tournament),
        },
        status=status,
    )


@require_http_methods(["GET", "POST"])
def register(request, slug: str):
    """The public form: confirmed within the capacity, else the waiting list."""
    tournament = _event(request, slug)
    if request.method == "GET":
        return _page(request, tournament, RegisterForm(tournament=tournament))
    form = RegisterForm(request.POST, tournament=tournament)
    if _over(PER_ADDRESS, client_ip(request)):
        form.is_valid()
        form.add_error(
            None, _("Too many registrations from your address: try again later.")
        )
        return _page(request, tournament, form, status=429)
    if form.is_spam:
        form.is_valid()
        form.add_error(None, _("This form could not be accepted."))
        return _page(request, tournament, form, status=400)
    if form.is_valid():
        values = form.values()
        with refused_on_form(form) as refusal:
            registration = services.registration_register(
                tournament=tournament,
                kind=values.pop("kind"),
                consent=values.pop("consent"),
                base_url=_base_url(request),
                **values,
            )
            token = registration_token(registration)
            return redirect("registrations:manage", slug=tournament.slug, token=token)
        return _page(request, tournament, form, status=refusal.status)
    return _page(request, tournament, form, status=400)


@require_POST
def resend(request, slug: str):
    """Send the confirmation again; the answer never says whether one exists."""
    tournament = _event(request, slug)
    form = ResendForm(request.POST)
    if not form.is_valid():
        return _page(
            request,
            tournament,
            RegisterForm(tournament=tournament),
            resend_form=form,
            status=400,
        )
    email = form.cleaned_data["email"]
    if not _over(PER_ADDRESS, client_ip(request)) and not _over(
        RESEND_PER_EMAIL, subject_hash(email)
    ):
        with refused_as_message(request):
            services.registration_resend_for_email(
                tournament=tournament, email=email, base_url=_base_url(request)
            )
    messages.success(
        request,
        _("If this address is registered for this event, its e-mail is on its way."),
    )
    return redirect("registrations:register", slug=tournament.slug)


@require_http_methods(["GET", "POST"])
def manage(request, slug: str, token: str):
    """A registrant's own page (by the signed link): see it, cancel it, delete it."""
    tournament = _event(request, slug)
    with caught(InvalidInput) as refusal:
        registration = registration_from_token(tournament=tournament, token=token)
    if refusal:
        return render(
            request,
            "registrations/bad_link.html",
            {"tournament": tournament, "message": refusal.error.message},
            status=400,
        )
    if request.method == "POST":
        action = request.POST.get("action")
        here = reverse(
            "registrations:manage", kwargs={"slug": tournament.slug, "token": token}
        )
        with refused_as_message(request):
            if action == "cancel":
                services.registration_cancel(
                    registration=registration, base_url=_base_url(request)
                )
                messages.success(request, _("Your registration is cancelled."))
            elif action == "delete":
                services.registration_delete(
                    registration=registration, base_url=_base_url(request)
                )
                messages.success(
                    request, _("Your registration and your details are deleted.")
                )
            elif action == "resend":
                services.registration_resend(
                    registration=registration, base_url=_base_url(request)
                )
                messages.success(request, _("The e-mail is sent again."))
            else:
                messages.error(request, _("Choose what to do."))
        return redirect(here)
    context = {"tournament": tournament, "registration": registration}
    confirmed = registration.status == Registration.Status.CONFIRMED
    if confirmed and registration.entry_id:
        context["slip"] = slip_context(tournament, registration.entry)
    return render(request, "registrations/manage.html", context)
