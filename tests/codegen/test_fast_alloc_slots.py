"""Frames stay flat as a function's code grows: the -O0 allocator shares the
slots of block-local temporaries, the front end lets a statement's temporary
objects (struct arguments' and results' copies) share allocas with later
statements' at every level, and the optimising allocator lets spilled
registers of disjoint intervals share slots.

With one slot per virtual register and one alloca per temporary, an -O0 frame
grew with the function's code: jq's `jv_get` took 4.4 KB of stack (gcc -O0: 88
bytes), and jq's own test suite overflowed the stack in a deep `setpath`
recursion that gcc's build survives. These tests count the frame a long
straight-line function gets, which grows with the number of statements under
the old rules and stays flat under the new ones.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from atomc.codegen.mir import MFunction
from atomc.codegen.regalloc.spill_slots import SpillSlots
from atomc.ir import I32, Function


def _frame_lowering(src: Path, level: str = "-O0") -> str:
    return subprocess.run(
        [sys.executable, "-m", "atomc", level, "-g", "--print-mir-after=frame-lowering", "-S",
         str(src), "-o", "/dev/null"], capture_output=True, text=True, check=True).stderr


def _frame_size(src: Path, function: str, level: str = "-O0") -> int:
    out = _frame_lowering(src, level)
    m = re.search(rf"mfunction @{function} {{\n  function: [^\n]*frame-size (\d+)", out)
    assert m, out[:2000]
    return int(m.group(1))


def _straight_line(n: int) -> str:
    body = "\n".join(f"    a = (b + {i}) * c - (d ^ a) / (b | 1);" for i in range(n))
    return ("int f(int b, int c, int d)\n{\n    int a = 0;\n" + body + "\n    return a;\n}\n")


def test_frame_does_not_grow_with_temporaries(tmp_path: Path) -> None:
    small, large = tmp_path / "small.c", tmp_path / "large.c"
    small.write_text(_straight_line(10))
    large.write_text(_straight_line(200))
    # four locals (16 bytes) plus a few shared temporaries; the old rule gave
    # each statement's five or six temporaries 8 bytes each (over 8 KB here)
    assert _frame_size(large, "f") == _frame_size(small, "f")
    assert _frame_size(large, "f") <= 128


def test_over_aligned_local_keeps_its_address(tmp_path: Path) -> None:
    """The rounded address of an over-aligned local is the variable's location for
    the whole function, so its register never shares a slot."""
    src = tmp_path / "aligned.c"
    src.write_text("int g(int x)\n{\n    int big __attribute__((aligned(64))) = x;\n"
                   + "".join(f"    x = x * 3 + {i};\n" for i in range(20))
                   + "    return big + x;\n}\n")
    out = subprocess.run(
        [sys.executable, "-m", "atomc", "-O0", "-g", "--print-mir-after=regalloc-fast", "-S",
         str(src), "-o", "/dev/null"], capture_output=True, text=True, check=True).stderr
    [dbg] = re.findall(r"DBG_VALUE (stack\.\d+) ; big", out)
    slot_uses = re.findall(rf"\[{re.escape(dbg)}\]", out)
    # the slot holding big's address is written once (its definition) and only read after
    writes = [line for line in out.splitlines()
              if re.search(rf", \[{re.escape(dbg)}\]$", line.split(" :")[0])]
    assert len(writes) == 1, writes
    assert slot_uses
    # its own slot (a home), not one that block-local values take in turn
    assert re.search(rf"  {re.escape(dbg)}: spill size 8 align 8 ; %v\d+\n", out), out[:1500]


_STRUCTS = """
typedef struct { unsigned char kind; int size; void *p; } jv;        /* two INTEGER pieces */
typedef struct { long a, b, c, d; } big;                             /* memory: byval, sret */
jv copy(jv v);
jv get(jv t, jv k);
jv set(jv t, jv k, jv v);
jv num(long n);
big bump(big b, jv k);
"""


def _struct_statements(n: int, attr: str = "") -> str:
    body = "\n".join(f"    v = set(v, get(copy(v), num({i})), copy(num({i} + k.size)));\n"
                     f"    b = bump(bump(b, copy(k)), get(copy(v), k));" for i in range(n))
    return (_STRUCTS + f"{attr} jv f(jv v, jv k)\n{{\n    big b = {{0}};\n{body}\n"
            "    return set(v, k, num(b.a));\n}\n")


def test_struct_temporaries_share_allocas(tmp_path: Path) -> None:
    """Each statement above makes about twenty temporaries (copies of arguments
    passed in pieces or by value, results returned in pieces or through a hidden
    pointer); once a statement is done its temporaries are free for the next."""
    small, large = tmp_path / "small.c", tmp_path / "large.c"
    small.write_text(_struct_statements(5))
    large.write_text(_struct_statements(60))
    assert _frame_size(large, "f") == _frame_size(small, "f")
    # v, k, b and the return value (72 bytes), a few temporaries and shared spill
    # slots; one alloca per temporary took 16 or 32 bytes each (over 20 KB here)
    assert _frame_size(large, "f") <= 512


@pytest.mark.parametrize("level", ["-O1", "-O2", "-O3", "-Os"])
def test_optimised_frames_stay_flat(tmp_path: Path, level: str) -> None:
    """The byval and sret copies of the 32-byte struct stay in memory after SROA,
    and each statement spills registers across its calls: one alloca per
    temporary and one slot per spilled register gave 2,592 bytes of frame for 5
    statements and 28,992 for 60 at -O1 (-O2: 824 and 9,624)."""
    small, large = tmp_path / "small.c", tmp_path / "large.c"
    small.write_text(_struct_statements(5))
    large.write_text(_struct_statements(60))
    assert _frame_size(large, "f", level) == _frame_size(small, "f", level)
    assert _frame_size(large, "f", level) <= 512


def test_spill_slots_shared_by_disjoint_intervals() -> None:
    """A slot is reused only once its occupant's interval has ended, and a debug
    use of a register past its interval is valid only until the next occupant."""
    mf = MFunction("f", Function("f", [], [I32]), 0)
    slots = SpillSlots(mf)
    slots.assign([(10, 20, 1), (12, 30, 2), (20, 40, 3), (22, 24, 4), (31, 50, 5)])
    by = {v: slots.slot(v).index for v in (1, 2, 3, 4, 5)}
    assert len(mf.slots) == 3
    # 4 starts after 1 ended, 5 after 4 and 2 (the lowest free slot); 3 starts where 1 ends
    assert by[5] == by[4] == by[1] and len({by[1], by[2], by[3]}) == 3
    assert slots.valid_at(1, 15) and slots.valid_at(1, 21) and not slots.valid_at(1, 22)
    assert not slots.valid_at(4, 20)  # before 4 starts, 1 holds the slot
    assert slots.valid_at(4, 30) and not slots.valid_at(4, 31)  # then 5 does
    assert slots.valid_at(2, 99)  # nobody else ever takes 2's slot
    fresh = slots.slot(9)  # a register never coloured (rematerialised) gets its own
    assert fresh.index == 3 and slots.valid_at(9, 0)


def test_optnone_function_shares_like_O0(tmp_path: Path) -> None:
    """A function compiled at -O0 inside an optimised build (optnone) shares too."""
    small, large = tmp_path / "small.c", tmp_path / "large.c"
    small.write_text(_struct_statements(5, "__attribute__((optnone))"))
    large.write_text(_struct_statements(60, "__attribute__((optnone))"))
    assert _frame_size(large, "f", "-O2") == _frame_size(small, "f", "-O2") \
        == _frame_size(large, "f")


def test_named_struct_variables_keep_their_slots(tmp_path: Path) -> None:
    """Variables are read by the debugger at their frame offset for their whole
    scope: each named struct keeps an alloca of its own, even in disjoint blocks."""
    src = tmp_path / "named.c"
    src.write_text(_STRUCTS + "jv f(jv v, jv k)\n{\n"
                   + "".join(f"    {{ jv n{i} = get(copy(v), num({i})); v = set(v, k, n{i}); }}\n"
                             for i in range(12))
                   + "    return v;\n}\n")
    out = _frame_lowering(src)
    func = out[out.index("mfunction @f "):]
    func = func[:func.index("\n}")]
    offsets = {name: off for off, name in
               re.findall(r"alloca size 16 align 8 cfa-(\d+) ; (n\d+)$", func, re.M)}
    assert sorted(offsets) == sorted(f"n{i}" for i in range(12))
    assert len(set(offsets.values())) == 12
