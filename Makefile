# The kit's two commands: `make play` (the games in Voilà) and `make test`.
# Each does its own set-up: a virtual environment in .venv, and Debian's Chromium and
# PostgreSQL for the tests. Also: `make lab`, `make binder-check`, `make bench`,
# `make warm`, `make clean`, `make distclean`.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
# Bytecode is written (a machine that forbids it makes every Python that starts, hundreds in
# `make test`, compile the kit's modules again).
unexport PYTHONDONTWRITEBYTECODE
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.stamp
CHROMIUM := /usr/bin/chromium
PORT ?= 8866
# `make test JOBS=1` runs the tests one at a time. Default: one worker more than the cores: a
# browser test waits on its pages and servers, a lesson's page on the results nbval is
# computing, and the spare worker keeps the cores busy meanwhile.
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
# `make play IP=0.0.0.0` serves the class's devices on the local network (see README).
IP ?= 127.0.0.1
# `make play CLASS=hitchiker/lesson_1 SEATS=30` keeps that lesson ready for a class (a game's
# name alone: both its lessons): SEATS kernels that have run it, each student's page sent at
# once (tools/class_pool.py).
CLASS ?=
SEATS ?= 30
LANDING := http://$(IP):$(PORT)/
# The kit's Voilà template, and where Jupyter finds it in the venv (<prefix>/share/jupyter).
TEMPLATE := share/jupyter/voila/templates/tabletop

.PHONY: help setup chromium postgresql proxy test play warm lab binder-check bench clean \
  distclean screenshots

help:
	@echo "make play          serve the games with Voila: $(LANDING) (IP=0.0.0.0: for a class)"
	@echo "                   CLASS=hitchiker/lesson_1 SEATS=30: that lesson kept ready for a class"
	@echo "make warm          run every notebook (twice: results, then their pictures), so pages read them"
	@echo "make lab           JupyterLab on the probability primer, for preparing a lesson"
	@echo "make test          ruff, then pytest (engine, games, notebooks via nbval, browser)"
	@echo "make binder-check  build the Binder environment in a temporary venv and open the landing page"
	@echo "make bench         run every script in benchmarks/"
	@echo "make clean         remove test artifacts and caches (distclean: also .venv and the result cache)"

setup: $(STAMP) chromium postgresql proxy

# The venv is (re)installed when missing or when pyproject.toml is newer than the stamp.
# uv installs the same versions as pip in a fraction of the time (it fetches in parallel);
# pip installs them where uv cannot. Both compile the packages' bytecode once, here: every
# kernel, server and browser test starts a Python that would otherwise compile numpy,
# pandas, matplotlib and Jupyter from source (about 3 CPU-seconds each, measured).
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check uv
	$(BIN)/uv pip install --quiet --compile-bytecode --python $(BIN)/python -e '.[test,rl]' || \
	  $(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test,rl]'
	@# An editable install leaves the wheel's data files out (setuptools#3399): link the
	@# template instead, so the venv's Voilà uses this folder's copy as it changes.
	ln -sfn $(CURDIR)/$(TEMPLATE) $(VENV)/$(TEMPLATE)
	@touch $@

# $(call debian,<package>,<what needs it>): install a Debian package as root when missing;
# elsewhere say how, and that its tests are skipped (they fail when CI=true).
define debian
  if [ "$$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then \
    echo "Installing Debian's $(1) for $(2)"; \
    apt-get update -q && apt-get install -y -q $(1); \
  else \
    echo "NOTE: $(1) is missing and this is not root on Debian: run" \
         "'sudo apt-get install $(1)'; without it, $(2) are skipped (they fail when CI=true)."; \
  fi
endef

# Playwright cannot download its own browser here: the browser tests use Debian's.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then $(call debian,chromium,the browser tests); fi

# The shared tables' tests start a throwaway PostgreSQL server of their own (tools/postgres.py).
postgresql:
	@if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  $(call debian,postgresql,the shared-table tests); fi

# JupyterHub's proxy for the hub's browser test (tests/browser/test_jupyterhub.py), from npm.
PROXY := .cache/npm/node_modules/.bin/configurable-http-proxy
proxy:
	@if [ ! -x $(PROXY) ]; then \
	  if command -v npm >/dev/null; then \
	    npm install --silent --no-fund --no-audit --prefix .cache/npm configurable-http-proxy; \
	  else \
	    echo "NOTE: npm is missing: install Node.js and npm; without it, the JupyterHub" \
	         "test is skipped (it fails when CI=true)."; \
	  fi; \
	fi

test: setup
	$(BIN)/ruff check .
	$(BIN)/pytest -ra --durations=10 -n $(JOBS) --dist loadfile --no-loadscope-reorder \
	  --junitxml=test-artifacts/junit.xml

# The lessons' seeded results, computed once into .cache/ (tools/warm.py). `make warm`
# computes them now; `make play` serves at once and, when a notebook or the kit's code changed
# since the last warm (the stamp), warms in the background at low priority: a page opened
# meanwhile computes its own results (and keeps them for the next student).
WARM := .cache/warm.stamp
WARMED := $(filter-out notebooks/play/%,$(wildcard notebooks/*/*.ipynb)) \
  $(shell find tabletop widgets -name '*.py' -o -name '*.toml')
define warm_cache
  $(BIN)/python -m tools.warm && mkdir -p $(dir $(WARM)) && touch $(WARM)
endef
STALE = $(if $(wildcard $(WARM)),$(shell find $(WARMED) -newer $(WARM) | head -1),yes)

warm: $(STAMP)
	$(warm_cache)

# Voilà reads voila.json from the directory it starts in: start it from here.
# The address is printed once Voilà listens; Ctrl-C stops it (and its kernels).
play: $(STAMP)
	@if (exec 3<>/dev/tcp/127.0.0.1/$(PORT)) 2>/dev/null; then \
	  echo "Port $(PORT) is already in use (is the kit already running?)."; \
	  echo "Open: $(LANDING)"; exit 0; \
	fi; \
	config=; if [ -n "$(CLASS)" ]; then \
	  config=$$($(BIN)/python -m tools.class_pool "$(CLASS)" --seats "$(SEATS)" --ip "$(IP)" \
	    $(if $(STALE),--warm)) || exit 1; \
	fi; \
	env $${config:+JUPYTER_CONFIG_PATH="$$config$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}"} \
	  $(BIN)/voila notebooks/ --no-browser --Voila.ip=$(IP) --port=$(PORT) & voila=$$!; \
	warmer=; trap 'kill $$voila $$warmer 2>/dev/null; wait $$voila' INT TERM; \
	until (exec 3<>/dev/tcp/127.0.0.1/$(PORT)) 2>/dev/null; do \
	  kill -0 $$voila 2>/dev/null || exit 1; sleep 0.2; \
	done; \
	if [ -n "$(STALE)" ]; then \
	  mkdir -p .cache; ( nice -n 19 $(BIN)/python -m tools.warm >.cache/warm.log 2>&1 \
	    && touch $(WARM) ) & warmer=$$!; \
	  echo "Computing the lessons' results once, in the background (.cache/warm.log)"; \
	fi; \
	echo; echo "    Open the kit at  $(LANDING)    (Ctrl-C stops it)"; echo; \
	wait $$voila

# JupyterLab on the primer, widgets working (tools/lab.py); Ctrl-C stops it.
lab: $(STAMP)
	$(BIN)/python -m tools.lab

# The README's screenshots of a class at one table (docs/class_*.png), retaken by its test.
screenshots: $(STAMP)
	TABLETOP_SCREENSHOTS=docs $(BIN)/pytest -q tests/browser/test_class_at_one_table.py -k teacher

binder-check:
	$(PYTHON) -m tools.binder_check

bench: $(STAMP)
	@shopt -s nullglob; scripts=(benchmarks/*.py); \
	if [ $${#scripts[@]} -eq 0 ]; then echo "No benchmarks in benchmarks/ yet."; fi; \
	for script in "$${scripts[@]}"; do \
	  echo "== $$script"; name=$${script%.py}; $(BIN)/python -m "$${name//\//.}"; \
	done

clean:
	rm -rf test-artifacts test-results .pytest_cache .ruff_cache
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) \
	  -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) *.egg-info .cache
