# papersite: `make site` builds the site from abstracts/, `make test` runs the tests.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: site serve offline deploy test test-fast lint install clean

site: $(VENV)/.installed          ## set up, generate the pages from abstracts/, build site/
	$(BIN)/papersite build

serve: $(VENV)/.installed         ## live preview on http://127.0.0.1:8000 (edits to abstracts/ rebuild)
	$(BIN)/mkdocs serve

offline: $(VENV)/.installed       ## site-offline/ and site-offline.zip, to read from disk
	$(BIN)/papersite build --offline

deploy: $(VENV)/.installed        ## publish to the gh-pages branch (GitHub Pages)
	$(BIN)/mkdocs gh-deploy --force

test: $(VENV)/.tested             ## install the test extras and Chromium, run the suite
	$(BIN)/python -m pytest -n auto --dist loadfile -m "not serial"
	$(BIN)/python -m pytest -m serial

# The stages' unit tests: no site build, no browser, no whole conference list (about 25 s).
FAST_TESTS := tests/test_parse.py tests/test_text.py tests/test_tags.py tests/test_titles.py \
              tests/test_title_spans.py tests/test_render.py tests/test_write.py \
              tests/test_site_folder.py tests/test_related.py
test-fast: $(VENV)/.tested        ## the unit tests only, for a quick check while editing
	$(BIN)/python -m pytest -q $(FAST_TESTS) -k "not real_lists and not iclr and not judged"

lint: $(VENV)/.tested             ## ruff (style, import order) and mypy (types), as configured in pyproject.toml
	$(BIN)/ruff check generator benchmarks tests
	$(BIN)/mypy

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
	rm -rf site site-offline site-offline.zip site_src/papers site_src/tags site_src/papers.json site_src/search .site.papersite-* .site-offline.papersite-*
