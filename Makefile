# One-command entry points; see README.md.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup demo test lint fmt clean

$(STAMP): pyproject.toml
	./scripts/install-system-deps.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

# The main job on the offline default: the oracle manager with the simulated pool.
demo: $(STAMP)
	$(BIN)/clawarena-team run -d data/clawarena-team --model oracle -o runs/demo-$$(date +%Y%m%d-%H%M%S)

test: $(STAMP)
	$(BIN)/pytest -q

# Each dataset domain is checked on its own: its builder modules import one another by bare name.
DATASET_DOMAINS := commerce demo engineering law medicine science

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy arena_tui tests data/build/kit
	$(BIN)/mypy --strict data/build/*.py
	for d in $(DATASET_DOMAINS); do $(BIN)/mypy --strict data/build/$$d || exit 1; done

fmt: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
