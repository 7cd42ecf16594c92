"""lazy_forward_refs: pycparser's quoted annotations are not compiled at import, and
a lazy reference is the ForwardRef typing would have made."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import typing

import pytest

from atomc.lazy_forward_refs import _CODE_SLOT, LazyForwardRef, import_with_lazy_forward_refs


def test_importing_the_front_end_compiles_none_of_the_parsers_annotations() -> None:
    # a fresh process, as a compile imports it (m31 compiled all four texts)
    probe = textwrap.dedent("""
        import typing
        import atomc.frontend
        from pycparser import c_parser
        from atomc.lazy_forward_refs import _CODE_SLOT, LazyForwardRef
        refs = []
        for f in vars(c_parser.CParser).values():
            for a in getattr(f, "__annotations__", {}).values():
                stack = [a]
                while stack:
                    x = stack.pop()
                    if isinstance(x, typing.ForwardRef):
                        refs.append(x)
                    stack.extend(typing.get_args(x))
        assert refs, "no quoted annotation found in pycparser's parser"
        print(len(refs), sum(type(r) is LazyForwardRef and _CODE_SLOT.__get__(r) is None
                             for r in refs), typing.ForwardRef is typing.ForwardRef.__mro__[0]
              and typing.ForwardRef.__name__ == "ForwardRef")
    """)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {
        "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, env=env).stdout.split()
    assert int(out[0]) >= 4
    assert out[1] == out[0], "a quoted annotation was compiled at import"
    assert out[2] == "True"


def test_a_lazy_reference_is_what_typing_makes() -> None:
    lazy, plain = LazyForwardRef("int"), typing.ForwardRef("int")
    assert lazy == plain and hash(lazy) == hash(plain) and repr(lazy) == repr(plain)
    assert isinstance(lazy, typing.ForwardRef)
    assert _CODE_SLOT.__get__(lazy) is None
    assert lazy.__forward_code__.co_names == plain.__forward_code__.co_names
    # typing's unions treat them alike; evaluating one compiles it
    optional = typing.Union[lazy, None]  # noqa: UP007 - a runtime union of references
    assert optional == typing.Union[plain, None]  # noqa: UP007
    holder = type("Holder", (), {"__annotations__": {"x": optional}})
    assert typing.get_type_hints(holder)["x"] == int | None
    star = LazyForwardRef("*Ts")
    assert star.__forward_code__.co_consts == typing.ForwardRef("*Ts").__forward_code__.co_consts


def test_a_bad_text_fails_when_evaluated_as_typing_would_at_once() -> None:
    with pytest.raises(SyntaxError, match="Forward reference must be an expression"):
        typing.ForwardRef("a b")
    bad = LazyForwardRef("a b")
    with pytest.raises(SyntaxError, match="Forward reference must be an expression"):
        _ = bad.__forward_code__
    with pytest.raises(TypeError):
        LazyForwardRef(3)  # type: ignore[arg-type]


def test_typing_is_restored_even_when_the_import_fails() -> None:
    before = typing.ForwardRef
    with pytest.raises(ModuleNotFoundError):
        import_with_lazy_forward_refs("atomc_no_such_module_here")
    assert typing.ForwardRef is before
