# papersite: `make site` builds the site from abstracts/, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: site serve offline deploy test install clean

site: $(VENV)/.installed          ## set up, generate the pages from abstracts/, build site/
	$(BIN)/papersite build

serve: $(VENV)/.installed         ## live preview on http://127.0.0.1:8000 (edits to abstracts/ rebuild)
	$(BIN)/mkdocs serve

offline: $(VENV)/.installed       ## site-offline/ and site-offline.zip, to read from disk
	$(BIN)/papersite build --offline

deploy: $(VENV)/.installed        ## publish to the gh-pages branch (GitHub Pages)
	$(BIN)/mkdocs gh-deploy --force

test: $(VENV)/.tested             ## install the test extras and Chromium, run the suite
	$(BIN)/python -m pytest

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.tested: $(VENV)/.installed
	$(BIN)/python -m pip install -q -e '.[test]'
	sh .ci/install-chromium
	touch $@

clean:
	rm -rf site site-offline site-offline.zip site_src/papers site_src/tags .site.papersite-* .site-offline.papersite-*
