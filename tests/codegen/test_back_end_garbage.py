"""The back end leaves no machine code to the cyclic collector, counted, not timed.

A function's machine code is a reference cycle (branches name their blocks) and
instruction selection's state was one (its components point back at it): every
function's instructions, operands and selection tables waited for a young-generation
collection, which walked them all. On sqlite3's amalgamation at -O0 -g those
collections took ~0.85 s of the back end's CPU and found 2.2 million objects.
These tests compile a few functions with the collector saving what it finds
(`gc.DEBUG_SAVEALL`) and count the back end's objects among it."""

from __future__ import annotations

import gc
from collections import Counter

import pytest

from atomc.codegen import generate_assembly
from atomc.diag import DiagnosticEngine
from atomc.frontend.driver import compile_preprocessed
from atomc.options import CompileOptions
from atomc.pipeline import optimise

SOURCE = """
struct item { int key; struct item *next; };
int g;
static int sum(struct item *p, int limit) {
    int s = 0;
    for (int i = 0; p != 0 && i < limit; i++, p = p->next)
        s += (p->key & 1) ? p->key * 3 : -p->key;
    return s;
}
int pick(int x) {
    switch (x) { case 1: return 10; case 2: return 20; case 3: return 35;
                 case 4: return 41; case 7: return 70; default: return -1; }
}
double scale(double v, float f) { return v * f + (g ? 1.0 : 0.5); }
int main(void) { struct item a = {3, 0}; g = sum(&a, 4) + pick(g); return g; }
"""

# what only the back end makes, one class per stage that used to leave cycles
BACK_END_CLASSES = ("MInst", "MBlock", "MFunction", "FunctionISel", "VReg", "Mem")


def _garbage_left(level: int) -> Counter[str]:
    opts = CompileOptions(opt_level=level, debug=True)
    module = optimise(compile_preprocessed(SOURCE, "t.c", opts, DiagnosticEngine()), opts)
    gc.collect()
    was = gc.get_debug()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        generate_assembly(module, opts)
        gc.collect()
        found = Counter(type(o).__name__ for o in gc.garbage)
    finally:
        gc.set_debug(was)
        gc.garbage.clear()
    return Counter({k: found[k] for k in BACK_END_CLASSES if found[k]})


@pytest.mark.parametrize("level", [0, 2])
def test_machine_code_is_freed_without_the_cyclic_collector(level: int) -> None:
    assert _garbage_left(level) == Counter()
