"""Hypothesis profiles: random exploration at a desk, a fixed sequence in CI.

CI (CI=true, as `.ci/run` runs) derandomizes, so a submission's result never depends
on the luck of one run; every local run explores new examples and keeps the
failures it finds in `.hypothesis/` to replay them. ``plugins`` installs test plugins
for one test.
"""

import os

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")


@pytest.fixture
def plugins(tmp_path, monkeypatch):
    """Installs test plugins for this test only (see plugintools.py)."""
    from plugintools import Installer

    folder = tmp_path / "plugins"
    folder.mkdir()
    installer = Installer(folder, monkeypatch)
    yield installer
    installer.forget()
