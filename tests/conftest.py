"""Fixtures shared by every test directory: how to invoke the compiler under test."""

import sys

import pytest


@pytest.fixture(scope="session")
def atomc_cmd() -> list[str]:
    """The atomc driver as a command prefix; run through this interpreter so no install is needed."""
    return [sys.executable, "-m", "atomc"]
