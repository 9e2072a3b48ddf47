"""Store the registrations made online before the day, and the waiting list."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line
from tournaments.models import Entry, Tournament


class Registration(models.Model):
    """One registration on the web: a player alone, a pair, or a single looking
    for a partner; confirmed (with the Entry it made), waiting, or cancelled.

    A single in a pairs event is confirmed without an Entry until paired; the two
    singles of a pair then share the team's Entry.
    """

    class Kind(models.TextChoices):
        ALONE = "alone", _("Alone")
        PAIR = "pair", _("As a pair")
        SINGLE = "single", _("Alone, looking for a partner")

    class Status(models.TextChoices):
        CONFIRMED = "confirmed", _("Confirmed")
        WAITING = "waiting", _("On the waiting list")
        CANCELLED = "cancelled", _("Cancelled")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="registrations",
        verbose_name=_("tournament"),
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    first_name = models.CharField(
        _("first name"), max_length=60, blank=True, validators=[validate_line]
    )
    last_name = models.CharField(
        _("last name"), max_length=60, blank=True, validators=[validate_line]
    )
    partner_first_name = models.CharField(
        _("partner's first name"),
        max_length=60,
        blank=True,
        validators=[validate_line],
    )
    partner_last_name = models.CharField(
        _("partner's last name"),
        max_length=60,
        blank=True,
        validators=[validate_line],
    )
    email = models.EmailField(
        _("e-mail"), max_length=254, blank=True, validators=[validate_line]
    )
    club = models.CharField(
        _("club"), max_length=120, blank=True, validators=[validate_line]
    )
    phone = models.CharField(
        _("phone"), max_length=30, blank=True, validators=[validate_line]
    )
    position = models.PositiveIntegerField(
        _("place on the waiting list"), null=True, blank=True
    )
    consent_at = models.DateTimeField(_("consent given at"))
    entry = models.ForeignKey(
        Entry,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="registrations",
        verbose_name=_("entry"),
    )
    created_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    anonymised = models.BooleanField(_("personal data deleted"), default=False)

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="confirmed")
                | Q(kind="single")
                | Q(entry__isnull=False),
                name="registration_confirmed_has_entry",
            ),
            models.CheckConstraint(
                condition=~Q(status="waiting") | Q(entry__isnull=True),
                name="registration_waiting_no_entry",
            ),
            models.CheckConstraint(
                condition=(Q(status="waiting") & Q(position__gte=1))
                | (~Q(status="waiting") & Q(position__isnull=True)),
                name="registration_position_iff_waiting",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["alone", "pair", "single"])
                & Q(status__in=["confirmed", "waiting", "cancelled"]),
                name="registration_known_kind_status",
            ),
            models.CheckConstraint(
                condition=Q(kind="pair")
                | (Q(partner_first_name="") & Q(partner_last_name="")),
                name="registration_partner_only_for_pairs",
            ),
            models.CheckConstraint(
                condition=Q(anonymised=False)
                | (
                    Q(status="cancelled")
                    & Q(first_name="")
                    & Q(last_name="")
                    & Q(partner_first_name="")
                    & Q(partner_last_name="")
                    & Q(email="")
                    & Q(phone="")
                ),
                name="registration_anonymised_is_empty",
            ),
            models.CheckConstraint(
                condition=Q(anonymised=True) | (~Q(first_name="") & ~Q(email="")),
                name="registration_names_someone",
            ),
            models.CheckConstraint(
                condition=~Q(status="cancelled") | Q(cancelled_at__isnull=False),
                name="registration_cancelled_when",
            ),
            models.UniqueConstraint(
                "tournament",
                models.functions.Lower("email"),
                condition=~Q(status="cancelled"),
                name="registration_one_email_per_event",
            ),
            models.UniqueConstraint(
                fields=["tournament", "position"],
                condition=Q(position__isnull=False),
                name="registration_unique_position",
            ),
        ]

    def __str__(self):
        if self.anonymised:
            return str(_("(deleted)"))
        return self.names

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()

    @property
    def partner_name(self) -> str:
        return f"{self.partner_first_name} {self.partner_last_name}".strip()

    @property
    def names(self) -> str:
        """The registration's people, as one line ("An Peeters & Jan Claes")."""
        return " & ".join(n for n in (self.name, self.partner_name) if n)
