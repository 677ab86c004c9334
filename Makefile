# The commands the README names. Each one creates .venv and installs what it needs when missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8866

.PHONY: play test lint typecheck pytest bench lab clean browser

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,analysis,bench,dev]'
	touch $(STAMP)

## play: the main job (the Voila app once it lands; until then a seeded game, move by move)
play: $(STAMP)
	$(PY) -m wpp play --seed 1

## test: everything: ruff, mypy --strict on wpp/, the whole pytest suite (browser tests included)
test: $(STAMP) browser lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(VENV)/bin/pytest

## browser: Debian's chromium for the end-to-end tests (installed with apt-get when missing)
browser:
	@sh scripts/ensure-chromium.sh

## bench: the speed figures the README records
bench: $(STAMP)
	$(PY) -m wpp.bench

## lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
