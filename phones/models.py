"""Store the table entry's codes, the writes made at a table and the acceptances.

The tables were made by scoring's migrations and keep their names (``db_table``):
the models moved here with their rows (migration 0001 is state only).
"""

from django.core.validators import MaxLengthValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Length
from django.db.models.lookups import Exact, GreaterThanOrEqual
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line, validate_text
from scoring.models import ScoreSheet
from tournaments.models import Game, Table


class TableCode(models.Model):
    """The short random code printed on a table's sheet: it opens the table's
    entry page on a phone, for this table of this round only."""

    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, related_name="code", verbose_name=_("table")
    )
    code = models.CharField(
        _("code"), max_length=6, unique=True, validators=[validate_line]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("table code")
        verbose_name_plural = _("table codes")
        db_table = "scoring_tablecode"
        constraints = [
            models.CheckConstraint(
                # Six characters; the alphabet is the service's (a regular
                # expression here would break SQLite tools without REGEXP).
                condition=Exact(Length("code"), 6),
                name="table_code_six_characters",
            ),
        ]

    def __str__(self):
        return f"{self.table}: {self.code}"


class TableSubmission(models.Model):
    """One write made at a table (a deal, an acceptance…): the sheet's history for
    table entry, and the idempotency key that keeps a resent write from counting
    twice. Who: the table's code and ``seat``, the player who did it (a deal: the
    seat holding the phone; an acceptance: the opponent who accepted), and
    ``phone_seat``, the seat that held the phone (the same seat for a deal; for an
    acceptance the phone is handed to the opponent). ``phone_seat`` is empty on
    the writes made before it was recorded (migration 0006): unknown, never
    guessed."""

    class Action(models.TextChoices):
        DEAL = "deal", _("Deal added")
        EDIT = "edit", _("Deal changed")
        DELETE = "delete", _("Deal removed")
        ACCEPT = "accept", _("Result accepted")
        REJECT = "reject", _("Result rejected")

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="table_submissions",
        verbose_name=_("score sheet"),
    )
    key = models.CharField(
        _("idempotency key"), max_length=64, validators=[validate_line]
    )
    code = models.CharField(_("code"), max_length=6, validators=[validate_line])
    seat = models.PositiveSmallIntegerField(_("seat"))
    phone_seat = models.PositiveSmallIntegerField(
        _("phone held by seat"), null=True, blank=True
    )
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    game = models.PositiveSmallIntegerField(_("game"), null=True, blank=True)
    before = models.JSONField(_("before"), null=True, blank=True)
    after = models.JSONField(_("after"), null=True, blank=True)
    reason = models.TextField(
        _("reason"), blank=True, validators=[validate_text, MaxLengthValidator(500)]
    )
    version = models.PositiveIntegerField(_("sheet version after"))
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["sheet", "at", "id"]
        verbose_name = _("table submission")
        verbose_name_plural = _("table submissions")
        db_table = "scoring_tablesubmission"
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "key"], name="table_submission_key_once"
            ),
            models.CheckConstraint(
                condition=Q(seat__gte=1) & Q(seat__lte=4),
                name="table_submission_seat_1_to_4",
            ),
            models.CheckConstraint(
                condition=Q(phone_seat__isnull=True)
                | (Q(phone_seat__gte=1) & Q(phone_seat__lte=4)),
                name="table_submission_phone_seat_1_to_4",
            ),
            models.CheckConstraint(
                condition=GreaterThanOrEqual(Length("key"), 8),
                name="table_submission_key_long_enough",
            ),
        ]

    def __str__(self):
        return f"{self.sheet}: {self.action} ({self.code}/{self.seat})"


class Acceptance(models.Model):
    """A player's acceptance (or rejection) of a game's result, or of the whole
    table's (``game`` empty), typed on the table's phone. A later change to the
    game's deals deletes it: a correction needs a new acceptance. ``seat``: the
    player who accepted; ``phone_seat``: the seat whose phone it was typed on
    (handed over to the opponent), empty for acceptances made before it was
    recorded (migration 0006): unknown, never guessed."""

    sheet = models.ForeignKey(
        ScoreSheet,
        on_delete=models.CASCADE,
        related_name="acceptances",
        verbose_name=_("score sheet"),
    )
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="acceptances",
        verbose_name=_("game"),
    )
    seat = models.PositiveSmallIntegerField(_("seat"))
    phone_seat = models.PositiveSmallIntegerField(
        _("phone held by seat"), null=True, blank=True
    )
    accepted = models.BooleanField(_("accepted"))
    reason = models.TextField(
        _("reason"), blank=True, validators=[validate_text, MaxLengthValidator(500)]
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["sheet", "at", "id"]
        verbose_name = _("acceptance")
        verbose_name_plural = _("acceptances")
        db_table = "scoring_acceptance"
        constraints = [
            models.UniqueConstraint(
                fields=["sheet", "game"], name="acceptance_one_per_game"
            ),
            models.UniqueConstraint(
                fields=["sheet"],
                condition=Q(game__isnull=True),
                name="acceptance_one_per_table",
            ),
            models.CheckConstraint(
                condition=Q(seat__gte=1) & Q(seat__lte=4),
                name="acceptance_seat_1_to_4",
            ),
            models.CheckConstraint(
                condition=Q(phone_seat__isnull=True)
                | (Q(phone_seat__gte=1) & Q(phone_seat__lte=4)),
                name="acceptance_phone_seat_1_to_4",
            ),
        ]

    def __str__(self):
        return f"{self.sheet}: {self.game or '-'} {self.accepted}"
