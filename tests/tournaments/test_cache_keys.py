"""Cache keys stay within 250 characters whatever slug an address carries.

Issue 23, item 11: the fuzz test warned of keys such as
``:1:tournament-state:v2:xxxx…`` and ``:1:tournament:xxxx…`` built from a
300-character slug typed into an address; memcached refuses a key over 250
characters, and Django warns (``CacheKeyWarning``) for every backend.
"""

import warnings

import pytest
from django.core.cache import cache
from django.core.cache.backends.base import CacheKeyWarning
from django.urls import reverse

from tournaments.versioning import tournament_cache_key, version_cache_key

LONG = "x" * 300
MEMCACHED_MAX = 250


@pytest.mark.parametrize("key_of", [tournament_cache_key, version_cache_key])
def test_a_long_slug_makes_a_bounded_key_of_its_own(key_of):
    key = key_of(LONG)
    assert len(cache.make_key(key)) <= MEMCACHED_MAX
    assert key != key_of("x" * 301)  # two long slugs do not share a key
    assert key_of("wk-2026") == key_of("wk-2026")
    # A real slug (80 characters at most) keeps its readable key.
    assert "wk-2026" in key_of("wk-2026")


@pytest.mark.parametrize("key_of", [tournament_cache_key, version_cache_key])
def test_a_hashed_key_is_never_a_real_slug_s(key_of):
    """A slug holds letters, digits, - and _ only: the hashed form holds another
    character, so no real tournament's key is a long address's."""
    hashed = key_of(LONG)
    prefix = key_of("")
    assert not all(c.isalnum() or c in "-_" for c in hashed[len(prefix) :])


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["live:standings", "live:version", "api:standings"])
def test_an_address_with_a_300_character_slug_warns_of_no_key(client, name):
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheKeyWarning)
        response = client.get(reverse(name, args=[LONG]))
    assert response.status_code == 404
