"""Read the director's input for clubs, players and teams; the shared search box."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player, Team


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name", "short_name", "city"]


class PlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["first_name", "last_name", "club", "member_number"]


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


class SearchForm(forms.Form):
    q = forms.CharField(label=_("Search"), required=False, max_length=100)


def add_errors(form: forms.BaseForm, exc: ValidationError) -> None:
    """Show a service's ValidationError on the form: by field where it names one."""
    if hasattr(exc, "error_dict"):
        for name, errors in exc.message_dict.items():
            form.add_error(name if name in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)
