# The commands the README names. Each one creates .venv and installs what it needs when missing.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8866
# Pre-heated kernels per page (serve/voila.py): N for every page, or N,page=M,... (e.g.
# 1,play=30; a name ending in * names every page it starts). Two per page: the one the next
# visitor takes and a spare while it is replaced at once, so a reload or a second visitor is
# as fast as the first (README: "Teaching a class", with what each kernel costs).
POOL   ?= 2,analysts_*=1

.PHONY: play test lint typecheck pytest bench lab clean browser

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[app,analysis,bench,dev]'
	touch $(STAMP)

## play: the kit in a web page: Voila on 127.0.0.1:$(PORT). Its home page lists every game
## (WarPairsPoker first: one click to play) and every lesson, each opening its own page.
## Settings (local only, idle kernels culled, no CDN, TCP_NODELAY, kernels on IPC) are in
## serve/voila.json; the pre-heated kernels (POOL per page) in serve/voila.py.
play: $(STAMP)
	@echo "Open http://127.0.0.1:$(PORT)/ in a browser (Ctrl+C stops the server)"
	WPP_POOL='$(POOL)' JUPYTER_PATH=$(CURDIR)/serve/jupyter $(VENV)/bin/voila \
		--Voila.config_file_paths=$(CURDIR)/serve --port=$(PORT) notebooks/

## class: play for a class of 30 opening the play page at once: 30 kernels ready for it, one
## for every other page (make class POOL=1,03_the_mulligan=30 for a lesson instead).
.PHONY: class
class: POOL = 1,play=30
class: play

.PHONY: demo bench-ui
## demo: a seeded game between two AIs printed move by move in the terminal
demo: $(STAMP)
	$(PY) -m wpp play --seed 1

## bench-ui: the app's speed in Chromium (first render, click-to-update latency)
bench-ui: $(STAMP) browser
	$(PY) scripts/bench_ui.py

## test: everything: ruff, mypy --strict on wpp/, the whole pytest suite (browser tests included)
test: $(STAMP) browser lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

pytest: $(STAMP)
	$(VENV)/bin/pytest

## browser: Debian's chromium for the end-to-end tests and poppler-utils' pdftotext for the
## print test (each installed with apt-get when missing)
browser:
	@sh scripts/ensure-chromium.sh
	@sh scripts/ensure-poppler.sh

## bench: the speed figures the README records
bench: $(STAMP)
	$(PY) -m benchmarks

## lessons: the same server as play (the lessons are on its home page)
.PHONY: lessons
lessons: play

## lab: JupyterLab on the notebooks
lab: $(STAMP)
	$(VENV)/bin/jupyter lab --notebook-dir=notebooks

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis

## site: the game pages and lessons as a static web site in site/ (Voici: Python runs in the
## browser, no server): any static host serves it, a sub-folder works (README: "A static web
## site"). scripts/build_site.py installs its pinned build tools in .venv-site.
.PHONY: site
site: $(STAMP)
	$(PY) scripts/build_site.py
