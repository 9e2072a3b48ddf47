"""Define what every draw method shares: entrants, tables, errors, byes and reasons."""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from manille.text import gettext_noop


@dataclass(frozen=True, slots=True)
class Entrant:
    id: int
    club: int | None = None
    wins: float = 0
    points: int = 0
    byes: int = 0
    rank: int | None = None


@dataclass(frozen=True, slots=True)
class DrawTable:
    number: int
    seats: tuple[int, ...]
    repeats: int
    same_club: int
    reasons: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    tables: tuple[DrawTable, ...]
    byes: tuple[int, ...]
    seed: int
    method: str


# Seat positions (1-based) of the two sides in games 1..3 at a table of four:
# everyone partners everyone else exactly once; seat 1 is the scorer and stays.
INDIVIDUAL_GAMES = (((1, 2), (3, 4)), ((1, 3), (2, 4)), ((1, 4), (2, 3)))

REASON_TEXT: dict[str, str] = {
    "no_repeat": gettext_noop("no repeat"),
    "no_same_club": gettext_noop("no same-club pair"),
    "repeat_unavoidable": gettext_noop("repeat unavoidable"),
    "same_club_unavoidable": gettext_noop("same-club pair unavoidable"),
    "repeat_not_avoided": gettext_noop("repeat the search could not avoid"),
    "same_club_not_avoided": gettext_noop("same-club pair the search could not avoid"),
    "repeat": gettext_noop("repeat (this method does not avoid repeats)"),
    "same_club": gettext_noop("same-club pair (this method does not avoid clubs)"),
    "random": gettext_noop("drawn by lot"),
    "seeded": gettext_noop("seeded by ranking"),
    "round_robin": gettext_noop("round-robin schedule"),
    "ladder": gettext_noop("ladder: neighbours in the standings"),
    "swiss_score_group": gettext_noop("Swiss: same number of wins"),
    "swiss_floated": gettext_noop("Swiss: floated to a lower score group"),
    "manual": gettext_noop("changed by the director"),
}

ERROR_TEXT: dict[str, str] = {
    "too_few_players": gettext_noop(
        "At least 4 present players are needed for a draw (%(count)d present)."
    ),
    "too_few_teams": gettext_noop(
        "At least 2 present teams are needed for a draw (%(count)d present)."
    ),
    "duplicate_entrant": gettext_noop("Entrant %(id)d appears more than once."),
    "unknown_method": gettext_noop("Unknown draw method “%(method)s”."),
    "staged_method": gettext_noop(
        "The “%(method)s” phase is seated from its pools or bracket, not drawn."
    ),
    "bad_table_size": gettext_noop("A table seats 2 teams or 4 players, not %(size)d."),
    "bad_round_number": gettext_noop("Round numbers start at 1, not %(round)d."),
}


class DrawError(ValueError):
    """A draw that cannot be made from the given entrants (shown to the director)."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        self.message = ERROR_TEXT[code] % params
        super().__init__(self.message)


class Exhausted(Exception):
    """A search ran out of its node budget."""


# ------------------------------------------------------------------------ entrants


def prepare(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Return the entrants sorted by id, refusing duplicates."""
    ordered = sorted(entrants, key=lambda e: e.id)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if a.id == b.id:
            raise DrawError("duplicate_entrant", id=a.id)
    return ordered


def prepare_teams(
    entrants: Iterable[Entrant], *, round_number: int = 1
) -> list[Entrant]:
    """Return the teams sorted by id, refusing duplicates, too few or round < 1."""
    teams = prepare(entrants)
    if len(teams) < 2:
        raise DrawError("too_few_teams", count=len(teams))
    if round_number < 1:
        raise DrawError("bad_round_number", round=round_number)
    return teams


def standing_key(e: Entrant) -> tuple:
    """Sort key: best standing first (rank if given, else wins then points)."""
    return (e.rank is None, e.rank or 0, -e.wins, -e.points)


# ------------------------------------------------------------------------- history


def history_set(history: Iterable[frozenset[int]]) -> set[frozenset[int]]:
    """Return the history as a set of two-element frozensets."""
    pairs: set[frozenset[int]] = set()
    for group in history:
        group = frozenset(group)
        if len(group) == 2:
            pairs.add(group)
        else:
            pairs.update(frozenset(p) for p in combinations(sorted(group), 2))
    return pairs


def adjacency(ids: Sequence[int], history: set[frozenset[int]]) -> list[set[int]]:
    """Return, per index into ``ids``, the indexes it already met."""
    index = {eid: i for i, eid in enumerate(ids)}
    adj: list[set[int]] = [set() for _ in ids]
    for pair in history:
        a, b = tuple(pair)
        if a in index and b in index:
            adj[index[a]].add(index[b])
            adj[index[b]].add(index[a])
    return adj


def club_keys(entrants: Sequence[Entrant]) -> list[object]:
    """Return club keys where equal keys mean the same club (no club never matches)."""
    return [
        e.club if e.club is not None else ("none", i) for i, e in enumerate(entrants)
    ]


# ----------------------------------------------------------------------- conflicts


def table_conflicts(
    seats: Sequence[int],
    entrants_by_id: Mapping[int, Entrant],
    history: Iterable[frozenset[int]],
) -> tuple[int, int]:
    """Return (repeats, same_club) pair counts for the entrants seated at one table."""
    if not isinstance(history, set | frozenset):
        history = history_set(history)
    repeats = same_club = 0
    for a, b in combinations(seats, 2):
        if frozenset((a, b)) in history:
            repeats += 1
        ea, eb = entrants_by_id.get(a), entrants_by_id.get(b)
        if ea is not None and eb is not None and ea.club is not None:
            same_club += ea.club == eb.club
    return repeats, same_club


# Why players of one club sitting together are not flagged (``quiet_clubs``).
QUIET_ORGANISER = "organiser"
QUIET_CROWDED = "crowded"


def quiet_clubs(
    tables: Sequence[Sequence[object | None]], *, organiser: object | None = None
) -> dict[object, str]:
    """Return the clubs whose players sitting together say nothing, and why.

    ``tables`` holds the club of each seat, table by table (None: no club). A flag
    is worth a look only where the draw had a choice:

    - the organising club's members (``QUIET_ORGANISER``): on a club's own evening
      everyone is a member, and members meet every week anyway;
    - a club so large that, its players spread as evenly as a draw can spread
      them, more than half of the tables would still seat two of them
      (``QUIET_CROWDED``): nearly everyone shares it (with tables of four, more
      than 3 in 8 of the players; with tables of two teams, more than 3 in 4).
    """
    n_tables = len(tables)
    counts: dict[object, int] = {}
    for seats in tables:
        for club in seats:
            if club is not None:
                counts[club] = counts.get(club, 0) + 1
    quiet: dict[object, str] = {}
    for club, members in counts.items():
        if organiser is not None and club == organiser:
            quiet[club] = QUIET_ORGANISER
            continue
        per_table, extra = divmod(members, n_tables)
        shared = n_tables if per_table >= 2 else (extra if per_table == 1 else 0)
        if 2 * shared > n_tables:
            quiet[club] = QUIET_CROWDED
    return quiet


def conflict_reasons(
    repeats: int, same_club: int, *, avoided: bool, proven: bool
) -> tuple[str, ...]:
    """Return the reason codes describing a table's repeats and same-club pairs."""
    if not avoided:
        suffix = ""
    elif proven:
        suffix = "_unavoidable"
    else:
        suffix = "_not_avoided"
    return (
        "no_repeat" if repeats == 0 else "repeat" + suffix,
        "no_same_club" if same_club == 0 else "same_club" + suffix,
    )


# ---------------------------------------------------------------------------- byes


def bye_tiers(counts: Sequence[int], k: int) -> tuple[list[int], list[int], int]:
    """Split indexes into those who must sit out, a pool to choose from, and how many.

    Nobody takes a second bye while someone present has had fewer: everyone below
    the cut-off level sits out, and the rest are chosen from the level at the cut.
    """
    if k <= 0:
        return [], [], 0
    forced: list[int] = []
    for level in sorted(set(counts)):
        tier = [i for i, c in enumerate(counts) if c == level]
        if len(forced) + len(tier) <= k:
            forced.extend(tier)
            if len(forced) == k:
                return forced, [], 0
        else:
            return forced, tier, k - len(forced)
    return forced, [], 0  # pragma: no cover - k never exceeds the field


def byes_from_the_bottom(ordered: Sequence[Entrant], k: int) -> list[int]:
    """Return the indexes (ascending) of the ``k`` entrants of a ranking who sit out.

    Those with the fewest byes so far are eligible; among equally eligible entrants
    the lowest-ranked sit out.
    """
    forced, pool, r = bye_tiers([e.byes for e in ordered], k)
    return sorted(forced + pool[len(pool) - r :])


# -------------------------------------------------------------------------- tables


def pair_draw(
    teams: Sequence[Entrant],
    pairs: Sequence[tuple[int, int]],
    labels: Sequence[str],
    *,
    byes: Iterable[int],
    history: set[frozenset[int]],
    avoided: bool,
    proven: bool,
    seed: int,
    method: str,
) -> Draw:
    """Number the pairs as tables with their reasons and return the draw.

    ``labels`` holds each table's first reason (how it was paired); ``avoided``
    says whether the method tries to avoid repeats and clubs, ``proven`` whether
    what remains is proven unavoidable.
    """
    by_id = {e.id: e for e in teams}
    tables = []
    for number, ((a, b), label) in enumerate(zip(pairs, labels, strict=True), start=1):
        repeats, same = table_conflicts((a, b), by_id, history)
        conflict = conflict_reasons(repeats, same, avoided=avoided, proven=proven)
        tables.append(
            DrawTable(
                number=number,
                seats=(a, b),
                repeats=repeats,
                same_club=same,
                reasons=(label, *conflict),
            )
        )
    return Draw(
        tables=tuple(tables), byes=tuple(sorted(byes)), seed=seed, method=method
    )
