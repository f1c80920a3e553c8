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
LANGUAGES := fr
CATALOG_PACKAGES := solitaire_core $(patsubst %/__init__.py,%,$(wildcard games/*/__init__.py))
FRENCH_PLURALS := "Plural-Forms: nplurals=2; plural=(n > 1);\\n"
PO_FILES := $(wildcard solitaire_core/locale/*/LC_MESSAGES/messages.po games/*/locale/*/LC_MESSAGES/messages.po)
MO_FILES := $(PO_FILES:.po=.mo)

%.mo: %.po $(VENV)/.installed
	$(VENV)/bin/pybabel -q compile -i $< -o $@

mo: $(MO_FILES)

# make catalogs: extract every marked text (the framework's, each game's), bring each
# language's .po up to date (a game without one gets one, French with two plural forms as
# GNU gettext's catalogs have it), compile. New texts come in untranslated: the test
# tests/core/test_core_i18n.py lists them.
catalogs: $(VENV)/.installed
	$(VENV)/bin/pybabel -q extract -F babel.cfg --no-location --sort-output -k pgettext:1c,2 \
		-o solitaire_core/locale/messages.pot solitaire_core ui_qt
	for g in $(filter games/%,$(CATALOG_PACKAGES)); do mkdir -p $$g/locale && \
		$(VENV)/bin/pybabel -q extract -F babel.cfg --no-location --sort-output -k pgettext:1c,2 \
			-o $$g/locale/messages.pot $$g || exit 1; done
	for p in $(CATALOG_PACKAGES); do for l in $(LANGUAGES); do po=$$p/locale/$$l/LC_MESSAGES/messages.po; \
		if [ -f $$po ]; then $(VENV)/bin/pybabel -q update --no-fuzzy-matching --ignore-obsolete \
			-i $$p/locale/messages.pot -d $$p/locale -l $$l || exit 1; \
		else $(VENV)/bin/pybabel -q init -i $$p/locale/messages.pot -d $$p/locale -l $$l || exit 1; \
			[ $$l != fr ] || sed -i -e 's/^"Plural-Forms: .*/$(FRENCH_PLURALS)/' -e '/^msgstr\[2\] ""$$/d' $$po; \
		fi; done; done
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

# Every test, on as many processes as the machine has cores (pytest-xdist), a test file's
# tests kept together so that what a file shares (a module fixture) is made once.
test: deps $(VENV)/.examples
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n auto --dist loadfile

bench: deps
	for b in benchmarks/*.py; do QT_QPA_PLATFORM=offscreen $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info examples/*/*.egg-info
