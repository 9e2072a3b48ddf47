"""Store a tournament's prize table, its cash pot and the prizes awarded and given."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from cashdesk.money import MAX_CENTS
from core.validators import validate_line
from prizes.validators import validate_prize_table
from tournaments.models import Entry, Phase, Tournament

_amount = [MaxValueValidator(MAX_CENTS)]
# The default percentage table of a cash pot: the top five.
DEFAULT_TABLE = "40 25 15 10 10"


class PrizeSettings(models.Model):
    """How a tournament gives its prizes: the calling order, the pot and its split."""

    class CallingOrder(models.TextChoices):
        FIRST_TO_LAST = "first", _("First to last")
        LAST_TO_FIRST = "last", _("Last to first")

    class Rounding(models.IntegerChoices):
        CENT = 1, _("To the cent")
        HALF_EURO = 50, _("To 50 cents")
        EURO = 100, _("To the euro")

    class RemainderTo(models.TextChoices):
        FIRST = "first", _("To first place")
        LAST_PAID = "last", _("To the last paid place")
        ORGANISER = "organiser", _("Kept by the organiser")

    class PaidOut(models.TextChoices):
        EVENT = "event", _("After the event")
        PHASE = "phase", _("After each phase")

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="prize_settings",
        verbose_name=_("tournament"),
    )
    calling_order = models.CharField(
        _("prizes are called"),
        max_length=8,
        choices=CallingOrder.choices,
        default=CallingOrder.LAST_TO_FIRST,
    )
    players_pick = models.BooleanField(
        _("players pick their prize from the table"),
        default=False,
        help_text=_(
            "In the calling order, each winner chooses one of the prizes in kind "
            "still on the table."
        ),
    )
    cash_share_percent = models.DecimalField(
        _("share of the fees in the pot (%)"),
        max_digits=5,
        decimal_places=2,
        default=0,
        validators=[MinValueValidator(0), MaxValueValidator(100)],
    )
    cash_fixed_cents = models.PositiveIntegerField(
        _("fixed amount in the pot (cents)"), default=0, validators=_amount
    )
    percentages = models.CharField(
        _("percentage table"),
        max_length=400,
        default=DEFAULT_TABLE,
        blank=True,
        validators=[validate_line, validate_prize_table],
        help_text=_("Each place's share of the pot, from first place down: 40 25 15."),
    )
    rounding_cents = models.PositiveSmallIntegerField(
        _("amounts rounded down"), choices=Rounding.choices, default=Rounding.EURO
    )
    remainder_to = models.CharField(
        _("the rounding remainder goes"),
        max_length=10,
        choices=RemainderTo.choices,
        default=RemainderTo.FIRST,
    )
    paid_out = models.CharField(
        _("cash paid out"), max_length=6, choices=PaidOut.choices, default=PaidOut.EVENT
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("prize settings")
        verbose_name_plural = _("prize settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(calling_order__in=["first", "last"]),
                name="prizes_calling_order_known",
            ),
            models.CheckConstraint(
                condition=Q(cash_share_percent__gte=0, cash_share_percent__lte=100),
                name="prizes_share_range",
            ),
            models.CheckConstraint(
                condition=Q(cash_fixed_cents__gte=0, cash_fixed_cents__lte=MAX_CENTS),
                name="prizes_fixed_range",
            ),
            models.CheckConstraint(
                condition=Q(rounding_cents__in=[1, 50, 100]),
                name="prizes_rounding_known",
            ),
            models.CheckConstraint(
                condition=Q(remainder_to__in=["first", "last", "organiser"]),
                name="prizes_remainder_known",
            ),
            models.CheckConstraint(
                condition=Q(paid_out__in=["event", "phase"]),
                name="prizes_paid_out_known",
            ),
        ]

    def __str__(self):
        return str(self.tournament)

    @property
    def has_pot(self) -> bool:
        return bool(self.cash_share_percent) or bool(self.cash_fixed_cents)


class Prize(models.Model):
    """A prize of the table: what it is, who gave it, and which places win it."""

    class Rule(models.TextChoices):
        PLACE = "place", _("One place")
        RANGE = "range", _("Each place of a range")
        REST = "rest", _("Every other place")
        BOOBY = "booby", _("Booby prize (the last)")
        RATE = "rate", _("Best of a fee rate")
        CLUB = "club", _("Best club")
        HIGH_GAME = "high_game", _("Highest single game")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="prizes",
        verbose_name=_("tournament"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)
    description = models.CharField(
        _("prize"), max_length=120, validators=[validate_line]
    )
    value_cents = models.PositiveIntegerField(
        _("value (cents)"), null=True, blank=True, validators=_amount
    )
    donor = models.CharField(
        _("donor or sponsor"), max_length=120, blank=True, validators=[validate_line]
    )
    rule = models.CharField(
        _("given to"), max_length=10, choices=Rule.choices, default=Rule.PLACE
    )
    place_from = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    place_to = models.PositiveSmallIntegerField(_("to place"), null=True, blank=True)
    # The fee rate whose best entrant wins (Rule.RATE): a FeeRate's code.
    rate_code = models.CharField(
        _("fee rate"),
        max_length=30,
        blank=True,
        validators=[RegexValidator(r"^[a-z0-9][a-z0-9-]*$"), validate_line],
    )

    class Meta:
        ordering = ["tournament", "order", "id"]
        verbose_name = _("prize")
        verbose_name_plural = _("prizes")
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    rule__in=["place", "range", "rest", "booby", "rate", "club",
                              "high_game"]
                ),  # fmt: skip
                name="prize_rule_known",
            ),
            models.CheckConstraint(
                condition=Q(value_cents__isnull=True)
                | Q(value_cents__gte=0, value_cents__lte=MAX_CENTS),
                name="prize_value_range",
            ),
            models.CheckConstraint(
                condition=~Q(rule="place")
                | Q(place_from__gte=1, place_to__isnull=True),
                name="prize_place_has_place",
            ),
            models.CheckConstraint(
                condition=~Q(rule="range")
                | Q(place_from__gte=1, place_to__gte=F("place_from")),
                name="prize_range_ordered",
            ),
            models.CheckConstraint(
                condition=~Q(rule="rate") | ~Q(rate_code=""),
                name="prize_rate_has_code",
            ),
            models.CheckConstraint(
                condition=Q(rule__in=["place", "range", "rest"])
                | Q(place_from__isnull=True, place_to__isnull=True),
                name="prize_places_only_by_place",
            ),
        ]

    def __str__(self):
        return self.description


class PrizeAward(models.Model):
    """A prize or cash amount awarded to a place's winner, and when it was given.

    ``amount_cents`` is the cash share (None: a prize in kind only); a place with
    both has one award. ``settled`` says how the place was decided: alone at its
    rank, separated by a tiebreak (``tiebreak``), or shared with the entrants of
    the places ``covers_from``–``covers_to``.
    """

    class Kind(models.TextChoices):
        PLACE = "place", _("Place")
        SPECIAL = "special", _("Special prize")

    class Settled(models.TextChoices):
        ALONE = "alone", _("Alone at this place")
        TIEBREAK = "tiebreak", _("Separated by a tiebreak")
        SHARED = "shared", _("Shared place")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="prize_awards",
        verbose_name=_("tournament"),
    )
    # The phase whose standings gave the cash (paid out per phase); None: the event.
    phase = models.ForeignKey(
        Phase,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prize_awards",
        verbose_name=_("phase"),
    )
    kind = models.CharField(
        _("kind"), max_length=8, choices=Kind.choices, default=Kind.PLACE
    )
    place = models.PositiveSmallIntegerField(_("place"))
    # The order in which the prize-giving calls it (from 1).
    call_order = models.PositiveIntegerField(_("called"), default=0)
    entry = models.ForeignKey(
        Entry,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="prize_awards",
        verbose_name=_("winner"),
    )
    # The winner's name as awarded (a club for the best club's prize).
    name = models.CharField(_("name"), max_length=200, validators=[validate_line])
    prize = models.ForeignKey(
        Prize,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="awards",
        verbose_name=_("prize"),
    )
    amount_cents = models.PositiveIntegerField(
        _("cash (cents)"), null=True, blank=True, validators=_amount
    )
    description = models.CharField(
        _("prize"), max_length=200, blank=True, validators=[validate_line]
    )
    settled = models.CharField(
        _("place settled"),
        max_length=10,
        choices=Settled.choices,
        default=Settled.ALONE,
    )
    tiebreak = models.CharField(
        _("tiebreak"), max_length=40, blank=True, validators=[validate_line]
    )
    covers_from = models.PositiveSmallIntegerField(null=True, blank=True)
    covers_to = models.PositiveSmallIntegerField(null=True, blank=True)
    shared_with = models.PositiveSmallIntegerField(_("entrants sharing"), default=1)
    # Players pick (PrizeSettings.players_pick): the prize in kind chosen.
    picked = models.ForeignKey(
        Prize,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="picked_by",
        verbose_name=_("picked prize"),
    )
    awarded_at = models.DateTimeField(_("awarded"), auto_now_add=True)
    given_at = models.DateTimeField(_("given"), null=True, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("given by"),
    )

    class Meta:
        ordering = ["tournament", "call_order", "id"]
        verbose_name = _("prize awarded")
        verbose_name_plural = _("prizes awarded")
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=["place", "special"]), name="award_kind_known"
            ),
            models.CheckConstraint(
                condition=Q(settled__in=["alone", "tiebreak", "shared"]),
                name="award_settled_known",
            ),
            models.CheckConstraint(
                condition=Q(amount_cents__isnull=True)
                | Q(amount_cents__gte=0, amount_cents__lte=MAX_CENTS),
                name="award_amount_range",
            ),
            # Something is awarded: cash, a prize of the table, or a picked one.
            models.CheckConstraint(
                condition=Q(amount_cents__isnull=False)
                | Q(prize__isnull=False)
                | ~Q(description=""),
                name="award_awards_something",
            ),
            models.CheckConstraint(condition=Q(place__gte=1), name="award_place_1"),
            # A shared place says which places it shared.
            models.CheckConstraint(
                condition=~Q(settled="shared")
                | Q(covers_from__isnull=False, covers_to__gte=F("covers_from")),
                name="award_shared_covers",
            ),
            # One place award per entrant (per phase's cash, or the event's).
            models.UniqueConstraint(
                fields=["tournament", "entry"],
                condition=Q(kind="place", phase__isnull=True),
                name="award_one_place_per_entry",
            ),
            models.UniqueConstraint(
                fields=["tournament", "phase", "entry"],
                condition=Q(kind="place", phase__isnull=False),
                name="award_one_phase_place_per_entry",
            ),
            # A prize of the table is picked once.
            models.UniqueConstraint(
                fields=["picked"],
                condition=Q(picked__isnull=False),
                name="award_prize_picked_once",
            ),
        ]
        indexes = [
            models.Index(fields=["tournament", "call_order"], name="award_calling")
        ]

    def __str__(self):
        return f"{self.place}. {self.name}: {self.description}"

    @property
    def is_given(self) -> bool:
        return self.given_at is not None

    @property
    def prize_text(self) -> str:
        """What the winner receives in kind: the picked prize, else the awarded one."""
        if self.picked_id:
            return self.picked.description
        return self.description
