"""Store series: a club's season, a circuit of open events, a championship."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.validators import validate_line
from manille.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS
from tournaments.models import Tournament, default_tiebreaks, validate_tiebreaks

# A ranking points table longer than this is a typing accident, not a scale.
MAX_RANKING_PLACES = 500
MAX_RANKING_POINTS = 10_000


def default_ranking_points() -> list[int]:
    """The scale a director starts from: 1st = 20, 2nd = 18, … down to 1."""
    return [20, 18, 16, 14, 12, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]


def validate_ranking_points(value) -> None:
    """Accept a list of whole points per place (1st first), never rising."""
    if not isinstance(value, list) or not all(
        isinstance(p, int) and not isinstance(p, bool) for p in value
    ):
        raise ValidationError(
            _("Give the points per place as whole numbers, the first place first."),
            code="invalid",
        )
    if len(value) > MAX_RANKING_PLACES:
        raise ValidationError(
            _("Give points for at most %(max)d places."),
            code="too_long",
            params={"max": MAX_RANKING_PLACES},
        )
    if any(p < 0 or p > MAX_RANKING_POINTS for p in value):
        raise ValidationError(
            _("Points per place must be between 0 and %(max)d."),
            code="range",
            params={"max": MAX_RANKING_POINTS},
        )
    if any(later > earlier for earlier, later in zip(value, value[1:], strict=False)):
        raise ValidationError(
            _("A place may not give more points than the place before it."),
            code="rising",
        )


# Words of the site's own addresses under /director/series/ and /series/.
RESERVED_SLUGS = frozenset({"new"})


class Series(models.Model):
    """An ordered list of events ranked together."""

    class Kind(models.TextChoices):
        SEASON = "season", _("Club season")
        CIRCUIT = "circuit", _("Circuit of open tournaments")
        CHAMPIONSHIP = "championship", _("Championship")

    class Ranking(models.TextChoices):
        GAMES_WON = "games_won", _("Sum of games won")
        POINTS = "points", _("Sum of points")
        POINT_DIFFERENCE = "point_difference", _("Sum of point differences")
        RANKING_POINTS = "ranking_points", _("Ranking points per event")

    class Substitutes(models.TextChoices):
        MEMBER = "member", _("A substitute's results count for the member replaced")
        SELF = "self", _("A substitute's results count for the substitute")

    name = models.CharField(_("name"), max_length=150, validators=[validate_line])
    slug = models.SlugField(_("short name in addresses"), max_length=80, unique=True)
    club = models.ForeignKey(
        Club,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="series",
        verbose_name=_("organising club"),
        help_text=_("The club's managers may run this series and its evenings."),
    )
    kind = models.CharField(
        _("kind"), max_length=15, choices=Kind.choices, default=Kind.SEASON
    )
    ranking = models.CharField(
        _("ranked on"),
        max_length=20,
        choices=Ranking.choices,
        default=Ranking.GAMES_WON,
        help_text=_(
            "The sum over the counted events, or ranking points per event by the "
            "place in that event."
        ),
    )
    ranking_points = models.JSONField(
        _("ranking points per place"),
        default=default_ranking_points,
        blank=True,
        validators=[validate_ranking_points],
        help_text=_(
            "Points for the 1st, 2nd, 3rd… place of an event; places beyond the "
            "list get 0."
        ),
    )
    best_of = models.PositiveSmallIntegerField(
        _("count the best"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text=_("Count only each player's best N events; empty = count all."),
    )
    min_events = models.PositiveSmallIntegerField(
        _("minimum events"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(1000)],
        help_text=_("Events a player must have played to be ranked."),
    )
    substitutes = models.CharField(
        _("substitutes"),
        max_length=10,
        choices=Substitutes.choices,
        default=Substitutes.MEMBER,
    )
    club_min_games = models.PositiveSmallIntegerField(
        _("minimum games for the club ranking"),
        default=10,
        validators=[MaxValueValidator(10000)],
        help_text=_("A player counts for the club ranking from this many games."),
    )
    tiebreaks = models.JSONField(
        _("tiebreak order"),
        default=default_tiebreaks,
        validators=[validate_tiebreaks],
    )
    language = models.CharField(
        _("default language"),
        max_length=5,
        choices=settings.LANGUAGES,
        default="nl",
    )
    is_public = models.BooleanField(
        _("listed publicly"),
        default=True,
        help_text=_("Show the series to the public."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="series_best_of_positive",
            ),
            models.CheckConstraint(
                condition=Q(min_events__gte=1), name="series_min_events_positive"
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("series:standings", kwargs={"slug": self.slug})

    def clean(self):
        super().clean()
        if self.slug in RESERVED_SLUGS:
            raise ValidationError(
                {"slug": _("This short name is a word of the site; choose another.")}
            )
        if (
            self.ranking == self.Ranking.RANKING_POINTS
            and isinstance(self.ranking_points, list)
            and not self.ranking_points
        ):
            raise ValidationError(
                {
                    "ranking_points": _(
                        "Give the points per place to rank on ranking points."
                    )
                }
            )

    @property
    def tiebreak_list(self) -> list[str]:
        """Return the registry codes to rank on, in order (the default for none)."""
        codes = self.tiebreaks if isinstance(self.tiebreaks, list) else []
        known = [c for c in codes if isinstance(c, str) and c in TIEBREAKS]
        return list(dict.fromkeys(known)) or list(DEFAULT_TIEBREAKS)

    @property
    def points_table(self) -> list[int]:
        """Return the ranking points per place, validated (bad rows read as [])."""
        try:
            validate_ranking_points(self.ranking_points)
        except ValidationError:
            return []
        return list(self.ranking_points)


class SeriesEvent(models.Model):
    """One event of a series, in the series' order."""

    series = models.ForeignKey(
        Series,
        on_delete=models.CASCADE,
        related_name="events",
        verbose_name=_("series"),
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="series_events",
        verbose_name=_("event"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)

    class Meta:
        ordering = ["series", "order", "id"]
        verbose_name = _("series event")
        verbose_name_plural = _("series events")
        constraints = [
            models.UniqueConstraint(
                fields=["series", "tournament"], name="series_event_unique_tournament"
            ),
        ]

    def __str__(self):
        return f"{self.series}: {self.tournament}"
