# Two commands on a fresh machine: `make sheets` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: sheets test fuzz bench eval model sentence-model clean-output

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip's output goes to $(VENV)/install.log, shown only when the install fails: an editable install has setuptools
# print a banner about folders named like the package, which even --quiet lets through.
$(STAMP): pyproject.toml | $(BIN)/python
	@echo "installing refsheets and its dependencies into $(VENV)/ (pip's log: $(VENV)/install.log)"
	@{ $(BIN)/pip install --quiet --upgrade pip && $(BIN)/pip install --quiet -e '.[test]'; } > $(VENV)/install.log 2>&1 \
		|| { cat $(VENV)/install.log; exit 1; }
	touch $(STAMP)

# Bytecode for the package even where PYTHONDONTWRITEBYTECODE is set: compiling it costs each run a tenth of a second.
BYTECODE := $(BIN)/python -m compileall -q pipeline

sheets: $(STAMP)
	$(BYTECODE)
	$(BIN)/refsheets build

# ruff first (seconds), the type checker on pipeline/ ([tool.mypy]), the docs (mkdocs --strict, into a throw-away
# folder), then the suite on every core (pytest-xdist: ~40 % less wall time on a 2-core machine); pytest's closing
# line ("N passed in Ns") ends the output.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy
	site=$$(mktemp -d) && $(BIN)/mkdocs build --strict --quiet --site-dir "$$site"; status=$$?; rm -rf "$$site"; exit $$status
	$(BIN)/python -m pytest -n auto

# The readers' fuzz targets at length (docs/limits.md): FUZZ_RUNS mutants per reader from seed FUZZ_FROM.
FUZZ_RUNS ?= 500
FUZZ_FROM ?= 1000
fuzz: $(STAMP)
	REFSHEETS_FUZZ_RUNS=$(FUZZ_RUNS) REFSHEETS_FUZZ_FROM=$(FUZZ_FROM) $(BIN)/python -m pytest tests/robustness/test_fuzz.py -q

# The sentence-role classifier from tests/sentences/ (pipeline/learn/train_sentences.py): the model and its
# leave-one-game-out table, both committed; the same annotations give the same bytes.
sentence-model: $(STAMP)
	$(BIN)/python -m pipeline.learn.train_sentences

bench: $(STAMP)
	$(BYTECODE)
	$(BIN)/python bench/run.py

# The line labeller, trained on every annotated text (tests/corpus/ over ../shared/corpus, the seeds, the format cases).
model: $(STAMP)
	$(BIN)/python -m pipeline.learn.train

# Leave-one-text-out over the real corpus: each text scored by a labeller trained without it.
eval: $(STAMP)
	$(BIN)/python bench/eval.py

clean-output:
	rm -rf output/*/ .refsheets-cache
