"""Make a free address (slug) from a name; save a row whose unique field may clash.

The one copy of each, for every app that names its rows by a short address
(tournaments, series) or keeps a name unique (clubs, players, teams).
"""

from collections.abc import Collection

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Model, QuerySet
from django.utils.text import slugify
from django.utils.translation import gettext_lazy

# The refusal of an address another row holds (a form's ``slug`` field).
SLUG_TAKEN = gettext_lazy("This short name is taken; choose another.")


def slug_from_name(
    *,
    name: str,
    queryset: QuerySet,
    fallback: str,
    reserved: Collection[str] = (),
    field: str = "slug",
) -> str:
    """Return a free address made from ``name``: ``spring-cup``, then ``spring-cup-2``…

    Free means held by no row of ``queryset`` and not in ``reserved`` (addresses a
    route already uses). Accents are dropped (``Liège`` gives ``liege``); a name
    with no letter or digit left gives ``fallback``. The address fits the field's
    ``max_length``, a long name cut to make room for its number. A clash found
    only on saving is still refused there (``save_or_refuse``).
    """
    most = queryset.model._meta.get_field(field).max_length
    base = slugify(name)[:most].strip("-") or fallback
    # A long name is cut to make room for its number: look up the shorter stem.
    stem = base[: most - 8]
    taken = set(
        queryset.filter(**{f"{field}__startswith": stem}).values_list(field, flat=True)
    ) | set(reserved)
    slug, n = base, 1
    while slug in taken:
        n += 1
        suffix = f"-{n}"
        slug = base[: most - len(suffix)].rstrip("-") + suffix
    return slug


def save_or_refuse(instance: Model, *, refusal) -> Model:
    """Save ``instance``; a unique constraint lost on saving is a user's error.

    The save runs in a savepoint, so the caller's transaction lives on; an
    ``IntegrityError`` (another row took the address or the name meanwhile) is
    raised as ``ValidationError(refusal)``: a message, or a dict of them by field
    (``{"slug": SLUG_TAKEN}``). Validating first is the caller's part.
    """
    try:
        with transaction.atomic():
            instance.save()
    except IntegrityError as exc:
        raise ValidationError(refusal) from exc
    return instance
