"""The debug-info stages share one `instruction_scopes` per function
(`SharedScopes`): inline-entries, call-site-entries and scope-labels computed it
three times each. A stage that changes a location invalidates it; one that
forgets is caught in checking mode."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from atomc.codegen.debuginfo.instruction_scopes import SharedScopes, instruction_scopes
from atomc.codegen.mir import MFunction
from atomc.ir import cfgstate

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "opt"))
sys.path.insert(0, str(Path(__file__).parent))
from test_instruction_scopes import BODY, IN_MAIN, function, jump, op  # noqa: E402
from work_counts import unchecked_counts  # noqa: E402

# three functions, no inlined call left: no stage has a location to change
_SOURCE = """
__attribute__((noinline)) int twice(int x) { return 2 * x; }
__attribute__((noinline)) int sum(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) { int t = a[i]; s += twice(t); }
    return s;
}
int main(void) { int a[4] = {1, 2, 3, 4}; return sum(a, 4) & 1; }
"""


def test_each_function_computes_its_scopes_once(tmp_path: Path) -> None:
    counts = unchecked_counts(tmp_path / "s.c", _SOURCE)
    assert counts.get("scopes.computed") == 3  # three per function before


def _caller() -> MFunction:
    tail = function([op(IN_MAIN), op(None)], [op(BODY), op(None)], [])
    tail.blocks[1].insts.append(jump(tail.blocks[0], cond=True))
    return tail


def test_an_invalidated_answer_is_recomputed() -> None:
    mf = _caller()
    shared = SharedScopes(mf)
    first = shared.get()
    assert shared.get() is first  # kept
    mf.blocks[0].insts[1].loc = BODY
    shared.invalidate()
    assert shared.get() == instruction_scopes(mf) != first


def test_a_stage_that_forgets_to_invalidate_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfgstate, "CHECK", True)
    mf = _caller()
    shared = SharedScopes(mf)
    shared.get()
    mf.blocks[0].insts[1].loc = BODY  # changes the chains of this and the next block
    with pytest.raises(AssertionError, match="stale instruction scopes"):
        shared.get()
