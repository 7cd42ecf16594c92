"""A few diagnostics with their exact positions (the corpus in tests/diag has the bulk)."""

import re

import pytest


def first_error(stderr: str) -> tuple[int, int, str]:
    m = re.search(r":(\d+):(\d+): error: (.*)", stderr)
    assert m, stderr
    return int(m.group(1)), int(m.group(2)), m.group(3)


CASES = [
    ("int main(void) {\n  return y;\n}\n", 2, 10, "use of undeclared identifier 'y'"),
    ("int f(int a, int b);\nint main(void) {\n  return f(1);\n}\n", 3, 10, "too few arguments"),
    ("int main(void) {\n  int a;\n  a + 1 = 3;\n  return 0;\n}\n", 3, 9, "lvalue"),
    ("struct s { int a; };\nint main(void) {\n  struct s v;\n  return v.b;\n}\n", 4, 12, "no member named 'b'"),
    ("int main(void) {\n  break;\n}\n", 2, 3, "'break' statement not in loop"),
    ("int main(void) {\n  goto nowhere;\n}\n", 2, 3, "label"),
    ("int main(void) {\n  const int c = 1;\n  c = 2;\n  return c;\n}\n", 3, 3, "const"),
    ("int main(void) {\n  int x = 3\n  return x;\n}\n", 3, 3, "expected ';'"),
    ("int main(void) {\n  __float128 d = 1;\n  return 0;\n}\n", 2, 14, "__float128 (_Float128"),
    ("struct b { int f : 40; };\nint main(void) { return 0; }\n", 1, 16, "exceeds the width"),
    ("int main(void) {\n  int n = 3;\n  goto in;\n  {\n    int v[n];\n  in:\n    v[0] = 1;\n"
     "  }\n  return 0;\n}\n", 3, 3, "variably modified"),
    ("void f(void) {}\nint main(void) {\n  int x = f();\n  return x;\n}\n", 3, 11, "void"),
    ("int main(void) {\n  int x = 1;\n  return x[0];\n}\n", 3, 10, "subscript"),
]


@pytest.mark.parametrize("src,line,col,text", CASES, ids=[c[3][:24] for c in CASES])
def test_diagnostic_position(compile_c, src, line, col, text):
    r = compile_c(src)
    assert r.module is None
    got_line, got_col, msg = first_error(r.stderr)
    assert text in msg
    assert (got_line, got_col) == (line, col), r.stderr


def test_missing_include(compile_c):
    r = compile_c('#include "nothere.h"\nint main(void) { return 0; }\n')
    assert r.module is None
    assert "t.c:1:10: error:" in r.stderr and "file not found" in r.stderr


def test_empty_translation_unit(compile_c):
    r = compile_c("\n/* nothing */\n")
    assert r.module is None and "empty" in r.stderr


def test_binary_garbage(compile_c, tmp_path):
    src = tmp_path / "bin.c"
    src.write_bytes(bytes(range(256)) * 4)
    r = compile_c("", name="unused.c")
    import io

    from atomc.diag import CompileAborted, DiagnosticEngine
    from atomc.frontend import compile_to_ir
    from atomc.options import CompileOptions
    out = io.StringIO()
    with pytest.raises(CompileAborted):
        compile_to_ir(str(src), CompileOptions(), DiagnosticEngine(out=out))
    assert "error:" in out.getvalue() and "Traceback" not in out.getvalue()
    del r


def test_float_prototypes_in_system_headers_are_accepted(compile_c):
    r = compile_c("#include <stdlib.h>\n#include <math.h>\nint main(void) { return abs(-3); }\n")
    assert r.module is not None, r.stderr


def test_one_struct_definition_for_several_declarators(compile_c):
    """pycparser hands every declarator of `struct s {...} a, b;` the same definition
    node: it is one definition (file scope and block scope), not a redefinition."""
    r = compile_c("struct s { int a; long b; } g1, *g2 = &g1;\n"
                  "int main(void) {\n  struct t { char c; } x, y[2];\n"
                  "  y[1].c = x.c = 1;\n  g2->a = y[1].c;\n  return g1.a;\n}\n")
    assert r.module is not None, r.stderr
    assert r.stderr == ""
