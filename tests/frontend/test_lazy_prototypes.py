"""System-header prototypes are checked only once named (issue 13): a file that
includes stdio.h, stdlib.h and string.h and calls two functions checks a handful of
file-scope declarations, not the headers' hundreds; what the program sees of them
(types, redeclaration errors, attributes) is unchanged."""

from atomc.frontend.sema.declarations import DeclarationChecker

HEADERS = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"


def _counting(monkeypatch) -> list[str]:
    seen: list[str] = []
    real = DeclarationChecker.declare_file_scope

    def counting(self, decl, is_definition=False):
        if decl.name is not None:  # not `struct S {...};`
            seen.append(decl.name)
        return real(self, decl, is_definition)

    monkeypatch.setattr(DeclarationChecker, "declare_file_scope", counting)
    return seen


def test_unnamed_prototypes_are_not_checked(compile_c, monkeypatch):
    seen = _counting(monkeypatch)
    r = compile_c(HEADERS + 'int main(void) { printf("%zu\\n", strlen("ab")); return 0; }\n')
    assert r.module is not None, r.stderr
    assert "printf" in seen and "strlen" in seen
    assert "fopen" not in seen and "qsort" not in seen
    # eagerly the three headers' declarations were a few hundred
    assert len(seen) < 60, seen


def test_conflicting_redeclaration_still_reported(compile_c):
    r = compile_c(HEADERS + "int puts(int);\nint main(void) { return 0; }\n")
    assert r.module is None
    assert "conflicting types for 'puts'" in r.stderr


def test_compatible_redeclaration_and_block_scope_shadow(compile_c):
    r = compile_c(HEADERS + "size_t strlen(const char *);\n"
                  "int main(void) { int atoi = 3; { typedef int size_t; size_t n = atoi;"
                  " return (int)strlen(\"x\") + n + abs(-1); } }\n")
    assert r.module is not None, r.stderr
    # checked at file scope: the block's `size_t` typedef does not reach strlen's type
    assert "warning" not in r.stderr and "error" not in r.stderr


def test_call_checks_use_the_prototype(compile_c):
    r = compile_c(HEADERS + "int main(void) { return (int)strlen(3); }\n")
    assert "strlen" in r.stderr and ("integer" in r.stderr or "pointer" in r.stderr)


def test_deferral_walks_declarators_by_field(compile_c, monkeypatch):
    """Deciding whether a prototype may wait reads each declarator node's fields
    directly: no node builds its `children()` tuple (a third of the decision's
    cost, for every prototype of every header). (Without the parse cache, which
    decides the tree's part of it once, when it stores a header.)"""
    monkeypatch.setenv("ATOMC_PARSE_CACHE", "off")
    from pycparser import c_ast
    from pycparserext import ext_c_parser as ext

    from atomc.frontend.sema.lazy_decls import LazyPrototypes

    inside = [False]
    built = [0]
    decided = [0]
    for cls in (c_ast.Decl, c_ast.TypeDecl, c_ast.PtrDecl, c_ast.FuncDecl, c_ast.ParamList,
                c_ast.Typename, c_ast.IdentifierType, c_ast.ArrayDecl, ext.FuncDeclExt):
        def children(self, real=cls.children):
            built[0] += inside[0]
            return real(self)

        monkeypatch.setattr(cls, "children", children)
    real_defer = LazyPrototypes.defer

    def defer(self, decl):
        inside[0] = True
        try:
            kept = real_defer(self, decl)
        finally:
            inside[0] = False
        decided[0] += kept
        return kept

    monkeypatch.setattr(LazyPrototypes, "defer", defer)
    r = compile_c(HEADERS + 'int main(void) { return (int)strlen("ab"); }\n')
    assert r.module is not None, r.stderr
    assert decided[0] > 100  # the headers' prototypes were deferred
    assert built[0] == 0


# -- the program's own prototypes (a project header's, the main file's) ----------

PROJECT_HEADER = """typedef unsigned long size_t;
typedef struct stream stream;
struct state;
enum mode { FAST, SLOW };
""" + "".join(
    f"extern int f{i}(stream *s, const char *p, size_t n, struct state *st, enum mode m,"
    f" int (*cb)(void *, unsigned)) __attribute__((nonnull(1)))"
    f" __attribute__((visibility(\"hidden\")));\n" for i in range(40))


def test_unnamed_program_prototypes_are_not_checked(compile_c, tmp_path, monkeypatch):
    """zlib.h and lua.h declare a hundred to three hundred functions a file mostly
    never calls: those that can report nothing wait until named."""
    (tmp_path / "proj.h").write_text(PROJECT_HEADER)
    seen = _counting(monkeypatch)
    r = compile_c('#include "proj.h"\nint main(void) { return f7(0, "", 0, 0, FAST, 0); }\n')
    assert r.module is not None, r.stderr
    assert [n for n in seen if n.startswith("f")] == ["f7"]
    assert "hidden" in r.module.functions["f7"].attrs  # its attributes, checked late


def _eager(monkeypatch) -> None:
    from atomc.frontend.sema import lazy_decls

    monkeypatch.setattr(lazy_decls._Quiet, "prototype", lambda self, decl: False)


# prototypes whose check reports something: each stays checked in place
REPORTING = [
    "struct S;\nint g(struct S a[2]);\n",  # array of an incomplete type
    "int g(__float128 x);\n",  # an unsupported type by value
    "typedef __float128 big;\nbig g(void);\n",
    "int g(int) __attribute__((bogus));\n",  # an unknown attribute
    "int g(int) __attribute__((visibility(\"nope\")));\n",
    "int g(int) __attribute__((naked));\n",
    "int g(int) __attribute__((section(3)));\n",
    "int g(unknown_t x);\n",
    "int g(long char x);\n",
    "struct S;\nint g(union S *p);\n",  # a tag of the other kind
    "typedef int arr[3];\narr g(void);\n",  # a function returning an array
    "int g(_Float16 x);\n",
    "int g(int a) __attribute__((optimize(\"O9\")));\n",
    "struct S;\nint g(struct S s);\nstruct S { __float128 x; };\n"
    "int main(void) { struct S s; return g(s); }\n",  # completed after the prototype
]


def test_program_prototypes_report_as_if_checked_in_place(compile_c, tmp_path, monkeypatch):
    """A prototype deferred is one whose check reports nothing; every diagnostic of
    these (from a header and from the main file) comes where and as it came when
    every prototype was checked in place."""
    for i, text in enumerate(REPORTING):
        for where in ("header", "main"):
            if where == "header":
                (tmp_path / f"h{i}.h").write_text(text)
                src = f'#include "h{i}.h"\nint k(void);\nint k2(int) __attribute__((bogus2));\n'
            else:
                src = text + "int k(void);\nint k2(int) __attribute__((bogus2));\n"
            lazy = compile_c(src, name=f"t{i}{where}.c", opt_level=0)
            with monkeypatch.context() as m:
                _eager(m)
                eager = compile_c(src, name=f"t{i}{where}.c", opt_level=0)
            assert eager.stderr, (text, "reports nothing: not a case of this test")
            assert lazy.stderr == eager.stderr, (text, where)
            assert (lazy.module is None) == (eager.module is None)


def test_stored_prototypes_are_unpickled_only_when_checked(compile_c):
    """A warm parse cache hands the checker a system header's prototypes pickled
    (prototype_shape.StoredPrototype); those deferred and never named are never
    unpickled: the compile builds the trees of the prototypes it uses, not the
    headers' hundreds."""
    from atomc.frontend.prototype_shape import StoredPrototype
    from atomc.frontend.sema.lazy_decls import LazyPrototypes

    kept = [0]
    real = LazyPrototypes.defer_stored

    def counting(self, stored):
        k = real(self, stored)
        kept[0] += k
        return k

    text = HEADERS + 'int main(void) { printf("%zu\\n", strlen("ab")); return 0; }\n'
    first = compile_c(text)  # stores the headers' segments (if no test did before)
    assert first.module is not None, first.stderr
    before = StoredPrototype.loaded
    LazyPrototypes.defer_stored = counting
    try:
        r = compile_c(text)
    finally:
        LazyPrototypes.defer_stored = real
    assert r.module is not None, r.stderr
    assert kept[0] > 200  # deferred from what the cache recorded
    assert StoredPrototype.loaded - before < 10  # printf, strlen and a few checked


def test_deferral_imports_nothing_per_prototype(monkeypatch):
    """`defer` and the quiet-prototype test read `prototype_shape` through one module
    reference: an import statement in them ran the import machinery (~3 us) for
    every prototype of the unit."""
    import builtins

    from atomc.diag import DiagnosticEngine
    from atomc.frontend.driver import compile_preprocessed
    from atomc.options import CompileOptions

    n = 150
    source = '# 1 "t.c"\ntypedef unsigned long size;\n' + "".join(
        f"int f{i}(int a, size b, const char *c);\n" for i in range(n)) + \
        "int main(void) { return f3(1, 2, \"x\"); }\n"
    imports = [0]
    real = builtins.__import__

    def counting(*args, **kwargs):
        imports[0] += 1
        return real(*args, **kwargs)

    compile_preprocessed(source, "t.c", CompileOptions(), DiagnosticEngine())  # warm
    monkeypatch.setattr(builtins, "__import__", counting)
    compile_preprocessed(source, "t.c", CompileOptions(), DiagnosticEngine())
    assert imports[0] < n // 3, imports[0]
