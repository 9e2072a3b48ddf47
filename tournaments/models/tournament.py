"""Store a tournament: its event details, its rules settings and how it is run."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxValueValidator,
    MinValueValidator,
)
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.validators import validate_line

# The game's engine and tiebreak registry sit below every app.
from manille.engine import Rules
from manille.tiebreaks import DEFAULT_TIEBREAKS, TIEBREAKS, UnknownTiebreak
from manille.tiebreaks import validate_codes as validate_tiebreak_codes


def default_tiebreaks() -> list[str]:
    return list(DEFAULT_TIEBREAKS)


def validate_tiebreaks(value) -> None:
    """Accept a non-empty list of tiebreak codes the registry knows, each once."""
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise ValidationError(_("Choose the tiebreaks from the list."), code="invalid")
    if not value:
        raise ValidationError(_("Choose at least one tiebreak."), code="required")
    try:
        validate_tiebreak_codes(value)
    except UnknownTiebreak as error:
        known = TIEBREAKS.get(error.code)
        name = _(known.label) if known else error.code
        raise ValidationError(
            _(error.template), code="tiebreak", params={"value": name}
        ) from None


# The engine's Rules, one Tournament field each (manille.engine.Rules's names).
RULE_FIELDS = (
    "multiplier",
    "no_trump_doubles",
    "blind_doubles",
    "max_knocks",
    "capot_doubles",
    "draw_carry",
    "max_factor",
    "revoke_points",
    "trick_points",
    "target",
    "deals",
)


class Tournament(models.Model):
    class Format(models.TextChoices):
        INDIVIDUAL = "individual", _("Individual (rotating partners)")
        PAIRS = "pairs", _("Fixed pairs")

    class Multiplier(models.TextChoices):
        MULTIPLY = "multiply", _("Multiply (each step doubles)")
        ADD = "add", _("Add (each step adds one)")

    class ByeScore(models.TextChoices):
        NONE = "none", _("No score")
        FIXED = "fixed", _("A fixed score")
        AVERAGE = "average", _("The entrant's own average")

    class ResultEntry(models.TextChoices):
        DESK = "desk", _("By the desk only")
        TABLES_DIRECTOR = "tables_director", _("At the tables, confirmed by a director")
        TABLES_OPPONENTS = (
            "tables_opponents",
            _("At the tables, confirmed by the opponents' acceptance"),
        )

    class Acceptance(models.TextChoices):
        GAME = "game", _("Each game, when it ends")
        TABLE = "table", _("The whole table, when its last game ends")

    class TimeRule(models.TextChoices):
        LEADER = (
            "leader",
            _("The deal in play is finished, then the side ahead wins the game"),
        )
        DEALS = "deals", _("The game counts only the deals played")
        DIRECTOR = "director", _("The director decides each game")

    class EntryMode(models.TextChoices):
        DEALS = "deals", _("Card points deal by deal")
        CARDS = "cards", _("Card counts per rank, deal by deal")
        TOTALS = "totals", _("Game totals only")

    name = models.CharField(_("name"), max_length=150, validators=[validate_line])
    slug = models.SlugField(_("short name in addresses"), max_length=80, unique=True)
    date = models.DateField(_("date"))
    venue = models.CharField(
        _("venue"), max_length=150, blank=True, validators=[validate_line]
    )
    format = models.CharField(
        _("format"), max_length=12, choices=Format.choices, default=Format.INDIVIDUAL
    )
    language = models.CharField(
        _("default language"),
        max_length=5,
        choices=settings.LANGUAGES,
        default="nl",
        help_text=_(
            "Used for public pages and printed sheets unless a reader chooses."
        ),
    )
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("directors"),
        related_name="directed_tournaments",
        blank=True,
    )
    # Timed rounds: a round's clock starts at this many minutes (none: no
    # clock), and what becomes of the games still running when it runs out.
    round_minutes = models.PositiveSmallIntegerField(
        _("minutes per round"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(600)],
        help_text=_("Leave empty for rounds without a clock."),
    )
    time_rule = models.CharField(
        _("when time is up"),
        max_length=10,
        choices=TimeRule.choices,
        default=TimeRule.LEADER,
    )
    # The announcement: what the public calendar shows before the day.
    start_time = models.TimeField(
        _("start time"), null=True, blank=True, help_text=_("When play starts.")
    )
    postcode = models.CharField(
        _("postcode"), max_length=12, blank=True, validators=[validate_line]
    )
    region = models.CharField(
        _("municipality or region"),
        max_length=100,
        blank=True,
        validators=[validate_line],
        help_text=_("Where the venue is, e.g. Roeselare or West Flanders."),
    )
    # Set on the web site when a hall publishes the event here: its draws and
    # results are the hall's, read-only on this site (never in an event file).
    hall_copy_at = models.DateTimeField(
        _("published by the hall"), null=True, blank=True, editable=False
    )
    registers_online = models.BooleanField(
        _("registration online"),
        default=False,
        help_text=_(
            "Players register on this event's page here: a form, a waiting list when "
            "the capacity is reached, a link to cancel. Off: the calendar announces "
            "the event without a form."
        ),
    )
    capacity = models.PositiveIntegerField(
        _("capacity"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "Entrants (players, or pairs) the event takes; empty = no limit. The "
            "calendar shows the places left."
        ),
    )
    registration_deadline = models.DateTimeField(
        _("registration deadline"), null=True, blank=True
    )
    is_public = models.BooleanField(
        _("listed publicly"),
        default=True,
        help_text=_(
            "Show the tournament to the public. When off, only its directors see "
            "its pages, results and printed lists."
        ),
    )

    # The engine's Rules (manille.engine.Rules), one field each.
    multiplier = models.CharField(
        _("doublings"),
        max_length=10,
        choices=Multiplier.choices,
        default=Multiplier.MULTIPLY,
        help_text=_("How doublings combine: ×2 per step, or +1 per step."),
    )
    no_trump_doubles = models.BooleanField(
        _("no trump doubles"),
        default=True,
        help_text=_("A deal played without trump counts one doubling."),
    )
    blind_doubles = models.BooleanField(
        _("blind trump allowed and doubles"),
        default=True,
        help_text=_("Trump named before looking at the cards counts one doubling."),
    )
    max_knocks = models.PositiveSmallIntegerField(
        _("maximum knocks"),
        null=True,
        blank=True,
        default=2,
        validators=[MaxValueValidator(10)],
        help_text=_("Knocks allowed per deal, each one doubling; empty = unlimited."),
    )
    capot_doubles = models.BooleanField(
        _("all cards (60–0) doubles"),
        default=False,
        help_text=_("A side taking every card point gets one more doubling."),
    )
    draw_carry = models.BooleanField(
        _("30–30 carries over"),
        default=False,
        help_text=_(
            "A 30–30 deal scores nothing and raises the next deal's doublings."
        ),
    )
    max_factor = models.PositiveSmallIntegerField(
        _("maximum multiplier"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("Cap on a deal's multiplier, e.g. 4; empty = no cap."),
    )
    revoke_points = models.PositiveSmallIntegerField(
        _("points for a revoke"),
        null=True,
        blank=True,
        help_text=_(
            "Points the other side gets after a revoke; empty = the deal's maximum "
            "(30 × multiplier)."
        ),
    )
    trick_points = models.BooleanField(
        _("a point per trick"),
        default=False,
        help_text=_("Manille parlée: +1 per trick, 68 points in a deal, 34 is even."),
    )
    target = models.PositiveSmallIntegerField(
        _("game target"),
        null=True,
        blank=True,
        default=101,
        validators=[MinValueValidator(1)],
        help_text=_(
            "A game ends when a side reaches this score; empty = play a "
            "fixed number of deals."
        ),
    )
    deals = models.PositiveSmallIntegerField(
        _("deals per game"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("With no target, a game is this many deals."),
    )

    # How the event is run.
    bye_score = models.CharField(
        _("score for a bye"),
        max_length=10,
        choices=ByeScore.choices,
        default=ByeScore.AVERAGE,
        help_text=_(
            "Points credited for a bye (an entrant left without a table). "
            "The entrant's own average is the fairest: a bye is worth what the "
            "entrant scores per game at a table. A fixed score gives every bye the "
            "same points; no score gives none."
        ),
    )
    bye_points = models.PositiveSmallIntegerField(
        _("fixed bye points"),
        default=0,
        help_text=_("Points per game credited for a bye when the score is fixed."),
    )
    bye_wins = models.BooleanField(
        _("a bye counts as games won"),
        default=False,
        help_text=_(
            "Off (recommended): a bye is not a game played or won, so it never "
            "ranks anyone above a player with more real wins. On: a bye counts "
            "as every game of the round played and won. The club ranking never "
            "counts byes."
        ),
    )
    entry_mode = models.CharField(
        _("result entry"),
        max_length=10,
        choices=EntryMode.choices,
        default=EntryMode.DEALS,
    )
    result_entry = models.CharField(
        _("who enters the results"),
        max_length=20,
        choices=ResultEntry.choices,
        default=ResultEntry.DESK,
        help_text=_(
            "At the tables: each table enters its deals on a phone through the code "
            "printed on its score sheet, and the opponents accept the result."
        ),
    )
    acceptance = models.CharField(
        _("the opponents accept"),
        max_length=10,
        choices=Acceptance.choices,
        default=Acceptance.GAME,
    )
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("organising club"),
        help_text=_("The club's managers may run this event."),
    )
    type_both_sides = models.BooleanField(
        _("type both sides' points"),
        default=False,
        help_text=_("The director types side B too, as a check against the paper."),
    )
    double_entry = models.BooleanField(
        _("double entry"),
        default=False,
        help_text=_(
            "A second director types each sheet independently before it is confirmed."
        ),
    )
    forfeit_points = models.PositiveSmallIntegerField(
        _("points for a forfeit win"),
        default=101,
        help_text=_("Game score given to the side present when the other forfeits."),
    )
    tiebreaks = models.JSONField(
        _("tiebreak order"),
        default=default_tiebreaks,
        validators=[validate_tiebreaks],
    )
    version = models.PositiveBigIntegerField(
        default=0,
        editable=False,
        help_text="Bumped on every published change; public pages use it as ETag.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(target__isnull=False) | Q(deals__isnull=False),
                name="tournament_game_has_an_end",
            ),
            models.CheckConstraint(
                condition=Q(max_factor__isnull=True) | Q(max_factor__gte=1),
                name="tournament_max_factor_positive",
            ),
            models.CheckConstraint(
                condition=Q(capacity__isnull=True) | Q(capacity__gte=1),
                name="tournament_capacity_positive",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("public:tournament", kwargs={"slug": self.slug})

    @property
    def is_individual(self) -> bool:
        return self.format == self.Format.INDIVIDUAL

    def rules(self):
        """Return the engine's Rules for this tournament."""
        return Rules(**{name: getattr(self, name) for name in RULE_FIELDS})

    @property
    def tiebreak_list(self) -> list[str]:
        """Return the registry codes to rank on, in order (the default for none).

        The field is validated on every write; codes the registry does not know
        are still left out here, so a row written around the validation cannot
        break a page.
        """
        codes = self.tiebreaks if isinstance(self.tiebreaks, list) else []
        known = [c for c in codes if isinstance(c, str) and c in TIEBREAKS]
        return list(dict.fromkeys(known)) or list(DEFAULT_TIEBREAKS)
