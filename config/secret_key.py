"""Keep the site's secret key in a local file that only its owner can read."""

from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

OWNER_ONLY = 0o600


def key_from_file(path: Path) -> str:
    """Return the key kept in ``path``, making the file (0600) when it is missing.

    Whoever reads the key can sign a session as any director, so the file is
    created with the owner's read and write alone, whatever the umask (``os.open``
    with ``O_EXCL``: two processes starting at once keep one key), and a file
    found wider (made by an older version, 0644) is narrowed. An empty file (cut off
    while written) gets a key.
    """
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
    except FileExistsError:
        if stat.S_IMODE(path.stat().st_mode) & 0o077:
            path.chmod(OWNER_ONLY)
        key = path.read_text().strip()
        if key:
            return key
        descriptor = os.open(path, os.O_WRONLY | os.O_TRUNC)
    key = secrets.token_urlsafe(50)
    os.fchmod(descriptor, OWNER_ONLY)  # the umask may have narrowed it further
    with os.fdopen(descriptor, "w") as out:
        out.write(key)
    return key
