"""Store the action log: one row per write a director or manager made."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxLengthValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from actionlog.actions import MAX_CODE, action_of, label_of
from core.validators import validate_line, validate_text


def validate_action(value: str) -> None:
    """Accept only a code of the registry (``actionlog.actions``)."""
    if action_of(value) is None:
        raise ValidationError(
            _("“%(code)s” is no kind of action."), params={"code": value}
        )


class ActionEntry(models.Model):
    """Who did what, when, to what, and the changed fields before and after.

    The tournament, the club and the target are plain ids, not foreign keys: the
    log outlives what it names (a tournament deleted, a player merged), so its
    names are kept as text at the time of the write, and the user's name too.
    """

    at = models.DateTimeField(_("when"), default=timezone.now)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("user"),
    )
    user_name = models.CharField(
        _("who"), max_length=150, blank=True, validators=[validate_line]
    )
    action = models.CharField(
        _("what"), max_length=MAX_CODE, validators=[validate_action, validate_line]
    )
    tournament_id = models.BigIntegerField(_("tournament"), null=True, blank=True)
    club_id = models.BigIntegerField(_("club"), null=True, blank=True)
    # What the action was done to: "app_label.model", its id and its name then.
    target_type = models.CharField(
        _("target type"), max_length=80, blank=True, validators=[validate_line]
    )
    target_id = models.BigIntegerField(_("target id"), null=True, blank=True)
    target_text = models.CharField(
        _("target"), max_length=200, blank=True, validators=[validate_line]
    )
    # Only the changed fields, by field name; relations by their name then.
    before = models.JSONField(_("before"), default=dict, blank=True)
    after = models.JSONField(_("after"), default=dict, blank=True)
    # A round's history line (a draw's summary, a director's reason).
    note = models.TextField(
        _("note"),
        blank=True,
        validators=[validate_text, MaxLengthValidator(4000)],
    )

    class Meta:
        ordering = ["-at", "-id"]
        verbose_name = _("action log entry")
        verbose_name_plural = _("action log")
        indexes = [
            models.Index(
                fields=["tournament_id", "-at", "-id"], name="actionlog_tournament"
            ),
            models.Index(fields=["club_id", "-at", "-id"], name="actionlog_club"),
        ]

    def __str__(self):
        return f"{self.at:%Y-%m-%d %H:%M} {self.user_name}: {label_of(self.action)}"
