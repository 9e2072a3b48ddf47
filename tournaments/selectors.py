"""Read tournaments for the public and the directors."""

from collections import defaultdict
from itertools import combinations

from django.db.models import Count, Q, QuerySet
from django.utils.translation import gettext as _

from core.folding import (  # the one folding helper (also read from here)
    fold,
    fold_matches,
    fold_words,
)
from tournaments.models import Bye, Entry, Game, Phase, Round, Seat, Tournament
from tournaments.versioning import tournament_cached


def tournament_list_public() -> QuerySet[Tournament]:
    """Return the tournaments listed publicly (``is_public``), newest first."""
    return Tournament.objects.filter(is_public=True).order_by("-date", "name")


def tournament_for_reader(*, slug: str, user) -> Tournament | None:
    """Return the tournament a reader may see, or None.

    The one access rule of the public side (pages, API, version endpoint, PDFs):
    a tournament listed publicly (``is_public``) is open to everyone; an unlisted
    one is hidden from everyone but its directors (and superusers). ``user`` is
    only looked at for an unlisted tournament, so a listed one costs no session,
    and no query while the shared cache is warm (``versioning.tournament_cached``,
    refreshed by every bump).
    """
    tournament = tournament_cached(slug=slug)
    if tournament is None:
        return None
    if tournament.is_public or user_can_direct(user=user, tournament=tournament):
        return tournament
    return None


def hall_copy_refusal(*, tournament: Tournament) -> str | None:
    """Say why this site may not change the event's draws and results: it is the
    copy a hall published here (``Tournament.hall_copy_at``). None: it may."""
    if tournament.hall_copy_at is None:
        return None
    return _(
        "“%(name)s” is run at the hall: this site shows what the hall published. "
        "Change draws and results at the hall and publish again."
    ) % {"name": tournament.name}


def tournament_list_for_director(*, user) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs: those they direct and their clubs' evenings."""
    if user.is_superuser:
        return Tournament.objects.order_by("-date", "name")
    return Tournament.objects.filter(
        Q(pk__in=user.directed_tournaments.values("pk"))
        | Q(club__in=user.managed_clubs.values("pk"))
    ).order_by("-date", "name")


def user_can_direct(*, user, tournament: Tournament) -> bool:
    """Tell whether a user may run a tournament: a superuser, one of its directors,
    or a manager of its organising club (a club evening)."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    if tournament.directors.filter(pk=user.pk).exists():
        return True
    return bool(
        tournament.club_id and tournament.club.managers.filter(pk=user.pk).exists()
    )


def user_is_director(*, user) -> bool:
    """Tell whether a user may use the director's side at all (clubs, players…)."""
    if not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser or user.is_staff:
        return True
    return user.directed_tournaments.exists() or user.managed_clubs.exists()


# --------------------------------------------------------------------- text search


# ------------------------------------------------------------------------ entries


def entry_list(*, tournament: Tournament) -> QuerySet[Entry]:
    """Return a tournament's entries with what a list shows, in name order."""
    return (
        Entry.objects.filter(tournament=tournament)
        .select_related(
            "player__club",
            "team__club",
            "team__player_one",
            "team__player_two",
            "phase",
        )
        .order_by(
            "player__last_name",
            "player__first_name",
            "team__name",
            "id",
        )
    )


def entry_search(*, tournament: Tournament, query: str = "") -> list[Entry]:
    """Return the entries whose name, team, club or member number matches ``query``."""
    entries = sorted(entry_list(tournament=tournament), key=_entry_sort_key)
    words = fold_words(query)
    if not words:
        return entries
    return [e for e in entries if fold_matches(words, entry_search_text(e))]


def _entry_sort_key(entry: Entry) -> tuple[str, str]:
    if entry.player_id:
        return (fold(entry.player.last_name), fold(entry.player.first_name))
    return (fold(entry.team.name), "")


def entry_search_text(entry: Entry) -> str:
    """Return the folded text a search looks through for one entry."""
    parts: list[str] = []
    if entry.player_id:
        p = entry.player
        parts += [p.first_name, p.last_name, p.member_number]
        if p.club:
            parts += [p.club.name, p.club.short_name]
    if entry.team_id:
        t = entry.team
        parts.append(t.name)
        for p in (t.player_one, t.player_two):
            if p:
                parts += [p.first_name, p.last_name]
        if t.club:
            parts += [t.club.name, t.club.short_name]
    return fold(" ".join(parts))


def team_member_names(*, tournament: Tournament) -> dict[int, str]:
    """Return entry id → its team's players' names, for a team's search (one query).

    A player's surname then finds the team (the public standings' filter).
    """
    return {
        eid: " ".join(n for n in names if n)
        for eid, *names in Entry.objects.filter(
            tournament=tournament, team__isnull=False
        ).values_list(
            "id",
            "team__player_one__first_name",
            "team__player_one__last_name",
            "team__player_two__first_name",
            "team__player_two__last_name",
        )
    }


def entry_counts(*, tournament: Tournament) -> dict[str, int]:
    """Return how many entries are registered, present, withdrawn, and in all."""
    counts = Entry.objects.filter(tournament=tournament).aggregate(
        total=Count("id"),
        registered=Count("id", filter=Q(status=Entry.Status.REGISTERED)),
        present=Count("id", filter=Q(status=Entry.Status.PRESENT)),
        withdrawn=Count("id", filter=Q(status=Entry.Status.WITHDRAWN)),
    )
    return counts


# ------------------------------------------------------------------ draw history


def history_pairs(
    *, tournament: Tournament, exclude_round: Round | None = None
) -> set[frozenset[int]]:
    """Return the entry-id pairs that already shared a table in this tournament."""
    seats = Seat.objects.filter(round__tournament=tournament)
    if exclude_round is not None:
        seats = seats.exclude(round=exclude_round)
    by_table: dict[int, list[int]] = defaultdict(list)
    for table_id, entry_id in seats.values_list("table_id", "entry_id"):
        by_table[table_id].append(entry_id)
    pairs: set[frozenset[int]] = set()
    for members in by_table.values():
        pairs.update(frozenset(p) for p in combinations(members, 2))
    return pairs


def entrant_records(
    *, tournament: Tournament, before_round: int | None = None
) -> dict[int, tuple[int, int]]:
    """Return entry id → (games won, points scored) over confirmed sheets.

    Only games of tables whose sheet is confirmed count, and only in rounds
    numbered below ``before_round`` when it is given.
    """
    games = Game.objects.filter(
        table__round__tournament=tournament, table__sheet__status="confirmed"
    )
    seats = Seat.objects.filter(
        round__tournament=tournament, table__sheet__status="confirmed"
    )
    if before_round is not None:
        games = games.filter(table__round__number__lt=before_round)
        seats = seats.filter(round__number__lt=before_round)
    at_table: dict[int, dict[int, int]] = defaultdict(dict)
    for table_id, position, entry_id in seats.values_list(
        "table_id", "position", "entry_id"
    ):
        at_table[table_id][position] = entry_id
    wins: dict[int, int] = defaultdict(int)
    points: dict[int, int] = defaultdict(int)
    for table_id, side_a, side_b, score_a, score_b, winner in games.values_list(
        "table_id", "side_a", "side_b", "score_a", "score_b", "winner"
    ):
        seated = at_table.get(table_id, {})
        for side, (positions, score) in enumerate(
            ((side_a, score_a), (side_b, score_b))
        ):
            for pos in positions:
                entry_id = seated.get(int(pos))
                if entry_id is None:
                    continue
                points[entry_id] += score
                wins[entry_id] += winner == side
    return {eid: (wins[eid], points[eid]) for eid in set(wins) | set(points)}


def bye_counts(*, tournament: Tournament, exclude_round: Round | None = None):
    """Return entry id → number of byes so far in this tournament."""
    byes = Bye.objects.filter(round__tournament=tournament)
    if exclude_round is not None:
        byes = byes.exclude(round=exclude_round)
    counts: dict[int, int] = defaultdict(int)
    for entry_id in byes.values_list("entry_id", flat=True):
        counts[entry_id] += 1
    return counts


def tournament_has_results(*, tournament: Tournament) -> bool:
    """Tell whether any result exists: a typed deal or a finished game.

    Deals are reached through the games (``deal_records``, scoring's relation), so
    the structure of an event does not import the score sheets above it.
    """
    games = Game.objects.filter(table__round__tournament=tournament)
    if games.filter(finished=True).exists():
        return True
    return games.filter(deal_records__isnull=False).exists()


# ------------------------------------------------------------------------ phases


def phase_list(*, tournament: Tournament) -> list[Phase]:
    """Return the phases with their rounds (``round_list``) and qualifier counts."""
    phases = list(
        Phase.objects.filter(tournament=tournament)
        .annotate(qualifier_count=Count("entries"))
        .order_by("order")
    )
    rounds = Round.objects.filter(tournament=tournament).order_by("number")
    by_phase: dict[int, list[Round]] = defaultdict(list)
    for r in rounds:
        by_phase[r.phase_id].append(r)
    for phase in phases:
        phase.tournament = tournament  # read by every phase's blockers: no query each
        phase.round_list = by_phase[phase.pk]
        phase.rounds_left = max(phase.rounds - len(phase.round_list), 0)
    return phases


# ------------------------------------------------------------------------ rounds


def round_list(*, tournament: Tournament, public: bool = False) -> QuerySet[Round]:
    rounds = Round.objects.filter(tournament=tournament).select_related("phase")
    if public:
        rounds = rounds.exclude(status=Round.Status.DRAFT)
    return rounds.order_by("number")


def round_for_public(*, tournament: Tournament, number: int) -> Round | None:
    """Return a published or closed round, with its phase; None for a draft or none."""
    rnd = (
        Round.objects.select_related("phase")
        .exclude(status=Round.Status.DRAFT)
        .filter(tournament=tournament, number=number)
        .first()
    )
    if rnd is not None:
        rnd.tournament = tournament
    return rnd


def round_latest_public(*, tournament: Tournament) -> Round | None:
    """Return the latest published or closed round, with its phase; else None."""
    rnd = (
        Round.objects.select_related("phase")
        .filter(tournament=tournament)
        .exclude(status=Round.Status.DRAFT)
        .order_by("-number")
        .first()
    )
    if rnd is not None:
        rnd.tournament = tournament
    return rnd
