"""The mypyc-compiled atomc (scripts/build_compiled.py, in build/compiled or
$ATOMC_COMPILED_DIR) writes byte for byte the assembly the pure-Python atomc
writes, at -O0 -g and -O2 -g, on programs that exercise the whole back end.

mypyc changes how the same source runs (early-bound calls, annotations checked at
run time, native integers), so a difference here is a bug in one of the two:
usually an annotation that does not hold. Skips when there is no compiled build or
when it was built from other sources than src/ (rebuild it); CI builds it.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
TREE = Path(os.environ.get("ATOMC_COMPILED_DIR", ROOT / "build" / "compiled")).resolve()
BENCH = ROOT / "bench" / "programs"
EXEC = ROOT / "tests" / "exec" / "programs"
# bench/ exercises the whole back end; the exec programs build atomics and overflow
# builtins' instructions in front-end modules that stay Python
PROGRAMS = (BENCH / "interp.c", BENCH / "lz.c", BENCH / "bignum.c", BENCH / "dp.c",
            BENCH / "hash.c", EXEC / "350_atomic_builtins.c",
            EXEC / "241_generic_overflow_builtins.c")
LEVELS = ("-O0", "-O2")


def _build_script() -> ModuleType:
    """scripts/build_compiled.py, for its source hash."""
    spec = importlib.util.spec_from_file_location("build_compiled",
                                                  ROOT / "scripts" / "build_compiled.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def _state() -> str | None:
    """Why the compiled build cannot be tested, or None."""
    stamp = TREE / "atomc" / "COMPILED"
    if not stamp.exists():
        return f"no compiled build in {TREE} (python scripts/build_compiled.py)"
    if stamp.read_text().strip() != _build_script().source_hash(ROOT / "src" / "atomc"):
        return f"compiled build in {TREE} is stale (python scripts/build_compiled.py)"
    return None


pytestmark = pytest.mark.skipif(_state() is not None, reason=_state() or "")


def _env(path: Path) -> dict[str, str]:
    """Run atomc from `path`, each compile in a process of its own (not through the
    session's compile server, which runs the pure compiler). From src/ that is the
    pure package: the launcher would otherwise pick the compiled copy of this
    checkout (atomc/compiled_copy.py), and the test would compare it with itself."""
    env = {k: v for k, v in os.environ.items() if k not in ("ATOMC_SERVER", "ATOMC_COMPILED")}
    pure = {"ATOMC_COMPILED": "0"} if path == ROOT / "src" else {}
    return env | {"PYTHONPATH": str(path), "ATOMC_SERVER": "off"} | pure


@pytest.mark.parametrize(("path", "kind"), [(ROOT / "src", "(pure Python)"),
                                            (TREE, "compiled by mypyc")])
def test_each_side_runs_its_build(path: Path, kind: str) -> None:
    """The two sides compared below really are the two builds."""
    proc = subprocess.run([sys.executable, "-m", "atomc", "-v"], env=_env(path),
                          capture_output=True, text=True, check=True)
    assert kind in proc.stderr


def test_compiled_modules_are_loaded() -> None:
    """The compiled copy really runs native code for the back end."""
    code = "import atomc.codegen.regalloc.linear as m, atomc.ir.insts as i; " \
           "print(m.__file__); print(i.__file__)"
    out = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                         capture_output=True, text=True).stdout.split()
    assert all(f.endswith(".so") and f.startswith(str(TREE)) for f in out), out


@pytest.mark.parametrize("path", [ROOT / "src", TREE], ids=["pure", "compiled"])
def test_front_end_checker_and_types_are_compiled(path: Path) -> None:
    """The type checker, the typed tree and the C types run native code (one library
    with the modules whose classes subclass theirs, scripts/build_compiled.py), and
    the C types keep the dataclass fields the pure package has: compiled by mypyc a
    base class's annotations and a dataclass body's ClassVar reach the dataclass
    machinery as fields (ctype.py keeps them out of the bodies it hands over)."""
    code = """if True:
        from dataclasses import fields
        import atomc.frontend.sema.expressions as e, atomc.frontend.tree as t
        import atomc.frontend.ctype as c, atomc.frontend.scopes as s
        for m in (e, t, c, s):
            print(m.__file__)
        print("FIELDS", *[",".join(f.name for f in fields(k)) for k in
                          (c.IntT, c.FloatT, c.ArrayT, c.VlaT, c.Qualified, c.Typedef)])
        q = c.Qualified(c.INT, const=True)
        print("LAYERS", c.INT.layered, q.layered, c.Typedef("t", q).layered,
              c.unqual(q) is c.INT, c.INT.size, c.LDOUBLE.align, c.ArrayT(c.INT, 3).align)
        p = s.new_pos("f.c", 3, 4)
        print("POS", type(p) is s.Pos, p == s.Pos("f.c", 3, 4))
    """
    out = subprocess.run([sys.executable, "-c", code], env=_env(path), check=True,
                         capture_output=True, text=True).stdout.splitlines()
    assert all(f.endswith(".so" if path == TREE else ".py") and f.startswith(str(path))
               for f in out[:4]), out
    assert out[4].split()[1:] == ["name,nbytes,signed,rank", "name,nbytes", "elem,count",
                                  "elem,dim,count_slot,di_count", "base,const,volatile,atomic",
                                  "name,base,file,line"], out
    assert out[5:] == ["LAYERS False True True True 4 16 4", "POS True True"], out


@pytest.mark.parametrize("path", [ROOT / "src", TREE], ids=["pure", "compiled"])
def test_new_pos_runs_no_python_code(path: Path) -> None:
    """`scopes.new_pos` (the checker makes a position for most nodes it checks) makes
    its `Pos` without the `__init__` dataclasses wrote, which is Python code in both
    builds: compiled, `Pos(...)` ran it (~3,700 instructions a position, 2.8% of
    deflate.c's -O0 -g compile). Counted: the Python calls a profile hook sees."""
    code = """if True:
        import sys
        import atomc.frontend.scopes as s
        calls = []
        def hook(frame, event, arg):
            if event == "call" and frame.f_code.co_name != "new_pos":  # (pure: Python)
                calls.append(frame.f_code.co_qualname)
        sys.setprofile(hook)
        for line in range(1, 101):
            p = s.new_pos("f.c", line, 2)
        sys.setprofile(None)
        print(len(calls), calls[:3], p == s.Pos("f.c", 100, 2))
    """
    out = subprocess.run([sys.executable, "-c", code], env=_env(path), check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == ["0", "[]", "True"], out


def test_symbols_are_made_by_compiled_code() -> None:
    """`scopes.Symbol` writes its `__init__` out, which mypyc compiles: made through
    the one dataclasses generates, Python code, a symbol cost ~5,500 instructions.
    Counted: the Python calls a profile hook sees while 100 symbols are made."""
    code = """if True:
        import sys
        from atomc.frontend.ctype import INT
        from atomc.frontend.scopes import Pos, StorageClass, Symbol, SymKind
        pos = Pos("t.c", 1, 2)
        calls = []
        sys.setprofile(lambda frame, event, arg: calls.append(frame.f_code.co_qualname)
                       if event == "call" else None)
        for i in range(100):
            sym = Symbol("x", INT, SymKind.VAR, StorageClass.AUTO, pos, param_index=i)
        sys.setprofile(None)
        print(len(calls), calls[:3], sym.param_index, sym.attrs, sym.link_name == "")
    """
    out = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                         capture_output=True, text=True).stdout.split()
    assert out == ["0", "[]", "99", "set()", "True"], out


def test_call_attribute_warnings_as_the_pure_compiler(tmp_path: Path) -> None:
    """sema/call_attributes.py walks the checked tree's children by their slots, which
    mypyc drops from compiled classes: both builds report the same calls, in order."""
    src = tmp_path / "t.c"
    src.write_text('extern int risky(int) __attribute__((warning("think twice")));\n'
                   "int g(int, int);\n"
                   "int f(int x) {\n  if (0) risky(1);\n"
                   "  return g(risky(x), risky(2)) + (x ? risky(3) : 0);\n}\n")
    err = {}
    for label, path in (("pure", ROOT / "src"), ("compiled", TREE)):
        err[label] = subprocess.run([sys.executable, "-m", "atomc", "-O0", "-c", str(src),
                                     "-o", str(tmp_path / "t.o")], env=_env(path),
                                    check=True, capture_output=True, text=True).stderr
    assert err["pure"].count("declared with attribute warning") == 3, err["pure"]
    assert err["compiled"] == err["pure"]


def test_compile_maps_few_libraries(tmp_path: Path) -> None:
    """A compile loads the compiled code as one library per package
    (scripts/build_compiled.py's default layout): of the copy's extension files only
    those libraries and the shims of the modules imported from Python code or from
    another package are mapped (32), not a shim and a library for each of the ~125
    compiled modules it runs (251 files with one library per module: start-up 0.16 s
    of CPU against the pure package's 0.12)."""
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    code = f"""if True:
        import atexit, sys
        from atomc.server.client import main
        def count():
            maps = {{line.split()[-1] for line in open("/proc/self/maps")
                     if line.rstrip().endswith(".so") and {str(TREE)!r} in line}}
            print("MAPPED", len(maps), sum("__mypyc" in m for m in maps), file=sys.stderr)
        atexit.register(count)
        sys.argv = ["atomc", "-O0", "-g", "-c", {str(tmp_path / "t.c")!r},
                    "-o", {str(tmp_path / "t.o")!r}]
        main()
    """
    proc = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                          capture_output=True, text=True)
    line = next(x for x in proc.stderr.splitlines() if x.startswith("MAPPED "))
    files, libraries = map(int, line.split()[1:])
    assert libraries <= len(_build_script().PACKAGES) and files <= 40, line


@pytest.mark.parametrize("level", ["-O0", "-O2"])
def test_only_optimised_compiles_load_the_optimiser_library(level: str,
                                                             tmp_path: Path) -> None:
    """The back end's library names no module of the optimiser's package (it finds
    the i128 legaliser by name, codegen/pipeline.py), so a -O0 compile does not load
    the optimiser's library; -O2 does, the control."""
    (tmp_path / "t.c").write_text("int main(void) { return 0; }\n")
    code = f"""if True:
        import atexit, os, sys
        from atomc.server.client import main
        def names():
            maps = {{os.path.basename(line.split()[-1]) for line in open("/proc/self/maps")
                     if line.rstrip().endswith(".so") and {str(TREE)!r} in line}}
            print("MAPPED", *sorted(maps), file=sys.stderr)
        atexit.register(names)
        sys.argv = ["atomc", {level!r}, "-g", "-c", {str(tmp_path / "t.c")!r},
                    "-o", {str(tmp_path / "t.o")!r}]
        main()
    """
    proc = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                          capture_output=True, text=True)
    line = next(x for x in proc.stderr.splitlines() if x.startswith("MAPPED "))
    optimiser = [m for m in line.split()[1:] if m.startswith("atomc_opt__mypyc")]
    assert len(optimiser) == (level != "-O0"), line


def test_instructions_built_by_python_code_are_initialised() -> None:
    """A compiled instruction class called from Python code runs its `__init__`, and
    the cloner's copy of it (made by `cls.__new__`) has every attribute."""
    code = """if True:
        from atomc.ir import ARTIFICIAL, I32, PTR, AtomicStore, Ordering, Value
        from atomc.ir.cloning import Cloner
        ptr, v = Value(PTR, "p"), Value(I32, "v")
        st = AtomicStore(v, ptr, Ordering.RELEASE, loc=ARTIFICIAL)
        cp = Cloner().clone_inst(st)
        for i in (st, cp):
            print(i.op.value, i.ordering.name, i.ptr.name, i.value.name, len(i.uses))
        print(len(v.uses), len(ptr.uses))
    """
    out = subprocess.run([sys.executable, "-c", code], env=_env(TREE), check=True,
                         capture_output=True, text=True).stdout.split("\n")
    assert out[:3] == ["atomic_store RELEASE p v 0"] * 2 + ["2 2"], out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("src", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_same_assembly(src: Path, level: str, tmp_path: Path) -> None:
    asm = {}
    for label, path in (("pure", ROOT / "src"), ("compiled", TREE)):
        out = tmp_path / f"{label}.s"
        subprocess.run([sys.executable, "-m", "atomc", level, "-g", "-S", str(src),
                        "-o", str(out)], env=_env(path), check=True)
        asm[label] = out.read_bytes()
    assert asm["pure"] == asm["compiled"]


def _compile_all(path: Path, files: list[Path], words: list[str], cwd: Path
                 ) -> subprocess.CompletedProcess[str]:
    """One atomc process of `path`'s build compiling every file of `files` (gcc's way:
    each file its own output in `cwd`, a failing one not stopping the others)."""
    cwd.mkdir()
    return subprocess.run([sys.executable, "-m", "atomc", *words, *map(str, files)],
                          env=_env(path), cwd=cwd, capture_output=True, text=True,
                          check=False)


def test_exec_programs_same_assembly(tmp_path: Path) -> None:
    """The compiled checker, C types and tree (frontend) on every construct the
    execution tests hold, at -O0 -g, where the assembly follows the front end closely."""
    files = sorted(EXEC.glob("*.c"))
    runs = {label: _compile_all(path, files, ["-O0", "-g", "-S", "-w"], tmp_path / label)
            for label, path in (("pure", ROOT / "src"), ("compiled", TREE))}
    assert runs["pure"].returncode == 0, runs["pure"].stderr
    assert runs["compiled"].returncode == 0, runs["compiled"].stderr
    assert runs["compiled"].stderr == runs["pure"].stderr
    for f in files:
        name = f.with_suffix(".s").name
        assert (tmp_path / "compiled" / name).read_bytes() == \
            (tmp_path / "pure" / name).read_bytes(), name


def test_diagnostics_as_the_pure_compiler(tmp_path: Path) -> None:
    """Bad input takes the checker down its rarer paths: every case of tests/diag gets
    the same diagnostics from both builds."""
    files = sorted((ROOT / "tests" / "diag" / "cases").glob("*.c"))
    runs = {label: _compile_all(path, files, ["-S", "-Wall"], tmp_path / label)
            for label, path in (("pure", ROOT / "src"), ("compiled", TREE))}
    assert runs["pure"].returncode == runs["compiled"].returncode == 1
    assert "Traceback" not in runs["compiled"].stderr
    assert runs["compiled"].stderr == runs["pure"].stderr
    assert runs["pure"].stderr.count(": error: ") >= len(files)
