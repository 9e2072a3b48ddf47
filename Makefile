# Two commands a new user needs: `make run` and `make test`. See README.md.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run serve dev prepare test install install-dev lint pytest bench demo messages system-deps clean pdf-preview

$(PY):
	$(PYTHON) -m venv $(VENV)

# Reinstall only when pyproject.toml changes.
.stamp-install: pyproject.toml | $(PY)
	$(PIP) install --quiet -e .
	touch $@

.stamp-install-dev: pyproject.toml | $(PY)
	$(PIP) install --quiet -e ".[dev]"
	touch .stamp-install $@

install: .stamp-install

install-dev: .stamp-install-dev

# Compile locale/*/LC_MESSAGES/*.po to .mo in pure Python (no GNU gettext needed to
# run the site). After changing marked strings, update the catalogues with
# `$(PY) manage.py makemessages -l nl -l fr --ignore=.venv --ignore=staticfiles
# --ignore=out --no-obsolete` (GNU gettext), translate, and run this again.
messages: install
	$(PY) manage.py compilemessages_py

# The configured database (DATABASE_URL, else db.sqlite3) migrated, static collected.
prepare: install messages
	$(PY) manage.py migrate --noinput -v 0
	$(PY) manage.py collectstatic --noinput -v 0

demo: prepare
	$(PY) manage.py demo

# The production server (Granian, through `python -m config.serve`: see the README's
# "Running a hall") on $(HOST):$(PORT). HOST=0.0.0.0 opens the site to the hall's
# network and prints the URL and QR code players use. `run` serves the demo; `serve`
# the configured database, no demo; `dev` the demo with Django's development server.
run: demo
	HOST=$(HOST) PORT=$(PORT) $(PY) -m config.serve

serve: prepare
	HOST=$(HOST) PORT=$(PORT) $(PY) -m config.serve

dev: demo
	@echo "Serving on http://$(HOST):$(PORT)/  (Ctrl+C to stop)"
	HOST=$(HOST) PORT=$(PORT) $(PY) manage.py runserver $(HOST):$(PORT) --noreload

# Browser tests need Debian's chromium; PDF previews need poppler-utils; the test that
# the translation catalogues are in step with the sources needs GNU gettext.
system-deps:
	@if [ ! -x /usr/bin/chromium ] || ! command -v pdftoppm >/dev/null || ! command -v xgettext >/dev/null || ! command -v zbarimg >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium poppler-utils gettext zbar-tools; \
	  else \
	    echo "Please install Debian's chromium, poppler-utils, gettext and zbar-tools: sudo apt-get install -y chromium poppler-utils gettext zbar-tools"; exit 1; \
	  fi; \
	fi

# ruff, then the import-linter contracts in pyproject.toml (the arrows between the
# apps point down; the pure modules import no Django).
lint: install-dev
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-logo

# The suite on PYTEST_WORKERS processes (pytest-xdist; each has its own test
# database: a SQLite file per process, test_manille_gw<n> on PostgreSQL). Measured
# on this 2-core machine (SQLite, whole suite of 2,774 tests, quiet, 2026-12-04):
# -n 2 511-565 s, -n 4 552 s (the machine 92-97 % busy: the suite is bound by CPU). Bytecode is written (also when
# the environment says PYTHONDONTWRITEBYTECODE): every worker and every
# `manage.py`/server subprocess of the tests would otherwise compile the project
# and pytest rewrite every test module again. Tests are handed out one at a time
# (--maxschedchunk 1; the long ones first: tests/conftest.py), not in runs of a
# hundred that could put every long test on one worker. `make pytest
# PYTEST_WORKERS=0` runs in one process.
PYTEST_WORKERS ?= 2
pytest: install-dev messages system-deps
	PYTHONDONTWRITEBYTECODE= CONN_MAX_AGE=0 $(VENV)/bin/pytest -n $(PYTEST_WORKERS) \
	  --maxschedchunk 1

test: lint pytest

# The benchmarks live in benchmarks/ (not shipped); each also runs alone as
# `python -m benchmarks.<name>`. Figures are printed, not asserted.
bench: install-dev
	$(PY) -m benchmarks.engine
	$(PY) -m benchmarks.draw
	$(PY) manage.py migrate --noinput -v 0
	$(PY) -m benchmarks.draw_db
	$(PY) -m benchmarks.standings
	$(PY) -m benchmarks.series
	$(PY) -m benchmarks.pdf
	$(PY) -m benchmarks.entry

# The hall under load: the 576-player event served by `python -m config.serve` on
# 127.0.0.1, loaded with wrk (or Python), each path against the bare /healthz/ view.
# SQLite by default; DATABASE_URL=postgres://... uses a database of
# its own (manille_bench_<pid>). E.g. `make bench-load BENCH_ARGS=--quick`.
.PHONY: bench-load
bench-load: install-dev messages
	$(PY) -m benchmarks.hall_load $(BENCH_ARGS)

# A round entered at its tables: 144 simulated phones post their deals and the
# opponents' acceptances over HTTP to `python -m config.serve` (2 processes) on
# PostgreSQL (DATABASE_URL=postgres://... is required; the benchmark uses a database
# of its own, manille_bench_<pid>); prints the deal save's p50/p95/p99 and the
# errors. E.g. `make bench-table BENCH_ARGS="--seconds 300"`.
.PHONY: bench-table
bench-table: install-dev messages
	$(PY) -m benchmarks.table_entry $(BENCH_ARGS)

# A consistent copy of the whole configured database (DATABASE_URL, else db.sqlite3)
# into backups/ (or OUT=dir), safe while the site runs: SQLite's online backup API
# (manille-<UTC time>.sqlite3) or pg_dump -Fc (manille-<UTC time>.dump). How to
# restore: the README's "Backups and restore".
.PHONY: backup
backup: install
	$(PY) manage.py backup $(if $(OUT),--out "$(OUT)")

clean:
	rm -rf $(VENV) .stamp-install .stamp-install-dev db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles

# The first page of each printed document as PNG under out/, to look at (poppler-utils).
pdf-preview: install
	@command -v pdftoppm >/dev/null || { echo "Please install poppler-utils: sudo apt-get install -y poppler-utils"; exit 1; }
	$(PY) -m benchmarks.pdf --skip-big --out out
	for f in sheets sheets-a5 draw draw-by-name standings results; do \
	  pdftoppm -png -r 80 -f 1 -l 1 -singlefile out/$$f.pdf out/$$f; \
	done
	@echo "Look at out/*.png (first pages) and out/*.pdf (whole documents)."
