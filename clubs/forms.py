"""Read the director's input for clubs, players and teams; the shared search box."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubs import access
from clubs.models import Club, Player, Team
from clubs.tabular import upload_text
from core.validators import validate_line


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "short_name", "city"]


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["first_name", "last_name", "club", "member_number"]


class PlayerChoiceField(forms.ModelChoiceField):
    """A player chosen from a list, shown "Last, First (Club)"."""

    def label_from_instance(self, obj: Player) -> str:
        if obj.club is not None:
            return f"{obj.sort_name} ({obj.club.name})"
        return obj.sort_name


class MemberForm(forms.ModelForm):
    """A club member as the club's managers change him: name, number, substitute."""

    substitute = PlayerChoiceField(
        queryset=Player.objects.none(),
        required=False,
        label=_("fixed substitute"),
        help_text=_("Plays in this member's place when the member cannot come."),
    )

    class Meta:
        model = Player
        fields = ["first_name", "last_name", "member_number", "substitute"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The member's club and the players of no club, never every player of
        # every club (issue 23): see clubs.access.substitute_choices.
        self.fields["substitute"].queryset = (
            access.substitute_choices(member=self.instance)
            .select_related("club")
            .order_by("last_name", "first_name")
        )


class ManagerForm(forms.Form):
    """A user, by username, to add to a club's managers."""

    username = forms.CharField(
        label=_("username"), max_length=150, validators=[validate_line]
    )


class TeamForm(forms.ModelForm):
    class Meta:
        model = Team
        fields = ["name", "club", "player_one", "player_two"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        players = Player.objects.select_related("club").order_by(
            "last_name", "first_name"
        )
        self.fields["player_one"].queryset = players
        self.fields["player_two"].queryset = players


class ListImportForm(forms.Form):
    """A list to import, as a file or pasted lines: the base of every import form.

    A subclass declares its ``file`` field and ``read``, which turns the file's
    bytes into text (the tournament import reads CSV only, a club's CSV or Excel).
    """

    MAX_UPLOAD = 2 * 1024 * 1024

    text = forms.CharField(
        label=_("…or paste the lines here"),
        required=False,
        strip=False,  # leading blank lines count in the line numbers of errors
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )

    @staticmethod
    def read(raw: bytes) -> str:
        raise NotImplementedError

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The import names a control character (a NUL too) by line and column;
        # the field's own check would only say that the text holds one.
        self.fields["text"].validators = []

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload:
            if upload.size > self.MAX_UPLOAD:
                raise ValidationError(_("The file is larger than 2 MB."))
            cleaned["text"] = self.read(upload.read())
        if not (cleaned.get("text") or "").strip():
            raise ValidationError(_("Choose a file or paste the lines."))
        return cleaned


class MemberImportForm(ListImportForm):
    """A club's member list: a CSV or Excel file, or lines pasted (CSV)."""

    file = forms.FileField(
        label=_("CSV or Excel file"),
        required=False,
        help_text=_(
            "One line per member: first name, last name, member number. A CSV "
            "separated by ; or , (UTF-8, UTF-16 or Windows-1252), or an Excel "
            "workbook (.xlsx, its first sheet)."
        ),
    )
    read = staticmethod(upload_text)
    field_order = ["file", "text"]


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100)
