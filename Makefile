# Two commands for a fresh Debian machine (as root) or a developer's checkout:
#   make run    set up what is missing, build dist/, serve it on http://127.0.0.1:$(PORT)/
#   make test   set up what is missing, then ruff and ESLint, mypy --strict and tsc (the JSDoc-typed JavaScript),
#               and pytest of everything
#               (rules on CPython, rules inside Pyodide under Node, the site in Chromium)
# Every setup step is skipped when already done, so both stay quick on a second run.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VENV_PY := $(VENV)/bin/python
VENV_STAMP := $(VENV)/.installed
NODE_STAMP := node_modules/.package-lock.json
WHEEL_STAMP := .cache/pyodide-wheels/.complete
CHROMIUM := /usr/bin/chromium
# GNU Backgammon reads our .mat files back in tests/core/test_matfile_gnubg.py.
GNUBG := /usr/games/gnubg
PYTEST_ARGS ?=
# pytest-xdist's worker processes, each with its own site build, server and Chromium: the browser tests spend
# most of their time waiting on pages, so two of them share 2 cores well. PYTEST_WORKERS=0: one process.
PYTEST_WORKERS ?= 2
# Our tooling outside the package, checked as strictly as the package.
TYPED_TOOLS := $(wildcard build.py scripts/jsdoc_types.py benchmarks/startup.py benchmarks/bot_vs_gnubg.py benchmarks/gnubg_match_play.py benchmarks/checker_errors_gnubg.py benchmarks/cube_gnubg.py benchmarks/analysis_gnubg.py benchmarks/analysis.py benchmarks/cpu_clock.py benchmarks/inside_gnubg.py scripts/chromium.py scripts/board_snapshot.py tests/pyodide/wheels.py tests/e2e/conftest.py training/bearoff_db.py training/labelstore.py training/varied.py benchmarks/bearoff_gnubg.py benchmarks/bearoff_load.py benchmarks/bearoff_page.py benchmarks/remote_links.py scripts/local_relay.py scripts/remote_harness.py benchmarks/remote_transport.py benchmarks/first_visit.py benchmarks/lighthouse.py benchmarks/long_tasks.py benchmarks/tournament_rounds.py benchmarks/analysis_pool_page.py benchmarks/cube_two_ply_gnubg.py benchmarks/checker_errors_rollout.py benchmarks/gnubg_rollout.py benchmarks/kept_figures.py)

# apt-get as root, through sudo otherwise.
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_INSTALL := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends

.PHONY: run test build setup lint typecheck pytest test-core test-units test-browser chaos clean

run: setup
	$(VENV_PY) build.py serve --port $(PORT)

build: $(NODE_STAMP)
	$(PYTHON) build.py

test: setup lint typecheck pytest

setup: $(VENV_STAMP) $(NODE_STAMP) $(WHEEL_STAMP) $(CHROMIUM) $(GNUBG)

lint: $(VENV_STAMP) $(NODE_STAMP)
	$(VENV)/bin/ruff check .
	npx --no-install eslint .
	$(VENV_PY) -m scripts.i18n_check

# tsconfig.json is the page's (DOM), tsconfig.worker.json the engine's worker and the service worker's (WebWorker).
typecheck: $(VENV_STAMP) $(NODE_STAMP)
	$(VENV)/bin/mypy --strict -p backgammon
	$(VENV)/bin/mypy --strict $(TYPED_TOOLS)
	npx --no-install tsc -p tsconfig.json
	npx --no-install tsc -p tsconfig.worker.json

# One build first, thrown away: it fills .cache/build (the brotli copies take ~40 s of CPU), so each worker's own
# build is a copy, not the same compression twice at once.
pytest: setup
	rm -rf .cache/warm-build && $(VENV_PY) build.py --out .cache/warm-build && rm -rf .cache/warm-build
	$(VENV_PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# Focused runs while developing.
test-core: $(VENV_STAMP)
	$(VENV_PY) -m pytest tests/core $(PYTEST_ARGS)

# The page's pure ES modules under Node, no browser.
test-units: $(VENV_STAMP) $(NODE_STAMP)
	$(VENV_PY) -m pytest tests/units $(PYTEST_ARGS)

test-browser: setup
	$(VENV_PY) -m pytest tests/e2e -n $(PYTEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

# The chaos test's long form (tests/e2e/test_chaos.py): CHAOS_GAMES seeded matches of the monkey, from
# CHAOS_BASE_SEED (1000); `make test` runs only its few short games. Then the live two-device monkey
# (tests/e2e/remote_chaos.py) for REMOTE_CHAOS_STEPS steps (`make test` runs 30) from REMOTE_CHAOS_SEED.
CHAOS_GAMES ?= 200
REMOTE_CHAOS_STEPS ?= 400
REMOTE_CHAOS_SEED ?= 2611
chaos: setup
	CHAOS_GAMES=$(CHAOS_GAMES) $(VENV_PY) -m pytest tests/e2e/test_chaos.py -m chaos $(PYTEST_ARGS)
	REMOTE_CHAOS_STEPS=$(REMOTE_CHAOS_STEPS) REMOTE_CHAOS_SEED=$(REMOTE_CHAOS_SEED) $(VENV_PY) -m pytest \
		tests/e2e/test_remote_play.py -k chaos_monkey -n 0 $(PYTEST_ARGS)

$(VENV_STAMP): pyproject.toml
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { $(SUDO) apt-get update && $(APT_INSTALL) python3-venv python3-pip; }
	$(PYTHON) -m venv $(VENV)
	$(VENV_PY) -m pip install --quiet --upgrade pip
	$(VENV_PY) -m pip install --quiet -e '.[dev,train]'
	touch $@

$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { $(SUDO) apt-get update && $(APT_INSTALL) nodejs npm; }
	npm ci --no-audit --no-fund
	touch $@

$(WHEEL_STAMP): tests/pyodide/wheels.py | $(VENV_STAMP)
	$(VENV_PY) tests/pyodide/wheels.py >/dev/null
	touch $@

# One apt-get run for both programs (a grouped target: the recipe runs once when either is missing).
$(CHROMIUM) $(GNUBG) &:
	$(SUDO) apt-get update
	$(APT_INSTALL) chromium fonts-dejavu-core gnubg

clean:
	rm -rf dist dist.staging .cache/build test-results
