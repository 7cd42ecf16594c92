"""Debug-info boilerplate for IR-text tests: `!0` is the subprogram of @f,
`!5` an int variable "x", `!6` an int variable "y", `!7` a struct variable "s"
(24 bytes: int a; long b; char c[4]), `!10` a lexical block in @f, and the
`L(line, col, atom)` helper writes a `!loc(...)` in @f's scope."""

from __future__ import annotations

META = """
!0 = DISubprogram(name: "f", linkage: "f", file: !1, line: 1, type: !2, scope_line: 1, unit: !3, local: false, definition: true, key_instructions: true)
!1 = DIFile(name: "t.c", dir: "/tmp")
!2 = DISubroutineType(ret: null, params: (), variadic: false, prototyped: true)
!3 = DICompileUnit(file: !1, producer: "t", language: C11, optimized: true)
!4 = DIBasicType(name: "int", size: 32, encoding: signed)
!5 = DILocalVariable(name: "x", scope: !0, file: !1, line: 2, type: !4, arg: 0)
!6 = DILocalVariable(name: "y", scope: !0, file: !1, line: 3, type: !4, arg: 0)
!7 = DILocalVariable(name: "s", scope: !0, file: !1, line: 4, type: !8, arg: 0)
!8 = DICompositeType(tag: struct, name: "S", size: 192, align: 64, base: null, file: !1, line: 1, declaration: false, elements: ())
!9 = DIBasicType(name: "long", size: 64, encoding: signed)
!10 = DILexicalBlock(scope: !0, file: !1, line: 5, column: 3)
"""


def L(line: int, col: int = 1, atom: tuple[int, int] | None = None, scope: str = "!0") -> str:
    s = f"!loc(line: {line}, column: {col}, scope: {scope}"
    if atom is not None:
        s += f", atom: {atom[0]} {atom[1]}"
    return s + ")"


def module(body: str) -> str:
    return "compile_unit !3\n" + body + "\n" + META
