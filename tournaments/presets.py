"""List the presets of the new-tournament form: one choice fills every rule and phase.

Each preset is one entry of :data:`PRESETS`: its code (what the form posts), a name
and a line saying what it sets (both translated where they are shown), the settings
it changes from the model's defaults and its phases. A preset fills every setting of
the form but the event's own (name, address, date, venue, listed publicly): choosing
another one leaves nothing of the first behind. Every value stays a field the
director edits before saving; ``tests/tournaments/test_presets.py`` checks each
against the model, the draw registry and the engine.

What real events do that the product does not do yet is said in the preset's line,
not faked: a no-trump quota per side is no rule setting of the engine yet; a table
of four always plays its three partner rotations, so a championship of five games
is drawn as two rounds of three. The open pairs championship plays its pools and
its knockout as the phases of those names (``Phase.DrawMethod.POOLS`` and
``KNOCKOUT``), as Roeselare's open does.
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from django.db import transaction
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from actionlog.services import action_record
from core.errors import InvalidInput
from manille.engine import Rules
from tournaments import services
from tournaments.models import PHASE_FIELDS, RULE_FIELDS, Phase, Tournament

# What a preset leaves to the director: the event's own name, address, day and place.
EVENT_OWN = (
    "name", "slug", "date", "venue", "is_public", "club",
    # The announcement (the calendar's): the event's own, whatever its rules.
    "registers_online", "start_time", "postcode", "region", "capacity",
    "registration_deadline",
)  # fmt: skip
# What a preset sets: every other setting of a tournament (format, language, the
# rules, how the event is run, the tiebreak order).
PRESET_FIELDS = tuple(name for name in services.LOGGED_FIELDS if name not in EVENT_OWN)
UNKNOWN_PRESET = _("There is no preset “%(value)s”: choose one from the list.")

INDIVIDUAL = Tournament.Format.INDIVIDUAL
PAIRS = Tournament.Format.PAIRS
Draw = Phase.DrawMethod
Advance = Phase.Advancement


@dataclass(frozen=True)
class PhasePreset:
    """A phase as a preset sets it (``Phase``'s fields, its name translated late)."""

    name: str
    rounds: int
    draw_method: str
    games_per_table: int = 1
    advancement: str = Advance.NONE
    advance_count: int | None = None
    pool_size: int | None = None
    pool_seeding: str = Phase.PoolSeeding.SNAKE
    per_pool: int | None = None
    best_next: int = 0
    best_of: int = 1
    third_place: bool = False
    consolation: bool = False

    def row(self) -> dict:
        """Return the phase as ``phases_save`` and the phase form take it."""
        row = {name: getattr(self, name) for name in PHASE_FIELDS}
        row["name"] = str(self.name)  # in the language of the director saving it
        return row


@dataclass(frozen=True)
class Preset:
    """A starting point for a new tournament: its settings and phases."""

    code: str
    name: str
    description: str
    phases: tuple[PhasePreset, ...]
    # Only what differs from the model's defaults; :meth:`fields` adds the rest.
    settings: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        unknown = set(self.settings) - set(PRESET_FIELDS)
        if unknown:  # a typo here would otherwise be dropped without a word
            raise TypeError(f"preset {self.code}: unknown settings {sorted(unknown)}")
        object.__setattr__(self, "settings", MappingProxyType(dict(self.settings)))

    def fields(self) -> dict:
        """Return every setting the preset fills: the defaults, then its own."""
        values = {
            name: Tournament._meta.get_field(name).get_default()
            for name in PRESET_FIELDS
        }
        values.update(self.settings)
        values["tiebreaks"] = list(values["tiebreaks"])
        return values

    def rules(self) -> Rules:
        """Return the engine's rules the preset's games are scored under."""
        fields = self.fields()
        return Rules(**{name: fields[name] for name in RULE_FIELDS})

    def phase_rows(self) -> list[dict]:
        return [phase.row() for phase in self.phases]


PRESETS: tuple[Preset, ...] = (
    Preset(
        code="world",
        name=_("World championship (IWWA)"),
        description=_(
            "Individual, tables of four drawn by the computer, games to 101, "
            "90-minute rounds: three qualifying rounds, the best 128 to a "
            "semi-final, its 32 table winners to the final; ranked on games won, "
            "then points."
        ),
        settings={
            "format": INDIVIDUAL,
            "language": "nl",
            "tiebreaks": ("games_won", "points"),
            "round_minutes": 90,
        },
        phases=(
            PhasePreset(
                _("Qualifying rounds"),
                rounds=3,
                draw_method=Draw.INDIVIDUAL,
                games_per_table=3,
                advancement=Advance.TOP_N,
                advance_count=128,
            ),
            PhasePreset(
                _("Semi-final"),
                rounds=1,
                draw_method=Draw.SEEDED,
                games_per_table=3,
                advancement=Advance.TABLE_WINNERS,
                advance_count=32,
            ),
            PhasePreset(
                _("Final"), rounds=1, draw_method=Draw.SEEDED, games_per_table=3
            ),
        ),
    ),
    Preset(
        code="belgian",
        name=_("Belgian championship (IWWA)"),
        description=_(
            "Individual, new tables of four drawn by lot each round, so partners "
            "change every game; games to 101, two rounds of three games (a table "
            "plays its three partner rotations); ranked on games won, then points, "
            "with the club ranking on the members' average of games won."
        ),
        settings={
            "format": INDIVIDUAL,
            "language": "nl",
            "tiebreaks": ("games_won", "points"),
        },
        phases=(
            PhasePreset(
                _("Championship"),
                rounds=2,
                draw_method=Draw.INDIVIDUAL,
                games_per_table=3,
            ),
        ),
    ),
    Preset(
        code="club_evening",
        name=_("Flemish club evening"),
        description=_(
            "Individual, members drawn by lot into tables of four, two rounds of "
            "three games to 101; knocking and knocking back (×4), no trump and "
            "blind trump double; the results typed at the desk."
        ),
        settings={"format": INDIVIDUAL, "language": "nl"},
        phases=(
            PhasePreset(
                _("Evening"),
                rounds=2,
                draw_method=Draw.INDIVIDUAL,
                games_per_table=3,
            ),
        ),
    ),
    Preset(
        code="open_pairs",
        name=_("Open pairs championship"),
        description=_(
            "Fixed pairs, games of a fixed 16 deals (each player deals four times); "
            "pools of four seeded in a snake, clubs kept apart, three rounds of one "
            "game; each pool's winner and the best runner-up go on to a knockout of "
            "one game a match with a match for third place (60 pairs: 15 pools, "
            "then the last 16); ranked on games won, then point difference."
        ),
        settings={
            "format": PAIRS,
            "language": "nl",
            "target": None,
            "deals": 16,
            "tiebreaks": ("games_won", "point_difference", "points"),
        },
        phases=(
            PhasePreset(
                _("Pools"),
                rounds=3,
                draw_method=Draw.POOLS,
                games_per_table=1,
                advancement=Advance.POOLS,
                pool_size=4,
                pool_seeding=Phase.PoolSeeding.SNAKE,
                per_pool=1,
                best_next=1,
            ),
            PhasePreset(
                _("Knockout"),
                # The last 16 (15 pool winners and the best runner-up of 60
                # pairs); seeding the phase sets it from the real qualifiers.
                rounds=4,
                draw_method=Draw.KNOCKOUT,
                games_per_table=1,
                best_of=1,
                third_place=True,
            ),
        ),
    ),
    Preset(
        code="french_concours",
        name=_("French concours"),
        description=_(
            "Fixed pairs, 68 points a deal (a point a trick, a side scores above "
            "34), games of 12 deals or to 50, whichever comes first (the club "
            "chooses its target: 34, 44, 50 or 121); four rounds of one game, the "
            "first drawn by lot, then teams meet in ranking order; ranked on total "
            "points."
        ),
        settings={
            "format": PAIRS,
            "language": "fr",
            "trick_points": True,
            "target": 50,
            "deals": 12,
            "tiebreaks": ("points", "games_won"),
        },
        phases=(
            PhasePreset(
                _("Concours"),
                rounds=4,
                draw_method=Draw.LADDER,
                games_per_table=1,
            ),
        ),
    ),
    Preset(
        code="walloon",
        name=_("Walloon house rules"),
        description=_(
            "Fixed pairs, games of 12 deals: buquer (knock) and knock back, a "
            "30–30 draw carries its doubling into the next deal, 60–0 adds a "
            "doubling; four Swiss rounds of one game. A no-trump quota per side is "
            "not a setting yet: agree it at the table."
        ),
        settings={
            "format": PAIRS,
            "language": "fr",
            "draw_carry": True,
            "capot_doubles": True,
            "target": None,
            "deals": 12,
        },
        phases=(
            PhasePreset(
                _("Rounds"),
                rounds=4,
                draw_method=Draw.SWISS,
                games_per_table=1,
            ),
        ),
    ),
)
_BY_CODE = {preset.code: preset for preset in PRESETS}


def preset_for(code: str) -> Preset:
    """Return the preset with ``code``; refuse an unknown one (``InvalidInput``)."""
    try:
        return _BY_CODE[code]
    except (KeyError, TypeError):
        raise InvalidInput(
            gettext(UNKNOWN_PRESET) % {"value": code},
            code="unknown_preset",
            field="preset",
        ) from None


@transaction.atomic
def tournament_create_from_preset(
    *, by, preset: str = "", phases: list[dict] | None = None, **fields
) -> Tournament:
    """Create a tournament from the preset ``preset`` (none if empty) in one go.

    ``fields`` and ``phases`` are what the director saw and edited; what they leave
    out, the preset fills. The History says which preset the event started from.
    """
    chosen = preset_for(preset) if preset else None
    if chosen is not None:
        fields = {**chosen.fields(), **fields}
        phases = phases or chosen.phase_rows()
    tournament = services.tournament_create(by=by, phases=phases, **fields)
    if chosen is not None:
        action_record(
            by=by,
            action="tournament.preset_applied",
            tournament=tournament,
            target_text=str(chosen.name),
        )
    return tournament
