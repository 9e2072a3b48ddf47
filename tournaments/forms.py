"""Read the director's input: tournament, rules, phases, import, check-in, draws."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms import inlineformset_factory
from django.utils.translation import gettext_lazy as _

from tournaments.models import Phase, Tournament
from tournaments.services import RULE_FIELDS

EVENT_FIELDS = ("name", "slug", "date", "venue", "format", "language", "is_public")
RUN_FIELDS = (
    "bye_score",
    "bye_points",
    "bye_wins",
    "entry_mode",
    "type_both_sides",
    "double_entry",
    "forfeit_points",
    "tiebreaks",
)

MAX_UPLOAD = 2 * 1024 * 1024


class TournamentForm(forms.ModelForm):
    """The event, its rules (each with its one-line explanation) and how it is run."""

    class Meta:
        model = Tournament
        fields = [*EVENT_FIELDS, *RULE_FIELDS, *RUN_FIELDS]
        # <input type="date"> takes ISO dates only, whatever the page's language.
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, rules_locked: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.rules_locked = rules_locked
        if rules_locked:
            for name in RULE_FIELDS:
                self.fields[name].disabled = True
        if self.instance.pk and (
            self.instance.entries.exists() or self.instance.rounds.exists()
        ):
            self.fields["format"].disabled = True

    def event_fields(self):
        return [self[name] for name in EVENT_FIELDS]

    def rule_fields(self):
        return [self[name] for name in RULE_FIELDS]

    def run_fields(self):
        return [self[name] for name in RUN_FIELDS]

    def changed_fields(self) -> dict:
        """Return the cleaned values of the model fields, for the service."""
        return {name: self.cleaned_data[name] for name in self.Meta.fields}


PHASE_FORM_FIELDS = (
    "name",
    "rounds",
    "draw_method",
    "games_per_table",
    "advancement",
    "advance_count",
)


class PhaseForm(forms.ModelForm):
    class Meta:
        model = Phase
        # A copy: the inline formset appends its foreign key to this list.
        fields = list(PHASE_FORM_FIELDS)
        widgets = {
            "rounds": forms.NumberInput(attrs={"min": 1, "max": 99}),
            "games_per_table": forms.NumberInput(attrs={"min": 1, "max": 9}),
            "advance_count": forms.NumberInput(attrs={"min": 1}),
        }


PhaseFormSet = inlineformset_factory(
    Tournament,
    Phase,
    form=PhaseForm,
    extra=1,
    can_delete=True,
    min_num=1,
    validate_min=True,
)


def phase_rows(formset) -> list[dict]:
    """Turn a valid phase formset into the rows ``phases_save`` takes, in order."""
    rows = []
    for form in formset.forms:
        if not form.has_changed() and not form.instance.pk:
            continue
        data = {name: form.cleaned_data.get(name) for name in PHASE_FORM_FIELDS}
        if data["games_per_table"] is None:
            data["games_per_table"] = 1
        data["id"] = form.instance.pk
        data["delete"] = bool(form.cleaned_data.get("DELETE"))
        rows.append(data)
    return rows


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        help_text=_(
            "One line per player: first name, last name, club, member number "
            "(and for pairs the team name). Separated by ; or , — UTF-8."
        ),
    )
    text = forms.CharField(
        label=_("…or paste the lines here"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload:
            if upload.size > MAX_UPLOAD:
                raise ValidationError(_("The file is larger than 2 MB."))
            raw = upload.read()
            try:
                cleaned["text"] = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise ValidationError(
                    _(
                        "The file is not UTF-8. In your spreadsheet, save it as "
                        "“CSV UTF-8”."
                    )
                ) from None
        if not (cleaned.get("text") or "").strip():
            raise ValidationError(_("Choose a file or paste the lines."))
        return cleaned


class EntryAddForm(forms.Form):
    """A single registration typed by the director (late entries on the day)."""

    first_name = forms.CharField(label=_("first name"), max_length=80)
    last_name = forms.CharField(label=_("last name"), max_length=80)
    club = forms.CharField(
        label=_("club"),
        max_length=120,
        required=False,
        widget=forms.TextInput(attrs={"list": "club-names"}),
    )
    member_number = forms.CharField(
        label=_("member number"), max_length=30, required=False
    )
    team = forms.CharField(label=_("team"), max_length=120, required=False)
    partner_first_name = forms.CharField(
        label=_("partner's first name"), max_length=80, required=False
    )
    partner_last_name = forms.CharField(
        label=_("partner's last name"), max_length=80, required=False
    )

    def __init__(self, *args, pairs: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if pairs:
            for name in ("team", "partner_first_name", "partner_last_name"):
                self.fields[name].required = True
        else:
            for name in ("team", "partner_first_name", "partner_last_name"):
                del self.fields[name]
