"""Store the tokens with which a hall laptop pulls and publishes one event."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line


class EventToken(models.Model):
    """A director's key to one event of this site, for the hall's laptop.

    Only the token's SHA-256 is kept (the director is shown the token once);
    ``prefix`` (its first characters) names it on the page. A token serves the
    event of ``slug`` as long as it is not revoked nor expired and its user still
    directs that event.
    """

    slug = models.SlugField(_("short name"), max_length=80)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="event_tokens",
        verbose_name=_("director"),
    )
    digest = models.CharField(
        _("digest"),
        max_length=64,
        unique=True,
        editable=False,
        validators=[validate_line],
    )
    prefix = models.CharField(
        _("token begins with"), max_length=12, validators=[validate_line]
    )
    created_at = models.DateTimeField(_("issued"), auto_now_add=True)
    expires_at = models.DateTimeField(_("expires"))
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)

    class Meta:
        ordering = ["slug", "-created_at"]
        verbose_name = _("event token")
        verbose_name_plural = _("event tokens")
        constraints = [
            models.CheckConstraint(
                condition=Q(expires_at__gt=models.F("created_at")),
                name="event_token_expires_after_issue",
            ),
            models.CheckConstraint(
                condition=~Q(digest=""), name="event_token_has_digest"
            ),
        ]

    def __str__(self):
        return f"{self.slug} · {self.prefix}…"
