"""Split entrants into tables with the fewest repeats, then same-club pairs.

The search shared by the methods that draw by lot (individual tables of four,
random pairs): a random start improved by swaps, then, for small fields, an
exhaustive branch and bound that proves the result optimal.
"""

from collections.abc import Sequence
from itertools import combinations

from manille.draws.base import Exhausted

# Fields up to this size are searched exhaustively (proven optimal) ...
EXHAUSTIVE_MAX = 16
# ... within this many search nodes; fields up to 12 always finish well inside it.
EXHAUSTIVE_NODES = 60_000


class _Marked:
    """The indexes still in conflict, with a reproducible random pick."""

    def __init__(self) -> None:
        self.items: list[int] = []
        self.where: dict[int, int] = {}

    def __bool__(self) -> bool:
        return bool(self.items)

    def mark(self, i: int, conflicted: bool) -> None:
        """Add ``i`` when it is in conflict, drop it when it no longer is."""
        if conflicted and i not in self.where:
            self.where[i] = len(self.items)
            self.items.append(i)
        elif not conflicted and i in self.where:
            k = self.where.pop(i)
            last = self.items.pop()
            if last != i:
                self.items[k] = last
                self.where[last] = k

    def pick(self, rng) -> int:
        return self.items[rng.randrange(len(self.items))]


class Partition:
    """Split indexes 0..n-1 into groups of ``size`` plus byes, minimising conflicts.

    The cost of a group is ``weight * repeats + same_club`` over its pairs, with a
    weight larger than any possible same-club total, so repeats are minimised first.
    ``forced`` sit out; ``r`` more sit out, chosen from ``pool``.
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
    def _start(self) -> tuple[list[list[int]], list[int], list[int], list[bool]]:
        """Return a random start: groups, byes, each index's group, who may sit out."""
        n, size = self.n, self.size
        chosen = list(self.pool)
        self.rng.shuffle(chosen)
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
        return groups, bye, pos, movable

    def _local_search(self) -> tuple[list[list[int]], list[int]]:
        n, rng, adj, club, weight = self.n, self.rng, self.adj, self.club, self.weight
        groups, bye, pos, movable = self._start()

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
        conflicted = _Marked()
        mark = conflicted.mark
        for i in range(n):
            mark(i, pc[i] > 0)
        if len(groups) < 2 and not self.r:
            return groups, bye
        tries = 12
        max_iters = 30 * n + 1000
        patience = 5 * n + 500
        stale = 0
        for _ in range(max_iters):
            if not conflicted or stale > patience:
                break
            p = conflicted.pick(rng)
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
                mark(p, False)
            for i in touched:
                pc[i] = cost_in(i, groups[pos[i]], -1)
                mark(i, pc[i] > 0)
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
                raise Exhausted
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
        except Exhausted:
            return best[1], best[2], False
        return best[1], best[2], True
