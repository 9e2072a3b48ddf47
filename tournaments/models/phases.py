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
    "pool_size",
    "pool_seeding",
    "per_pool",
    "best_next",
    "best_of",
    "third_place",
    "consolation",
)
# The fields of PHASE_FIELDS that only one draw method uses: the others ignore
# them (the form hides them, ``phases_save`` resets them): ``phase_fields_unused``.
POOL_FIELDS = ("pool_size", "pool_seeding", "per_pool", "best_next")
POOL_ADVANCEMENT_FIELDS = ("per_pool", "best_next")
KNOCKOUT_FIELDS = ("best_of", "third_place", "consolation")


def phase_fields_unused(*, draw_method: str, advancement: str) -> tuple[str, ...]:
    """Return the phase fields a phase of this draw and advancement does not use.

    Pools use their size and seeding, and with the advancement "pools" how many go
    on; a knockout its match settings, its games per table following its best of;
    neither advances a number of the standings (``advance_count``).
    """
    unused: list[str] = []
    if draw_method != "pools":
        unused += POOL_FIELDS
    elif advancement != "pools":
        unused += POOL_ADVANCEMENT_FIELDS
    if draw_method != "knockout":
        unused += KNOCKOUT_FIELDS
    else:
        unused.append("games_per_table")
    if draw_method in ("pools", "knockout"):
        unused.append("advance_count")
    return tuple(unused)


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
        TABLE_TOP_TWO = (
            "table_top_two",
            _("The first two of each table, seeded by ranking"),
        )
        POOLS = "pools", _("The first of each pool and the best of the next place")

    class PoolSeeding(models.TextChoices):
        SNAKE = "snake", _("A snake from the ranking")
        RANDOM = "random", _("By lot")

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

    # A pools phase (draw "pools"): the pools' size and how they are filled;
    # with advancement "pools", the first ``per_pool`` of each pool go on, and
    # the ``best_next`` best of the next place across pools.
    pool_size = models.PositiveSmallIntegerField(
        _("pool size"),
        null=True,
        blank=True,
        validators=[MinValueValidator(2), MaxValueValidator(12)],
    )
    pool_seeding = models.CharField(
        _("pools filled"),
        max_length=8,
        choices=PoolSeeding.choices,
        default=PoolSeeding.SNAKE,
    )
    per_pool = models.PositiveSmallIntegerField(
        _("go on from each pool"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(12)],
    )
    best_next = models.PositiveSmallIntegerField(
        _("and the best of the next place"),
        default=0,
        validators=[MaxValueValidator(64)],
    )
    # The director's picks from exact ties at a cut, by the tie's key (the
    # pool's letter, or "" across pools): manille.knockout.pool_advancement.
    tie_choices = models.JSONField(
        _("the director's choices in ties"), default=dict, blank=True
    )
    # A knockout phase (draw "knockout"): a match of one game or the best of
    # three, a match for third place, a consolation bracket of the first
    # round's losers.
    best_of = models.PositiveSmallIntegerField(
        _("games per match"),
        default=1,
        choices=[(1, _("One game")), (3, _("Best of three"))],
    )
    third_place = models.BooleanField(_("a match for third place"), default=False)
    consolation = models.BooleanField(
        _("a consolation bracket for the first round's losers"), default=False
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "order"], name="phase_unique_order"
            ),
            models.CheckConstraint(
                condition=models.Q(best_of__in=[1, 3]), name="phase_best_of_1_or_3"
            ),
            models.CheckConstraint(
                condition=models.Q(pool_size__isnull=True) | models.Q(pool_size__gte=2),
                name="phase_pool_size_gte_2",
            ),
        ]

    def __str__(self):
        return self.name
