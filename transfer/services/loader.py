"""Turn the file's rows into checked model instances, and count what an import did."""

from __future__ import annotations

import dataclasses

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import Tournament
from transfer.services.envelope import _refuse
from transfer.services.sections import SECTION_OF, _is_user


@dataclasses.dataclass
class ImportReport:
    """What an import reused and what it created, per section."""

    reused: dict[str, int] = dataclasses.field(default_factory=dict)
    created: dict[str, int] = dataclasses.field(default_factory=dict)
    # The usernames the file lists as directors: never made directors here.
    directors_not_granted: list[str] = dataclasses.field(default_factory=list)


class _Loader:
    """Turn the file's rows into model instances, mapping file keys to new ids."""

    def __init__(self, data: dict, report: ImportReport) -> None:
        self.data = data
        self.report = report
        self.ids: dict = {}  # model -> {file key: id in this database}
        self.users: dict[str, int] = {}

    def where(self, section: str, index: int) -> str:
        return _("Event file, “%(section)s”, row %(row)s") % {
            "section": section,
            "row": index + 1,
        }

    def key_of(self, section: str, index: int, row: dict) -> int:
        key = row.get("key")
        if not isinstance(key, int) or isinstance(key, bool):
            raise _refuse(
                _("%(where)s: the row has no key."), where=self.where(section, index)
            )
        return key

    def build(
        self,
        model,
        section: str,
        index: int,
        row: dict,
        *,
        file_names: dict[str, str] | None = None,
        **fixed,
    ):
        """Return an unsaved instance of ``model`` from ``row``, checked field by field.

        ``fixed`` sets fields the file may not choose (the tournament). A field the
        file leaves out takes the model's default; a field the model does not have
        is refused (a file from a newer version of the site). ``file_names`` maps a
        field to its name in the file where the two differ.
        """
        where = self.where(section, index)
        file_names = file_names or {}
        fields = {
            file_names.get(f.name, f.name): f
            for f in model._meta.concrete_fields
            if not f.primary_key
        }
        extra = {"key", "directors"} if model is Tournament else {"key"}
        unknown = set(row) - set(fields) - extra
        if unknown:
            raise _refuse(
                _("%(where)s: unknown field “%(field)s” (a file from a newer site?)."),
                where=where,
                field=sorted(unknown)[0],
            )
        obj = model()
        relations = []
        for name, field in fields.items():
            if field.name in fixed:
                setattr(obj, field.attname, fixed[field.name])
                relations.append(field.name)
                continue
            if name not in row:
                continue
            value = row[name]
            if field.is_relation:
                relations.append(field.name)
                setattr(obj, field.attname, self.relation(field, value, where))
                continue
            try:
                setattr(obj, field.attname, field.to_python(value))
            except ValidationError as exc:
                raise _refuse(
                    _("%(where)s, “%(field)s”: %(error)s"),
                    where=where,
                    field=name,
                    error=" ".join(exc.messages),
                ) from None
            except (TypeError, ValueError, OverflowError):  # e.g. a list for a date
                raise _refuse(
                    _("%(where)s, “%(field)s”: a value of the wrong kind."),
                    where=where,
                    field=name,
                ) from None
        try:
            # Foreign keys are mapped above (each check would be a query); the
            # uniqueness and check constraints are the database's, at insert.
            obj.full_clean(
                exclude=relations, validate_unique=False, validate_constraints=False
            )
        except (TypeError, ValueError, OverflowError):  # a value of the wrong kind
            raise _refuse(
                _("%(where)s: a value of the wrong kind."), where=where
            ) from None
        except ValidationError as exc:
            field, messages = next(iter(exc.message_dict.items()))
            raise _refuse(
                _("%(where)s, “%(field)s”: %(error)s"),
                where=where,
                field=file_names.get(field, field),
                error=" ".join(messages),
            ) from None
        return obj

    def relation(self, field, value, where: str):
        if value is None:
            return None
        if _is_user(field):
            if not isinstance(value, str) or value not in self.users:
                raise _refuse(
                    _("%(where)s, “%(field)s”: an unknown user."),
                    where=where,
                    field=field.name,
                )
            return self.users[value]
        found = self.ids.get(field.related_model, {})
        if not isinstance(value, int) or isinstance(value, bool) or value not in found:
            raise _refuse(
                _("%(where)s, “%(field)s”: no row %(key)s in “%(section)s”."),
                where=where,
                field=field.name,
                key=value,
                section=SECTION_OF.get(field.related_model, "?"),
            )
        return found[value]

    def rows(self, section: str) -> list[dict]:
        return self.data.get(section, [])

    def count(self, which: dict, section: str) -> None:
        which[section] = which.get(section, 0) + 1
