"""Store the casual games of club nights: who played which variant, and every deal."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.validators import validate_line


class Variant(models.TextChoices):
    """The games the pad scores (``docs/rules.md``)."""

    FOUR = "four", _("Four players (partners)")
    THREE = "three", _("Three players")
    AUCTION_1 = "auction_1", _("Auction (1)")
    AUCTION_2 = "auction_2", _("Auction (2)")
    AUCTION_3 = "auction_3", _("Auction (3)")


class PadGame(models.Model):
    """One casual game: its variant, house settings, players and outcome.

    ``house`` holds the house settings the variant reads (``scorepad.kinds``
    checks them); ``winners`` the positions of the winning players (both partners
    in the four-player game; several on a tie), empty while the game runs.
    """

    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        related_name="pad_games",
        null=True,
        blank=True,
    )
    variant = models.CharField(_("variant"), max_length=12, choices=Variant.choices)
    house = models.JSONField(_("house settings"), default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    winners = models.JSONField(_("winners"), default=list, blank=True)
    totals = models.JSONField(_("totals"), default=list, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("score pad game")
        verbose_name_plural = _("score pad games")
        indexes = [models.Index(fields=["club", "-created_at"])]
        constraints = [
            models.CheckConstraint(
                condition=Q(variant__in=[v.value for v in Variant]),
                name="padgame_known_variant",
            ),
        ]

    def __str__(self):
        return f"{self.get_variant_display()} #{self.pk}"

    def get_absolute_url(self):
        return reverse("scorepad:game", kwargs={"pk": self.pk})

    @property
    def finished(self) -> bool:
        return self.finished_at is not None


class PadPlayer(models.Model):
    """A seat at the game, by its position (0 is the first dealer)."""

    game = models.ForeignKey(
        PadGame,
        verbose_name=_("game"),
        on_delete=models.CASCADE,
        related_name="players",
    )
    position = models.PositiveSmallIntegerField(_("position"))
    name = models.CharField(_("name"), max_length=80, validators=[validate_line])
    player = models.ForeignKey(
        Player,
        verbose_name=_("club member"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["game", "position"]
        verbose_name = _("score pad player")
        verbose_name_plural = _("score pad players")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "position"], name="padplayer_unique_position"
            ),
            models.CheckConstraint(
                condition=Q(position__lte=6), name="padplayer_at_most_seven"
            ),
            models.CheckConstraint(condition=~Q(name=""), name="padplayer_has_name"),
        ]

    def __str__(self):
        return self.name


class PadDeal(models.Model):
    """One deal as typed (``payload``) and what the engine made of it (``scores``)."""

    game = models.ForeignKey(
        PadGame,
        verbose_name=_("game"),
        on_delete=models.CASCADE,
        related_name="deals",
    )
    number = models.PositiveSmallIntegerField(_("number"))
    payload = models.JSONField(_("deal"))
    scores = models.JSONField(_("scores"))
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "number"]
        verbose_name = _("score pad deal")
        verbose_name_plural = _("score pad deals")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"], name="paddeal_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="paddeal_number_from_one"
            ),
        ]

    def __str__(self):
        return f"{self.game} · {self.number}"
