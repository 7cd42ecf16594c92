"""atomc-opt in process: exit statuses, error positions, pass pipeline flags."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from atomc.ir import Binary, Const, Module, Op, Ret
from atomc.ir.locations import keep
from atomc.opt import registry
from atomc.opt.passmanager import ModulePass, PassContext
from atomc.tools import opt

GOOD = """define @f(i32 %a) -> (i32) {
bb0:
  %x = add i32 %a, i32 1
  ret i32 %x
}
"""


def run(argv: list[str], monkeypatch: pytest.MonkeyPatch, stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stderr", err)
    code = opt.main(argv)
    return code, out.getvalue(), err.getvalue()


def test_prints_verified_ir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "in.ir"
    f.write_text(GOOD)
    code, out, err = run([str(f)], monkeypatch)
    assert code == 0 and err == ""
    assert "  %x.1 = add i32 %a.0, i32 1\n" in out


def test_reads_stdin_and_writes_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    dest = tmp_path / "out.ir"
    code, out, _ = run(["-", "-o", str(dest)], monkeypatch, stdin=GOOD)
    assert code == 0 and out == ""
    assert "ret i32 %x.1" in dest.read_text()


def test_parse_error_exit_status(monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["-"], monkeypatch, stdin="define @f(: {\n")
    assert code == 1 and out == ""
    assert err.startswith("<stdin>:1:11: error: expected a type, found ':'\n")
    assert "Traceback" not in err


def test_verifier_errors_point_at_the_input(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = GOOD.replace("ret i32 %x", "ret i32 %x, i32 %a")
    code, _, err = run(["-"], monkeypatch, stdin=bad)
    assert code == 1
    lines = err.splitlines()
    assert lines[0] == "<stdin>:4:3: error: @f: ret with 2 values in a function returning 1"
    assert lines[1] == "  ret i32 %x, i32 %a"
    assert lines[2] == "  ^"
    assert lines[-1] == "atomc-opt: 1 verifier error"


def test_no_verify_prints_broken_ir(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = GOOD.replace("ret i32 %x", "ret i32 %x, i32 %a")
    code, out, _ = run(["--no-verify", "-"], monkeypatch, stdin=bad)
    assert code == 0 and "ret i32 %x.1, i32 %a.0" in out


def test_missing_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    code, _, err = run([str(tmp_path / "nope.ir")], monkeypatch)
    assert code == 1 and "cannot read" in err


def test_unknown_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["--passes=bogus", "-"], monkeypatch, stdin=GOOD)
    assert code == 2
    assert err.startswith("atomc-opt: error: unknown pass 'bogus' (known passes: ")


class _AddOne(ModulePass):
    """Test pass: rewrites `ret x` to `ret x + 1`."""

    name = "add-one"

    def run(self, module: Module, ctx: PassContext) -> bool:
        for fn in module.functions.values():
            for b in fn.blocks:
                r = b.terminator
                if isinstance(r, Ret) and r.operands:
                    v = r.operand(0)
                    add = Binary(Op.ADD, v, Const(v.ty, 1), loc=keep(r))
                    b.insert(len(b.insts) - 1, add)
                    r.set_operand(0, add)
        return True


class _Breaker(ModulePass):
    """Test pass: leaves a block without a terminator."""

    name = "breaker"

    def run(self, module: Module, ctx: PassContext) -> bool:
        fn = module.functions["f"]
        fn.entry.insts.pop().drop_all_references()
        return True


def test_passes_run_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.PASSES, "add-one", _AddOne)
    code, out, err = run(["--passes=add-one,add-one", "--print-after-all", "-"], monkeypatch,
                         stdin=GOOD)
    assert code == 0
    assert "  %3 = add i32 %2, i32 1\n  ret i32 %3\n" in out
    assert err.count("; *** IR after add-one ***") == 2


def test_verify_each_catches_a_broken_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.PASSES, "breaker", _Breaker)
    code, out, err = run(["--passes=breaker", "--verify-each", "-"], monkeypatch, stdin=GOOD)
    assert code == 1 and out == ""
    assert "block does not end with a terminator (after pass breaker)" in err
    assert "; error: @f: block does not end with a terminator" in err


def test_list_passes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry.PASSES, "zeta", _AddOne)
    monkeypatch.setitem(registry.PASSES, "alpha", _AddOne)
    code, out, _ = run(["--list-passes"], monkeypatch)
    names = out.splitlines()
    assert code == 0 and names[0] == "alpha" and names[-1] == "zeta"
    assert "mem2reg" in names  # the real passes are listed too
