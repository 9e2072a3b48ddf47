"""Announce changes to clubs, players and teams that apps above clubs display."""

from django.dispatch import Signal

# Sent by clubs.services after a club, player or team is changed, inside the
# service's transaction, with ``instance`` (the saved object).
#
# Why a signal: tournaments show these names on their public pages and must bump
# their public version when one changes, but clubs is the lowest app and may not
# import tournaments. clubs announces the change; tournaments, which knows where
# names show, connects its receiver in TournamentsConfig.ready. The signal carries
# no rule: the receiver only calls tournaments.versioning.
renamed = Signal()
