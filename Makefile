# Two commands for a newcomer: `make play` and `make check`.
# Each creates .venv and installs what it needs on first use.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play check install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

play: $(STAMP)
	$(BIN)/ecarte $(ARGS)

check: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools examples
	$(BIN)/ruff format --check src tests benchmarks tools examples
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest -n 2 -q

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
