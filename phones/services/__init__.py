"""Write from a table's phone: open a sheet by its code, deals, acceptance.

The rooms: ``codes`` (the code printed on a table's sheet), ``access`` (the code,
and the checks on what a phone sends), ``deals`` (add, change, remove a deal) and
``accept`` (the opponents' word).
"""

from phones.services.accept import table_accept
from phones.services.access import TableCodeRefused, TableWrite, table_open
from phones.services.codes import CODE_ALPHABET, code_normalise, table_codes_ensure
from phones.services.deals import table_deal_delete, table_deal_save

__all__ = [
    "CODE_ALPHABET",
    "TableCodeRefused",
    "TableWrite",
    "code_normalise",
    "table_accept",
    "table_deal_delete",
    "table_deal_save",
    "table_open",
    "table_codes_ensure",
]
