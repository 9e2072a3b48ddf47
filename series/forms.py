"""Read the director's input for a series: its settings, its events, a new evening."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubs.access import clubs_editable, user_edits_everyone
from clubs.models import Club
from series.models import MAX_RANKING_PLACES, Series, validate_ranking_points
from tournaments.models import Tournament

IDENTITY_FIELDS = ("name", "slug", "club", "kind", "language", "is_public")
RANKING_FIELDS = (
    "ranking",
    "ranking_points",
    "best_of",
    "min_events",
    "substitutes",
    "club_min_games",
)
SERIES_FIELDS = IDENTITY_FIELDS + RANKING_FIELDS

# "20 18 16 15", "20, 18, 16" or "20;18;16": whitespace, commas and semicolons
# all separate the places.
_SEPARATORS = re.compile(r"[\s,;]+")
# Long enough for every place the model accepts, each written with a few digits.
MAX_POINTS_TEXT = MAX_RANKING_PLACES * 7


def ranking_points_text(points) -> str:
    """Write a points table the way the director types it: ``20 18 16 15``."""
    if not isinstance(points, list):
        return ""
    return " ".join(str(p) for p in points)


class RankingPointsField(forms.CharField):
    """A points table typed as numbers separated by spaces: ``20 18 16 15 …``.

    Cleans to a list of ints checked by the model's own validator, so the form, the
    service and the admin refuse the same tables with the same words.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", MAX_POINTS_TEXT)
        super().__init__(**kwargs)

    def prepare_value(self, value):
        return ranking_points_text(value) if isinstance(value, list) else value

    def to_python(self, value):
        text = super().to_python(value)
        words = [w for w in _SEPARATORS.split(text or "") if w]
        points = []
        for place, word in enumerate(words, start=1):
            if not word.isascii() or not word.isdigit():
                raise ValidationError(
                    _(
                        "“%(word)s” (place %(place)d) is not a whole number of "
                        "points: type the points per place, e.g. 20 18 16 15."
                    ),
                    code="not_a_number",
                    params={"word": word[:20], "place": place},
                )
            points.append(int(word))
        return points

    def validate(self, value):
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")
        validate_ranking_points(value)


class SeriesForm(forms.ModelForm):
    """A series' settings; the club is one the user may manage (staff: any, or none).

    ``user`` narrows the clubs offered: a club manager creates series of the clubs
    he manages only, and must name one (a series without a club is staff's).
    """

    ranking_points = RankingPointsField(
        label=_("ranking points per place"),
        required=False,
        help_text=_(
            "Points for the 1st, 2nd, 3rd… place of an event, e.g. 20 18 16 15; "
            "places beyond the list get 0. Used when ranked on ranking points."
        ),
    )

    class Meta:
        model = Series
        fields = list(SERIES_FIELDS)
        widgets = {
            "best_of": forms.NumberInput(attrs={"min": 1, "max": 1000}),
            "min_events": forms.NumberInput(attrs={"min": 1, "max": 1000}),
            "club_min_games": forms.NumberInput(attrs={"min": 0, "max": 10000}),
        }

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _(
            "Leave empty to make it from the name (e.g. “Season 2026–2027” gives "
            "season-2026-2027)."
        )
        if isinstance(self.instance.ranking_points, list):
            self.initial["ranking_points"] = self.instance.ranking_points
        clubs = clubs_editable(user=user, clubs=Club.objects.order_by("name"))
        club = self.fields["club"]
        club.queryset = clubs
        if not user_edits_everyone(user=user):
            club.required = True
            club.empty_label = None
            club.help_text = _("A club you manage: its managers run the series.")

    def clean(self):
        cleaned = super().clean()
        ranking = cleaned.get("ranking")
        if (
            ranking == Series.Ranking.RANKING_POINTS
            and "ranking_points" not in self.errors
            and not cleaned.get("ranking_points")
        ):
            self.add_error(
                "ranking_points",
                _("Give the points per place to rank on ranking points."),
            )
        return cleaned

    def identity_fields(self):
        return [self[name] for name in IDENTITY_FIELDS]

    def ranking_fields(self):
        return [self[name] for name in RANKING_FIELDS]

    def series_fields(self) -> dict:
        """Return the cleaned model fields, for the service."""
        return {name: self.cleaned_data[name] for name in SERIES_FIELDS}


class EventAddForm(forms.Form):
    """Add an existing event to a series: one the user directs, not in it yet."""

    tournament = forms.ModelChoiceField(
        label=_("event"),
        queryset=Tournament.objects.none(),
        empty_label=_("choose an event"),
        error_messages={
            "invalid_choice": _("Choose one of the events in the list."),
        },
    )

    def __init__(self, *args, tournaments, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["tournament"].queryset = tournaments
        self.fields["tournament"].label_from_instance = _event_label


def _event_label(tournament: Tournament) -> str:
    return f"{tournament.date:%Y-%m-%d} · {tournament.name}"


class EventMoveForm(forms.Form):
    """Move, or take out, one event of a series."""

    ACTIONS = (("up", _("up")), ("down", _("down")), ("remove", _("remove")))

    event = forms.IntegerField(min_value=1, max_value=2**31 - 1)
    action = forms.ChoiceField(choices=ACTIONS)


class EveningForm(forms.Form):
    """The date of a new evening; empty: today."""

    date = forms.DateField(
        label=_("date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )


class CheckInForm(forms.Form):
    """Who came to the evening: the entries ticked are present, the others not."""

    present = forms.TypedMultipleChoiceField(
        label=_("present"),
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args, entries, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["present"].choices = [(e.pk, str(e.pk)) for e in entries]
