"""Let a card table enter its own deals and accept its result on a phone.

Pages, forms and services for the phones at the tables (``/table/<code>/``),
standing on scoring's small public API for sheets: ``sheet_lock``,
``sheet_commit``, ``round_check_open`` and ``sheet_confirmed``. The sheet's own
records (its table code, the writes made at the table, the acceptances) stay in
scoring, where the desk reads them.
"""
