"""Sema checks whole function definitions into the typed tree (`tree.py`) before any
lowering: statement errors come from Sema alone, and the tree says what the
lowering needs (scopes, folded case values, jumps known to have targets)."""

from __future__ import annotations

import io

from pycparser import c_ast

from atomc.diag import DiagnosticEngine
from atomc.frontend import tree as T
from atomc.frontend.parse import parse_c
from atomc.frontend.sema import Sema


def check(src: str) -> tuple[list[T.FunctionDef], str]:
    """The checked definitions of `src` and the diagnostics, with no lowering at all."""
    out = io.StringIO()
    diags = DiagnosticEngine(out=out)
    sema = Sema(diags, "t.c", frozenset(), {"t.c": src.split("\n")})
    defs = []
    for ext in parse_c(src, "t.c", diags).ext:
        if isinstance(ext, c_ast.FuncDef):
            d = sema.functions.definition(ext)
            assert d is not None
            defs.append(d)
        else:
            sema.decls.declare_file_scope(ext)
    return defs, out.getvalue()


LOOP = "  for (int i = 0; i < n; i++) { if (i == 2) continue; s += i; }"


def test_statements_become_typed_nodes() -> None:
    (d,), errors = check(
        "int f(int n) {\n"
        "  int s = 0;\n"
        f"{LOOP}\n"
        "  switch (n) { case 1 ... 3: s++; break; default: s--; }\n"
        "  return s;\n"
        "}\n")
    assert errors == ""
    assert [type(s) for s in d.body.items] == [T.LocalVar, T.For, T.Switch, T.Return]
    local, loop, switch, ret = d.body.items
    assert isinstance(local, T.LocalVar) and local.storage is T.Storage.AUTO
    assert isinstance(loop, T.For) and loop.scoped and isinstance(loop.init, T.Seq)
    assert isinstance(loop.body, T.Block) and loop.body_end is not None
    assert (loop.body_end.line, loop.body_end.column) == (3, LOOP.index("}") + 1)
    assert isinstance(switch, T.Switch) and isinstance(switch.body, T.Block)
    case, default = switch.body.items
    assert isinstance(case, T.Case) and (case.lo, case.hi) == (1, 3)
    assert [type(s) for s in case.items] == [T.ExprStmt, T.Break]
    assert isinstance(default, T.Default)
    assert isinstance(ret, T.Return) and ret.value is not None
    assert [p.name for p in d.params] == ["n"]


def test_jump_errors_are_reported_by_sema() -> None:
    _, errors = check(
        "int g(int n) {\n"
        "  break;\n"
        "  switch (n) { case 1: case 1: ; default: ; default: ; }\n"
        "  goto nowhere;\n"
        "  again: again: return 0;\n"
        "}\n")
    assert "2:3: error: 'break' statement not in loop or switch statement" in errors
    assert "duplicate case value '1'" in errors
    assert "multiple default labels in one switch" in errors
    assert "redefinition of label 'again'" in errors
    assert "4:3: error: use of undeclared label 'nowhere'" in errors


def test_jump_into_vla_scope_is_reported_by_sema() -> None:
    _, errors = check(
        "int h(int n) {\n"
        "  goto in;\n"
        "  { int a[n];\n"
        "  in: a[0] = 1; return a[0]; }\n"
        "}\n")
    assert "2:3: error: jump into scope of identifier with variably modified type" in errors


def test_dead_arm_and_statement_expression() -> None:
    (d,), errors = check(
        "int k(void) {\n"
        "  if (0) return 1; else return ({ int t = 2; t * 3; });\n"
        "}\n")
    assert errors == ""
    (stmt,) = d.body.items
    assert isinstance(stmt, T.If) and stmt.then_dead and not stmt.else_dead
    assert isinstance(stmt.els, T.Return) and isinstance(stmt.els.value, T.StmtExpr)
    se = stmt.els.value
    assert se.body is not None and se.body.scoped and se.value is not None
    assert [type(s) for s in se.body.items] == [T.LocalVar]
