# make play: set up and open the table.   make test: set up and run every test.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: play test deps bench clean

$(VENV)/.installed: pyproject.toml
	./scripts/install-system-deps
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

deps: $(VENV)/.installed

play: deps
	$(VENV)/bin/solitaire play

test: deps
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q

bench: deps
	for b in benchmarks/*.py; do QT_QPA_PLATFORM=offscreen $(PY) $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info
