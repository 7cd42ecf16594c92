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
    cost, for every prototype of every header)."""
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
