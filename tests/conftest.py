"""Hypothesis profiles: random exploration at a desk, a fixed sequence in CI.

CI (CI=true, as `.ci/run` runs) derandomizes, so a submission's result never depends
on the luck of one run; every local run explores new examples and keeps the
failures it finds in `.hypothesis/` to replay them.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI", "").lower() == "true":
    settings.load_profile("ci")
