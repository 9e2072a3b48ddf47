"""Route a few small views that refuse, for the tests of core/refusals.py."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect
from django.urls import path

from core.errors import InvalidInput, StateConflict
from core.refusals import caught, refused_as_message, refused_on_form


class NameForm(forms.Form):
    name = forms.CharField()
    club = forms.CharField(required=False)


def _service(name: str) -> str:
    """A service that refuses some names, each in its own way."""
    if name == "taken":
        raise StateConflict("This name is taken.", field="name")
    if name == "nobody":
        raise InvalidInput("Nobody may use this.", field="colour")  # not a field
    if name == "both":
        raise ValidationError({"name": "Too short.", "colour": "No colour."})
    if name == "mine":
        raise PermissionDenied("You may not manage this club.")
    if name == "silent":
        raise PermissionDenied
    if name == "broken":
        raise ValueError("a bug, not a refusal")
    return name


def form_view(request):
    form = NameForm(request.POST)
    status = 400
    if form.is_valid():
        with (
            refused_on_form(form) as refusal,
            refused_on_form(
                form, only=PermissionDenied, field="club", fallback="Not yours."
            ),
        ):
            saved = _service(form.cleaned_data["name"])
            return HttpResponse(f"saved {saved}")
        status = refusal.status if refusal else 400
    errors = {name: list(errs) for name, errs in form.errors.items()}
    return HttpResponse(repr(errors), status=status)


def button_view(request):
    with refused_as_message(request):
        _service(request.POST.get("name", ""))
        messages.success(request, "Done.")
        return redirect("/done/")
    return redirect("/again/")


def caught_view(request):
    """A view that answers a refusal its own way: kept, not shown."""
    with caught(StateConflict) as refusal:
        return HttpResponse(_service(request.POST.get("name", "")))
    return HttpResponse(f"kept: {refusal.error}", status=refusal.status)


def escaping_view(request):
    """A view that lets every refusal through to the middleware."""
    return HttpResponse(_service(request.POST.get("name") or request.GET["name"]))


urlpatterns = [
    path("form/", form_view),
    path("button/", button_view),
    path("caught/", caught_view),
    path("escape/", escaping_view),
]
