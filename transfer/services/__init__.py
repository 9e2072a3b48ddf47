"""Move one tournament, with the people and history it depends on, between databases.

The file (``"format": "manille-event"``, ``"version": 1``) holds one section per
model, each a list of rows: every concrete field of the row by name, its own key
(``"key"``, numbered from 1 in the order of the source's ids) and, for a foreign
key, the key of the row it points at in the file. Users are named by username.

People travel by natural key, so an event lands in a database that already holds
others: a club by its name; a player by club and member number, else by club and
name (case-insensitive, as the database's own uniqueness rule); a team by club and
name. Rows that match are reused as they are (an event never changes another's
people); the rest are created. Everything else of the event is created anew.
The people are those the event shows (entrants, the members of entered teams, the
member a substitute plays for) and their clubs, and the organising club. A club's
managers are not carried (they are the other site's business); a player's fixed
substitute is written only when that player is in the file too, and set only on a
player the import creates.

Table codes never travel: they open a table's entry page, so they are secret, and
the importing site makes new ones when it needs them. A table submission's copy of
its code is left out of the file and imported as ``WITHHELD_CODE``; a code someone
typed into a text (a reason) is written as ``WITHHELD_CODE`` too. What else of the
apps stays out of the file, and why, is ``NOT_IN_THE_FILE``.

The version changes only when an older file can no longer be read: a section or a
field the file lacks is read as empty or as the model's default.

An import is all-or-nothing: one transaction, every row checked by the models'
own field validation before it is written, the database's constraints after; any
refusal says what is wrong and leaves the database as it was. A file is trusted
no more than a director's typing (``checks``): its keys are checked in one pass
first, a player may not be his own substitute nor substitutes go round in a
cycle, every deal goes through the engine and every game's result is computed
again from its deals; a file over ``MAX_FILE_BYTES`` or with a name twice in an
object is refused while it is read. The file's ``directors`` are never made
directors: the importing user (``by=``, the command's ``--director``) directs it.

The rooms: ``sections`` (the file's sections and what stays out of it),
``export`` (writing the file's data), ``envelope`` (reading a file and refusing
another format or version, an oversized or damaged one), ``checks`` (keys,
substitutes and scores), ``loader`` (a row turned into a checked instance),
``people`` (users, clubs, players and teams found again by natural key) and
``importing`` (the event created anew, all or nothing).
"""

from transfer.services.envelope import (
    MAX_FILE_BYTES,
    check_envelope,
    event_from_json,
    file_size_check,
)
from transfer.services.export import event_to_json, export_event
from transfer.services.importing import import_event
from transfer.services.loader import ImportReport
from transfer.services.sections import (
    EVENT,
    FORMAT,
    NOT_IN_THE_FILE,
    PEOPLE,
    REPORT_ORDER,
    SECTION_OF,
    SECTIONS,
    VERSION,
    WITHHELD_CODE,
    Section,
)

__all__ = [
    "EVENT",
    "FORMAT",
    "MAX_FILE_BYTES",
    "NOT_IN_THE_FILE",
    "PEOPLE",
    "REPORT_ORDER",
    "SECTION_OF",
    "SECTIONS",
    "VERSION",
    "WITHHELD_CODE",
    "ImportReport",
    "Section",
    "check_envelope",
    "event_from_json",
    "event_to_json",
    "export_event",
    "file_size_check",
    "import_event",
]
