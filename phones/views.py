"""Serve the table pages: a phone at a card table enters its deals by the sheet's code.

No login: the code printed on the table's score sheet is the key, and it opens only
its table, in its round, while the round is open and the sheet not confirmed (the
services decide). Wrong codes are counted per client address and an address that
guesses is paused. The writes answer JSON for the page's script (``table.js``).
"""

from __future__ import annotations

import math
from functools import partial
from typing import NamedTuple

from django.core import signing
from django.http import HttpResponseNotModified, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.http import parse_etags, quote_etag
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from core.addresses import client_ip
from core.refusals import caught
from manille.engine import deal_total
from phones import forms, selectors, services, throttle
from phones.page_text import page_strings, page_suits
from phones.services.codes import code_normalise
from scoring.services import ResultError, SheetConflict
from scoring.services.table_state import table_cache_store, table_cached
from tournaments.clock import clock_read
from tournaments.versioning import tournament_cached

# The codes this browser opened (a signed cookie): a phone already at its table
# keeps working when another device behind the same address is paused.
KNOWN_COOKIE = "table_codes"
KNOWN_SALT = "scoring.table-codes"
KNOWN_MAX = 8
KNOWN_AGE = 24 * 3600


# --------------------------------------------------------------------------- helpers


def _known(request) -> list[str]:
    try:
        value = request.get_signed_cookie(
            KNOWN_COOKIE, default="", salt=KNOWN_SALT, max_age=KNOWN_AGE
        )
    except (signing.BadSignature, ValueError):
        return []
    return [c for c in value.split(".") if c][:KNOWN_MAX]


def _remember(request, response, code: str) -> None:
    known = _known(request)
    if code in known:
        return
    known = [code, *known][:KNOWN_MAX]
    response.set_signed_cookie(
        KNOWN_COOKIE,
        ".".join(known),
        salt=KNOWN_SALT,
        max_age=KNOWN_AGE,
        path="/table/",
        secure=request.is_secure(),
        httponly=True,
        samesite="Lax",
    )


def _wait(request, code: str) -> int:
    """Return the seconds this request must wait before a code is looked up."""
    if code and code in _known(request):
        return 0
    return throttle.wrong_code_wait(address=client_ip(request))


def _wait_message(seconds: int) -> str:
    minutes = max(1, math.ceil(seconds / 60))
    return ngettext(
        "Too many wrong codes from this device: wait %(minutes)s minute, "
        "then type the code again.",
        "Too many wrong codes from this device: wait %(minutes)s minutes, "
        "then type the code again.",
        minutes,
    ) % {"minutes": minutes}


def _unknown_message() -> str:
    return _(
        "No table has this code. Check the code printed on your table's score sheet."
    )


def _speak(request, sheet) -> None:
    """Answer in the tournament's language unless the reader chose one."""
    if getattr(request, "language_chosen", False):
        return
    try:
        lang = translation.get_supported_language_variant(
            sheet.table.round.tournament.language
        )
    except LookupError:
        return
    translation.activate(lang)
    request.LANGUAGE_CODE = translation.get_language()


class Refusal(NamedTuple):
    """Why a code may not be used now; ``sheet``: its sheet, to show read-only."""

    status: int
    message: str
    code: str
    wait: int = 0
    sheet: object = None


def _open(request, code: str):
    """Return (sheet, None), or (None, Refusal)."""
    wait = _wait(request, code)
    if wait:
        return None, Refusal(429, _wait_message(wait), "throttled", wait)
    if not code:
        throttle.wrong_code_count(address=client_ip(request))
        return None, Refusal(404, _unknown_message(), "unknown")
    with caught(services.TableCodeRefused) as refused:
        sheet = services.table_open(code=code)
    if refused:
        exc = refused.error
        if exc.code == "unknown":
            throttle.wrong_code_count(address=client_ip(request))
            return None, Refusal(404, _unknown_message(), "unknown")
        if exc.sheet is not None:
            _speak(request, exc.sheet)
        return None, Refusal(403, exc.text, exc.code, sheet=exc.sheet)
    _speak(request, sheet)
    return sheet, None


def _refused_json(refusal: Refusal) -> JsonResponse:
    response = JsonResponse(
        {"refused": refusal.message, "code": refusal.code}, status=refusal.status
    )
    if refusal.wait:
        response["Retry-After"] = str(refusal.wait)
    return response


def _state(sheet, *, current: bool = False) -> dict:
    return selectors.table_page_state(sheet=sheet, current=current)


def _etag(sheet) -> str:
    return quote_etag(f"{sheet.pk}-{sheet.version}-{translation.get_language()}")


def _no_store(response):
    response["Cache-Control"] = "no-cache, private"
    return response


@require_GET
def clock(request, code: str):
    """The round clock of the table's tournament, as ``api:clock`` answers it.

    While the table's poll keeps its state warm, from the cache alone.
    """
    normal = code_normalise(code[:40])
    cached = None
    if normal and not _wait(request, normal):
        cached = table_cached(code=normal)
    tournament = tournament_cached(slug=cached.slug) if cached is not None else None
    if tournament is None:
        sheet, refusal = _open(request, normal)
        if refusal is not None:
            return _no_store(_refused_json(refusal))
        table_cache_store(code=normal, sheet=sheet)
        tournament = sheet.table.round.tournament
    response = JsonResponse(clock_read(tournament=tournament).as_json())
    response["Cache-Control"] = "no-store"
    return response


# --------------------------------------------------------------------------- pages


@require_GET
@never_cache
def enter(request):
    """Ask for the code printed on the sheet; ``?code=`` goes straight to the table."""
    raw = request.GET.get("code", "")
    error = None
    status = 200
    if raw:
        code = code_normalise(raw[:40])
        if code:
            return HttpResponseRedirect(reverse("phones:page", kwargs={"code": code}))
        wait = _wait(request, "")
        if wait:
            return _throttled_page(request, wait)
        throttle.wrong_code_count(address=client_ip(request))
        error = _(
            "A table code has 6 letters and digits, as printed on the score sheet."
        )
        status = 422
    return render(
        request,
        "phones/enter.html",
        {"error": error, "value": raw[:40]},
        status=status,
    )


def _throttled_page(request, wait: int):
    response = render(
        request,
        "phones/refused.html",
        {"message": _wait_message(wait), "code": "throttled"},
        status=429,
    )
    response["Retry-After"] = str(wait)
    return response


@require_GET
@never_cache
@ensure_csrf_cookie
def page(request, code: str):
    """The table's phone page: who holds the phone, the games, the deal form."""
    normal = code_normalise(code[:40])
    if normal and normal != code:
        return HttpResponseRedirect(reverse("phones:page", kwargs={"code": normal}))
    sheet, refusal = _open(request, normal)
    if refusal is not None:
        if refusal.status == 429:
            return _throttled_page(request, refusal.wait)
        # A confirmed table still shows its result to its players, read-only.
        result = _state(refusal.sheet) if refusal.sheet is not None else None
        return render(
            request,
            "phones/refused.html",
            {"message": refusal.message, "code": refusal.code, "result": result},
            status=refusal.status,
        )
    state = _state(sheet)
    urls = {
        name: reverse(f"table:{name}", kwargs={"code": normal})
        for name in ("state", "deal", "delete", "accept")
    }
    response = render(
        request,
        "phones/page.html",
        {
            "state": state,
            "code": normal,
            "config": {
                "code": normal,
                "urls": urls,
                "suits": page_suits(),
                "total": deal_total(
                    trick_points=sheet.table.round.tournament.trick_points
                ),
                "poll": 2500,
            },
            "strings": page_strings(),
            "clock_url": reverse("phones:clock", kwargs={"code": normal}),
        },
    )
    _remember(request, response, normal)
    return response


# --------------------------------------------------------------------------- JSON


def _spoken(request, language: str) -> str:
    """The language ``_speak`` would answer in, for a tournament's ``language``."""
    if not getattr(request, "language_chosen", False):
        try:
            return translation.get_supported_language_variant(language)
        except LookupError:
            pass
    return translation.get_language()


def _not_modified(etag: str):
    response = HttpResponseNotModified()
    response["ETag"] = etag
    return _no_store(response)


@require_GET
def state(request, code: str):
    """The page's state as JSON; 304 while the sheet's version has not moved.

    Every phone in the hall asks every few seconds: while the sheet's version
    has not moved, the shared cache answers, with no query (``table_cached``).
    """
    normal = code_normalise(code[:40])
    sent = request.META.get("HTTP_IF_NONE_MATCH")
    if sent and normal and not _wait(request, normal):
        cached = table_cached(code=normal)
        if cached is not None:
            etag = quote_etag(
                f"{cached.sheet}-{cached.version}-{_spoken(request, cached.language)}"
            )
            if etag in parse_etags(sent):
                return _not_modified(etag)
    sheet, refusal = _open(request, normal)
    if refusal is not None:
        return _no_store(_refused_json(refusal))
    table_cache_store(code=normal, sheet=sheet)
    etag = _etag(sheet)
    if etag in parse_etags(request.headers.get("If-None-Match", "")):
        return _not_modified(etag)
    response = JsonResponse({"state": _state(sheet, current=True)})
    response["ETag"] = etag
    return _no_store(response)


def _write(request, code: str, form_class, call, **form_kwargs):
    """Check a write's form, call its service, answer as the page expects."""
    normal = code_normalise(code[:40])
    sheet, refusal = _open(request, normal)
    if refusal is not None:
        return _refused_json(refusal)
    if form_class is forms.TableDealForm:
        form_kwargs["total"] = deal_total(
            trick_points=sheet.table.round.tournament.trick_points
        )
    form = form_class(request.POST, **form_kwargs)
    if not form.is_valid():
        return JsonResponse(
            {
                "error": forms.first_error(form),
                "state": _state(sheet, current=True),
            },
            status=422,
        )
    with caught(ResultError, SheetConflict) as refused:
        written = call(code=normal, data=form.cleaned_data, form=form, sheet=sheet)
    if refused:
        return _write_refused(normal, refused.error)
    response = JsonResponse(
        {"state": _state(written.sheet, current=True), "replayed": written.replayed}
    )
    # The state's own tag: the phone's next poll is a 304, not the same state again.
    response["ETag"] = _etag(written.sheet)
    _remember(request, response, normal)
    return response


def _write_refused(code: str, exc: Exception) -> JsonResponse:
    """Answer a refused write: the code no longer writes; the other phone saved
    first; or the write itself refused (the message, its field and code)."""
    if isinstance(exc, services.TableCodeRefused):
        return _refused_json(Refusal(exc.status, exc.text, exc.code))
    if isinstance(exc, SheetConflict):
        return _after_refusal(
            code,
            {"conflict": _("The other phone at this table saved first.")},
            status=409,
        )
    error = {"message": exc.message, "field": exc.field, "code": exc.code}
    body = {"error": error}
    if exc.status == 409:
        body["conflict"] = exc.message
    return _after_refusal(code, body, status=exc.status)


def _after_refusal(code: str, body: dict, *, status: int) -> JsonResponse:
    """Answer a refused write with the sheet as it is now (the other phone's deals)."""
    with caught(services.TableCodeRefused) as refused:
        sheet = services.table_open(code=code)
    if refused:
        exc = refused.error
        return _refused_json(Refusal(exc.status, exc.text, exc.code))
    return JsonResponse({**body, "state": _state(sheet, current=True)}, status=status)


def _deal(*, code, data, form, sheet):
    return services.table_deal_save(
        sheet=sheet,
        code=code,
        seat=data["seat"],
        key=data["key"],
        version=data["version"],
        game=data["game"],
        deal=form.to_input(),
        number=data.get("number"),
    )


def _delete(*, code, data, form, sheet):
    return services.table_deal_delete(
        sheet=sheet,
        code=code,
        seat=data["seat"],
        key=data["key"],
        version=data["version"],
        game=data["game"],
        number=data["number"],
    )


def _accept(*, code, data, form, sheet, address):
    """The acceptance, its personal code counted with the wrong codes when wrong:
    from this address (the table's cookie does not lift it) and at this table."""
    wait = throttle.wrong_personal_code_wait(address=address, sheet_id=sheet.pk)
    if wait:
        raise ResultError(_wait_message(wait), field="personal_code", code="throttled")
    player = data.get("player")
    try:
        return services.table_accept(
            code=code,
            seat=data["seat"] if player is None else player,
            phone_seat=None if player is None else data["seat"],
            key=data["key"],
            version=data["version"],
            game=data.get("game"),
            accepted=data["accepted"],
            reason=data.get("reason", ""),
            personal_code=data.get("personal_code") or None,
        )
    except ResultError as exc:
        if exc.code == "personal_code":
            throttle.wrong_personal_code_count(address=address, sheet_id=sheet.pk)
        raise


@require_POST
def deal(request, code: str):
    return _write(request, code, forms.TableDealForm, _deal)


@require_POST
def delete(request, code: str):
    return _write(request, code, forms.TableDeleteForm, _delete)


@require_POST
def accept(request, code: str):
    return _write(
        request,
        code,
        forms.TableAcceptForm,
        partial(_accept, address=client_ip(request)),
    )
