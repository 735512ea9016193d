# Two commands for a fresh machine with only python3 and make:
#   make play   set up .venv and start the game
#   make test   set up .venv with the test tools and run every check
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cat pyproject.toml | cksum | cut -d' ' -f1)

.PHONY: play test check lint typecheck unit bench bytecode clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	rm -f $(VENV)/.installed-*
	touch $@

# Compiled bytecode for our sources, so start-up does not compile them each time
# (an editable install gets none from pip, and PYTHONDONTWRITEBYTECODE may be set).
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q src > /dev/null

play: bytecode
	$(BIN)/palm-island

test: $(STAMP) lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/python -m pytest

bench: bytecode
	$(BIN)/palm-island bench

clean:
	rm -rf $(VENV) build dist .pytest_cache .mypy_cache .ruff_cache .hypothesis
