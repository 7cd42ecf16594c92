"""-O2 programs whose `//@ watch` expectations name exact values, checked under gdb
and lldb. "optimized out" never matches an expectation, so each program fails
when the debug-info feature it exercises is lost:

* entry_values.c: the callee's parameters live nowhere after its first call; the
  debuggers must recover them from the caller's DW_TAG_call_site_parameter values
  through DW_OP_entry_value.
* salvaged.c: -O2 deletes the computations of `y = x + 5`, `z = x * 3`,
  `w = x - 9` and `s = k << 2` (never used); dead-code elimination rewrites each
  record to an expression over the surviving operand, which the back end must
  keep through to the location list (over a register or an entry value).
* float_consts.c: `d`, `f` and `e` fold to float constants, described by their
  bit patterns with DW_OP_constu / DW_OP_stack_value.
* x87_values.c: long double variables in their x87 home slots, a parameter in
  the caller's stack copy, and a folded long double constant (its 80-bit
  pattern with DW_OP_implicit_value).
* int128.c: `__int128` parameters and locals live in register pairs; their
  locations have a DW_OP_piece per half (and entry values for each half).
* leaf_frame.c: a leaf's 14 bytes of locals; an odd %rsp made lldb compute no
  CFA, so every stack variable showed garbage (fuzz seeds 2 and 17).
* vla_optimised.c: an -O2 VLA is the memory at its allocation's address, which
  lives in a register; before, it had no variable DIE.
* extensions.c: `int wide = c` (a zext), `long sw = s` (a sext), shifts and masks of
  narrow sums whose registers hold more than the narrow value: the salvaged
  expression must mask before it extends or shifts right (before, `wide` showed 300
  for 44 and `shifted` 4800 for 704; the right shifts and masks had no location).
* inlined_pointer.c: an inlined `bump(&local, k)`: `p` is the frame object's
  address (DW_OP_fbreg, DW_OP_stack_value), so `*p` prints; before, optimized out.
* recursive_params.c: `fib(n - 1)` / `sum(p + 1, ...)`: the argument is a
  callee-saved register plus a constant, which the call site must describe
  (DW_OP_breg3 -1) for the callee's entry value to resolve; before, fib's n was
  optimized out after the recursive calls.
* undo_add.c: `b = a + 7` overwrites a's last copy (no call-site value resolves
  a's entry value); a is described as the register holding b, minus 7, across
  the calls (ldv/derived.py); before, optimized out from the add on.
* derived_values.c: variables whose register the calls reuse while a register
  holds a value they were computed from (`a >> 3`, `a * 1000`, `a ^ 0x55`, a
  mask, a sign extension of a) or that was computed from them (`p ^ 0x55`, a
  sign-extended `q`): described through that register (ldv/derived.py). Before:
  optimized out.
* undo_add_loop.c: the same across a loop's block entries, where a's value is
  located again: the entry must also look for the sum (before, optimized out from
  the loop head on).
* unrolled_counter.c: a `for` unrolled completely, an inlined `imax` per copy,
  every copy's load hoisted to the top by the scheduler: each copy's debug records
  must stay with its code (gdb stops at each inlined call, lldb at every row);
  before, `k` showed 5 over the whole loop and `b` 11 at the first call.
* global_address.c, global_address_far.c: pointers holding a global's, string
  literal's or function's address that no register holds; the location computes
  it from the pc (codegen/debuginfo/address_values.py), which gdb and lldb both
  relocate, anchored within 4 KiB of every pc of a long function. Before:
  optimized out in lldb (a `DW_OP_call4` it does not implement), and in both
  where the address was folded into the loads (`&g_table[1]`).
* inlined_member_pointer.c: an inlined `bump(&pair.hi, 1)` / `bump(&arr[2], 2)`:
  `p` is a frame object's address plus a constant that isel folds into every
  access; described as that address (DW_OP_fbreg N+off). Before: optimized out.
* folded_member_address.c: `p = &o->in` used only through memory operands; the
  `lea` isel made for it is deleted as dead, and p is o's register plus 64
  (dead_def_salvage.py). Before: optimized out everywhere.
* stack_args.c: the seventh and eighth arguments, passed on the stack, loaded into
  registers that are reused after the first check; the caller's argument slots,
  which the function never writes, still hold them (DW_OP_fbreg 0 and 8,
  codegen/debuginfo/incoming_args.py). Before: optimized out from the reuse on.
* scaled_counter.c: lftr deletes the loop counter `k` and tests the byte offset
  iv-sr made; `k` is that offset masked and shifted right, negative offsets and a
  down-counting loop included. Without the mask the back end drops the shift and
  `k` is optimized out over the loop.
* counted_copies.c: a 40-trip loop with a two-line body: `step` must stop on both
  lines at every `k`. Counted unrolling (which leaves the `for` line out between
  copies) keeps to loops all on one line; scaled_counter.c's bodies, unrolled,
  were seen at k = -20, -16, ... only, in gdb and lldb.
* narrow_call_args.c: arguments a `movl` zero-extends into a 64-bit parameter; the
  call-site value must mask the holder's low bits (ldv/widths.py). Before, WRONG:
  `wide(u)` with u = (unsigned)l showed l (21474836492 for 12) and `down(n - 1)`
  at n = 0 showed 2^64 - 1 for 2^32 - 1, in gdb and lldb.
* known_values.c: structs loaded from their read-only constant initialisers and
  passed to a call that reuses the registers; after it, each is the read-only bytes
  it was loaded from (ldv/known.py, static_loads.py). Before: optimized out from the
  call on.
* composed_values.c: struct members computed from main's argc after its register is
  reused, with argc + 1 in a saved register: that register minus 1, then each
  member's own expression (ldv/derived.py, ldv/compose.py). Before: entry values of
  argc, which nothing resolves in main: optimized out.
* loop_exit_values.c: a counter after its loop, reached from the guard and the
  latch with different locations but equal to the loop's bound on both
  (opt/exit_values.py); before: optimized out.
* constant_exit_values.c: counters between constants (`for (i = 0; i < 40; i++)`),
  whose loop has no guard: the exit's one way in is the latch, and the counter
  leaves at a constant (exit_values.py); before: dead (optimized out) after the loop.
* counted_exit_values.c: counters from another constant, stepping by 2 or 4, or
  counting down: after the loop each is a closed form over the bound or the start
  (exit_values.py's `Counted`), e.g. the first multiple of 4 >= n; before: optimized
  out.
* sunk_values.c: `slot = &st->arr[3]` and `twice = k * 2 + 1`, used on one path only,
  are sunk into it; above the branch they are st + 20 and k * 2 + 1 (the sunk
  instruction's operands, salvaged). Before: not assigned yet, optimized out.
* for_line_values.c: values a `for` line (or a fully unrolled trip's code-less
  statement) assigns with no instruction of their own, whose records sit right
  before the line's stop: there the variables keep the values they had, a
  register's or a constant (codegen/debuginfo/line_start_values.py). Before, WRONG:
  `k` = 2 and `n` = 12 at trip 0's header row (k was 13 in a register, n 7), and
  `j` = 0 at the never-run loop's only instruction, a jump (-1 at -O0).
* added_holder.c: an address-taken `c` in its slot, whose loads `add` the loaded
  register as a second holder; the scheduler put that record above the line's
  first row, and records_ahead.py withheld it like a value the record assigns.
  Before: `c` not assigned yet (optimized out) at every stop of the lines reading it.
* known_before_stop.c: `s = 0` and `k = 0`, then a completely unrolled loop in an
  inlined call whose first trip's `s += ...` is computed below the body line's
  first stop and whose `k++` the scheduler put above the trip's code; the records
  sit in front of that stop, where -O0 shows 0 for both: the earlier statements'
  constants hold up to it (line_start_values.py). Before: not assigned yet
  (optimized out) at every call's stop.
* inlined_late_binding.c: an inlined `is_even` whose first row (a merged
  `g_calls += 2`) comes before the binding of its `n`, already computed in a
  register: the binding holds from the instance's first instruction
  (inlined_bindings.py). Before: not assigned yet (optimized out) in every
  inlined call.
* tree_salvage.c: never-used rotates, a byte swap and a mix of x's shifts and masks
  (one value read through several operands: DW_OP_dup, DW_OP_swap), compares with a
  constant and selects between constants, salvaged over x or s (ir/salvage_tree.py).
  Before: optimized out.
* two_values.c: never-used `a + b`, `i + j + 1`, `c - d`, `i & j`, `a * d` over two
  values that live on, in registers and then in spill slots across the calls
  (DW_OP_bregN 0, DW_OP_bregM 0 / DW_OP_fbreg off, DW_OP_deref, then the op:
  ir/operand_records.py, codegen/debuginfo/operand_values.py). Before: optimized out.
* counter_sums.c: `len` in p10's `reverse` loop (its register reused for j) is
  i + j + 1, and `total` lo + hi, counters stepping in opposite directions
  (opt/counter_sums.py). Before: optimized out in the loops.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from atomc_eval.expectations import check_file

PROGRAMS = ["entry_values.c", "salvaged.c", "float_consts.c", "x87_values.c", "int128.c",
            "leaf_frame.c", "vla_optimised.c", "extensions.c", "inlined_pointer.c",
            "recursive_params.c", "undo_add.c", "undo_add_loop.c", "unrolled_counter.c",
            "global_address.c", "global_address_far.c", "inlined_member_pointer.c", "stack_args.c",
            "scaled_counter.c", "narrow_call_args.c", "counted_copies.c",
            "folded_member_address.c", "derived_values.c", "known_values.c",
            "composed_values.c", "sunk_values.c", "loop_exit_values.c",
            "counted_exit_values.c", "for_line_values.c", "constant_exit_values.c",
            "added_holder.c", "known_before_stop.c", "inlined_late_binding.c",
            "tree_salvage.c", "two_values.c", "counter_sums.c"]


@pytest.mark.parametrize("debugger", ["gdb", "lldb"])
@pytest.mark.parametrize("program", PROGRAMS)
def test_watched_values_are_shown(program: str, debugger: str) -> None:
    if shutil.which("gdb" if debugger == "gdb" else "lldb-22") is None:
        pytest.skip(f"{debugger} is not installed")
    report = check_file(str(Path(__file__).parent / "programs" / program),
                        cc=f"{sys.executable} -m atomc -O2 -g {{src}} -o {{out}}",
                        debugger=debugger)
    assert report.passed, report.render()
