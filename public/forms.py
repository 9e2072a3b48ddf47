"""Read the public calendar's filters from the address (GET), each checked."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line
from public.calendar import CalendarFilters
from tournaments.models import Tournament

# The query parameters the calendar reads: any other makes the page its reader's own.
QUERY_NAMES = frozenset({"club", "place", "format", "from", "to", "past", "page"})
_DATE = {"type": "date"}


class CalendarFilterForm(forms.Form):
    """Club, place (a postcode or a municipality), format and dates.

    ``clubs`` are the clubs to choose from, (id, name) each (those with a listed
    event, ``calendar.calendar_state``): a club
    that is not among them is refused with a message, never a 500.
    """

    club = forms.TypedChoiceField(
        label=_("Club"),
        required=False,
        coerce=int,
        empty_value=None,
        error_messages={"invalid_choice": _("Choose a club from the list.")},
    )
    place = forms.CharField(
        label=_("Postcode or municipality"),
        required=False,
        max_length=100,
        validators=[validate_line],
    )
    format = forms.ChoiceField(
        label=_("Format"),
        required=False,
        choices=[("", _("Any format")), *Tournament.Format.choices],
        error_messages={"invalid_choice": _("Choose a format from the list.")},
    )
    past = forms.BooleanField(label=_("Past events"), required=False)

    def __init__(self, data=None, *, clubs=()):
        super().__init__(data)
        self.fields["club"].choices = [("", _("Every club")), *clubs]
        # "from" and "to" are Python keywords: declared here.
        self.fields["from"] = forms.DateField(
            label=_("From"),
            required=False,
            widget=forms.DateInput(attrs=_DATE, format="%Y-%m-%d"),
            error_messages={"invalid": _("Type the date as yyyy-mm-dd.")},
        )
        self.fields["to"] = forms.DateField(
            label=_("To"),
            required=False,
            widget=forms.DateInput(attrs=_DATE, format="%Y-%m-%d"),
            error_messages={"invalid": _("Type the date as yyyy-mm-dd.")},
        )

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("from"), cleaned.get("to")
        if start and end and start > end:
            raise ValidationError(_("The first date comes after the last one."))
        return cleaned

    def filters(self) -> CalendarFilters:
        """The filters read (a valid form), or none for an unbound one."""
        if not self.is_bound:
            return CalendarFilters()
        data = self.cleaned_data
        return CalendarFilters(
            club_id=data["club"],
            place=data["place"].strip(),
            format=data["format"],
            date_from=data["from"],
            date_to=data["to"],
            past=data["past"],
        )

    def errors_text(self) -> list[str]:
        """Every error of the form as a sentence (for the page's message, the feed)."""
        out = []
        for name, errors in self.errors.items():
            label = self.fields[name].label if name in self.fields else ""
            for error in errors:
                out.append(f"{label}: {error}" if label else str(error))
        return out
