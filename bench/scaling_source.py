"""C source of one long function, for compile-time scaling measurements.

`generate(n, seed)` writes a translation unit whose function `work` has `n`
top-level statements drawn (deterministically from `seed`) from the shapes real
long functions have: assignments, `if`/`else`, small counted `for` loops, array
stores and calls, loops with a run-time trip count, and flags tested after a
join (jump threading's shape). Used by bench/compile_scaling.py and by the
work-counting tests that guard against quadratic passes
(tests/opt/test_linear_work.py).
"""

from __future__ import annotations

import random

VARS = ("a", "b", "c", "d", "e", "f", "g", "h")
ARRAY = 64


def _expr(rng: random.Random) -> str:
    x, y = rng.choice(VARS), rng.choice(VARS)
    k = rng.randint(1, 99)
    return rng.choice((
        f"{x} + {y}", f"{x} * {k} + {y}", f"{x} - {k}", f"({x} ^ {y}) & {k}",
        f"{x} + arr[{rng.randrange(ARRAY)}]", f"({x} >> 2) + {y}", f"{x} * {y} - {k}",
    ))


def _statement(rng: random.Random) -> list[str]:
    kind = rng.choices(("assign", "if", "for", "store", "call", "loop", "flag"),
                       (5, 3, 2, 2, 1, 1, 1))[0]
    v = rng.choice(VARS)
    if kind == "assign":
        return [f"    {v} = {_expr(rng)};"]
    if kind == "if":
        w = rng.choice(VARS)
        return [f"    if ({v} > {rng.randint(0, 500)}) {{",
                f"        {w} = {_expr(rng)};",
                "    } else {",
                f"        {v} = {_expr(rng)};",
                "    }"]
    if kind == "for":
        return [f"    for (i = 0; i < {rng.randint(2, 9)}; i++) {{",
                f"        {v} += arr[i] + i * {rng.randint(1, 9)};",
                "    }"]
    if kind == "store":
        return [f"    arr[{rng.randrange(ARRAY)}] = {_expr(rng)};"]
    if kind == "loop":  # a trip count known only at run time: the loop stays a loop
        w = rng.choice(VARS)
        return [f"    for (i = 0; i < ({w} & 7); i++) {{",
                f"        {v} += arr[i + {rng.randrange(ARRAY - 8)}] * {rng.randint(2, 9)};",
                "    }"]
    if kind == "flag":  # a join that branches on a constant its predecessors pass
        w = rng.choice(VARS)
        return ["    i = 0;",
                f"    if ({v} < {w})",
                "        i = 1;",
                f"    if (i) {w} = {_expr(rng)};"]
    return [f"    {v} = sink({_expr(rng)}, {rng.choice(VARS)});"]


def generate(n: int, seed: int = 1) -> str:
    """A C file with one function of `n` statements (plus declarations and a return)."""
    rng = random.Random(seed * 1_000_003 + n)
    lines = ["int sink(int x, int y);", "", f"int arr[{ARRAY}];", "",
             "int work(int a, int b) {",
             "    int c = a + 1, d = b - 1, e = a ^ b, f = 3, g = 7, h = 11;",
             "    int i;"]
    for _ in range(n):
        lines.extend(_statement(rng))
    lines += ["    return " + " + ".join(VARS) + ";", "}", ""]
    return "\n".join(lines)
