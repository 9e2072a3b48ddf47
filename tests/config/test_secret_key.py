"""The local secret key file is the owner's alone, whatever the umask.

Issue 23, item 11: ``.secret_key`` was created world-readable (0644); whoever can
read it can sign sessions, so anyone with an account on the laptop could log in as
any director.
"""

import os
import stat
import subprocess
import sys

from config.secret_key import key_from_file
from tests.config.servers import BASE_DIR


def _mode(path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_new_key_file_is_the_owner_s_alone_whatever_the_umask(tmp_path):
    old = os.umask(0)  # the widest: a file made with the default mode is 0666
    try:
        key = key_from_file(tmp_path / ".secret_key")
    finally:
        os.umask(old)
    assert _mode(tmp_path / ".secret_key") == 0o600
    assert len(key) >= 50
    assert key_from_file(tmp_path / ".secret_key") == key  # the same key again


def test_an_existing_world_readable_key_file_is_narrowed_and_kept(tmp_path):
    path = tmp_path / ".secret_key"
    path.write_text("an-old-key-of-the-site\n")
    path.chmod(0o644)
    assert key_from_file(path) == "an-old-key-of-the-site"
    assert _mode(path) == 0o600


def test_an_empty_key_file_gets_a_key(tmp_path):
    """A file cut off while it was written (a full disk) holds no key: a new one."""
    path = tmp_path / ".secret_key"
    path.touch(mode=0o600)
    assert len(key_from_file(path)) >= 50


def test_the_site_s_own_key_file_is_narrowed_when_the_settings_load():
    """The settings as the site loads them (no SECRET_KEY in the environment)."""
    env = {k: v for k, v in os.environ.items() if k != "SECRET_KEY"}
    done = subprocess.run(
        [sys.executable, "-c", "import config.settings"],
        cwd=BASE_DIR,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert _mode(BASE_DIR / ".secret_key") == 0o600
