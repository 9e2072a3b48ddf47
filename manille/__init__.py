"""The rules of Manille, in plain Python: no Django, nothing of the project.

The bottom floor every app stands on (``pyproject.toml``'s layers contract):
``engine`` (a deal, a game, the rules' options), ``variants`` (the other games),
``standings`` and ``tiebreaks`` (a ranking and its tiebreak registry), ``draws``
(the draw methods and their registry), ``rankings`` (series and club rankings)
and ``chart`` (the player record's SVG chart). Plain dataclasses in and out;
messages are marked with :func:`manille.text.gettext_noop` and translated above.
"""
