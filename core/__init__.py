"""What every app uses: the error family, addresses, folding, ids, exports, validators.

The bottom Django floor (``pyproject.toml``'s layers contract): it imports no app of
the project, and ``config`` (which composes the site) stands on top of everything.
"""
