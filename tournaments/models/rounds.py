"""Store a tournament's rounds and their draw: tables, seats, byes, games and log."""

from django.conf import settings
from django.core.validators import (
    MaxLengthValidator,
    MaxValueValidator,
    MinValueValidator,
)
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line, validate_text
from tournaments.models.entries import Entry
from tournaments.models.phases import Phase
from tournaments.models.tournament import Tournament


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="rounds",
        verbose_name=_("tournament"),
    )
    phase = models.ForeignKey(
        Phase,
        on_delete=models.CASCADE,
        related_name="round_set",
        verbose_name=_("phase"),
    )
    number = models.PositiveSmallIntegerField(
        _("round"), help_text=_("Counted across the whole tournament, from 1.")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    seed = models.BigIntegerField(_("draw seed"), default=0)
    draw_method = models.CharField(
        _("draw"), max_length=12, blank=True, validators=[validate_line]
    )
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # The round's clock: stored as moments, so every app process (and a restart)
    # reads the same time left. Running: started and not paused; the time left
    # is minutes + extra - (now - started - paused seconds), frozen while paused.
    clock_minutes = models.PositiveSmallIntegerField(
        _("minutes to play"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
    )
    clock_started_at = models.DateTimeField(null=True, blank=True)
    clock_paused_at = models.DateTimeField(null=True, blank=True)
    clock_paused_seconds = models.PositiveIntegerField(default=0)
    clock_extra_seconds = models.IntegerField(default=0)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_gte_1"
            ),
        ]

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT


class Table(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    reasons = models.CharField(
        _("why the draw looks like this"),
        max_length=200,
        blank=True,
        validators=[validate_line],
        help_text="Comma-separated reason codes from manille.draws.",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="table_unique_number_per_round"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="table_number_gte_1"
            ),
        ]

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}


class Seat(models.Model):
    """An entrant's place at a table; position 1 is the scorer (schrijver)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="seats", verbose_name=_("round")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(
        _("seat"), validators=[MinValueValidator(1), MaxValueValidator(4)]
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="seats", verbose_name=_("entrant")
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entry"], name="seat_one_per_entrant_per_round"
            ),
            models.UniqueConstraint(
                fields=["table", "position"], name="seat_unique_position"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=4),
                name="seat_position_1_to_4",
            ),
        ]

    def __str__(self):
        return f"{self.table} / {self.position}: {self.entry}"


class Bye(models.Model):
    """An entrant who sits out a round, with the score the tournament gives for it."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="byes", verbose_name=_("entrant")
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="bye_unique"),
        ]

    def __str__(self):
        return f"{self.round}: {self.entry}"


class Game(models.Model):
    """One game at a table: which seats form side A and side B, and its result."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="games", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("game"))
    side_a = models.CharField(
        _("side A seats"),
        max_length=4,
        validators=[validate_line],
        help_text="Seat positions, e.g. '12'.",
    )
    side_b = models.CharField(
        _("side B seats"),
        max_length=4,
        validators=[validate_line],
        help_text="Seat positions, e.g. '34'.",
    )
    # The result, written by scoring.services from the engine's GameScore.
    score_a = models.IntegerField(_("score A"), default=0)
    score_b = models.IntegerField(_("score B"), default=0)
    finished = models.BooleanField(_("finished"), default=False)
    winner = models.PositiveSmallIntegerField(
        _("winner"), null=True, blank=True, help_text="0 = side A, 1 = side B."
    )
    deals_won_a = models.PositiveSmallIntegerField(default=0)
    deals_won_b = models.PositiveSmallIntegerField(default=0)
    revokes_a = models.PositiveSmallIntegerField(default=0)
    revokes_b = models.PositiveSmallIntegerField(default=0)
    # Unfinished when the round's time ran out: settled by the event's rule.
    decided_by_time = models.BooleanField(_("decided by time"), default=False)
    # Under the director's time rule: who wins a game stopped by time (empty:
    # not decided yet, so the game is not over). See manille.clock.time_result.
    time_decision = models.CharField(
        _("decision at time"),
        max_length=5,
        blank=True,
        choices=[
            ("a", _("Side A wins")),
            ("b", _("Side B wins")),
            ("level", _("Nobody wins")),
        ],
    )

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="game_unique_number_per_table"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__in=[0, 1]),
                name="game_winner_is_a_side",
            ),
        ]

    def __str__(self):
        return _("Game %(number)s") % {"number": self.number}

    @property
    def side_a_positions(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.side_a)

    @property
    def side_b_positions(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.side_b)


class RoundLog(models.Model):
    """What happened to a round and why: drawn, published, closed, reopened."""

    class Action(models.TextChoices):
        DRAWN = "drawn", _("Drawn")
        REDRAWN = "redrawn", _("Drawn again")
        SWAPPED = "swapped", _("Seats swapped")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")
        REOPENED = "reopened", _("Reopened")
        ADVANCED = "advanced", _("Qualifiers advanced")
        # A published round changed by hand (draws.repair), with the reason.
        REPAIRED = "repaired", _("Repaired")
        UNPUBLISHED = "unpublished", _("Unpublished")
        # The round's clock (tournaments.clock) and its rule at time (scoring).
        CLOCK_START = "clock_start", _("Clock started")
        CLOCK_PAUSE = "clock_pause", _("Clock paused")
        CLOCK_RESUME = "clock_resume", _("Clock resumed")
        CLOCK_EXTEND = "clock_extend", _("Clock extended")
        CLOCK_RESET = "clock_reset", _("Clock reset")
        TIME_RULE = "time_rule", _("Time rule applied")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="log", verbose_name=_("round")
    )
    action = models.CharField(_("action"), max_length=12, choices=Action.choices)
    # Written by the services (draw summaries name two entrants) and the reopen form.
    reason = models.TextField(
        _("reason"),
        blank=True,
        validators=[validate_text, MaxLengthValidator(1000)],
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "id"]
        verbose_name = _("round log entry")
        verbose_name_plural = _("round log")

    def __str__(self):
        return f"{self.round}: {self.get_action_display()}"
