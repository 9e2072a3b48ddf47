"""Store what pools and knockouts keep: who is in which pool, which table plays a match.

The pools are made once, when the phase's first round is drawn
(``manille.knockout.split_pools``); every later round of the phase seats from
them. A knockout's bracket is not stored: it is rebuilt from the phase's seeds
and the results of its games (``manille.knockout.knockout_build`` and
``knockout_record``); a table of a knockout round says which match it plays, and
a walkover or the director's decision is kept on it.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.validators import validate_line
from tournaments.models.entries import Entry
from tournaments.models.phases import Phase
from tournaments.models.rounds import Table


class PoolPlace(models.Model):
    """An entrant's pool in a pools phase, and his seed in the phase."""

    phase = models.ForeignKey(
        Phase,
        on_delete=models.CASCADE,
        related_name="pool_places",
        verbose_name=_("phase"),
    )
    entry = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        related_name="pool_places",
        verbose_name=_("entrant"),
    )
    pool = models.PositiveSmallIntegerField(_("pool"), help_text="1 is pool A.")
    seed = models.PositiveSmallIntegerField(pgettext_lazy("bracket", "seed"))

    class Meta:
        ordering = ["phase", "pool", "seed"]
        verbose_name = _("pool place")
        verbose_name_plural = _("pool places")
        constraints = [
            models.UniqueConstraint(fields=["phase", "entry"], name="pool_place_once"),
            models.UniqueConstraint(
                fields=["phase", "seed"], name="pool_place_seed_once"
            ),
            models.CheckConstraint(
                condition=Q(pool__gte=1), name="pool_place_pool_gte_1"
            ),
        ]

    def __str__(self):
        return f"{self.phase}: {self.entry} ({self.pool})"


class KnockoutMatch(models.Model):
    """The match of a bracket a knockout round's table plays."""

    class Bracket(models.TextChoices):
        MAIN = "main", _("Main bracket")
        THIRD_PLACE = "third_place", _("Match for third place")
        CONSOLATION = "consolation", _("Consolation bracket")

    class Decision(models.TextChoices):
        WALKOVER = "walkover", _("Walkover")
        DIRECTOR = "director", _("Decided by the director")
        TIME = "time", _("Decided by time")

    phase = models.ForeignKey(
        Phase,
        on_delete=models.CASCADE,
        related_name="knockout_matches",
        verbose_name=_("phase"),
    )
    table = models.OneToOneField(
        Table,
        on_delete=models.CASCADE,
        related_name="knockout_match",
        verbose_name=_("table"),
    )
    bracket = models.CharField(_("bracket"), max_length=12, choices=Bracket.choices)
    round_index = models.PositiveSmallIntegerField(
        _("bracket round"), help_text="From 0."
    )
    match_index = models.PositiveSmallIntegerField(_("match"), help_text="From 0.")
    # Set when the match is not won at the table: "a" or "b" goes through.
    decided_winner = models.CharField(
        _("goes through"), max_length=1, blank=True, choices=[("a", "A"), ("b", "B")]
    )
    decision = models.CharField(
        _("how it was decided"), max_length=10, blank=True, choices=Decision.choices
    )
    reason = models.CharField(
        _("reason"), max_length=200, blank=True, validators=[validate_line]
    )

    class Meta:
        ordering = ["phase", "bracket", "round_index", "match_index"]
        verbose_name = _("knockout match")
        verbose_name_plural = _("knockout matches")
        constraints = [
            models.UniqueConstraint(
                fields=["phase", "bracket", "round_index", "match_index"],
                name="knockout_match_once",
            ),
            models.CheckConstraint(
                condition=Q(decided_winner__in=["", "a", "b"]),
                name="knockout_match_winner_is_a_side",
            ),
            models.CheckConstraint(
                condition=Q(decided_winner="", decision="")
                | (~Q(decided_winner="") & ~Q(decision="")),
                name="knockout_match_decision_with_winner",
            ),
        ]

    def __str__(self):
        return f"{self.phase}: {self.bracket} {self.round_index}.{self.match_index}"
