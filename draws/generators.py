"""Draw the tables of a tournament round from plain entrants, without Django."""

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations


def gettext_noop(s: str) -> str:
    """Return ``s`` unchanged; Django's makemessages still extracts it."""
    return s


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

PAIR_METHODS = ("random", "swiss", "ladder", "round_robin")

REASON_TEXT: dict[str, str] = {
    "no_repeat": gettext_noop("no repeat"),
    "no_same_club": gettext_noop("no same-club pair"),
    "repeat_unavoidable": gettext_noop("repeat unavoidable"),
    "same_club_unavoidable": gettext_noop("same-club pair unavoidable"),
    "repeat_not_avoided": gettext_noop("repeat the search could not avoid"),
    "same_club_not_avoided": gettext_noop(
        "same-club pair the search could not avoid"
    ),
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
    "bad_table_size": gettext_noop("A table seats 2 teams or 4 players, not %(size)d."),
    "bad_round_number": gettext_noop("Round numbers start at 1, not %(round)d."),
}

# Fields up to this size are searched exhaustively (proven optimal) ...
EXHAUSTIVE_MAX = 16
# ... within this many search nodes; fields up to 12 always finish well inside it.
EXHAUSTIVE_NODES = 60_000
_SWISS_NODES = 20_000


class DrawError(ValueError):
    """A draw that cannot be made from the given entrants (shown to the director)."""

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        self.message = ERROR_TEXT[code] % params
        super().__init__(self.message)


class _Exhausted(Exception):
    """The exhaustive search ran out of its node budget."""


# --------------------------------------------------------------------------- helpers


def _prepare(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Return the entrants sorted by id, refusing duplicates."""
    ordered = sorted(entrants, key=lambda e: e.id)
    for a, b in zip(ordered, ordered[1:], strict=False):
        if a.id == b.id:
            raise DrawError("duplicate_entrant", id=a.id)
    return ordered


def _history_set(history: Iterable[frozenset[int]]) -> set[frozenset[int]]:
    """Return the history as a set of two-element frozensets."""
    pairs: set[frozenset[int]] = set()
    for group in history:
        group = frozenset(group)
        if len(group) == 2:
            pairs.add(group)
        else:
            pairs.update(frozenset(p) for p in combinations(sorted(group), 2))
    return pairs


def _adjacency(ids: Sequence[int], history: set[frozenset[int]]) -> list[set[int]]:
    """Return, per index into ``ids``, the indexes it already met."""
    index = {eid: i for i, eid in enumerate(ids)}
    adj: list[set[int]] = [set() for _ in ids]
    for pair in history:
        a, b = tuple(pair)
        if a in index and b in index:
            adj[index[a]].add(index[b])
            adj[index[b]].add(index[a])
    return adj


def _club_keys(entrants: Sequence[Entrant]) -> list[object]:
    """Return club keys where equal keys mean the same club (no club never matches)."""
    return [
        e.club if e.club is not None else ("none", i) for i, e in enumerate(entrants)
    ]


def table_conflicts(
    seats: Sequence[int],
    entrants_by_id: Mapping[int, Entrant],
    history: Iterable[frozenset[int]],
) -> tuple[int, int]:
    """Return (repeats, same_club) pair counts for the entrants seated at one table."""
    if not isinstance(history, set | frozenset):
        history = _history_set(history)
    repeats = same_club = 0
    for a, b in combinations(seats, 2):
        if frozenset((a, b)) in history:
            repeats += 1
        ea, eb = entrants_by_id.get(a), entrants_by_id.get(b)
        if ea is not None and eb is not None and ea.club is not None:
            same_club += ea.club == eb.club
    return repeats, same_club


def _conflict_reasons(
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


def _bye_tiers(counts: Sequence[int], k: int) -> tuple[list[int], list[int], int]:
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


def _standing_key(e: Entrant) -> tuple:
    """Sort key: best standing first (rank if given, else wins then points)."""
    return (e.rank is None, e.rank or 0, -e.wins, -e.points)


# ---------------------------------------------------------------- partition search


class _Partition:
    """Split indexes 0..n-1 into groups of ``size`` plus byes, minimising conflicts.

    The cost of a group is ``weight * repeats + same_club`` over its pairs, with a
    weight larger than any possible same-club total, so repeats are minimised first.
    """

    def __init__(self, adj, club, size, forced, pool, r, rng):
        self.adj, self.club, self.size, self.rng = adj, club, size, rng
        self.n = len(club)
        self.forced, self.pool, self.r = forced, pool, r
        self.n_groups = (self.n - len(forced) - r) // size
        self.weight = self.n_groups * size * (size - 1) // 2 + 1

    def pair_cost(self, i: int, j: int) -> int:
        return (self.weight if j in self.adj[i] else 0) + (self.club[i] == self.club[j])

    def group_cost(self, group: Sequence[int]) -> int:
        return sum(self.pair_cost(a, b) for a, b in combinations(group, 2))

    def solve(self) -> tuple[list[list[int]], list[int], bool]:
        """Return (groups, byes, proven optimal)."""
        groups, byes = self._local_search()
        cost = sum(self.group_cost(g) for g in groups)
        if cost <= self._club_lower_bound():
            return groups, byes, True
        if self.n > EXHAUSTIVE_MAX:
            return groups, byes, False
        return self._exhaustive(groups, byes, cost)

    def _club_lower_bound(self) -> int:
        """Return a bound below which no draw's same-club count can go.

        Each club's seated members, spread as evenly as possible over the tables,
        still share some tables; byes are assumed to take as many of them as they can.
        """
        if not self.n_groups:
            return 0
        members: dict[object, int] = {}
        for i in range(self.n):
            members[self.club[i]] = members.get(self.club[i], 0) + 1
        in_pool: dict[object, int] = {}
        for i in self.pool:
            in_pool[self.club[i]] = in_pool.get(self.club[i], 0) + 1
        for i in self.forced:
            members[self.club[i]] -= 1
        bound = 0
        for club, count in members.items():
            seated = count - min(self.r, in_pool.get(club, 0))
            q, extra = divmod(max(seated, 0), self.n_groups)
            light = self.n_groups - extra
            bound += extra * (q + 1) * q // 2 + light * q * (q - 1) // 2
        return bound

    # -- local search: swap players between tables (or with byes) while it helps
    def _local_search(self) -> tuple[list[list[int]], list[int]]:
        n, size, rng, adj, club, weight = (
            self.n, self.size, self.rng, self.adj, self.club, self.weight
        )
        chosen = list(self.pool)
        rng.shuffle(chosen)
        bye = list(self.forced) + chosen[: self.r]
        in_bye = set(bye)
        seated = [i for i in range(n) if i not in in_bye]
        groups = [seated[k : k + size] for k in range(0, len(seated), size)]
        movable = [False] * n
        for i in self.pool:
            movable[i] = True
        for i in self.forced:
            movable[i] = False
        pos = [-1] * n
        for g, members in enumerate(groups):
            for i in members:
                pos[i] = g

        def cost_in(i: int, members: list[int], skip: int) -> int:
            hi, ci, total = adj[i], club[i], 0
            for j in members:
                if j != i and j != skip:
                    if j in hi:
                        total += weight
                    if club[j] == ci:
                        total += 1
            return total

        pc = [cost_in(i, groups[pos[i]], -1) if pos[i] >= 0 else 0 for i in range(n)]
        conflicted: list[int] = []
        where: dict[int, int] = {}

        def mark(i: int) -> None:
            if pc[i] > 0 and i not in where:
                where[i] = len(conflicted)
                conflicted.append(i)
            elif pc[i] == 0 and i in where:
                k = where.pop(i)
                last = conflicted.pop()
                if last != i:
                    conflicted[k] = last
                    where[last] = k

        for i in range(n):
            mark(i)
        if len(groups) < 2 and not self.r:
            return groups, bye
        tries = 12
        max_iters = 30 * n + 1000
        patience = 5 * n + 500
        stale = 0
        for _ in range(max_iters):
            if not conflicted or stale > patience:
                break
            p = conflicted[rng.randrange(len(conflicted))]
            gp = pos[p]
            a_members = groups[gp]
            best_q, best_delta = -1, 1
            for _ in range(tries):
                q = rng.randrange(n)
                gq = pos[q]
                if gq == gp:
                    continue
                if gq < 0:
                    if not (movable[p] and movable[q]):
                        continue
                    delta = cost_in(q, a_members, p) - pc[p]
                else:
                    delta = (
                        cost_in(q, a_members, p)
                        + cost_in(p, groups[gq], q)
                        - pc[p]
                        - pc[q]
                    )
                if delta < best_delta:
                    best_q, best_delta = q, delta
                    if delta < 0:
                        break
            if best_q < 0:
                stale += 1
                continue
            stale = 0 if best_delta < 0 else stale + 1
            q, gq = best_q, pos[best_q]
            a_members[a_members.index(p)] = q
            pos[q], pos[p] = gp, gq
            touched = list(a_members)
            if gq >= 0:
                b_members = groups[gq]
                b_members[b_members.index(q)] = p
                touched += b_members
            else:
                bye[bye.index(q)] = p
                pc[p] = 0
                mark(p)
            for i in touched:
                pc[i] = cost_in(i, groups[pos[i]], -1)
                mark(i)
        return groups, bye

    # -- exhaustive branch and bound, seeded with the local-search result as bound
    def _exhaustive(self, groups, byes, cost):
        size = self.size
        best = [cost, groups, byes]
        nodes = 0
        group_cost = self.group_cost

        def rec(rest: list[int], chosen: list[list[int]], so_far: int) -> None:
            nonlocal nodes
            nodes += 1
            if nodes > EXHAUSTIVE_NODES:
                raise _Exhausted
            if not rest:
                best[0], best[1] = so_far, [list(g) for g in chosen]
                best[2] = current_byes
                return
            first, others = rest[0], rest[1:]
            for combo in combinations(others, size - 1):
                c = so_far + group_cost((first, *combo))
                if c >= best[0]:
                    continue
                taken = set(combo)
                chosen.append([first, *combo])
                rec([x for x in others if x not in taken], chosen, c)
                chosen.pop()
                if best[0] == 0:
                    return

        try:
            for bye_combo in combinations(self.pool, self.r):
                current_byes = list(self.forced) + list(bye_combo)
                out = set(current_byes)
                rec([i for i in range(self.n) if i not in out], [], 0)
                if best[0] == 0:
                    break
        except _Exhausted:
            return best[1], best[2], False
        return best[1], best[2], True


# --------------------------------------------------------------------- individual


def draw_individual(
    entrants: Iterable[Entrant],
    *,
    seed: int,
    history: Iterable[frozenset[int]] = (),
) -> Draw:
    """Draw tables of four by lot, avoiding repeats first, then same-club players.

    Fields of up to ``EXHAUSTIVE_MAX`` players are searched exhaustively (within a
    node budget), so a repeat or same-club pair appears only when no draw avoids it.
    Larger fields use a random start and a bounded swap search. Byes go to players
    with the fewest byes so far. The same seed and inputs give the same draw.
    """
    players = _prepare(entrants)
    if len(players) < 4:
        raise DrawError("too_few_players", count=len(players))
    rng = random.Random(seed)
    rng.shuffle(players)
    hist = _history_set(history)
    ids = [e.id for e in players]
    forced, pool, r = _bye_tiers([e.byes for e in players], len(players) % 4)
    adj, clubs = _adjacency(ids, hist), _club_keys(players)
    search = _Partition(adj, clubs, 4, forced, pool, r, rng)
    groups, byes, proven = search.solve()
    by_id = {e.id: e for e in players}
    tables = []
    for number, group in enumerate(groups, start=1):
        seats = [ids[i] for i in group]
        rng.shuffle(seats)
        repeats, same = table_conflicts(seats, by_id, hist)
        tables.append(
            DrawTable(
                number=number,
                seats=tuple(seats),
                repeats=repeats,
                same_club=same,
                reasons=_conflict_reasons(repeats, same, avoided=True, proven=proven),
            )
        )
    return Draw(
        tables=tuple(tables),
        byes=tuple(sorted(ids[i] for i in byes)),
        seed=seed,
        method="individual",
    )


# -------------------------------------------------------------------------- pairs


def draw_pairs(
    entrants: Iterable[Entrant],
    *,
    method: str,
    seed: int,
    history: Iterable[frozenset[int]] = (),
    round_number: int = 1,
) -> Draw:
    """Pair teams two to a table by ``method``: random, swiss, ladder or round_robin."""
    if method not in PAIR_METHODS:
        raise DrawError("unknown_method", method=method)
    teams = _prepare(entrants)
    if len(teams) < 2:
        raise DrawError("too_few_teams", count=len(teams))
    if round_number < 1:
        raise DrawError("bad_round_number", round=round_number)
    rng = random.Random(seed)
    hist = _history_set(history)
    by_id = {e.id: e for e in teams}
    if method == "round_robin":
        pairs, byes = _round_robin_pairs(teams, round_number)
        avoided = proven = False
        labels = ["round_robin"] * len(pairs)
    elif method == "random" or (method == "ladder" and _all_unplayed(teams)):
        pairs, byes, proven = _random_pairs(teams, hist, rng)
        avoided = True
        labels = ["random"] * len(pairs)
    else:
        order = list(teams)
        rng.shuffle(order)  # equal standings are ordered by lot
        if method == "swiss":
            order.sort(key=lambda e: (-e.wins, -e.points))
        else:
            order.sort(key=_standing_key)
        forced, pool, r = _bye_tiers([e.byes for e in order], len(order) % 2)
        # Among equally eligible teams, the lowest standing sits out.
        byes = [order[i].id for i in forced + pool[len(pool) - r :]]
        out = set(byes)
        order = [e for e in order if e.id not in out]
        if method == "ladder":
            pairs = [(order[k].id, order[k + 1].id) for k in range(0, len(order), 2)]
            avoided = proven = False
            labels = ["ladder"] * len(pairs)
        else:
            pairs, proven = _swiss_pairs(order, hist)
            avoided = True
            wins = {e.id: e.wins for e in order}
            labels = [
                "swiss_score_group" if wins[a] == wins[b] else "swiss_floated"
                for a, b in pairs
            ]
    tables = []
    for number, ((a, b), label) in enumerate(zip(pairs, labels, strict=True), start=1):
        repeats, same = table_conflicts((a, b), by_id, hist)
        conflict = _conflict_reasons(repeats, same, avoided=avoided, proven=proven)
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


def _all_unplayed(teams: Sequence[Entrant]) -> bool:
    return all(e.rank is None and not e.wins and not e.points for e in teams)


def _random_pairs(teams, hist, rng):
    """Pair by lot, avoiding rematches first, then same-club matches."""
    order = list(teams)
    rng.shuffle(order)
    ids = [e.id for e in order]
    forced, pool, r = _bye_tiers([e.byes for e in order], len(order) % 2)
    adj, clubs = _adjacency(ids, hist), _club_keys(order)
    search = _Partition(adj, clubs, 2, forced, pool, r, rng)
    groups, byes, proven = search.solve()
    pairs = []
    for a, b in groups:
        pair = [ids[a], ids[b]]
        rng.shuffle(pair)
        pairs.append(tuple(pair))
    return pairs, [ids[i] for i in byes], proven


def _swiss_pairs(order: list[Entrant], hist) -> tuple[list[tuple[int, int]], bool]:
    """Pair top-down within score groups, floating down only when needed.

    A depth-first search with backtracking finds a pairing without rematches when
    one exists, else with the fewest (within a node budget, past which it pairs
    greedily); same-club matches are avoided inside a score group. Returns the
    pairs (higher standing first) and whether the rematch count is proven minimal.
    """
    ids = [e.id for e in order]
    adj = _adjacency(ids, hist)
    club = _club_keys(order)
    levels = sorted({e.wins for e in order}, reverse=True)
    group = [levels.index(e.wins) for e in order]
    nodes = 0

    def rec(rest: list[int], spare: int) -> list[tuple[int, int]] | None:
        """Pair ``rest`` top-down with at most ``spare`` rematches, or return None."""
        nonlocal nodes
        if not rest:
            return []
        top, others = rest[0], rest[1:]
        met = adj[top]
        candidates = [j for j in others if spare or j not in met]
        candidates.sort(
            key=lambda j: (j in met, abs(group[j] - group[top]), club[j] == club[top])
        )
        for j in candidates:
            nodes += 1
            if nodes > _SWISS_NODES:
                raise _Exhausted
            tail = rec([x for x in others if x != j], spare - (j in met))
            if tail is not None:
                return [(top, j), *tail]
        return None

    # Allow 0, 1, 2 ... rematches: the first pairing found has the fewest.
    everyone = list(range(len(ids)))
    found = None
    proven = True
    try:
        for spare in range(len(ids) // 2 + 1):
            found = rec(everyone, spare)
            if found is not None:
                break
    except _Exhausted:
        found, proven = _greedy_swiss(everyone, adj, club, group), False
        _repair_rematches(found, adj, club)
    return [(ids[a], ids[b]) for a, b in found], proven


def _greedy_swiss(everyone, adj, club, group) -> list[tuple[int, int]]:
    """Pair top-down taking the best remaining opponent, never backtracking."""
    rest = list(everyone)
    pairs = []
    while rest:
        top = rest.pop(0)
        met = adj[top]
        j = min(
            rest,
            key=lambda j: (j in met, abs(group[j] - group[top]), club[j] == club[top]),
        )
        rest.remove(j)
        pairs.append((top, j))
    return pairs


def _repair_rematches(pairs: list[tuple[int, int]], adj, club) -> None:
    """Swap opponents between two tables, nearest first, while it removes rematches."""

    def cost(a: int, b: int) -> tuple[int, int]:
        return (b in adj[a], club[a] == club[b])

    def total(*games: tuple[int, int]) -> tuple[int, int]:
        costs = [cost(a, b) for a, b in games]
        return (sum(c[0] for c in costs), sum(c[1] for c in costs))

    improved = True
    while improved:
        improved = False
        for i, (a, b) in enumerate(pairs):
            if b not in adj[a]:
                continue
            others = sorted(range(len(pairs)), key=lambda j, i=i: abs(j - i))
            for j in others[1:]:
                c, d = pairs[j]
                now = total((a, b), (c, d))
                options = [((a, c), (b, d)), ((a, d), (b, c))]
                better = [o for o in options if total(*o) < now]
                if better:
                    first, second = min(better, key=lambda o: total(*o))
                    pairs[i], pairs[j] = tuple(sorted(first)), tuple(sorted(second))
                    improved = True
                    break


def round_robin_schedule(n: int) -> list[list[tuple[int, int]]]:
    """Return the Berger tables for ``n`` entrants as rounds of index pairs.

    For even ``n`` there are n-1 rounds; for odd ``n`` a dummy makes it n+1 and
    there are n rounds, in each of which the dummy's opponent (left out of that
    round's pairs) has a bye. The first index of a pair is side A.
    """
    if n < 2:
        return []
    m = n if n % 2 == 0 else n + 1  # players 1..m, m is the fixed one
    k = m - 1
    rounds = []
    for r in range(1, m):
        fixed_partner = (r + 1) // 2 if r % 2 else (r + m) // 2
        games = [(fixed_partner, m) if r % 2 else (m, fixed_partner)]
        for board in range(1, m // 2):
            a = (fixed_partner + board - 1) % k + 1
            b = (fixed_partner - board - 1) % k + 1
            games.append((a, b))
        rounds.append([(a - 1, b - 1) for a, b in games if a <= n and b <= n])
    return rounds


def _round_robin_pairs(teams, round_number):
    schedule = round_robin_schedule(len(teams))
    games = schedule[(round_number - 1) % len(schedule)]
    pairs = [(teams[a].id, teams[b].id) for a, b in games]
    seated = {i for game in games for i in game}
    byes = [e.id for i, e in enumerate(teams) if i not in seated]
    return pairs, byes


# ------------------------------------------------------------------------- seeded


def draw_seeded(
    entrants_in_rank_order: Sequence[Entrant], *, table_size: int, seed: int
) -> Draw:
    """Seat qualifiers by ranking in snake order, so the tables are balanced.

    Seed 1 sits in seat 1 of table 1; with T tables, seeds 1..T open tables 1..T,
    seeds T+1..2T go back from table T to 1, and so on. When the count does not
    divide, the lowest-ranked among those with the fewest byes sit out.
    """
    if table_size not in (2, 4):
        raise DrawError("bad_table_size", size=table_size)
    ranked = list(entrants_in_rank_order)
    seen: set[int] = set()
    for e in ranked:
        if e.id in seen:
            raise DrawError("duplicate_entrant", id=e.id)
        seen.add(e.id)
    if len(ranked) < table_size:
        code = "too_few_players" if table_size == 4 else "too_few_teams"
        raise DrawError(code, count=len(ranked))
    forced, pool, r = _bye_tiers([e.byes for e in ranked], len(ranked) % table_size)
    out = set(forced + pool[len(pool) - r :])
    byes = [ranked[i].id for i in sorted(out)]
    seeded = [e for i, e in enumerate(ranked) if i not in out]
    n_tables = len(seeded) // table_size
    seats: list[list[int]] = [[] for _ in range(n_tables)]
    for k, e in enumerate(seeded):
        lap, offset = divmod(k, n_tables)
        table = offset if lap % 2 == 0 else n_tables - 1 - offset
        seats[table].append(e.id)
    by_id = {e.id: e for e in ranked}
    tables = []
    for number, members in enumerate(seats, start=1):
        repeats, same = table_conflicts(members, by_id, ())
        tables.append(
            DrawTable(
                number=number,
                seats=tuple(members),
                repeats=repeats,
                same_club=same,
                reasons=(
                    "seeded",
                    *_conflict_reasons(repeats, same, avoided=False, proven=False),
                ),
            )
        )
    return Draw(tables=tuple(tables), byes=tuple(byes), seed=seed, method="seeded")


# ------------------------------------------------------------------------- checks


def check_draw(
    draw: Draw,
    entrants: Iterable[Entrant],
    *,
    history: Iterable[frozenset[int]] = (),
) -> list[str]:
    """Return the problems with a draw (empty when every present entrant is placed
    exactly once, tables are numbered 1..n with equal sizes, and counts are right).
    """
    present = {e.id: e for e in entrants}
    hist = _history_set(history)
    problems: list[str] = []
    placed: dict[int, int] = {}
    for table in draw.tables:
        for eid in table.seats:
            placed[eid] = placed.get(eid, 0) + 1
    for eid in draw.byes:
        placed[eid] = placed.get(eid, 0) + 1
    for eid, count in sorted(placed.items()):
        if eid not in present:
            problems.append(f"entrant {eid} is not present")
        elif count > 1:
            problems.append(f"entrant {eid} is placed {count} times")
    for eid in sorted(set(present) - set(placed)):
        problems.append(f"entrant {eid} is neither seated nor given a bye")
    numbers = [t.number for t in draw.tables]
    if numbers != list(range(1, len(numbers) + 1)):
        problems.append(f"tables are numbered {numbers}, not 1..{len(numbers)}")
    sizes = {len(t.seats) for t in draw.tables}
    if len(sizes) > 1 or not sizes <= {2, 4}:
        problems.append(f"table sizes {sorted(sizes)} are not all 2 or all 4")
    for table in draw.tables:
        counts = table_conflicts(table.seats, present, hist)
        if counts != (table.repeats, table.same_club):
            problems.append(
                f"table {table.number} reports repeats/same-club "
                f"{(table.repeats, table.same_club)}, actual {counts}"
            )
        unknown = [code for code in table.reasons if code not in REASON_TEXT]
        if unknown:
            problems.append(f"table {table.number} has unknown reasons {unknown}")
    return problems
