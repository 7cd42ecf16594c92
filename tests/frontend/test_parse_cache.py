"""The on-disk cache of parsed header segments (frontend/parse_cache.py): a warm
compile must parse exactly what a cold one does (the same tree, typedef names,
diagnostics and assembly), and any change to a header's text or the macros it sees
must miss."""

import io
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest
from pycparser import c_ast

from atomc.diag import DiagnosticEngine
from atomc.frontend import parse_cache
from atomc.frontend.parse import _Parser, parse_c
from atomc.frontend.preprocess import run_cpp
from atomc.frontend.prototype_shape import StoredPrototype, loaded
from atomc.options import CompileOptions


def _fields(node: object) -> list[tuple[str, object]]:
    names = [s for cls in type(node).__mro__ for s in getattr(cls, "__slots__", ())
             if s not in ("__weakref__", "__dict__") and hasattr(node, s)]
    out = [(s, getattr(node, s)) for s in names]
    if hasattr(node, "__dict__"):
        out += sorted(vars(node).items())
    return out


def same_tree(a: object, b: object, path: str = "") -> str | None:
    """Where two syntax trees differ (every field, coordinates included), or None."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} vs {type(b).__name__}"
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{path}: {len(a)} vs {len(b)} items"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if (r := same_tree(x, y, f"{path}[{i}]")) is not None:
                return r
        return None
    if isinstance(a, (str, int, float, bool, bytes, type(None))):
        return None if a == b else f"{path}: {a!r} vs {b!r}"
    fa, fb = _fields(a), _fields(b)
    if [n for n, _ in fa] != [n for n, _ in fb]:
        return f"{path}: fields differ"
    for (name, x), (_, y) in zip(fa, fb, strict=True):
        if (r := same_tree(x, y, f"{path}.{name}")) is not None:
            return r
    return None


def preprocess(src: Path, **opts) -> str:
    return run_cpp(str(src), CompileOptions(**opts), DiagnosticEngine(out=io.StringIO()))


def parse_with(text: str, root: Path | None) -> tuple[c_ast.FileAST, dict[str, int]]:
    """Parse through a cache in `root` (None: no cache); the tree and the store's counts."""
    if root is None:
        ast = parse_c(text, "t.c", DiagnosticEngine(out=io.StringIO()))
        return c_ast.FileAST([loaded(d) for d in ast.ext]), {}
    parser = _Parser()
    store = parse_cache.Store(root)
    decls = parse_cache.parse_segmented(parser, text, "t.c", store,
                                        dict.fromkeys(parser.initial_type_symbols, True))
    # prototypes kept pickled (prototype_shape.StoredPrototype) as their trees
    return c_ast.FileAST([loaded(d) for d in decls]), store.stats


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A main file using typedef names from two headers, one inside a struct whose
    body the next header closes (no segment may end inside that declaration)."""
    (tmp_path / "types.h").write_text(
        "#include <stddef.h>\n#ifdef WIDE\ntypedef long T;\n#else\ntypedef int T;\n#endif\n"
        "typedef struct { T a; size_t n; } pair;\nstruct open {\n")
    (tmp_path / "close.h").write_text("T inside;\n};\nT (*fn)(T);\n")
    (tmp_path / "t.c").write_text(
        '#include <stdio.h>\n#include "types.h"\n#include "close.h"\n#include <string.h>\n'
        "T x;\nint main(void) { T * y = &x; pair p = {0}; (T)(*y); return (int)p.n; }\n")
    return tmp_path


def test_warm_parse_is_the_cold_parse(project: Path, tmp_path: Path) -> None:
    text = preprocess(project / "t.c")
    plain, _ = parse_with(text, None)
    cold, stats = parse_with(text, tmp_path / "cache")
    assert stats["hits"] == 0 and stats["stored"] > 5
    warm, stats = parse_with(text, tmp_path / "cache")
    assert stats["stored"] == 0 and stats["hits"] > 5
    assert same_tree(plain, cold) is None
    assert same_tree(plain, warm) is None
    # the main file's `T * y` is a declaration only if T came back as a typedef name
    body = warm.ext[-1].body.block_items
    assert isinstance(body[0], c_ast.Decl) and body[0].name == "y"


def _edit(path: Path, old: str, new: str) -> None:
    path.write_text(path.read_text().replace(old, new))


def test_changed_header_or_macro_misses(project: Path, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    parse_with(preprocess(project / "t.c"), cache)
    edits = [
        lambda: None,  # -DWIDE below
        lambda: _edit(project / "types.h", "size_t n", "size_t m"),
        # inside the struct that types.h opens: no segment may end before it
        lambda: _edit(project / "close.h", "T inside;", "T inside2;"),
    ]
    for i, edit in enumerate(edits):
        edit()
        text = preprocess(project / "t.c", defines=("WIDE",) if i == 0 else ())
        plain, _ = parse_with(text, None)
        tree, stats = parse_with(text, cache)
        assert same_tree(plain, tree) is None
        assert stats["stored"] > 0  # the changed segment and every one after it
        assert stats["hits"] > 0  # <stdio.h> before it is still shared
    wide = parse_with(preprocess(project / "t.c", defines=("WIDE",)), cache)[0]
    t = next(d for d in wide.ext if isinstance(d, c_ast.Typedef) and d.name == "T")
    assert t.type.type.names == ["long"]


def test_shared_across_main_files(project: Path, tmp_path: Path) -> None:
    """The same headers included from another main file (or from another header)
    are the same segments."""
    cache = tmp_path / "cache"
    parse_with(preprocess(project / "t.c"), cache)
    (project / "u.c").write_text('#include "stdio_wrap.h"\nint u(void) { return 0; }\n')
    (project / "stdio_wrap.h").write_text("#include <stdio.h>\n")
    text = preprocess(project / "u.c")
    tree, stats = parse_with(text, cache)
    assert stats["hits"] > 0
    assert same_tree(parse_with(text, None)[0], tree) is None


def _compile_errors(src: Path, env_cache: str) -> str:
    env = dict(os.environ, ATOMC_PARSE_CACHE=env_cache)
    env["ATOMC_SERVER"] = "off"
    proc = subprocess.run([sys.executable, "-m", "atomc", "-fsyntax-only", str(src)],
                          check=False, capture_output=True, text=True, env=env,
                          cwd=src.parent)
    assert proc.returncode != 0
    return proc.stderr


@pytest.mark.parametrize("broken", ["main", "header"])
def test_diagnostics_unchanged(project: Path, tmp_path: Path, broken: str) -> None:
    if broken == "main":
        (project / "t.c").write_text((project / "t.c").read_text() + "int z = ;\n")
    else:
        (project / "close.h").write_text("T inside;\n};\nT (*fn)(T) T;\n")
    cache = str(tmp_path / "cache")
    plain = _compile_errors(project / "t.c", "off")
    assert "error" in plain
    assert _compile_errors(project / "t.c", cache) == plain  # cold
    assert _compile_errors(project / "t.c", cache) == plain  # warm


def test_same_assembly(project: Path, tmp_path: Path) -> None:
    out = {}
    cached = str(tmp_path / "c")
    for run, cache in (("off", "off"), ("cold", cached), ("warm", cached)):
        env = dict(os.environ, ATOMC_PARSE_CACHE=cache)
        env["ATOMC_SERVER"] = "off"
        asm = tmp_path / f"{run}.s"
        subprocess.run([sys.executable, "-m", "atomc", "-O0", "-g", "-S", "t.c", "-o", str(asm)],
                       check=True, env=env, cwd=project)
        out[run] = asm.read_text()
    assert out["off"] == out["cold"] == out["warm"]
    assert not (tmp_path / "off").exists()


def test_off_writes_nothing(project: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv(parse_cache.ENV_VAR, "off")
    assert parse_cache.cache_dir() is None
    monkeypatch.setenv(parse_cache.ENV_VAR, str(tmp_path / "here"))
    assert parse_cache.cache_dir() == str(tmp_path / "here")
    monkeypatch.delenv(parse_cache.ENV_VAR)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert parse_cache.cache_dir() == str(tmp_path / "xdg" / "atomc" / "parse")


def test_damaged_entries_are_misses(project: Path, tmp_path: Path) -> None:
    text = preprocess(project / "t.c")
    cache = tmp_path / "cache"
    parse_with(text, cache)
    entries = sorted(cache.rglob("*.pickle"))
    entries[0].write_bytes(entries[0].read_bytes()[:10])
    entries[-1].write_bytes(b"")
    tree, stats = parse_with(text, cache)
    assert same_tree(parse_with(text, None)[0], tree) is None
    assert stats["stored"] >= 1


def _parse_in_child(args: tuple[str, str]) -> bytes:
    import pickle
    text, root = args
    tree, _ = parse_with(text, Path(root))
    return pickle.dumps(len(tree.ext))


def test_concurrent_writers(project: Path, tmp_path: Path) -> None:
    """Compiles filling the same empty cache at once never read half an entry or leave
    temporary files, and the cache they leave parses like no cache."""
    text = preprocess(project / "t.c")
    cache = tmp_path / "cache"
    with multiprocessing.get_context("fork").Pool(4) as pool:
        results = pool.map(_parse_in_child, [(text, str(cache))] * 8)
    assert len(set(results)) == 1
    assert not [p for p in cache.rglob("*") if p.name.startswith(".tmp-")]
    tree, stats = parse_with(text, cache)
    assert stats["stored"] == 0
    assert same_tree(parse_with(text, None)[0], tree) is None


def _named(read_fd: int) -> list[str]:
    os.set_blocking(read_fd, False)
    data = b""
    try:
        while chunk := os.read(read_fd, 65536):
            data += chunk
    except BlockingIOError:
        pass
    return [os.fsdecode(n) for n in data.split(b"\n") if n]


def _parse_forked(text: str, cache: Path) -> tuple[str | None, dict[str, int]]:
    """Parse in a forked child (as a compile server runs compiles): where its tree
    differs from a plain parse (None: nowhere) and its store's counts."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        code = 1
        try:
            os.close(r)
            tree, stats = parse_with(text, cache)
            again, _ = parse_with(text, cache)  # a second compile in the same process
            diff = same_tree(parse_with(text, None)[0], tree) or \
                same_tree(parse_with(text, None)[0], again)
            os.write(w, repr((diff, stats)).encode())
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    data = b""
    while chunk := os.read(r, 65536):
        data += chunk
    os.close(r)
    assert os.waitpid(pid, 0)[1] == 0
    import ast
    return ast.literal_eval(data.decode())


def test_resident_segments_are_the_stored_ones(project: Path, tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """A compile server holds the entries its compiles named: a child forked after
    that unpickles none of them and parses exactly as without them, for the
    program it named them for and for one whose headers see another macro."""
    cache = tmp_path / "cache"
    monkeypatch.setenv(parse_cache.ENV_VAR, "off")  # the plain parses touch no cache
    resident = parse_cache.Resident()
    monkeypatch.setattr(parse_cache, "RESIDENT", resident)
    narrow, wide = preprocess(project / "t.c"), preprocess(project / "t.c", defines=("WIDE",))
    r, w = os.pipe()
    resident.report_fd = w
    diff, stats = _parse_forked(narrow, cache)  # cold: stores and names every segment
    assert diff is None and stats["stored"] > 5
    names = sorted(set(_named(r)))  # the second parse in the child read them again
    assert len(names) == stats["stored"]
    assert all(resident.load(n) for n in names)
    assert not any(resident.load(n) for n in names)  # held once
    diff, stats = _parse_forked(narrow, cache)
    assert diff is None and stats["hits"] == len(names) and stats["unpickled"] == 0
    # only the second parse in the child read from disk: the first took them all
    assert sorted(set(_named(r))) == names
    # another macro: the segments from types.h on differ, <stdio.h> before is held
    diff, stats = _parse_forked(wide, cache)
    assert diff is None and stats["stored"] > 0 and 0 < stats["hits"] < len(names)
    assert stats["unpickled"] == 0
    assert len(set(_named(r)) - set(names)) == stats["stored"]
    # the server's own table is untouched by what its children took
    assert len(resident.entries) == len(names)
    # past the limit a server holds no more (the first entry takes it past 1 byte)
    monkeypatch.setattr(parse_cache, "RESIDENT_LIMIT", 1)
    small = parse_cache.Resident()
    assert [small.load(n) for n in names[:3]] == [True, False, False]
    os.close(r)
    os.close(w)


def test_entries_rebuild_nodes_by_their_calls(project: Path, tmp_path: Path) -> None:
    """A stored segment makes each pycparser node and coordinate by one call, not
    an empty object and a dictionary of its state (`parse_cache._call_reduce`):
    over <stdio.h> and the project's headers no entry builds a state more than a
    few times (atomc's and pycparserext's node subclasses), and unpickling gives
    the cold parse's tree (test_warm_parse_is_the_cold_parse)."""
    import pickle
    import pickletools

    parse_with(preprocess(project / "t.c"), tmp_path / "cache")
    entries = list((tmp_path / "cache").rglob("*.pickle"))
    assert len(entries) > 5
    built = made = 0
    for path in entries:
        data = path.read_bytes()
        for op, _, _ in pickletools.genops(data):
            built += op.name == "BUILD"
            made += op.name == "REDUCE"
        pickle.loads(data)
    assert made > 1000
    assert built * 50 < made  # the default pickled every node and coordinate by BUILD
