"""Store clubs, their players and fixed pairs (teams)."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line


class Club(models.Model):
    name = models.CharField(
        _("name"), max_length=120, unique=True, validators=[validate_line]
    )
    short_name = models.CharField(
        _("short name"), max_length=20, blank=True, validators=[validate_line]
    )
    city = models.CharField(
        _("city"), max_length=80, blank=True, validators=[validate_line]
    )
    managers = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="managed_clubs",
        verbose_name=_("managers"),
        help_text=_(
            "Users who may change this club's people and run its evenings, and "
            "nothing else."
        ),
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")

    def __str__(self):
        return self.name


class Player(models.Model):
    first_name = models.CharField(
        _("first name"), max_length=80, validators=[validate_line]
    )
    last_name = models.CharField(
        _("last name"), max_length=80, validators=[validate_line]
    )
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        related_name="players",
        null=True,
        blank=True,
    )
    member_number = models.CharField(
        _("member number"), max_length=30, blank=True, validators=[validate_line]
    )
    substitute = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="substitute_for",
        verbose_name=_("fixed substitute"),
        help_text=_("Plays in this member's place when the member cannot come."),
    )

    class Meta:
        ordering = ["last_name", "first_name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                Lower("first_name"),
                Lower("last_name"),
                "club",
                name="player_unique_name_per_club",
            ),
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_unique_member_number_per_club",
            ),
            models.CheckConstraint(
                condition=~Q(first_name="") & ~Q(last_name=""),
                name="player_has_name",
            ),
        ]

    def __str__(self):
        return self.full_name

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}"

    @property
    def sort_name(self) -> str:
        return f"{self.last_name}, {self.first_name}"


class Team(models.Model):
    """A fixed pair that enters pair tournaments together."""

    name = models.CharField(_("name"), max_length=120, validators=[validate_line])
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        related_name="teams",
        null=True,
        blank=True,
    )
    player_one = models.ForeignKey(
        Player,
        verbose_name=_("first player"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )
    player_two = models.ForeignKey(
        Player,
        verbose_name=_("second player"),
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                Lower("name"), "club", name="team_unique_name_per_club"
            ),
            models.CheckConstraint(
                condition=Q(player_one__isnull=True)
                | Q(player_two__isnull=True)
                | ~Q(player_one=models.F("player_two")),
                name="team_two_different_players",
            ),
        ]

    def __str__(self):
        return self.name
