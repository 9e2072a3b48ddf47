"""Store tournaments, their phases, rounds, tables, seats and games.

One module on purpose, though over 500 lines: the models of an event's structure
refer to each other and are read together; most of the length is field declarations
with their translated labels and help texts, not logic.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import (
    MaxLengthValidator,
    MaxValueValidator,
    MinValueValidator,
)
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from clubs.models import Player, Team
from core.validators import validate_line, validate_text

# The game's registries (tiebreaks, draw methods) sit below every app.
from manille.draws.registry import METHODS as DRAW_METHODS
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

# What a director sets for each phase.
PHASE_FIELDS = (
    "name",
    "rounds",
    "draw_method",
    "games_per_table",
    "advancement",
    "advance_count",
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


class Phase(models.Model):
    # The draw registry's codes and labels (INDIVIDUAL, RANDOM, SWISS…): a new
    # method is one class in manille.draws.registry.
    DrawMethod = models.TextChoices(
        "DrawMethod", [(m.code.upper(), (m.code, _(m.label))) for m in DRAW_METHODS]
    )

    class Advancement(models.TextChoices):
        NONE = "none", _("Nobody advances (last phase)")
        TOP_N = "top_n", _("The top N of the standings")
        TABLE_WINNERS = "table_winners", _("The table winners, seeded by ranking")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="phases",
        verbose_name=_("tournament"),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=1)
    name = models.CharField(_("name"), max_length=80, validators=[validate_line])
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), default=1, validators=[MinValueValidator(1)]
    )
    draw_method = models.CharField(
        _("draw"),
        max_length=12,
        choices=DrawMethod.choices,
        default=DrawMethod.INDIVIDUAL,
    )
    games_per_table = models.PositiveSmallIntegerField(
        _("games per table"),
        default=3,
        validators=[MinValueValidator(1), MaxValueValidator(9)],
        help_text=_("Individual tables play the three partner rotations."),
    )
    advancement = models.CharField(
        _("advancement"),
        max_length=15,
        choices=Advancement.choices,
        default=Advancement.NONE,
    )
    advance_count = models.PositiveSmallIntegerField(
        _("how many advance"),
        null=True,
        blank=True,
    )

    class Meta:
        ordering = ["tournament", "order"]
        verbose_name = _("phase")
        verbose_name_plural = _("phases")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "order"], name="phase_unique_order"
            ),
        ]

    def __str__(self):
        return self.name


class Entry(models.Model):
    """A player (individual format) or a team (pairs format) in a tournament."""

    class Status(models.TextChoices):
        REGISTERED = "registered", _("Registered")
        PRESENT = "present", _("Present")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="entries",
        verbose_name=_("tournament"),
    )
    player = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
        verbose_name=_("player"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="entries",
        null=True,
        blank=True,
        verbose_name=_("team"),
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.REGISTERED
    )
    phase = models.ForeignKey(
        Phase,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="entries",
        verbose_name=_("current phase"),
        help_text=_("The latest phase this entrant qualified for."),
    )
    seed = models.PositiveIntegerField(_("seed"), null=True, blank=True)
    late = models.BooleanField(_("late entry"), default=False)
    plays_for = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="replaced_in",
        verbose_name=_("plays in place of"),
        help_text=_(
            "A club member's fixed substitute: the member this player replaces."
        ),
    )
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.CheckConstraint(
                condition=(Q(player__isnull=False) & Q(team__isnull=True))
                | (Q(player__isnull=True) & Q(team__isnull=False)),
                name="entry_player_xor_team",
            ),
            models.UniqueConstraint(
                fields=["tournament", "player"], name="entry_unique_player"
            ),
            models.UniqueConstraint(
                fields=["tournament", "team"], name="entry_unique_team"
            ),
        ]

    def __str__(self):
        return str(self.player or self.team)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="rounds",
        verbose_name=_("tournament"),
    )
    phase = models.ForeignKey(
        Phase,
        on_delete=models.CASCADE,
        related_name="round_set",
        verbose_name=_("phase"),
    )
    number = models.PositiveSmallIntegerField(
        _("round"), help_text=_("Counted across the whole tournament, from 1.")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    seed = models.BigIntegerField(_("draw seed"), default=0)
    draw_method = models.CharField(
        _("draw"), max_length=12, blank=True, validators=[validate_line]
    )
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "number"], name="round_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_gte_1"
            ),
        ]

    def __str__(self):
        return _("Round %(number)s") % {"number": self.number}

    @property
    def is_public(self) -> bool:
        return self.status != self.Status.DRAFT


class Table(models.Model):
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(_("table"))
    reasons = models.CharField(
        _("why the draw looks like this"),
        max_length=200,
        blank=True,
        validators=[validate_line],
        help_text="Comma-separated reason codes from manille.draws.",
    )

    class Meta:
        ordering = ["round", "number"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "number"], name="table_unique_number_per_round"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="table_number_gte_1"
            ),
        ]

    def __str__(self):
        return _("Table %(number)s") % {"number": self.number}


class Seat(models.Model):
    """An entrant's place at a table; position 1 is the scorer (schrijver)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="seats", verbose_name=_("round")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    position = models.PositiveSmallIntegerField(
        _("seat"), validators=[MinValueValidator(1), MaxValueValidator(4)]
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="seats", verbose_name=_("entrant")
    )

    class Meta:
        ordering = ["table", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entry"], name="seat_one_per_entrant_per_round"
            ),
            models.UniqueConstraint(
                fields=["table", "position"], name="seat_unique_position"
            ),
            models.CheckConstraint(
                condition=Q(position__gte=1) & Q(position__lte=4),
                name="seat_position_1_to_4",
            ),
        ]

    def __str__(self):
        return f"{self.table} / {self.position}: {self.entry}"


class Bye(models.Model):
    """An entrant who sits out a round, with the score the tournament gives for it."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    entry = models.ForeignKey(
        Entry, on_delete=models.PROTECT, related_name="byes", verbose_name=_("entrant")
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        constraints = [
            models.UniqueConstraint(fields=["round", "entry"], name="bye_unique"),
        ]

    def __str__(self):
        return f"{self.round}: {self.entry}"


class Game(models.Model):
    """One game at a table: which seats form side A and side B, and its result."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="games", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(_("game"))
    side_a = models.CharField(
        _("side A seats"),
        max_length=4,
        validators=[validate_line],
        help_text="Seat positions, e.g. '12'.",
    )
    side_b = models.CharField(
        _("side B seats"),
        max_length=4,
        validators=[validate_line],
        help_text="Seat positions, e.g. '34'.",
    )
    # The result, written by scoring.services from the engine's GameScore.
    score_a = models.IntegerField(_("score A"), default=0)
    score_b = models.IntegerField(_("score B"), default=0)
    finished = models.BooleanField(_("finished"), default=False)
    winner = models.PositiveSmallIntegerField(
        _("winner"), null=True, blank=True, help_text="0 = side A, 1 = side B."
    )
    deals_won_a = models.PositiveSmallIntegerField(default=0)
    deals_won_b = models.PositiveSmallIntegerField(default=0)
    revokes_a = models.PositiveSmallIntegerField(default=0)
    revokes_b = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["table", "number"]
        verbose_name = _("game")
        verbose_name_plural = _("games")
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], name="game_unique_number_per_table"
            ),
            models.CheckConstraint(
                condition=Q(winner__isnull=True) | Q(winner__in=[0, 1]),
                name="game_winner_is_a_side",
            ),
        ]

    def __str__(self):
        return _("Game %(number)s") % {"number": self.number}

    @property
    def side_a_positions(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.side_a)

    @property
    def side_b_positions(self) -> tuple[int, ...]:
        return tuple(int(c) for c in self.side_b)


class RoundLog(models.Model):
    """What happened to a round and why: drawn, published, closed, reopened."""

    class Action(models.TextChoices):
        DRAWN = "drawn", _("Drawn")
        REDRAWN = "redrawn", _("Drawn again")
        SWAPPED = "swapped", _("Seats swapped")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")
        REOPENED = "reopened", _("Reopened")
        ADVANCED = "advanced", _("Qualifiers advanced")
        # A published round changed by hand (draws.repair), with the reason.
        REPAIRED = "repaired", _("Repaired")
        UNPUBLISHED = "unpublished", _("Unpublished")

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="log", verbose_name=_("round")
    )
    action = models.CharField(_("action"), max_length=12, choices=Action.choices)
    # Written by the services (draw summaries name two entrants) and the reopen form.
    reason = models.TextField(
        _("reason"),
        blank=True,
        validators=[validate_text, MaxLengthValidator(1000)],
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        verbose_name=_("by"),
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)

    class Meta:
        ordering = ["round", "at", "id"]
        verbose_name = _("round log entry")
        verbose_name_plural = _("round log")

    def __str__(self):
        return f"{self.round}: {self.get_action_display()}"
