"""Store a tournament's fees, the payments taken at the desk and their refunds."""

from django.conf import settings
from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.db.models.functions import Upper
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from cashdesk.banking import validate_bic, validate_iban
from cashdesk.money import MAX_CENTS
from core.validators import validate_line
from tournaments.models import Entry, Tournament

_amount = [MaxValueValidator(MAX_CENTS)]


class FeeSettings(models.Model):
    """What a tournament charges, whether unpaid entrants are drawn, where to pay."""

    class Per(models.TextChoices):
        ENTRANT = "entrant", _("Per entrant (a player, or a pair)")
        PLAYER = "player", _("Per player (a pair pays for two)")

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="fee_settings",
        verbose_name=_("tournament"),
    )
    per = models.CharField(
        _("the fee is paid"), max_length=8, choices=Per.choices, default=Per.ENTRANT
    )
    only_paid_drawn = models.BooleanField(
        _("only paid entrants are drawn"),
        default=False,
        help_text=_(
            "Checked-in entrants who have not paid are left out of the draw "
            "(the draw's page says how many)."
        ),
    )
    # The account for paying ahead (the EPC QR code): at most 70 characters.
    beneficiary = models.CharField(
        _("beneficiary's name"), max_length=70, blank=True, validators=[validate_line]
    )
    iban = models.CharField(
        _("IBAN"), max_length=34, blank=True, validators=[validate_line, validate_iban]
    )
    bic = models.CharField(
        _("BIC"),
        max_length=11,
        blank=True,
        validators=[validate_line, validate_bic],
        help_text=_("Optional within the SEPA area."),
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("fee settings")
        verbose_name_plural = _("fee settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(per__in=["entrant", "player"]), name="fees_per_known"
            ),
            models.CheckConstraint(
                # Stored compact and in capitals (no regex: SQLite has none of
                # its own, and a backup is restored without Django's).
                condition=Q(iban="") | (Q(iban=Upper("iban")) & ~Q(iban__contains=" ")),
                name="fees_iban_compact",
            ),
        ]

    def __str__(self):
        return str(self.tournament)

    @property
    def pays_ahead(self) -> bool:
        """Whether the account details for the QR code are given."""
        return bool(self.beneficiary and self.iban)


class FeeRate(models.Model):
    """A named rate of the fee (member, non-member, youth, resident…) and its amount."""

    class Default(models.TextChoices):
        NONE = "", _("Chosen by hand")
        MEMBER = "member", _("Default for the organising club's members")
        OTHER = "other", _("Default for everyone else")

    settings = models.ForeignKey(
        FeeSettings,
        on_delete=models.CASCADE,
        related_name="rates",
        verbose_name=_("fee settings"),
    )
    code = models.CharField(
        _("code"),
        max_length=30,
        validators=[RegexValidator(r"^[a-z0-9][a-z0-9-]*$"), validate_line],
    )
    label = models.CharField(_("rate"), max_length=60, validators=[validate_line])
    amount_cents = models.PositiveIntegerField(_("amount (cents)"), validators=_amount)
    default_for = models.CharField(
        _("default for"), max_length=8, blank=True, choices=Default.choices
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        ordering = ["settings", "order", "id"]
        verbose_name = _("fee rate")
        verbose_name_plural = _("fee rates")
        constraints = [
            models.UniqueConstraint(
                fields=["settings", "code"], name="fee_rate_unique_code"
            ),
            models.UniqueConstraint(
                fields=["settings", "default_for"],
                condition=~Q(default_for=""),
                name="fee_rate_one_default_each",
            ),
            models.CheckConstraint(
                condition=Q(amount_cents__gte=0, amount_cents__lte=MAX_CENTS),
                name="fee_rate_amount_range",
            ),
            models.CheckConstraint(
                condition=Q(default_for__in=["", "member", "other"]),
                name="fee_rate_default_known",
            ),
        ]

    def __str__(self):
        return self.label


class Payment(models.Model):
    """A fee taken for an entry: how much, by which rate and method, who took it.

    An entry has at most one live payment; a payment undone (a mistake at the
    desk) or refunded (a withdrawal) stays, for the treasurer and the log.
    """

    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        TRANSFER = "transfer", _("Transfer")
        CARD = "card", _("Card")
        FREE = "free", _("Free")

    class Status(models.TextChoices):
        LIVE = "live", _("Paid")
        UNDONE = "undone", _("Undone")
        REFUNDED = "refunded", _("Refunded")

    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        related_name="payments",
        verbose_name=_("entrant"),
    )
    rate = models.ForeignKey(
        FeeRate,
        on_delete=models.PROTECT,
        related_name="payments",
        verbose_name=_("rate"),
    )
    amount_cents = models.PositiveIntegerField(_("amount (cents)"), validators=_amount)
    method = models.CharField(
        _("method"), max_length=10, choices=Method.choices, default=Method.CASH
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.LIVE
    )
    # The transfer's reference as the statement gave it (``banking.reference_for``).
    reference = models.CharField(
        _("reference"), max_length=35, blank=True, validators=[validate_line]
    )
    taken_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("taken by"),
    )
    taken_at = models.DateTimeField(_("when"), default=timezone.now)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("undone by"),
    )
    undone_at = models.DateTimeField(_("undone at"), null=True, blank=True)

    class Meta:
        ordering = ["-taken_at", "-id"]
        verbose_name = _("payment")
        verbose_name_plural = _("payments")
        constraints = [
            models.UniqueConstraint(
                fields=["entry"],
                condition=Q(status="live"),
                name="payment_one_live_per_entry",
            ),
            models.CheckConstraint(
                condition=Q(amount_cents__gte=0, amount_cents__lte=MAX_CENTS),
                name="payment_amount_range",
            ),
            # Free is nothing paid; anything else is something paid.
            models.CheckConstraint(
                condition=Q(method="free", amount_cents=0)
                | (Q(method__in=["cash", "transfer", "card"]) & Q(amount_cents__gt=0)),
                name="payment_free_is_zero",
            ),
            models.CheckConstraint(
                condition=Q(status__in=["live", "undone", "refunded"]),
                name="payment_status_known",
            ),
            # Undone exactly when it says when.
            models.CheckConstraint(
                condition=Q(status="undone", undone_at__isnull=False)
                | (~Q(status="undone") & Q(undone_at__isnull=True)),
                name="payment_undone_has_time",
            ),
        ]
        indexes = [models.Index(fields=["entry", "status"], name="payment_entry")]

    def __str__(self):
        return f"{self.entry} · {self.amount_cents}c {self.method}"


class Refund(models.Model):
    """Money given back for a payment, when its entrant withdrew before playing."""

    class Method(models.TextChoices):
        CASH = "cash", _("Cash")
        TRANSFER = "transfer", _("Transfer")

    payment = models.OneToOneField(
        Payment,
        on_delete=models.CASCADE,
        related_name="refund",
        verbose_name=_("payment"),
    )
    amount_cents = models.PositiveIntegerField(_("amount (cents)"), validators=_amount)
    method = models.CharField(
        _("method"), max_length=10, choices=Method.choices, default=Method.CASH
    )
    reason = models.CharField(
        _("reason"), max_length=200, blank=True, validators=[validate_line]
    )
    refunded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("refunded by"),
    )
    refunded_at = models.DateTimeField(_("when"), default=timezone.now)

    class Meta:
        ordering = ["-refunded_at", "-id"]
        verbose_name = _("refund")
        verbose_name_plural = _("refunds")
        constraints = [
            models.CheckConstraint(
                condition=Q(amount_cents__gt=0, amount_cents__lte=MAX_CENTS),
                name="refund_amount_range",
            ),
            models.CheckConstraint(
                condition=Q(method__in=["cash", "transfer"]),
                name="refund_method_known",
            ),
        ]

    def __str__(self):
        return f"{self.payment.entry} · -{self.amount_cents}c"
