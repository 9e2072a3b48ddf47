"""Hold what a fuzz run sent and found: a request, a failure, the run's report."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from tests.fuzz import endpoints as ep


@dataclass
class Failure:
    kind: str  # "500", "exception", "write on refusal", "csrf"
    role: str
    method: str
    url: str
    detail: str
    params: str = ""

    @property
    def key(self) -> tuple[str, str, str]:
        return (
            self.kind,
            urlsplit(self.url).path.rstrip("/").rsplit("/", 1)[0],
            self.detail,
        )

    def __str__(self) -> str:
        return (
            f"[{self.kind}] {self.role} {self.method} {self.url[:160]}"
            f" {self.params[:300]} -> {self.detail}"
        )


@dataclass
class Request:
    role: str
    method: str
    endpoint: ep.Endpoint
    path: str
    query: str = ""
    data: list[tuple[str, str]] | None = None
    files: dict | None = None
    raw_body: bytes | None = None
    htmx: bool = False
    csrf: bool = False  # sent by the client that enforces CSRF, with a wrong token


@dataclass
class Report:
    count: int = 0
    crawled: int = 0
    statuses: Counter = field(default_factory=Counter)
    failures: list[Failure] = field(default_factory=list)
    per_endpoint: Counter = field(default_factory=Counter)
    seconds_per_endpoint: Counter = field(default_factory=Counter)
    swept: int = 0
    requests_per_key: Counter = field(default_factory=Counter)
    fingerprints: int = 0
    seconds: float = 0.0

    def unique_failures(self) -> list[Failure]:
        seen, out = set(), []
        for f in self.failures:
            if f.key not in seen:
                seen.add(f.key)
                out.append(f)
        return out

    def summary(self) -> str:
        hist = ", ".join(f"{s}: {n}" for s, n in sorted(self.statuses.items()))
        return (
            f"{self.count - self.crawled} fuzz requests (+{self.crawled} crawling)"
            f" in {self.seconds:.1f} s"
            f" ({self.fingerprints} full fingerprints); statuses {hist};"
            f" {len(self.failures)} failures ({len(self.unique_failures())} distinct)"
        )


def _short(pairs) -> str:
    if not pairs:
        return ""
    return repr([(k, v[:40] + ("…" if len(v) > 40 else "")) for k, v in pairs])
