# make play: set up and open the table.   make test: set up and run every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test deps bench clean catalogs mo

$(VENV)/.installed: pyproject.toml
	./scripts/install-system-deps
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

# Translations (docs/architecture.md, Languages): the .po catalogs are kept in git, the .mo
# files are compiled from them here, for the framework (solitaire_core and ui_qt) and each game.
CATALOG_PACKAGES := solitaire_core $(patsubst %/,%,$(dir $(wildcard games/*/locale)))
PO_FILES := $(wildcard solitaire_core/locale/*/LC_MESSAGES/messages.po games/*/locale/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

%.mo: %.po $(VENV)/.installed
	$(VENV)/bin/pybabel -q compile -i $< -o $@

mo: $(MO_FILES)

# make catalogs: extract every marked text, bring each language's .po up to date, compile.
catalogs: $(VENV)/.installed
	$(VENV)/bin/pybabel -q extract -F babel.cfg --no-location --sort-output -k pgettext:1c,2 \
		-o solitaire_core/locale/messages.pot solitaire_core ui_qt
	for g in $(filter games/%,$(CATALOG_PACKAGES)); do \
		$(VENV)/bin/pybabel -q extract -F babel.cfg --no-location --sort-output -k pgettext:1c,2 \
			-o $$g/locale/messages.pot $$g || exit 1; done
	for p in $(CATALOG_PACKAGES); do for d in $$p/locale/*/; do \
		[ -d "$$d" ] && $(VENV)/bin/pybabel -q update --no-fuzzy-matching --ignore-obsolete \
			-i $$p/locale/messages.pot -d $$p/locale -l $$(basename $$d) || exit 1; done; done
	$(MAKE) mo

deps: $(VENV)/.installed mo

# The example plugins (examples/*: third-party distributions of their own), installed beside the
# built-in games for the tests only: the whole suite and their own tests run with them there.
EXAMPLES := $(dir $(wildcard examples/*/pyproject.toml))

$(VENV)/.examples: $(VENV)/.installed $(wildcard examples/*/pyproject.toml)
	for e in $(EXAMPLES); do $(PY) -m pip install -q -e $$e || exit 1; done
	touch $@

play: deps
	$(VENV)/bin/solitaire play

test: deps $(VENV)/.examples
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: deps
	for b in benchmarks/*.py; do QT_QPA_PLATFORM=offscreen $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info examples/*/*.egg-info
