"""Dutch and French: complete catalogues in step with the sources.

The catalogue checks read locale/*/LC_MESSAGES/*.po; the in-step check runs
``makemessages`` on a copy of the sources and needs GNU gettext (``make system-deps``).
The pages' language is checked in ``test_i18n_language.py``, English words left on
pages and PDFs in ``test_i18n_pages.py``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest
from django.conf import settings

from tests.i18n_helpers import LANGUAGES

ROOT = Path(settings.BASE_DIR)
LOCALE = ROOT / "locale"
DOMAINS = ("django", "djangojs")
MAKEMESSAGES = [
    "manage.py",
    "makemessages",
    "-l",
    "nl",
    "-l",
    "fr",
    "--ignore=.venv",
    "--ignore=staticfiles",
    "--ignore=out",
    "--no-obsolete",
]
UPDATE_HINT = (
    "update the catalogues: .venv/bin/python "
    + " ".join(MAKEMESSAGES)
    + " (and -d djangojs if static/js uses gettext), then translate and run "
    "make messages"
)

# %(name)s, %s, %d, %.2f … (not %%), and {name} / {} for brace formats.
PERCENT = re.compile(
    r"%(?:\((?P<name>[^)]*)\))?[-#0 +]*(?:\*|\d+)?(?:\.\d+)?"
    r"(?P<conv>[diouxXeEfFgGcrsa%])"
)
BRACE = re.compile(r"(?<!\{)\{(?P<name>[^{}!:]*)(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def catalogues() -> list[Path]:
    return [
        LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
        for lang in LANGUAGES
        for domain in DOMAINS
        if (LOCALE / lang / "LC_MESSAGES" / f"{domain}.po").exists()
    ]


def entries(path: Path):
    return [e for e in polib.pofile(str(path)) if not e.obsolete]


def percent_placeholders(text: str) -> list[str]:
    found = []
    for m in PERCENT.finditer(text):
        if m.group("conv") == "%":
            continue
        found.append(f"({m.group('name')})" if m.group("name") is not None else "%")
    return sorted(found)


def brace_placeholders(text: str) -> list[str]:
    return sorted(m.group("name") for m in BRACE.finditer(text))


def placeholders(entry, text: str) -> list[str]:
    if "python-brace-format" in entry.flags:
        return brace_placeholders(text)
    if "python-format" in entry.flags:
        return percent_placeholders(text)
    return []


def translations(entry) -> list[str]:
    if entry.msgid_plural:
        return [entry.msgstr_plural[i] for i in sorted(entry.msgstr_plural)]
    return [entry.msgstr]


def label(entry) -> str:
    where = entry.occurrences[0][0] if entry.occurrences else "?"
    ctx = f" [{entry.msgctxt}]" if entry.msgctxt else ""
    return f"{where}{ctx}: {entry.msgid!r}"


# ------------------------------------------------------------------- catalogues


def test_there_is_a_dutch_and_a_french_catalogue():
    names = {(p.parent.parent.name, p.stem) for p in catalogues()}
    assert {("nl", "django"), ("fr", "django")} <= names


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_every_message_has_a_translation_and_none_is_fuzzy(path):
    po = polib.pofile(str(path))
    assert po.metadata.get("Language") == path.parts[-3]
    assert "nplurals=2" in po.metadata.get("Plural-Forms", "")
    problems = [
        ("fuzzy " if "fuzzy" in e.flags else "untranslated ") + label(e)
        for e in entries(path)
        if "fuzzy" in e.flags or not all(t.strip() for t in translations(e))
    ]
    assert not problems, f"{path}:\n" + "\n".join(problems)


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: f"{p.parts[-3]}-{p.stem}")
def test_no_translation_breaks_a_placeholder(path):
    problems = []
    for e in entries(path):
        sources = [e.msgid, e.msgid_plural] if e.msgid_plural else [e.msgid]
        wanted = placeholders(e, sources[-1])
        names = {p for s in sources for p in placeholders(e, s)}
        texts = translations(e)
        for index, text in enumerate(texts):
            if not text:
                continue
            found = placeholders(e, text)
            # The last plural form (and a singular message) keeps every
            # placeholder; other plural forms may leave the count out ("une table").
            if index == len(texts) - 1 or not e.msgid_plural:
                if found != wanted:
                    problems.append(f"{label(e)} → {text!r}: {found} ≠ {wanted}")
            elif not set(found) <= names or "%" in found:
                problems.append(f"{label(e)} → {text!r}: {found} ⊄ {sorted(names)}")
            if "python-format" in e.flags and "python-brace-format" not in e.flags:
                problems.extend(_format_fails(e, text))
    assert not problems, f"{path}:\n" + "\n".join(problems)


def _format_fails(entry, text: str) -> list[str]:
    """Format the translation the way the code does; report what raises."""
    source = entry.msgid_plural or entry.msgid
    named = [m.group("name") for m in PERCENT.finditer(source) if m.group("name")]
    positional = [m for m in PERCENT.finditer(source) if m.group("name") is None]
    args = (
        {n: 1 for n in named}
        if named
        else tuple(1 for m in positional if m.group("conv") != "%")
    )
    try:
        source % args
    except (TypeError, ValueError, KeyError):
        return []  # not formatted with % in the code (e.g. a literal "%")
    try:
        text % args
    except (TypeError, ValueError, KeyError) as exc:
        return [f"{label(entry)} → {text!r}: {exc!r}"]
    return []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_dutch_and_french_catalogues_hold_the_same_messages(lang):
    """A message added to one language only would fall back to English."""
    keys = {
        lang: {
            (e.msgctxt, e.msgid, e.msgid_plural)
            for e in entries(LOCALE / lang / "LC_MESSAGES" / "django.po")
        }
        for lang in LANGUAGES
    }
    other = next(code for code in LANGUAGES if code != lang)
    assert keys[lang] - keys[other] == set()


def test_the_catalogues_are_in_step_with_the_sources(tmp_path):
    """Every marked string of the code and templates is in the catalogues, and
    no catalogue message has lost its source (needs GNU gettext: xgettext)."""
    if shutil.which("xgettext") is None or shutil.which("msgmerge") is None:
        pytest.fail("GNU gettext is needed: apt-get install gettext (make system-deps)")
    copy = tmp_path / "src"
    shutil.copytree(
        ROOT,
        copy,
        ignore=shutil.ignore_patterns(
            ".venv",
            ".git",
            "out",
            "staticfiles",
            "__pycache__",
            "*.pyc",
            "*.mo",
            ".hypothesis",
            ".pytest_cache",
            ".ruff_cache",
            "db.sqlite3*",
            "*.egg-info",
            "node_modules",
        ),
    )
    commands = [MAKEMESSAGES]
    if any("gettext(" in p.read_text() for p in (ROOT / "static" / "js").glob("*.js")):
        commands.append([*MAKEMESSAGES, "-d", "djangojs", "--ignore=static/js/htmx*"])
    for command in commands:
        done = subprocess.run(
            [sys.executable, *command],
            cwd=copy,
            capture_output=True,
            text=True,
            timeout=120,
            env={"PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8"},
        )
        assert done.returncode == 0, done.stderr
    problems = []
    for lang in LANGUAGES:
        for domain in DOMAINS:
            ours = LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"
            fresh = copy / "locale" / lang / "LC_MESSAGES" / f"{domain}.po"
            have = (
                {(e.msgctxt, e.msgid) for e in entries(ours)}
                if ours.exists()
                else set()
            )
            want = (
                {(e.msgctxt, e.msgid) for e in entries(fresh)}
                if fresh.exists()
                else set()
            )
            problems += [
                f"{lang}/{domain}: not in the catalogue: {k}"
                for k in sorted(want - have, key=str)
            ]
            problems += [
                f"{lang}/{domain}: no longer in the sources: {k}"
                for k in sorted(have - want, key=str)
            ]
    assert not problems, UPDATE_HINT + ":\n" + "\n".join(problems)
