"""Keep a cache key short, whatever text from an address goes into it."""

from __future__ import annotations

import hashlib

__all__ = ["KEPT", "key_part"]

# A part this long or shorter stays as it is (a slug: 80 characters at most), so
# every key built of one stays far under memcached's 250 and readable in Redis.
KEPT = 100


def key_part(text: str) -> str:
    """Return ``text`` for a cache key: itself when short, else a hash of it.

    The hash starts with "#", which no slug holds, so a long address's key is
    never a real slug's; two long texts get two keys.
    """
    if len(text) <= KEPT:
        return text
    return "#" + hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
