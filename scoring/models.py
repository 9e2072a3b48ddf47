"""Store score sheets, the deals and totals typed from them, events and corrections."""

from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import GreaterThanOrEqual
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from core.validators import validate_line, validate_text
from manille import engine
from tournaments.models import Game, Table


class Trump(models.TextChoices):
    """The engine's trumps (``manille.engine.Trump``) with their translated names."""

    CLUBS = engine.Trump.CLUBS.value, pgettext_lazy("suit", "Clubs")
    DIAMONDS = engine.Trump.DIAMONDS.value, pgettext_lazy("suit", "Diamonds")
    HEARTS = engine.Trump.HEARTS.value, pgettext_lazy("suit", "Hearts")
    SPADES = engine.Trump.SPADES.value, pgettext_lazy("suit", "Spades")
    NO_TRUMP = engine.Trump.NO_TRUMP.value, _("No trump")


class ScoreSheet(models.Model):
    """The paper sheet of one table in one round, as typed by the directors."""

    class Status(models.TextChoices):
        OPEN = "open", _("Not entered")
        ENTERED = "entered", _("Entered")
        CONFIRMED = "confirmed", _("Confirmed")

    class TableState(models.TextChoices):
        """Where a sheet entered at its table stands (empty: the desk's sheet)."""

        NONE = "", _("Desk")
        ENTERING = "entering", _("Entered at the table")
        AWAITING = "awaiting", _("Awaiting acceptance")
        ACCEPTED = "accepted", _("Accepted")
        DISPUTED = "disputed", _("Disputed")
        DESK = "desk", _("Taken over by the desk")

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="sheet", verbose_name=_("table")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    version = models.PositiveIntegerField(
        _("version"),
        default=0,
        help_text="Incremented by every save; a save naming an older version is "
        "refused (optimistic locking).",
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    second_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("second entry by"),
    )
    second_at = models.DateTimeField(_("second entry at"), null=True, blank=True)
    confirmed_at = models.DateTimeField(_("confirmed at"), null=True, blank=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("last saved by"),
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)
    table_state = models.CharField(
        _("at the table"),
        max_length=10,
        choices=TableState.choices,
        default=TableState.NONE,
        blank=True,
    )

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="confirmed") | Q(confirmed_at__isnull=False),
                name="sheet_confirmed_has_time",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["open", "entered", "confirmed"]),
                name="sheet_status_known",
            ),
            models.CheckConstraint(
                condition=Q(
                    table_state__in=[
                        "",
                        "entering",
                        "awaiting",
                        "accepted",
                        "disputed",
                        "desk",
                    ]
                ),
                name="sheet_table_state_known",
            ),
        ]

    def __str__(self):
        return str(self.table)


class DealRecord(models.Model):
    """One deal as typed from the sheet, with the score the engine gave it."""

    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="deal_records",
        verbose_name=_("game"),
    )
    copy = models.PositiveSmallIntegerField(
        _("entry copy"),
        default=1,
        help_text="1 = the sheet; 2 = a second director's independent entry.",
    )
    number = models.PositiveSmallIntegerField(_("deal"))
    declarer = models.PositiveSmallIntegerField(_("declarer side"), default=0)
    trump = models.CharField(_("trump"), max_length=10, choices=Trump.choices)
    passed = models.BooleanField(_("passed to partner"), default=False)
    blind = models.BooleanField(_("blind"), default=False)
    knocks = models.PositiveSmallIntegerField(_("knocks"), default=0)
    points_a = models.PositiveSmallIntegerField(_("points A"))
    points_b = models.PositiveSmallIntegerField(_("points B"))
    revoke = models.PositiveSmallIntegerField(_("revoke by"), null=True, blank=True)
    tricks_a = models.PositiveSmallIntegerField(_("tricks A"), null=True, blank=True)
    # Card counts mode: what side A took (tens, aces, kings, queens, jacks).
    tens_a = models.PositiveSmallIntegerField(_("tens A"), null=True, blank=True)
    aces_a = models.PositiveSmallIntegerField(_("aces A"), null=True, blank=True)
    kings_a = models.PositiveSmallIntegerField(_("kings A"), null=True, blank=True)
    queens_a = models.PositiveSmallIntegerField(_("queens A"), null=True, blank=True)
    jacks_a = models.PositiveSmallIntegerField(_("jacks A"), null=True, blank=True)
    score_a = models.IntegerField(_("score A"), default=0)
    score_b = models.IntegerField(_("score B"), default=0)
    factor = models.PositiveIntegerField(_("multiplier"), default=1)

    class Meta:
        ordering = ["game", "copy", "number"]
        verbose_name = _("deal")
        verbose_name_plural = _("deals")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "copy", "number"], name="deal_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(points_a__lte=68) & Q(points_b__lte=68),
                name="deal_points_in_range",
            ),
            models.CheckConstraint(
                condition=Q(declarer__in=[0, 1]), name="deal_declarer_is_a_side"
            ),
            models.CheckConstraint(
                condition=Q(revoke__isnull=True) | Q(revoke__in=[0, 1]),
                name="deal_revoke_is_a_side",
            ),
            models.CheckConstraint(
                condition=Q(trump__in=[c for c, _label in Trump.choices]),
                name="deal_trump_known",
            ),
            models.CheckConstraint(condition=Q(copy__in=[1, 2]), name="deal_copy_1_2"),
            models.CheckConstraint(
                condition=Q(tricks_a__isnull=True) | Q(tricks_a__lte=8),
                name="deal_tricks_in_range",
            ),
            models.CheckConstraint(
                condition=Q(knocks__lte=64), name="deal_knocks_in_range"
            ),
            models.CheckConstraint(
                condition=(
                    (Q(tens_a__isnull=True) | Q(tens_a__lte=4))
                    & (Q(aces_a__isnull=True) | Q(aces_a__lte=4))
                    & (Q(kings_a__isnull=True) | Q(kings_a__lte=4))
                    & (Q(queens_a__isnull=True) | Q(queens_a__lte=4))
                    & (Q(jacks_a__isnull=True) | Q(jacks_a__lte=4))
                ),
                name="deal_cards_in_range",
            ),
        ]

    def __str__(self):
        return f"{self.game} #{self.number}"


class GameTotal(models.Model):
    """A game's final score typed from the sheet when only totals are entered."""

    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="totals_records",
        verbose_name=_("game"),
    )
    copy = models.PositiveSmallIntegerField(_("entry copy"), default=1)
    score_a = models.PositiveIntegerField(_("score A"))
    score_b = models.PositiveIntegerField(_("score B"))

    class Meta:
        ordering = ["game", "copy"]
        verbose_name = _("game total")
        verbose_name_plural = _("game totals")
        constraints = [
            models.UniqueConstraint(fields=["game", "copy"], name="total_unique_copy"),
            models.CheckConstraint(condition=Q(copy__in=[1, 2]), name="total_copy_1_2"),
            models.CheckConstraint(
                condition=Q(score_a__lte=9999) & Q(score_b__lte=9999),
                name="total_in_range",
            ),
        ]

    def __str__(self):
        return f"{self.game}: {self.score_a}–{self.score_b}"


class TableEvent(models.Model):
    """A forfeit, a no-show, or points awarded by the director, with the reason."""

    class Kind(models.TextChoices):
        FORFEIT = "forfeit", _("Forfeit")
        NO_SHOW = "no_show", _("No-show")
        AWARD = "award", _("Points awarded by the director")

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="events", verbose_name=_("game")
    )
    kind = models.CharField(_("kind"), max_length=10, choices=Kind.choices)
    side = models.PositiveSmallIntegerField(
        _("side"), help_text="The side concerned: 0 = A, 1 = B."
    )
    points = models.IntegerField(_("points"), default=0)
    reason = models.TextField(
        _("reason"), validators=[validate_text, MaxLengthValidator(500)]
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["game", "at"]
        verbose_name = _("table event")
        verbose_name_plural = _("table events")
        constraints = [
            models.CheckConstraint(
                condition=Q(side__in=[0, 1]), name="event_side_is_a_side"
            ),
            models.CheckConstraint(condition=~Q(reason=""), name="event_has_reason"),
            models.CheckConstraint(
                condition=Q(points__gte=0) & Q(points__lte=9999),
                name="event_points_in_range",
            ),
        ]

    def __str__(self):
        return f"{self.game}: {self.get_kind_display()}"


class Correction(models.Model):
    """A change to a confirmed sheet: who, when, what before, what after, and why."""

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="corrections",
        verbose_name=_("score sheet"),
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    before = models.JSONField(_("before"))
    after = models.JSONField(_("after"))
    reason = models.TextField(
        _("reason"), validators=[validate_text, MaxLengthValidator(500)]
    )

    class Meta:
        ordering = ["sheet", "at", "id"]
        verbose_name = _("correction")
        verbose_name_plural = _("corrections")
        constraints = [
            models.CheckConstraint(
                condition=~Q(reason=""), name="correction_has_reason"
            ),
        ]

    def __str__(self):
        return f"{self.sheet} @ {self.at:%H:%M}"


class DeskWrite(models.Model):
    """The key of one save typed at the results desk: a save the desk's queue sends
    again (a lost answer, a reload) is found here and never counts twice."""

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="desk_writes",
        verbose_name=_("score sheet"),
    )
    key = models.CharField(
        _("idempotency key"), max_length=64, validators=[validate_line]
    )
    version = models.PositiveIntegerField(_("sheet version after"))
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["sheet", "at", "id"]
        verbose_name = _("desk write")
        verbose_name_plural = _("desk writes")
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "key"], name="desk_write_key_once"
            ),
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("key"), 8),
                name="desk_write_key_long_enough",
            ),
        ]

    def __str__(self):
        return f"{self.sheet}: {self.key}"
