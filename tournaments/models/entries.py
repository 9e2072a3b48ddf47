"""Store a tournament's entries: a player or a team, registered in it."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Player, Team
from core.validators import validate_line
from tournaments.models.phases import Phase
from tournaments.models.tournament import Tournament


class Entry(models.Model):
    """A player (individual format) or a team (pairs format) in a tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        PRESENT = "present", _("Present")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
        verbose_name=_("team"),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    phase = models.ForeignKey(
        Phase,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("current phase"),
        help_text=_("The latest phase this entrant qualified for."),
    )
    seed = models.PositiveIntegerField(
        pgettext_lazy("bracket", "seed"), null=True, blank=True
    )
    late = models.BooleanField(_("late entry"), default=False)
    plays_for = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="replaced_in",
        verbose_name=_("plays in place of"),
        help_text=_(
            "A club member's fixed substitute: the member this player replaces."
        ),
    )
    personal_code = models.CharField(
        _("personal code"),
        max_length=8,
        blank=True,
        default="",
        editable=False,
        validators=[validate_line],
        help_text=_(
            "Given at check-in: an opponent types it on the table's phone to "
            "accept a result (tournaments.personal_codes)."
        ),
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(team__isnull=True))
                | (Q(player__isnull=True) & Q(team__isnull=False)),
                name="entry_player_xor_team",
            ),
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_unique_player"
            ),
            models.UniqueConstraint(
                fields=["tournament", "team"], name="entry_unique_team"
            ),
            models.UniqueConstraint(
                fields=["tournament", "personal_code"],
                condition=~Q(personal_code=""),
                name="entry_unique_personal_code",
            ),
        ]

    def __str__(self):
        return str(self.player or self.team)
