"""Fuzz every page, form and query parameter of the site (see tests/test_fuzz.py)."""
