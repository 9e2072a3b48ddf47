"""Start pad games, add and undo deals: every score through the engine."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club, Player
from core.errors import InvalidInput, StateConflict
from core.validators import validate_line
from manille.engine import InvalidDeal
from scorepad.access import check_can_use_pad
from scorepad.kinds import DEFAULT_DEALS_EACH, KINDS, TRICK_HOUSE, Kind, Outcome
from scorepad.models import PadDeal, PadGame, PadPlayer
from scoring.services import engine_message

NAME_MAX = 80

# What a deal may hold, by field: its type and (for numbers) loose bounds; the
# engine gives the precise message for a value inside them.
DEAL_FIELDS: dict[str, type] = {
    "trump": str,
    "points": int,
    "knocks": int,
    "blind": bool,
    "revoke": int,
    "dealer": int,
    "declarer": int,
    "bid": int,
    "made": bool,
    "exchanged": int,
    "all_tricks": bool,
}
HOUSE_FIELDS: dict[str, type] = {
    "target": int,
    "deals": int,
    "stakes": list,
    "no_trump_doubles": bool,
    "blind_doubles": bool,
    "max_knocks": int,
    "double_for_all_tricks": bool,
    "double_for_no_exchange": bool,
    "level_plays_on": bool,
}


@dataclass(frozen=True)
class Seat:
    """A player as typed on the new-game page: a name, maybe a club member."""

    name: str
    player: Player | None = None


def _kind(variant: str) -> Kind:
    kind = KINDS.get(variant)
    if kind is None:
        raise InvalidInput(_("Choose one of the variants."), field="variant")
    return kind


def _engine_error(exc: InvalidDeal, *, fields) -> InvalidInput:
    field = exc.field if exc.field in fields else "__all__"
    return InvalidInput(engine_message(exc), field=field, code=exc.code)


def _seats(*, kind: Kind, seats: list[Seat], club: Club | None) -> list[Seat]:
    count = len(seats)
    if not kind.min_players <= count <= kind.max_players:
        raise InvalidInput(
            _("%(variant)s is played by %(players)s players, not %(count)s.")
            % {
                "variant": kind.label,
                "players": kind.players_label(),
                "count": count,
            },
            field="players",
            code="player_count",
        )
    clean: list[Seat] = []
    seen: set[str] = set()
    for seat in seats:
        name = " ".join((seat.name or "").split())
        if not name and seat.player is not None:
            name = seat.player.full_name[:NAME_MAX]
        if not name:
            raise InvalidInput(_("Give every player a name."), field="players")
        if len(name) > NAME_MAX:
            raise InvalidInput(
                _("A name has at most %(max)s characters.") % {"max": NAME_MAX},
                field="players",
            )
        try:
            validate_line(name)
        except ValidationError as exc:
            raise InvalidInput(exc.messages[0], field="players") from exc
        if name.casefold() in seen:
            raise InvalidInput(
                _("Two players are called “%(name)s”: tell them apart.")
                % {"name": name},
                field="players",
                code="duplicate_name",
            )
        seen.add(name.casefold())
        if seat.player is not None and (club is None or seat.player.club_id != club.pk):
            raise InvalidInput(
                _("Only the club's own members can be linked to a player."),
                field="players",
                code="not_a_member",
            )
        clean.append(Seat(name=name, player=seat.player))
    return clean


def _house(*, kind: Kind, house: dict, players: int) -> dict:
    """Keep the settings the variant reads, typed; check them through the engine."""
    clean: dict = {}
    for name in kind.house_fields:
        value = house.get(name)
        if value is None or value == []:
            continue
        wanted = HOUSE_FIELDS[name]
        if wanted is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInput(_("Enter a whole number."), field=name)
        if wanted is bool and not isinstance(value, bool):
            raise InvalidInput(_("Choose yes or no."), field=name)
        if wanted is list and not (
            isinstance(value, list | tuple)
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise InvalidInput(_("Enter whole numbers."), field=name)
        clean[name] = list(value) if wanted is list else value
    if "target" in kind.house_fields:
        clean.setdefault("target", TRICK_HOUSE["target"])
    if "deals" in kind.required_house:
        # None agreed: every player deals equally often, a few times each.
        clean.setdefault("deals", DEFAULT_DEALS_EACH * players)
    for name in kind.required_house:
        if name not in clean:
            raise InvalidInput(
                _("Agree the number of deals beforehand."),
                field=name,
                code="deals_missing",
            )
    try:
        kind.rules(house=clean, players=players)
    except InvalidDeal as exc:
        raise _engine_error(exc, fields=(*kind.house_fields, "players")) from exc
    except ValueError as exc:  # the engine's Rules refuse nonsense with ValueError
        raise InvalidInput(
            _("These house settings cannot be played: %(why)s") % {"why": exc},
            code="house_settings",
        ) from exc
    return clean


def pad_game_create(
    *,
    club: Club | None,
    variant: str,
    seats: list[Seat],
    house: dict,
    by,
) -> PadGame:
    """Start a casual game of ``variant`` for ``club`` (or none) with these players."""
    check_can_use_pad(user=by, club=club)
    kind = _kind(variant)
    seats = _seats(kind=kind, seats=seats, club=club)
    house = _house(kind=kind, house=house, players=len(seats))
    with transaction.atomic():
        game = PadGame.objects.create(
            club=club,
            variant=kind.code,
            house=house,
            created_by=by,
            totals=[0] * len(seats),
        )
        PadPlayer.objects.bulk_create(
            PadPlayer(game=game, position=i, name=seat.name, player=seat.player)
            for i, seat in enumerate(seats)
        )
    return game


def _payload(*, kind: Kind, deal: dict) -> dict:
    """Keep the fields the variant reads, each of the right type (else refuse)."""
    clean: dict = {}
    for name in kind.deal_fields:
        value = deal.get(name)
        if value is None:
            continue
        wanted = DEAL_FIELDS[name]
        if wanted is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidInput(_("Enter a whole number."), field=name)
        if wanted is bool and not isinstance(value, bool):
            raise InvalidInput(_("Choose yes or no."), field=name)
        if wanted is str and not isinstance(value, str):
            raise InvalidInput(_("Choose one."), field=name)
        clean[name] = value
    return clean


def _score(*, game: PadGame, payloads: list[dict], players: int) -> Outcome:
    kind = KINDS[game.variant]
    try:
        return kind.score(payloads=payloads, house=game.house, players=players)
    except InvalidDeal as exc:
        raise _engine_error(exc, fields=kind.deal_fields) from exc


def _save_outcome(game: PadGame, outcome: Outcome) -> None:
    game.totals = list(outcome.totals)
    game.winners = list(outcome.winners) if outcome.finished else []
    if outcome.finished:
        game.finished_at = game.finished_at or timezone.now()
    else:
        game.finished_at = None
    game.save(update_fields=["totals", "winners", "finished_at"])


def _locked(game: PadGame) -> PadGame:
    return PadGame.objects.select_for_update().get(pk=game.pk)


def _check_number(*, expected: int | None, actual: int) -> None:
    """Refuse a page's deal or undo sent for another state of the game.

    A form sent twice (a double tap, Enter pressed twice) or from a second phone
    that did not see the other's deal would otherwise add or undo one deal too many.
    """
    if expected is not None and expected != actual:
        raise StateConflict(
            _(
                "The game changed meanwhile (another device, or a form sent twice): "
                "check the deals below and enter yours again if it is missing."
            ),
            code="stale_game",
        )


def pad_deal_add(
    *, game: PadGame, deal: dict, by, number: int | None = None
) -> PadDeal:
    """Score ``deal`` after the game's deals and keep it, or say why not.

    ``number``, when given, is the deal's number as the page showed it: a page
    that is out of date is refused instead of adding a deal twice.
    """
    check_can_use_pad(user=by, club=game.club)
    kind = KINDS[game.variant]
    payload = _payload(kind=kind, deal=deal)
    with transaction.atomic():
        game = _locked(game)
        if game.finished:
            raise StateConflict(
                _("This game is over: undo the last deal to change it."),
                code="game_over",
            )
        players = game.players.count()
        payloads = list(game.deals.order_by("number").values_list("payload", flat=True))
        _check_number(expected=number, actual=len(payloads) + 1)
        outcome = _score(game=game, payloads=[*payloads, payload], players=players)
        record = PadDeal.objects.create(
            game=game,
            number=len(payloads) + 1,
            payload=payload,
            scores=list(outcome.deals[-1]),
            by=by,
        )
        _save_outcome(game, outcome)
    return record


def pad_deal_undo(*, game: PadGame, by, number: int | None = None) -> int | None:
    """Take back the game's last deal; return its number (None when there is none).

    ``number``, when given, must be the last deal's number (the page's).
    """
    check_can_use_pad(user=by, club=game.club)
    with transaction.atomic():
        game = _locked(game)
        last = game.deals.order_by("-number").first()
        if last is None:
            return None
        _check_number(expected=number, actual=last.number)
        number = last.number
        last.delete()
        payloads = list(game.deals.order_by("number").values_list("payload", flat=True))
        outcome = _score(game=game, payloads=payloads, players=game.players.count())
        _save_outcome(game, outcome)
    return number
