"""Hypothesis profiles: random exploration at a desk, a fixed sequence in CI; qtbot waits
that allow for a loaded machine.

CI (CI=true, as `.ci/run` runs) derandomizes, so a submission's result never depends
on the luck of one run; every local run explores new examples and keeps the
failures it finds in `.hypothesis/` to replay them. ``plugins`` installs test plugins
for one test.
"""

import os

# Tests read English whatever the machine's language; those about languages choose theirs.
os.environ["LANGUAGE"] = "en"

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

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


@pytest.fixture(autouse=True)
def english_again():
    """A test that switched the language (and failed before switching back) leaves English."""
    yield
    from solitaire_core import i18n

    if i18n.language() != i18n.ENGLISH:
        i18n.set_language(None)


WAIT_MS = 60_000  # the most a wait on a condition may take: a met condition returns at once


@pytest.fixture
def qtbot(qtbot, monkeypatch):
    """pytest-qt's qtbot whose ``waitUntil`` allows for a loaded machine by default:
    the tests wait on conditions, and a bound far above what they need keeps a slow
    writer thread or a starting solver process from failing one, while a hang still ends."""
    wait = qtbot.waitUntil
    monkeypatch.setattr(qtbot, "waitUntil", lambda callback, *, timeout=WAIT_MS: wait(callback, timeout=timeout))
    return qtbot
