"""Turn a refusal into its answer: a form error, a message, or JSON with its status.

The one place that shows a user-facing error (``core.errors``, and the plain
``ValidationError`` many services still raise), so a view holds no try/except:

- ``refused_on_form(form)``: a ``with`` block whose refusal is shown on the form,
  next to its field (a ``ServiceError``'s ``field``, a dict's keys), else on top;
- ``refused_as_message(request)``: a ``with`` block whose refusal becomes one
  ``messages.error`` a message, for the buttons that post and go back;
- ``caught(*kinds)``: a ``with`` block that only keeps its refusal, for a page
  that answers it in its own way (the score sheet drawn again with it, the
  phones' JSON);
- ``RefusalMiddleware``: a ``ServiceError`` a view lets through is answered, never
  a 500: ``{"error": message}`` with its status to a client that asks for JSON, a
  message and a redirect to the page a form was posted from, else the message as
  plain text with its status (what a printed document's bad option answers).

A block swallows what it catches and the view goes on after it; the lines after the
service call inside the block (the success message, the redirect) run only when
nothing was refused, as a ``try``'s ``else`` would. The services write inside
``transaction.atomic``: a refusal leaves nothing half-saved.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms import BaseForm
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.utils.http import url_has_allowed_host_and_scheme

from core.errors import ServiceError

__all__ = [
    "Refusal",
    "RefusalMiddleware",
    "caught",
    "json_error",
    "refusal_messages",
    "refused_as_message",
    "refused_on_form",
    "show_on_form",
]


def refusal_messages(error: Exception, *, fallback: str = "") -> list[str]:
    """The sentences of a refusal: a ValidationError's messages, else its text."""
    if isinstance(error, ValidationError):
        return error.messages
    return [str(error) or fallback]


def show_on_form(
    form: BaseForm, error: Exception, *, field: str | None = None, fallback: str = ""
) -> None:
    """Put ``error`` on ``form``: next to the field it names, else next to ``field``.

    A dict of errors goes field by field; a ``ServiceError`` next to its ``field``;
    a field the form lacks, or none, puts the message on top of the form.
    """
    if isinstance(error, ValidationError) and hasattr(error, "error_dict"):
        for name, errors in error.message_dict.items():
            form.add_error(name if name in form.fields else None, errors)
        return
    own = getattr(error, "field", None) if isinstance(error, ServiceError) else None
    where = own if own in form.fields else field
    form.add_error(
        where if where in form.fields else None,
        refusal_messages(error, fallback=fallback),
    )


class Refusal:
    """A ``with`` block that shows a refusal raised in it, then swallows it.

    After the block, ``refusal.error`` is what was refused (``None`` if nothing
    was), ``bool(refusal)`` says whether it was, and ``refusal.status`` is its HTTP
    status (a plain ``ValidationError`` has none of its own: 400).
    """

    def __init__(self, show: Callable[[Exception], None], *, only) -> None:
        self._show = show
        self._only = only
        self.error: Exception | None = None

    def __enter__(self) -> Refusal:
        return self

    def __exit__(self, kind, error, traceback) -> bool:
        if error is None or not isinstance(error, self._only):
            return False  # nothing refused, or not ours to answer: it goes on up
        self.error = error
        self._show(error)
        return True

    def __bool__(self) -> bool:
        return self.error is not None

    @property
    def status(self) -> int:
        return getattr(self.error, "status", 400)


def refused_on_form(
    form: BaseForm,
    *,
    only=ValidationError,
    field: str | None = None,
    fallback: str = "",
) -> Refusal:
    """Show a refusal of the block on ``form`` (``show_on_form``) and go on.

    ``only`` narrows (or widens, e.g. to a service's ``PermissionDenied``) what is
    caught; ``field`` is where a message naming no field of the form goes, instead
    of the top; ``fallback`` is the text of an exception that has none.
    """
    return Refusal(
        lambda error: show_on_form(form, error, field=field, fallback=fallback),
        only=only,
    )


def refused_as_message(request, *, only=ValidationError, fallback: str = "") -> Refusal:
    """Show a refusal of the block as ``messages.error`` (one a message) and go on."""

    def show(error: Exception) -> None:
        for message in refusal_messages(error, fallback=fallback):
            messages.error(request, message)

    return Refusal(show, only=only)


def caught(*kinds: type[Exception]) -> Refusal:
    """Keep a refusal of the block (one of ``kinds``, a ``ValidationError`` if none
    is named) in ``refusal.error`` and go on: the view answers it."""
    return Refusal(lambda error: None, only=kinds or ValidationError)


def json_error(message: str, *, status: int) -> JsonResponse:
    """The site's one JSON error answer: ``{"error": message}`` with its status."""
    return JsonResponse({"error": message}, status=status)


def _wants_json(request) -> bool:
    if request.content_type == "application/json":
        return True
    preferred = request.get_preferred_type(["text/html", "application/json"])
    return preferred == "application/json"


def _back(request) -> str | None:
    """The page a plain form was posted from, if it is on this site."""
    if request.method != "POST" or request.headers.get("HX-Request") == "true":
        return None
    referer = request.headers.get("Referer")
    if referer and url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return referer
    return None


def refusal_response(request, error: ServiceError) -> HttpResponse:
    """Answer ``error``: JSON, a message and the way back, or its text."""
    if _wants_json(request):
        return json_error(str(error), status=error.status)
    back = _back(request)
    if back is not None:
        for message in refusal_messages(error):
            messages.error(request, message)
        return HttpResponseRedirect(back)
    return HttpResponse(
        str(error), status=error.status, content_type="text/plain; charset=utf-8"
    )


class RefusalMiddleware:
    """Answer a ``ServiceError`` a view did not catch; any other error goes on up."""

    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception) -> HttpResponse | None:
        if isinstance(exception, ServiceError):
            return refusal_response(request, exception)
        return None
