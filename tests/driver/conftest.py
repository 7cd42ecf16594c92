"""Fixtures of the driver tests (helpers live in driver_support.py)."""

from driver_support import twin  # noqa: F401  (a fixture)
