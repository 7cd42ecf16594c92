"""The semantic checker (`Sema`) and its parts."""

from .core import Sema

__all__ = ["Sema"]
