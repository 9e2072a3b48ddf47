"""Play the phases open events add: pools, then a knockout, without Django.

``pools`` splits a field into pools (snake or random, clubs kept apart) and
schedules each; ``advancement`` picks who goes through (the first N of each pool
and the best M of the next place, explained); ``bracket`` builds and plays single
elimination (byes to the top seeds, a consolation bracket, a match for third
place, walkovers); ``tables`` plans individual elimination by tables of four.
Words are only marked (``manille.text``); the Django layer translates them.
"""
