"""Pass registry: name -> pass class. Passes register themselves with
`@register`; `atomc-opt --passes=a,b` and the -O pipelines look names up here."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from .passmanager import Pass

PASSES: dict[str, type[Pass]] = {}

P = TypeVar("P", bound="type[Pass]")


def register(cls: P) -> P:
    name = cls.name  # type: ignore[attr-defined]
    if name in PASSES:
        raise ValueError(f"pass {name!r} registered twice")
    PASSES[name] = cls  # type: ignore[assignment]
    return cls


class UnknownPass(Exception):
    pass


def lookup(name: str) -> type[Pass]:
    _load_all()
    try:
        return PASSES[name]
    except KeyError:
        known = ", ".join(sorted(PASSES))
        raise UnknownPass(f"unknown pass '{name}' (known passes: {known})") from None


def _load_all() -> None:
    """Import every pass module so that its @register runs."""
    from . import passes  # noqa: F401
