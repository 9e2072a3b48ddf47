"""Register the marker of the tests that run a benchmark end to end."""


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "bench: runs a benchmark end to end (tens of seconds); deselect with "
        '-m "not bench"',
    )
