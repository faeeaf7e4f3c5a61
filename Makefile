# Two entry points: `make site` builds rules/ into output/site/, `make test` runs every test.
# Each creates the virtual environment and installs what it needs on a fresh Debian machine
# (as root, system packages through apt-get: Chromium for the browser tests).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SYSTEM_STAMP := $(VENV)/.system-packages
SYSTEM_PACKAGES := chromium openjdk-17-jre-headless poppler-utils libharfbuzz-subset0

.PHONY: site check test lint bench serve messages clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian packages the tests need; installed once, skipped when already there.
$(SYSTEM_STAMP): $(STAMP) Makefile
	@missing=""; for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	    || { echo "could not install$$missing (run as root)"; exit 1; }; \
	fi
	touch $(SYSTEM_STAMP)

site: $(STAMP)
	$(BIN)/rulebook build

check: $(STAMP)
	$(BIN)/rulebook check rules

test: $(STAMP) $(SYSTEM_STAMP)
	$(BIN)/ruff check generator tests bench
	$(BIN)/mypy generator
	$(BIN)/python -m pytest

serve: $(STAMP)
	$(BIN)/rulebook serve

bench: $(STAMP)
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/bench_site.py
	$(BIN)/python bench/bench_pdf.py

# Refresh the UI message catalogs after changing a template's words.
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k _n_ -k _np_:1,2 -k gettext -k ngettext:1,2 --no-location \
	  --sort-output --no-wrap --project rulebook -o templates/locale/messages.pot .
	$(BIN)/pybabel update -i templates/locale/messages.pot -d templates/locale --no-wrap --no-fuzzy-matching

clean:
	rm -rf $(VENV) output
