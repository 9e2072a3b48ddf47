"""Store a tournament's phases: their rounds, draw method and advancement."""

from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
)
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line

# The game's draw registry sits below every app.
from manille.draws.registry import METHODS as DRAW_METHODS
from tournaments.models.tournament import Tournament

# What a director sets for each phase.
PHASE_FIELDS = (
    "name",
    "rounds",
    "draw_method",
    "games_per_table",
    "advancement",
    "advance_count",
)


class Phase(models.Model):
    # The draw registry's codes and labels (INDIVIDUAL, RANDOM, SWISS…): a new
    # method is one class in manille.draws.registry.
    DrawMethod = models.TextChoices(
        "DrawMethod", [(m.code.upper(), (m.code, _(m.label))) for m in DRAW_METHODS]
    )

    class Advancement(models.TextChoices):
        NONE = "none", _("Nobody advances (last phase)")
        TOP_N = "top_n", _("The top N of the standings")
        TABLE_WINNERS = "table_winners", _("The table winners, seeded by ranking")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="phases",
        verbose_name=_("tournament"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    name = models.CharField(_("name"), max_length=80, validators=[validate_line])
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=1, validators=[MinValueValidator(1)]
    )
    draw_method = models.CharField(
        _("draw"),
        max_length=12,
        choices=DrawMethod.choices,
        default=DrawMethod.INDIVIDUAL,
    )
    games_per_table = models.PositiveSmallIntegerField(
        _("games per table"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(9)],
        help_text=_("Individual tables play the three partner rotations."),
    )
    advancement = models.CharField(
        _("advancement"),
        max_length=15,
        choices=Advancement.choices,
        default=Advancement.NONE,
    )
    advance_count = models.PositiveSmallIntegerField(
        _("how many advance"),
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "order"], name="phase_unique_order"
            ),
        ]

    def __str__(self):
        return self.name
