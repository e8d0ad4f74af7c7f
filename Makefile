# Two commands on a fresh machine: `make sheets` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: sheets test bench clean-output

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

sheets: $(STAMP)
	$(BIN)/refsheets build

# ruff first (seconds), then the suite; pytest's closing line ("N passed in Ns") ends the output.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean-output:
	rm -rf output/*/ .refsheets-cache
