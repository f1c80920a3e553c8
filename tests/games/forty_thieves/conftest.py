"""Forty Thieves as the registry finds it (through its entry point, like any plugin)."""

import pytest

from solitaire_core.registry import load_games


@pytest.fixture(scope="session")
def game():
    return load_games()["forty-thieves"]
