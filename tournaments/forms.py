"""Read the director's input: tournament, rules, phases, import, check-in, draws."""

from django import forms
from django.core.exceptions import ValidationError
from django.forms import BaseInlineFormSet, inlineformset_factory
from django.utils.functional import cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from clubs.forms import ListImportForm
from clubs.tabular import decode_csv
from core.refusals import show_on_form
from manille.tiebreaks import TIEBREAKS, UNKNOWN_CODE, UnknownTiebreak
from manille.tiebreaks import validate_codes as validate_tiebreak_codes
from tournaments.models import PHASE_FIELDS, RULE_FIELDS, Phase, Tournament
from tournaments.models.phases import (
    KNOCKOUT_FIELDS,
    POOL_FIELDS,
    phase_fields_unused,
)
from tournaments.presets import EVENT_OWN, PRESETS, UNKNOWN_PRESET, Preset, preset_for
from tournaments.services import table_entry_problems

EVENT_FIELDS = ("name", "slug", "date", "venue", "format", "language", "is_public")
# What the public calendar announces before the day.
ANNOUNCEMENT_FIELDS = (
    "registers_online",
    "start_time",
    "postcode",
    "region",
    "capacity",
    "registration_deadline",
)
RUN_FIELDS = (
    # The round clock: minutes per round (empty: none) and the rule at time.
    "round_minutes",
    "time_rule",
    "bye_score",
    "bye_points",
    "bye_wins",
    "entry_mode",
    "type_both_sides",
    "double_entry",
    "forfeit_points",
    "result_entry",
    "acceptance",
)
# Settings a post made before they existed may leave out: the current value stays.
KEPT_WHEN_OMITTED = ("result_entry", "acceptance", "time_rule")
# One select per position of the tiebreak order: as many as the registry has.
TIEBREAK_POSITIONS = tuple(f"tiebreak_{n}" for n in range(1, len(TIEBREAKS) + 1))


class TournamentForm(forms.ModelForm):
    """The event, its rules (each with its one-line explanation) and how it is run.

    The tiebreak order is picked with one select per position (``tiebreak_1``,
    ``tiebreak_2``, …), each offering the registry's tiebreaks: no code is typed.
    A post that still sends the old comma-separated ``tiebreaks`` text is read
    into the positions, so it is checked the same way.
    """

    class Meta:
        model = Tournament
        fields = [*EVENT_FIELDS, *ANNOUNCEMENT_FIELDS, *RULE_FIELDS, *RUN_FIELDS]
        # <input type="date"> takes ISO dates only, whatever the page's language.
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "start_time": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "registration_deadline": forms.DateTimeInput(
                attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
            ),
            "round_minutes": forms.NumberInput(attrs={"min": 1, "max": 600}),
        }

    def __init__(self, *args, rules_locked: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self._add_tiebreak_fields()
        self.rules_locked = rules_locked
        # Left empty, the service derives the address from the name.
        self.fields["slug"].required = False
        self.fields["slug"].help_text = _(
            "Leave empty to make it from the name (e.g. “Spring Cup 2026” gives "
            "spring-cup-2026)."
        )
        if rules_locked:
            for name in RULE_FIELDS:
                self.fields[name].disabled = True
        if self.instance.pk and (
            self.instance.entries.exists() or self.instance.rounds.exists()
        ):
            self.fields["format"].disabled = True
        for name in KEPT_WHEN_OMITTED:
            self.fields[name].required = False
        self.fields["time_rule"].help_text = _(
            "For the games still running when a round's clock runs out."
        )
        self.fields["acceptance"].help_text = _(
            "With results entered at the tables: a player of the other side "
            "accepts each game as it ends, or the whole table once after its last "
            "game."
        )

    def event_fields(self):
        return [self[name] for name in EVENT_FIELDS]

    def announcement_fields(self):
        return [self[name] for name in ANNOUNCEMENT_FIELDS]

    def rule_fields(self):
        return [self[name] for name in RULE_FIELDS]

    def run_fields(self):
        return [self[name] for name in RUN_FIELDS]

    def tiebreak_fields(self):
        return [self[name] for name in TIEBREAK_POSITIONS]

    def _add_tiebreak_fields(self) -> None:
        # Positions need no words: the fieldset's legend says what they order.
        choices = [("", "—")] + [
            (code, gettext(m.label).capitalize()) for code, m in TIEBREAKS.items()
        ]
        current = self.instance.tiebreak_list
        for n, name in enumerate(TIEBREAK_POSITIONS, start=1):
            self.fields[name] = forms.ChoiceField(
                label=f"{n}.",
                choices=choices,
                required=n == 1,
                initial=current[n - 1] if n <= len(current) else "",
                error_messages={
                    "required": _("Choose at least one tiebreak."),
                    "invalid_choice": _(UNKNOWN_CODE),
                },
            )
        if self.is_bound and "tiebreaks" in self.data:
            self._read_tiebreak_text(self.data["tiebreaks"])

    def _read_tiebreak_text(self, text: str) -> None:
        """Spread an old-style ``games_won,points`` post over the positions."""
        if any(name in self.data for name in TIEBREAK_POSITIONS):
            return
        codes = [c.strip() for c in str(text).split(",") if c.strip()]
        data = self.data.copy()
        for name in TIEBREAK_POSITIONS:
            data[name] = codes.pop(0) if codes else ""
        if codes:  # more codes than positions: one is repeated or unknown
            data[TIEBREAK_POSITIONS[-1]] += "," + ",".join(codes)
        self.data = data

    def clean(self):
        cleaned = super().clean()
        self._clean_table_entry(cleaned)
        picked = [cleaned.get(name) or "" for name in TIEBREAK_POSITIONS]
        if any(name in self.errors for name in TIEBREAK_POSITIONS):
            return cleaned
        codes = [code for code in picked if code]
        try:
            cleaned["tiebreaks"] = list(validate_tiebreak_codes(codes))
        except UnknownTiebreak as error:
            # The second time a code is picked is the position to correct.
            where = [i for i, c in enumerate(picked) if c == error.code][-1]
            name = gettext(TIEBREAKS[error.code].label)  # a repeat: a known code
            self.add_error(
                TIEBREAK_POSITIONS[where],
                ValidationError(gettext(error.template) % {"value": name}),
            )
        else:
            self.instance.tiebreaks = cleaned["tiebreaks"]
        return cleaned

    def _clean_table_entry(self, cleaned: dict) -> None:
        """Keep an omitted setting as it is; refuse tables that cannot enter."""
        for name in KEPT_WHEN_OMITTED:
            if name in cleaned and not cleaned[name]:
                cleaned[name] = getattr(self.instance, name)
        if not {"result_entry", "entry_mode", "double_entry"} <= set(cleaned):
            return  # one of them is refused already: its own error says why
        for problem in table_entry_problems(
            result_entry=cleaned["result_entry"],
            entry_mode=cleaned["entry_mode"],
            double_entry=cleaned["double_entry"],
        ):
            self.add_error("result_entry", problem)

    def changed_fields(self) -> dict:
        """Return the cleaned values of the model fields, for the service."""
        fields = {name: self.cleaned_data[name] for name in self.Meta.fields}
        fields["tiebreaks"] = self.cleaned_data["tiebreaks"]
        return fields


def _preset_choices():
    return [("", _("No preset: the usual settings"))] + [
        (preset.code, preset.name) for preset in PRESETS
    ]


class PresetForm(forms.Form):
    """The new-tournament form's “Start from”: a preset's code, or nothing."""

    preset = forms.ChoiceField(
        label=_("Start from"),
        required=False,
        choices=_preset_choices,
        error_messages={"invalid_choice": UNKNOWN_PRESET},
    )

    def chosen(self) -> Preset | None:
        """Return the chosen preset (None for none, or an unknown code)."""
        if not self.is_bound or not self.is_valid():
            return None
        code = self.cleaned_data["preset"]
        return preset_for(code) if code else None


def preset_tournament_form(preset: Preset | None) -> TournamentForm:
    """Return the empty new-tournament form, filled from ``preset`` if any."""
    return TournamentForm(
        instance=Tournament(**preset.fields()) if preset else Tournament()
    )


def preset_form_values(preset: Preset | None) -> dict:
    """Return what the form shows for ``preset``: each field's value by its name.

    Read from the form itself, so a page filled by its script shows what the same
    page asked for with ``?preset=`` shows.
    """
    form = preset_tournament_form(preset)
    return {name: form[name].value() for name in form.fields if name not in EVENT_OWN}


class PhaseForm(forms.ModelForm):
    """A phase: its rounds, draw and advancement, and what its draw needs.

    The settings of pools and knockouts are shown only for their draw (``shows``,
    and the page's script as the draw changes); whatever a hidden one holds is
    dropped here, so a stale value can neither refuse nor be saved. The rounds of
    pools and of a knockout may be left empty: ``phases_save`` fills them in.
    """

    class Meta:
        model = Phase
        # A copy: the inline formset appends its foreign key to this list.
        fields = list(PHASE_FIELDS)
        widgets = {
            "rounds": forms.NumberInput(attrs={"min": 1, "max": 99}),
            "games_per_table": forms.NumberInput(attrs={"min": 1, "max": 9}),
            "advance_count": forms.NumberInput(attrs={"min": 1}),
            "pool_size": forms.NumberInput(attrs={"min": 2, "max": 12}),
            "per_pool": forms.NumberInput(attrs={"min": 1, "max": 12}),
            "best_next": forms.NumberInput(attrs={"min": 0, "max": 64}),
        }
        help_texts = {
            "pool_size": _("Pairs in a pool; an individual event's pools are 4."),
            "per_pool": _("The first of each pool (1: the pool winners)."),
            "best_next": _("Compared across pools by the tiebreaks (1: the best "
                           "runner-up)."),
            "best_of": _("A match's games; the final too."),
        }  # fmt: skip

    # Left empty, the service sets them (or says why it cannot).
    OPTIONAL = ("rounds", "pool_seeding", "best_next", "best_of")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.OPTIONAL:
            self.fields[name].required = False

    def unused(self) -> tuple[str, ...]:
        """The fields this phase's draw and advancement (as shown) do not use."""
        return phase_fields_unused(
            draw_method=self["draw_method"].value() or "",
            advancement=self["advancement"].value() or "",
        )

    @cached_property
    def shown(self) -> dict[str, bool]:
        """Whether each field is shown, by its name (for the template)."""
        unused = set(self.unused())
        return {name: name not in unused for name in PHASE_FIELDS}

    @property
    def shows_more(self) -> bool:
        """Whether the row of pool or knockout settings has anything to show."""
        return any(self.shown[name] for name in (*POOL_FIELDS, *KNOCKOUT_FIELDS))

    def clean(self):
        cleaned = super().clean()
        draw = cleaned.get("draw_method")
        advancement = cleaned.get("advancement")
        if draw is None or advancement is None:
            return cleaned  # refused already: its own error says why
        for name in phase_fields_unused(draw_method=draw, advancement=advancement):
            self._errors.pop(name, None)
            if name == "games_per_table":  # a knockout's: its best of
                cleaned[name] = cleaned.get("best_of") or 1
            else:
                cleaned[name] = Phase._meta.get_field(name).get_default()
        return cleaned


MAX_PHASES = 20  # far more than any event plays (qualifying, final, a few ties)


class BasePhaseFormSet(BaseInlineFormSet):
    """The phases of one tournament: an id that is not one of them is refused.

    Django's inline formset accepts any phase's id in a row's hidden ``id`` and,
    finding no such phase of this tournament, would save the row as a new one.
    """

    def add_fields(self, form, index):
        super().add_fields(form, index)
        form.fields[self._pk_field.name].queryset = self.get_queryset()
        # The table's header is out of a screen reader's reach (and off a phone's
        # screen): each input says which phase and which setting it holds.
        for field in form.fields.values():
            if field.widget.is_hidden:
                continue
            field.widget.attrs["aria-label"] = gettext(
                "Phase %(number)s: %(setting)s"
            ) % {"number": (index or 0) + 1, "setting": field.label}

    def clean(self):
        super().clean()
        pk_name = self.model._meta.pk.name
        if any(form.has_error(pk_name) for form in self.forms):
            raise ValidationError(
                _(
                    "A phase on this page is not one of this tournament's: reload "
                    "the page and try again."
                ),
                code="foreign_phase",
            )


PhaseFormSet = inlineformset_factory(
    Tournament,
    Phase,
    form=PhaseForm,
    formset=BasePhaseFormSet,
    extra=1,
    can_delete=True,
    min_num=1,
    validate_min=True,
    # A forged ``phases-TOTAL_FORMS`` would otherwise build and render up to
    # Django's default of 2,000 forms: seconds of work and megabytes per request.
    max_num=MAX_PHASES,
    absolute_max=MAX_PHASES,
    validate_max=True,
)


def preset_phase_formset(preset: Preset | None, *, prefix="phases"):
    """Return the new tournament's phase rows: the preset's, then an empty line."""
    if preset is None:
        return PhaseFormSet(None, instance=Tournament(), prefix=prefix)
    rows = preset.phase_rows()
    formset = PhaseFormSet(
        None,
        instance=Tournament(format=preset.fields()["format"]),
        prefix=prefix,
        initial=rows,
    )
    formset.extra = len(rows)  # min_num (1) + this: the preset's rows and one more
    return formset


def _row_forms(formset) -> list:
    """The forms of a valid phase formset that make rows (not an untouched line)."""
    return [f for f in formset.forms if f.has_changed() or f.instance.pk]


def show_phase_refusal(form, formset, error) -> None:
    """Show a refusal of ``phases_save`` next to the setting of its phase's row.

    It is said on top of the page as well (a row may be far down on a phone); a
    refusal of no one row goes on top only, as ``refused_on_form`` puts it.
    """
    row = getattr(error, "phase_row", None)
    forms = _row_forms(formset)
    if row is None or row >= len(forms) or not hasattr(error, "error_dict"):
        show_on_form(form, error)
        return
    target = forms[row]
    for name, problems in error.message_dict.items():
        form.add_error(None, problems)
        target.add_error(name if name in target.fields else None, problems)


def phase_rows(formset) -> list[dict]:
    """Turn a valid phase formset into the rows ``phases_save`` takes, in order."""
    rows = []
    for form in _row_forms(formset):
        data = {name: form.cleaned_data.get(name) for name in PHASE_FIELDS}
        if data["games_per_table"] is None:
            data["games_per_table"] = 1
        data["id"] = form.instance.pk
        data["delete"] = bool(form.cleaned_data.get("DELETE"))
        rows.append(data)
    return rows


class ImportForm(ListImportForm):
    file = forms.FileField(
        label=_("CSV file"),
        required=False,
        help_text=_(
            "One line per player: first name, last name, club, member number "
            "(and for pairs the team name). Separated by ; or , — UTF-8, UTF-16 "
            "or Windows-1252."
        ),
    )
    read = staticmethod(decode_csv)
    field_order = ["file", "text"]


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


class CheckinListForm(forms.Form):
    """A list of who came, pasted or typed: one name or member number a line."""

    text = forms.CharField(
        label=_("Who came"),
        max_length=100_000,
        help_text=_(
            "One entrant a line: a name in any order (“Claeys Ann”, “Ann Claeys”), "
            "with the club if two share a name, or a member number. Paste a column "
            "from a spreadsheet or a sign-in sheet typed out."
        ),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
    )
