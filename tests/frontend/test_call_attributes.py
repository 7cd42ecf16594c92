"""gcc's "call to 'f' declared with attribute warning/error", reported by sema
(sema/call_attributes.py) only for the calls the lowering emits, at their own
positions, in order with the checker's other diagnostics."""

import re

WARN = 'extern int risky(int) __attribute__((warning("think twice")));\n'
ERR = 'extern void banned(void) __attribute__((error("never")));\n'


def diagnostics(stderr: str) -> list[tuple[int, int, str, str]]:
    return [(int(m[1]), int(m[2]), m[3], m[4])
            for m in re.finditer(r"t\.c:(\d+):(\d+): (warning|error): (.*)", stderr)]


def test_only_emitted_calls_are_reported(compile_c):
    src = (WARN +                                    # 1
           "int f(int x) {\n"                        # 2
           "  if (0) risky(1);\n"                    # 3  dead arm: folded away
           "  int n = sizeof(risky(2));\n"           # 4  not evaluated
           "  if (1) {} else risky(3);\n"            # 5  dead arm
           "  return n + risky(x);\n"                # 6  emitted
           "}\n")
    r = compile_c(src)
    assert r.module is not None
    assert diagnostics(r.stderr) == [
        (6, 14, "warning", "call to 'risky' declared with attribute warning: think twice")]


def test_arguments_are_reported_in_evaluation_order(compile_c):
    """Arguments are evaluated (and their calls emitted) right to left, as gcc does."""
    src = WARN + "int g(int, int);\nint f(void) { return g(risky(1), risky(2)); }\n"
    r = compile_c(src)
    assert [(line, col) for line, col, *_ in diagnostics(r.stderr)] == [(3, 34), (3, 24)]


def test_error_attribute_is_ordered_with_checker_errors(compile_c):
    src = (ERR +
           "void f(void) { banned(); }\n"
           "int g(void) { return y; }\n")
    r = compile_c(src)
    assert r.module is None
    assert [(line, sev, msg[:20]) for line, _, sev, msg in diagnostics(r.stderr)] == [
        (2, "error", "call to 'banned' dec"), (3, "error", "use of undeclared id")]


def test_inlined_body_reports_at_the_outermost_call(compile_c):
    src = (WARN +
           "extern inline __attribute__((gnu_inline)) int wrap(int v) { return risky(v); }\n"
           "int f(int x) {\n"
           "  return wrap(x);\n"
           "}\n")
    r = compile_c(src, opt_level=2)  # gnu_inline bodies are inlined when optimising
    assert [(line, col) for line, col, *_ in diagnostics(r.stderr)] == [(4, 10)]


def test_end_of_unit_errors_after_the_functions(compile_c):
    """The end of the unit (tentative definitions, static data) is checked after every
    function, so its errors come last, as before the checks moved into sema."""
    src = ("struct s;\n"
           "static struct s later;\n"
           "__thread int t;\n"
           "int *p = &t;\n"
           "int f(void) { return z; }\n")
    r = compile_c(src)
    assert r.module is None
    got = [(line, msg) for line, _, _, msg in diagnostics(r.stderr)]
    assert got == [(5, "use of undeclared identifier 'z'"),
                   (2, "tentative definition has incomplete type 'struct s'"),
                   (4, "initializer element is not constant")], r.stderr
