"""Shared configuration of the project's own tests.

Hypothesis runs derandomized by default, so that CI (a gate) sees the same examples on
every run; `HYPOTHESIS_PROFILE=explore` draws fresh examples, for hunting locally.
"""

import os

from hypothesis import settings

pytest_plugins = ["pytester"]

settings.register_profile("default", derandomize=True, deadline=None)
settings.register_profile("explore", derandomize=False, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
