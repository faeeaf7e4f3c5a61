# Two entry points: `make site` builds rules/ into output/, `make test` runs every test.
# Each creates the virtual environment and installs what it needs on a fresh Debian machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site check test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

site: $(STAMP)
	$(BIN)/rulebook check rules

check: $(STAMP)
	$(BIN)/rulebook check rules

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python bench/bench.py

clean:
	rm -rf $(VENV) output
