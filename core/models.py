"""Keep the counts of the throttles, shared by every process that serves the site."""

from django.db import models

from core.validators import validate_line


class ThrottleCount(models.Model):
    """How many times one subject (an address, a hashed e-mail) did one thing
    (``scope``: a wrong table code, a password reset) in one period.

    In the database, not the cache: a count in a process's own memory is one of
    several (one a process), and the local-memory cache evicts it after 300 other
    entries; Redis may be gone. ``core.throttles`` writes a count with one atomic
    upsert and prunes the periods no window reads any more.
    """

    scope = models.CharField(max_length=40, validators=[validate_line])
    subject = models.CharField(max_length=64, validators=[validate_line])
    period = models.BigIntegerField(help_text="the period's start, in Unix seconds")
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "subject", "period"], name="throttle_count_once"
            )
        ]
        indexes = [models.Index(fields=["scope", "period"], name="throttle_prune")]

    def __str__(self) -> str:
        return f"{self.scope} {self.subject} @{self.period}: {self.count}"
