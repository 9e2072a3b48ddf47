"""Read what is typed on the score pad: a new game's players and settings, a deal."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from core.params import parse_id
from core.validators import validate_line
from manille.engine import SUIT_SYMBOLS, Trump
from scorepad.kinds import DESCRIPTIONS, KINDS, TRICK_HOUSE, Kind
from scorepad.services import NAME_MAX, Seat
from scoring.forms import TRUMP_NAMES

MAX_PLAYERS = 7
# Typed numbers are bounded only loosely: the engine explains a wrong value.
LOOSE = 999


def _number(**attrs) -> forms.TextInput:
    return forms.TextInput(
        attrs={
            "inputmode": "numeric",
            "pattern": "-?[0-9]*",
            "autocomplete": "off",
            "size": 4,
            "class": "pad-number",
            **attrs,
        }
    )


def _loose_int(label, *, required=False, **kw) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        required=required,
        min_value=-LOOSE,
        max_value=LOOSE,
        widget=_number(),
        **kw,
    )


class ButtonChoices(forms.RadioSelect):
    """Radio buttons, drawn as big buttons by ``templates/scorepad/_field.html``."""

    buttons = True


class RowChoiceField(forms.ModelChoiceField):
    """A row chosen by id: anything but a database-sized id is an invalid choice."""

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if parse_id(value) is None:
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


class StakesField(forms.CharField):
    """A stake per number of cards exchanged, typed as numbers apart: "1 2 3"."""

    def to_python(self, value):
        text = super().to_python(value) or ""
        parts = text.replace(",", " ").replace(";", " ").split()
        if not parts:
            return []
        try:
            stakes = [int(part) for part in parts]
        except ValueError:
            raise forms.ValidationError(
                _("Type the stakes as whole numbers apart: 1 2 3."), code="stakes"
            ) from None
        if len(stakes) > 8 or any(not 0 <= s <= LOOSE for s in stakes):
            raise forms.ValidationError(
                _("At most 8 stakes, each from 0 to %(max)s."),
                params={"max": LOOSE},
                code="stakes",
            )
        return stakes


# Which variants read each house setting (the page shows only those).
HOUSE_FOR = {
    name: " ".join(code for code, kind in KINDS.items() if name in kind.house_fields)
    for name in (
        "target",
        "deals",
        "stakes",
        "no_trump_doubles",
        "blind_doubles",
        "max_knocks",
        "double_for_all_tricks",
        "double_for_no_exchange",
        "level_plays_on",
    )
}


class UndoForm(forms.Form):
    """Undo: the number of the deal the page shows last."""

    number = forms.IntegerField(min_value=1, max_value=LOOSE, required=False)


class PadGameForm(forms.Form):
    """The new-game page: variant, club, players (3–7) and the house settings."""

    variant = forms.ChoiceField(
        label=_("Game"),
        # The pad's own names, which say what each game is (``scorepad.kinds``).
        choices=[(code, kind.label) for code, kind in KINDS.items()],
        widget=ButtonChoices,
    )
    club = RowChoiceField(
        label=_("Club"),
        queryset=Club.objects.none(),
        required=False,
        empty_label=_("— no club —"),
    )
    target = forms.IntegerField(
        label=_("Target"),
        min_value=1,
        max_value=9999,
        initial=TRICK_HOUSE["target"],
        required=False,
        widget=_number(),
        help_text=_("The first to reach it ends the game."),
    )
    deals = forms.IntegerField(
        label=_("Number of deals"),
        min_value=1,
        max_value=200,
        required=False,
        widget=_number(),
        help_text=_(
            "Agreed beforehand; every player deals equally often. Left empty: "
            "every player deals three times."
        ),
    )
    stakes = StakesField(
        label=_("Stakes"),
        required=False,
        max_length=100,
        validators=[validate_line],
        help_text=_(
            "The stake for 0, 1, 2… cards exchanged, apart: 1 2 3 with a widow "
            "of two cards (3, 5 or 6 players), 1 2 3 4 5 with four (4 or 7)."
        ),
    )
    no_trump_doubles = forms.BooleanField(
        label=_("No trump doubles"), required=False, initial=True
    )
    blind_doubles = forms.BooleanField(
        label=_("Blind trump doubles"), required=False, initial=True
    )
    max_knocks = forms.IntegerField(
        label=_("Most knocks in a deal"),
        min_value=0,
        max_value=64,
        initial=TRICK_HOUSE["max_knocks"],
        required=False,
        widget=_number(),
    )
    double_for_all_tricks = forms.BooleanField(
        label=_("Double when the declarer undertakes every trick"), required=False
    )
    double_for_no_exchange = forms.BooleanField(
        label=_("Double when the declarer plays without exchanging"),
        required=False,
        help_text=_("Both: four times the score."),
    )
    level_plays_on = forms.BooleanField(
        label=_("Play on while the lead is shared"),
        required=False,
        help_text=_("At the end, a game level at the top goes on until one leads."),
    )

    def __init__(self, *args, clubs, members, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs
        self.descriptions = {code: str(text) for code, text in DESCRIPTIONS.items()}
        for n in range(1, MAX_PLAYERS + 1):
            self.fields[f"name_{n}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": n},
                max_length=NAME_MAX,
                required=False,
                validators=[validate_line],
                widget=forms.TextInput(attrs={"autocomplete": "off"}),
            )
            self.fields[f"member_{n}"] = RowChoiceField(
                label=_("Club member %(n)s") % {"n": n},
                queryset=members,
                required=False,
                empty_label=_("— not a member —"),
            )
        for name, variants in HOUSE_FOR.items():
            self.fields[name].widget.attrs["data-variants"] = variants

    def seat_rows(self):
        """Return (name field, member field) per seat, for the template."""
        return [
            (self[f"name_{n}"], self[f"member_{n}"]) for n in range(1, MAX_PLAYERS + 1)
        ]

    def house_fields(self):
        return [self[name] for name in HOUSE_FOR]

    def seats(self) -> list[Seat]:
        data = self.cleaned_data
        seats = []
        for n in range(1, MAX_PLAYERS + 1):
            name = data.get(f"name_{n}") or ""
            member = data.get(f"member_{n}")
            if name.strip() or member is not None:
                seats.append(Seat(name=name, player=member))
        return seats

    def house(self) -> dict:
        return {name: self.cleaned_data.get(name) for name in HOUSE_FOR}


def member_choices(*, clubs) -> forms.models.QuerySet:
    """The club members a seat may be linked to: the players of ``clubs``."""
    return Player.objects.filter(club__in=clubs).select_related("club")


TRUMP_CHOICES = [
    (
        trump.value,
        SUIT_SYMBOLS.get(trump.value) or TRUMP_NAMES[trump.value],
    )
    for trump in Trump
]


PASS = "pass"


def _seat_or_pass(value: str) -> int | None:
    return None if value == PASS else int(value)


class PadDealForm(forms.Form):
    """One deal of the game's variant: only the fields its variant reads."""

    declarer = forms.TypedChoiceField(
        label=_("Declarer"),
        coerce=_seat_or_pass,
        widget=ButtonChoices,
    )
    trump = forms.ChoiceField(
        label=_("Trump"), choices=TRUMP_CHOICES, widget=ButtonChoices
    )
    bid = _loose_int(_("Bid"))
    points = _loose_int(_("Points"))
    made = forms.TypedChoiceField(
        label=_("Result"),
        required=False,
        empty_value=None,
        coerce=lambda value: value == "yes",
        choices=[
            ("yes", pgettext_lazy("contract", "Made")),
            ("no", pgettext_lazy("contract", "Failed")),
        ],
        widget=ButtonChoices,
    )
    exchanged = _loose_int(_("Cards exchanged"))
    all_tricks = forms.BooleanField(label=_("Every trick undertaken"), required=False)
    knocks = _loose_int(_("Knocks"))
    blind = forms.BooleanField(label=_("Blind"), required=False)
    revoke = forms.TypedChoiceField(
        label=_("Revoke by"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args, kind: Kind, names: list[str], number: int, **kw):
        super().__init__(*args, **kw)
        self.kind = kind
        for name in list(self.fields):
            if name not in kind.deal_fields:
                del self.fields[name]
        self.order_fields(kind.deal_fields)
        # The deal's number as the page shows it (a form sent twice is refused).
        self.fields["number"] = forms.IntegerField(
            min_value=1, max_value=LOOSE, required=False, widget=forms.HiddenInput
        )
        self.initial.setdefault("number", number)
        seats = list(enumerate(names))
        if "declarer" in self.fields:
            self.fields["declarer"].choices = [
                *seats,
                (PASS, pgettext_lazy("auction", "Everyone passed")),
            ]
        if "revoke" in self.fields:
            self.fields["revoke"].choices = [("", "—"), *kind.revoke_choices(names)]
            self.fields["revoke"].widget = ButtonChoices(
                choices=self.fields["revoke"].choices
            )
        if "points" in self.fields:
            self.fields["points"].required = "declarer" not in kind.deal_fields
            self.fields["points"].label = kind.points_label(names)
        if "exchanged" in self.fields:
            self.fields["exchanged"].initial = 0
        if "knocks" in self.fields:
            self.fields["knocks"].initial = 0
        first = next(name for name in self.fields if name != "number")
        self.fields[first].widget.attrs["data-autofocus"] = "1"
        if "points" in self.fields:
            self.fields["points"].widget.attrs["data-after-trump"] = "1"

    @property
    def keypad_after(self) -> str:
        """The last number box: the phone's keypad goes below it."""
        boxes = [
            name
            for name, field in self.fields.items()
            if "pad-number" in field.widget.attrs.get("class", "")
            and not field.widget.is_hidden
        ]
        return boxes[-1] if boxes else ""

    def number(self) -> int | None:
        return self.cleaned_data.get("number")

    def payload(self) -> dict:
        """Return the deal for ``services.pad_deal_add``: the typed values only."""
        data = self.cleaned_data
        payload = {}
        for name in self.kind.deal_fields:
            value = data.get(name)
            if value is None or value == "":
                continue
            payload[name] = value
        for name in ("knocks", "exchanged"):
            if name in self.fields and payload.get(name) is None:
                payload[name] = 0
        return payload
