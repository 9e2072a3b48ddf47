"""Name what a pools or knockout phase refuses, in words marked for translation."""

from manille.text import gettext_noop

ERROR_TEXT: dict[str, str] = {
    "too_few_entrants": gettext_noop(
        "At least %(minimum)d entrants are needed (%(count)d given)."
    ),
    "duplicate_entrant": gettext_noop("Entrant %(id)d appears more than once."),
    "bad_pool_size": gettext_noop("A pool holds at least 2 entrants, not %(size)d."),
    "unknown_seeding": gettext_noop("Unknown seeding “%(seeding)s”."),
    "unknown_uneven": gettext_noop("Unknown rule for uneven pools “%(uneven)s”."),
    "individual_pool_size": gettext_noop(
        "A pool of players is one table of four, not %(size)d players."
    ),
    "bad_per_pool": gettext_noop(
        "At least one entrant per pool goes through, not %(count)d."
    ),
    "too_few_next": gettext_noop(
        "Only %(available)d entrants hold place %(place)d in their pool; "
        "%(count)d were asked for."
    ),
    "bad_choice": gettext_noop(
        "The director's choice %(ids)s does not settle the tie between %(candidates)s."
    ),
    "too_many_entrants": gettext_noop(
        "A bracket holds at most %(maximum)d entrants (%(count)d given)."
    ),
    "bad_best_of": gettext_noop("A match is one game or the best of three, not %(n)d."),
    "no_such_match": gettext_noop("There is no match %(match)s in %(bracket)s."),
    "match_not_ready": gettext_noop("This match does not have both its sides yet."),
    "result_feeds_played": gettext_noop(
        "A later match fed by this one has been played; clear it first."
    ),
    "bad_side": gettext_noop("A side is “a” or “b”, not “%(side)s”."),
    "bad_advance": gettext_noop(
        "One or two players of each table go through, not %(count)d."
    ),
    "tables_do_not_fill": gettext_noop(
        "%(count)d players cannot be seated at full tables of four that narrow to "
        "one final table; add or withdraw a player."
    ),
}


class KnockoutError(ValueError):
    """A pools or knockout phase that cannot be built as asked (shown to the director).

    ``code`` is stable, ``params`` fill the marked ``ERROR_TEXT[code]``; the Django
    layer translates the template and turns the error into a refusal.
    """

    def __init__(self, code: str, **params: object) -> None:
        self.code = code
        self.params = params
        self.template = ERROR_TEXT[code]
        self.message = self.template % params
        super().__init__(self.message)
