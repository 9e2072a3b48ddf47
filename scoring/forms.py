"""Read what the director types on the score sheet: deals, totals, events."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.params import IdField
from core.validators import validate_text
from manille.engine import RED_SUITS, SUIT_SYMBOLS, Trump
from scoring.models import TableEvent
from scoring.services import DealInput

CLUBS, DIAMONDS, HEARTS, SPADES, NO_TRUMP = (t.value for t in Trump)

# One letter per trump in each of the site's languages (documented on the sheet).
TRUMP_KEYS: dict[str, dict[str, str]] = {
    "en": {"c": CLUBS, "d": DIAMONDS, "h": HEARTS, "s": SPADES, "n": NO_TRUMP},
    "nl": {"k": CLUBS, "r": DIAMONDS, "h": HEARTS, "s": SPADES, "z": NO_TRUMP},
    # trèfle, carreau (k: c is cœur), cœur, pique, sans atout
    "fr": {"t": CLUBS, "k": DIAMONDS, "c": HEARTS, "p": SPADES, "s": NO_TRUMP},
}
# The engine's suit signs, and their outlined forms that some keyboards type.
TRUMP_SYMBOLS = {symbol: trump for trump, symbol in SUIT_SYMBOLS.items()} | {
    "♧": CLUBS,
    "♢": DIAMONDS,
    "♡": HEARTS,
    "♤": SPADES,
}
TRUMP_NAMES = {
    CLUBS: pgettext_lazy("suit", "clubs"),
    DIAMONDS: pgettext_lazy("suit", "diamonds"),
    HEARTS: pgettext_lazy("suit", "hearts"),
    SPADES: pgettext_lazy("suit", "spades"),
    NO_TRUMP: _("no trump"),
}


def language() -> str:
    code = (get_language() or "en")[:2].lower()
    return code if code in TRUMP_KEYS else "en"


def trump_keys(lang: str | None = None) -> dict[str, str]:
    """Return the trump letters of a language (the current one by default)."""
    return TRUMP_KEYS[lang or language()]


def parse_trump(value: str, lang: str | None = None) -> str | None:
    """Read a trump letter, symbol or name; None when it is none of them."""
    text = (value or "").strip()
    if not text:
        return None
    if text in TRUMP_SYMBOLS:
        return TRUMP_SYMBOLS[text]
    lowered = text.lower()
    keys = trump_keys(lang)
    if lowered in keys:
        return keys[lowered]
    if lowered in TRUMP_NAMES:  # the stored value, e.g. "no_trump"
        return lowered
    for trump, name in TRUMP_NAMES.items():
        if lowered == str(name).lower():
            return trump
    return None


def legend(lang: str | None = None) -> list[tuple[str, str, str, bool]]:
    """Return (key, symbol, name, is_red) for each trump, in the given language."""
    return [
        (
            key,
            SUIT_SYMBOLS.get(trump, ""),
            str(TRUMP_NAMES[trump]),
            trump in RED_SUITS,
        )
        for key, trump in trump_keys(lang).items()
    ]


def key_labels(lang: str | None = None) -> dict[str, str]:
    """Map every key and symbol to the trump's name (for the sheet's live hint)."""
    labels = {key: str(TRUMP_NAMES[trump]) for key, trump in trump_keys(lang).items()}
    for symbol, trump in TRUMP_SYMBOLS.items():
        labels[symbol] = str(TRUMP_NAMES[trump])
    return labels


def key_symbols(lang: str | None = None) -> dict[str, str]:
    """Map every key and symbol to the trump's sign (a deal waiting to be saved)."""
    signs = {
        key: SUIT_SYMBOLS.get(trump, str(TRUMP_NAMES[trump]))
        for key, trump in trump_keys(lang).items()
    }
    for symbol, trump in TRUMP_SYMBOLS.items():
        signs[symbol] = SUIT_SYMBOLS.get(trump, symbol)
    return signs


def _number(**attrs) -> forms.TextInput:
    return forms.TextInput(
        attrs={"inputmode": "numeric", "autocomplete": "off", "size": 3, **attrs}
    )


def _loose_int(label, **attrs) -> forms.IntegerField:
    """A numeric box bounded only loosely: the engine gives the precise message."""
    return forms.IntegerField(
        label=label,
        required=False,
        min_value=-LOOSE,
        max_value=LOOSE,
        widget=_number(**attrs),
    )


# Typed numbers are only bounded loosely: the engine explains a wrong value.
LOOSE = 999
CARD_FIELDS = ("tens_a", "aces_a", "kings_a", "queens_a", "jacks_a")
SIDE_CHOICES = [(0, pgettext_lazy("side", "A")), (1, pgettext_lazy("side", "B"))]
# The sheet's column (``selectors.columns_for``) without which these boxes are absent.
HIDDEN_UNLESS = (
    ("cards", CARD_FIELDS),
    ("points_input", ("points_a", "points_b")),
    ("tricks", ("tricks_a",)),
    ("blind", ("blind",)),
    ("knocks", ("knocks",)),
)


class DealForm(forms.Form):
    """One row of the score sheet."""

    game = IdField(widget=forms.HiddenInput)
    number = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)
    declarer = forms.TypedChoiceField(
        label=_("Dealer's side"), choices=SIDE_CHOICES, coerce=int, initial=0
    )
    trump = forms.CharField(
        label=_("Trump"),
        max_length=20,
        widget=forms.TextInput(
            attrs={"size": 2, "autocomplete": "off", "data-trump": "1"}
        ),
    )
    passed = forms.BooleanField(label=_("Passed to partner"), required=False)
    blind = forms.BooleanField(label=_("Blind"), required=False)
    knocks = _loose_int(_("Knocks"))
    points_a = _loose_int(_("Points A"), **{"data-points-a": "1"})
    points_b = _loose_int(_("Points B"))
    revoke = forms.TypedChoiceField(
        label=_("Revoke by"),
        choices=[("", "—"), *SIDE_CHOICES],
        coerce=int,
        empty_value=None,
        required=False,
    )
    tricks_a = _loose_int(_("Tricks A"))
    tens_a = _loose_int(_("10s"))
    aces_a = _loose_int(_("Aces"))
    kings_a = _loose_int(_("Kings"))
    queens_a = _loose_int(_("Queens"))
    jacks_a = _loose_int(_("Jacks"))
    reason = forms.CharField(
        validators=[validate_text],
        label=_("Reason for the correction"),
        required=False,
        max_length=500,
    )

    def __init__(
        self, *args, form_id: str = "deal-form", columns: dict | None = None, **kw
    ):
        # Ids of their own: the event form on the same page has a "game" too.
        kw.setdefault("auto_id", "deal_%s")
        """``columns`` (``selectors.columns_for``) says which boxes the sheet shows.

        A box the sheet does not show is no field at all: what a tampered post
        sends in it is ignored, never stored (card counts on a points-only sheet)
        nor refused with a message next to a box nobody can see.
        """
        super().__init__(*args, **kw)
        columns = columns or {}
        cards = columns.get("cards", False)
        hidden = [
            name
            for column, names in HIDDEN_UNLESS
            if not columns.get(column, True)
            for name in names
        ]
        for name in hidden:
            del self.fields[name]
        for name, field in self.fields.items():
            if name not in ("game", "number"):
                field.widget.attrs["form"] = form_id
                # The entry row is a table row: its boxes have no <label> of their
                # own, the column's heading is read out through this name.
                field.widget.attrs.setdefault("aria-label", str(field.label))
        first = "tens_a" if cards else "points_a"
        if first in self.fields:
            self.fields[first].widget.attrs["data-after-trump"] = "1"
        self.fields["trump"].widget.attrs["data-autofocus"] = "1"

    def clean_trump(self):
        value = self.cleaned_data["trump"]
        trump = parse_trump(value)
        if trump is None:
            keys = ", ".join(
                f"{key} {symbol or name}" for key, symbol, name, _red in legend()
            )
            raise forms.ValidationError(
                _("Unknown trump “%(value)s”: type %(keys)s."),
                params={"value": value, "keys": keys},
                code="trump",
            )
        return trump

    def to_input(self) -> DealInput:
        data = self.cleaned_data
        cards = [data.get(name) for name in CARD_FIELDS]
        return DealInput(
            trump=data["trump"],
            points_a=data.get("points_a"),
            points_b=data.get("points_b"),
            knocks=data.get("knocks") or 0,
            blind=bool(data.get("blind")),
            passed=bool(data.get("passed")),
            declarer=data.get("declarer") or 0,
            revoke=data.get("revoke"),
            tricks_a=data.get("tricks_a"),
            cards_a=None
            if all(c is None for c in cards)
            else tuple(c or 0 for c in cards),
        )


class DealDeleteForm(forms.Form):
    game = IdField()
    number = forms.IntegerField(min_value=1)
    reason = forms.CharField(required=False, max_length=500, validators=[validate_text])


class TotalsForm(forms.Form):
    """A game's final score, for tournaments that enter totals only."""

    game = IdField(widget=forms.HiddenInput)
    score_a = forms.IntegerField(
        label=_("Score A"), min_value=0, max_value=9999, widget=_number(size=4)
    )
    score_b = forms.IntegerField(
        label=_("Score B"), min_value=0, max_value=9999, widget=_number(size=4)
    )
    reason = forms.CharField(
        validators=[validate_text],
        label=_("Reason for the correction"),
        required=False,
        max_length=500,
    )


class EventForm(forms.Form):
    """A forfeit, a no-show or points the director awards to one side."""

    game = forms.TypedChoiceField(label=_("Game"), coerce=int)
    kind = forms.ChoiceField(label=_("What happened"), choices=TableEvent.Kind.choices)
    seat = forms.TypedChoiceField(
        label=_("Player concerned"),
        coerce=int,
        help_text=_(
            "Their side in the chosen game loses a forfeit or no-show, "
            "or receives the awarded points."
        ),
    )
    points = forms.IntegerField(
        label=_("Points awarded"),
        required=False,
        min_value=0,
        max_value=9999,
        widget=_number(size=4),
        help_text=_(
            "Only for awarded points; a forfeit scores as the tournament says."
        ),
    )
    reason = forms.CharField(
        validators=[validate_text],
        label=_("Reason"),
        max_length=500,
        widget=forms.TextInput(attrs={"size": 30}),
    )

    def __init__(self, *args, games=(), seats=None, individual=True, **kwargs):
        """``seats`` maps each seat's position to its entrant's name.

        The director names who left ("Vandamme"); the service finds that seat's
        side in the chosen game. In pairs a team sits on two seats: offered once.
        """
        kwargs.setdefault("auto_id", "event_%s")  # the deal form has a "game" too
        super().__init__(*args, **kwargs)
        self.fields["game"].choices = [
            (g.id, _("Game %(number)s") % {"number": g.number}) for g in games
        ]
        choices, named = [], set()
        for position, name in sorted((seats or {}).items()):
            if not individual and name in named:
                continue
            named.add(name)
            choices.append((position, name))
        self.fields["seat"].choices = choices
        if not individual:
            self.fields["seat"].label = _("Team concerned")


class EventRemoveForm(forms.Form):
    event = IdField()
    reason = forms.CharField(required=False, max_length=500, validators=[validate_text])


class TableJumpForm(forms.Form):
    """The results desk's "table" box: type the paper sheet's number, Enter."""

    table = forms.IntegerField(
        label=_("Go to table"),
        min_value=1,
        max_value=9999,
        widget=forms.TextInput(
            attrs={
                "inputmode": "numeric",
                "autocomplete": "off",
                "enterkeyhint": "go",
                "size": 4,
                "maxlength": 4,
                "data-goto-table": "1",
            }
        ),
    )

    def __init__(self, *args, autofocus: bool = False, **kwargs):
        kwargs.setdefault("auto_id", "goto_%s")
        super().__init__(*args, **kwargs)
        if autofocus:  # the desk's first key is a table number
            self.fields["table"].widget.attrs["autofocus"] = True


class ReasonForm(forms.Form):
    reason = forms.CharField(
        validators=[validate_text],
        label=_("Reason"),
        max_length=500,
        widget=forms.TextInput(attrs={"size": 40}),
    )


def trump_symbol_key(trump: str, lang: str | None = None) -> str:
    """Return the key that types ``trump`` in a language (for editing a row)."""
    for key, value in trump_keys(lang).items():
        if value == trump:
            return key
    return trump
