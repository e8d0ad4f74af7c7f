# Two commands on a fresh machine: `make sheets` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: sheets test bench clean-output sentence-model

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Bytecode for the package even where PYTHONDONTWRITEBYTECODE is set: compiling it costs each run a tenth of a second.
BYTECODE := $(BIN)/python -m compileall -q pipeline

sheets: $(STAMP)
	$(BYTECODE)
	$(BIN)/refsheets build

# ruff first (seconds), then the suite; pytest's closing line ("N passed in Ns") ends the output.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

# The sentence-role classifier from tests/sentences/ (pipeline/learn/train.py): the model and its
# leave-one-game-out table, both committed; the same annotations give the same bytes.
sentence-model: $(STAMP)
	$(BIN)/python -m pipeline.learn.train

bench: $(STAMP)
	$(BYTECODE)
	$(BIN)/python bench/run.py

clean-output:
	rm -rf output/*/ .refsheets-cache
