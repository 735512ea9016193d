# Two commands for a fresh machine with only python3 and make:
#   make play   set up .venv with the game's own dependencies and start the game
#   make test   set up .venv with the test tools too and run every check (CI runs this)
#   make serve  set up .venv with the [web] extra and serve the game to browsers
# A developer's loop: make check (lint, types and the fast tests, at most 60 s of CPU).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
HASH   := $(shell cksum < pyproject.toml | cut -d' ' -f1)
GAME   := $(VENV)/.game-$(HASH)
TOOLS  := $(VENV)/.tools-$(HASH)
WEB    := $(VENV)/.web-$(HASH)
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check

# Every target may write bytecode (to the git-ignored __pycache__ folders): with
# PYTHONDONTWRITEBYTECODE set, as on some CI images, each test process compiled our
# modules and pytest rewrote every test module's asserts again (about 5 s of CPU per
# pytest worker, and each app started in a subprocess compiled the game): make check
# took 93-101 s of CPU with it set and 63-74 s without (user + system, 3 runs each,
# 2026-12-02).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play serve test check lint typecheck unit sweep fast wheel floor screenshot bench bytecode clean bound-multipliers web-vendor catalogs po

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The game alone: what a player needs (no test tools).
$(GAME): pyproject.toml | $(BIN)/python
	$(PIP) -e .
	rm -f $(VENV)/.game-*
	touch $@

# The game and the test tools (a superset, so it stands for the game too).
$(TOOLS): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[test]'
	rm -f $(VENV)/.game-* $(VENV)/.tools-*
	touch $@ $(GAME)

# The game and textual-serve, for `palm-island serve` (the test tools include it too).
$(WEB): pyproject.toml | $(BIN)/python
	$(PIP) -e '.[web]'
	rm -f $(VENV)/.web-* $(VENV)/.game-*
	touch $@ $(GAME)

# The translations' catalogs (.mo) compiled in place from the .po sources, with the
# pseudo-language xx for the tests (docs/i18n.md); never committed. Babel compiles
# them: installed into .venv as the build tool it is (the wheel gets it from
# pyproject.toml's build requirements), not as a dependency of the game.
# Compiled every time (a fraction of a second): a stamp would miss a deleted .mo.
BABEL   := $(VENV)/.babel-$(HASH)

$(BABEL): pyproject.toml | $(BIN)/python
	$(PIP) 'babel>=2.12'
	rm -f $(VENV)/.babel-*
	touch $@

catalogs: $(BABEL)
	$(BIN)/python tools/catalogs.py compile

# After marking or changing strings: the template (.pot) extracted again and merged
# into every language's .po (new strings empty, changed ones fuzzy), then compiled.
po: $(BABEL)
	$(BIN)/python tools/catalogs.py extract
	$(BIN)/python tools/catalogs.py update
	$(BIN)/python tools/catalogs.py compile

# Compiled bytecode for our sources, so start-up does not compile them each time
# (an editable install gets none from pip).
bytecode: $(GAME) catalogs
	$(BIN)/python -m compileall -q src > /dev/null

play: bytecode
	$(BIN)/palm-island

# The game served to browsers (options with ARGS, e.g. make serve ARGS='--port 8080').
serve: $(WEB) bytecode
	$(BIN)/palm-island serve $(ARGS)

test: lint typecheck unit

check: lint typecheck fast

lint: $(TOOLS)
	$(BIN)/ruff check src tests benchmarks tools hatch_build.py
	$(BIN)/ruff format --check src tests benchmarks tools hatch_build.py
	$(BIN)/lint-imports --no-cache

typecheck: $(TOOLS)
	$(BIN)/mypy

# Everything, slow and reliability suites included, on every core (half as many workers
# again as cores: tests/conftest.py says why); the 15 slowest tests are listed at the
# end (budget: 5 min wall and 450 s of CPU on a quiet 2-core machine, setup included).
# The sources are compiled first, once, not by every worker and game process it starts.
unit: $(TOOLS) bytecode
	$(BIN)/python -m pytest -m "not sweep" -n auto --dist worksteal --durations=15

# The largest sweeps (201 terminals closed under real game processes, the markup fuzz
# of whole app runs, the bound against every bench deal) and the walks repeated per
# size, ratio, input or language: CI runs them after make test (.ci/run); several
# minutes on two cores, a single sweep up to a few (its limit: 900 s, not 240 s).
sweep: $(TOOLS)
	$(BIN)/python -m pytest -m sweep -n auto --dist worksteal --timeout=900

# Everything but the slow property runs, the reliability suites and the snapshots.
# A worker a core: these tests keep a core busy (few UI waits), and each worker more
# costs its start-up (-n auto's extra worker, tests/conftest.py, took 8 s more CPU).
CORES := $(shell nproc 2>/dev/null || echo 2)
fast: $(TOOLS) bytecode
	$(BIN)/python -m pytest -m "not slow and not reliability and not sweep" --ignore-glob="*snapshots*" -n $(CORES) --dist worksteal

# The release path: sdist, a wheel built from it, installed in a clean venv and played.
wheel: $(TOOLS)
	.ci/wheel $(PYTHON)

# The lowest dependency versions pyproject.toml declares, in a venv of their own.
floor: $(TOOLS) catalogs
	.ci/floor $(PYTHON)

screenshot: $(TOOLS)
	$(BIN)/python tests/tui/screenshot.py docs/screenshot.svg

# The benchmark harnesses (benchmarks/, not shipped): engine throughput by default;
# more with ARGS, e.g. make bench ARGS=--tui (the options of python -m benchmarks).
bench: bytecode
	$(BIN)/python -m benchmarks $(ARGS)

# The upper bound's multipliers solved ahead of time for every set of cards
# (src/palm_island/solver/bound_multipliers.json; run again after a change of card
# data, a test says when). The solver, HiGHS through scipy, is not the game's: it gets
# a venv of its own. About 10 minutes on two cores (64 sets of cards).
bound-multipliers: $(GAME)
	test -x .venv-tools/bin/python || $(PYTHON) -m venv .venv-tools
	.venv-tools/bin/python -m pip install --quiet --disable-pip-version-check -e . "scipy>=1.11"
	.venv-tools/bin/python tools/bound_multipliers.py $(ARGS)

# The browser page's third-party files (src/palm_island/web/static/vendor/): fetch each
# pinned npm tarball again, verify its sha512 integrity and compare the shipped files;
# ARGS=--write writes them (tools/web_vendor.py says how to change a version). Needs npm.
web-vendor: $(GAME)
	$(BIN)/python tools/web_vendor.py $(ARGS)

clean:
	rm -rf $(VENV) .venv-tools build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
