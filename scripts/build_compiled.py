#!/usr/bin/env python3
"""Build atomc's compiler packages into C extensions with mypyc (issue 13).

atomc is pure Python and stays so: src/ is what the editable install runs and what
the test suite tests. This script makes a second, compiled copy beside it:

    build/compiled/atomc/...            every .py of src/atomc, copied
    build/compiled/atomc/ir/insts.cpython-311-x86_64-linux-gnu.so   (etc.: shims)
    build/compiled/atomc_ir__mypyc.cpython-311-x86_64-linux-gnu.so  (etc.: the code)

An extension module next to a .py of the same name shadows it on import, so
putting build/compiled first on the path runs the compiled compiler:

    PYTHONPATH=$PWD/build/compiled atomc -O2 -g -c file.c

Compiled are the packages that hold the compile time once the source is parsed
(the lowering to IR, the IR, the optimiser, the back end, the DWARF writer, and
the type checker with the front end's data model): `--packages` lists them; an
entry `a+b+...` puts several packages' (or modules') code in one library.
The parser is left as Python: it subclasses pycparser's (a Python class, which a
compiled class cannot subclass). The type checker (`frontend.sema`) compiled alone
measured little (session 32: lvm.c -O0 -g 2853M -> 2837M instructions): its time
goes to attribute reads and calls on the typed tree, the C types and the scopes,
Python objects there. Compiled with them (`frontend.tree`, `ctype`, `scopes`,
`consteval`, and the modules whose classes subclass theirs or that the checker and
the lowering still ran as Python: `complex_sema`, `gnu_inline`, `atomic_builtins`,
`bitfields`, `pending`, `type_attributes`, `attributes`, `abi`, `digen`,
`gnu_builtins`), in one library, it pays: callgrind of the atomc process, -O0 -g,
m32's copy -> this one, deflate.c 1438M -> 1241M, lvm.c 2853M -> 2408M (its
sema+irgen 1077M -> ~670M: the checker 762M -> 441M, the compiled lowering 314M ->
235M, its reads of tree and type attributes now native), lparser.c 1508M -> 1338M,
an empty file 313.7M -> 291.9M (the library's init costs less than the .pyc files it
replaces). Per process (`bench/project_cpu.py --command`, -O0 -g, two alternate runs
each, quiet machine): zlib 2.3-2.4 -> 2.2-2.3 s, Lua 6.0-6.1 -> 5.7 s (2.9-3.0x gcc-12).
What mypyc needed of ctype: a dataclass's base declares no fields
(NaturalT, _Array: mypyc hands a base's annotations to the dataclass machinery as
defaulted fields, "non-default argument 'signed' follows default argument"), no
ClassVar in a dataclass body (it reaches dataclasses as a field: Qualified and
Typedef take `layered` from the plain base _Layer), and no dataclass field annotated
with a class of a module that imports this one (VlaT.dim is Any: the annotation
read tree's class before tree had made it, a crash on import).

How the modules are grouped into libraries (`--layout`) decides what a process pays
to start and what a rebuild after an edit recompiles. mypyc puts a group's code in
one library (`atomc_ir__mypyc.*.so`, beside the package folder) and gives each module
a small shim extension that hands its init function over; a compiled module imports
the others of its group by calling their init directly, so only the shims of modules
that Python code (or another group) imports are ever loaded.

- `package` (the default): one group per entry of `--packages`, each group's C one
  file per module (`multi_file`) compiled `--jobs` at a time, with hidden symbols
  (its code calls its own functions directly, not through 4,500 load-time lookups).
- `one`: one group for everything.
- `module`: every module its own group (`separate=True`, the layout until session 28).

Measured on a one-line file (`atomc -O0 -g -c t.c`; task ms and page faults:
`perf stat -r 10` of the atomc process and its cpp and as, on a loaded machine;
instructions: callgrind, atomc's process only; files: strace), session 28:

    layout                 task ms  page faults  instructions  .so opened  mmaps
    module (m28's copy)       ~165        7,900          551M         263  1,294
    package                   ~115        6,235          473M          44    324
    one (symbols not hidden)  ~115        6,070          475M          25    241
    pure (ATOMC_COMPILED=0)   ~130        6,005          517M          12    189

`module` loads two libraries per compiled module it runs (~125), each with a copy of
mypyc's runtime: 35 ms more than the pure package per process, most of what compiling
won on small files. `package` starts cheaper than the pure package; the compile
itself runs as fast (deflate.c -O0 -g: 2.33G instructions, 2.42G with `module` built
from the same sources, the difference being the start-up). A cold build is 290 s
user + 24 s sys (`--jobs 2`; `one`: 285 + 23; `module`: 552 + 30, mypyc's runtime
compiled into each of its 212 libraries). A rebuild compiles the C files
whose text changed: after an edit that keeps the literals, the module's own (30 s,
18 s of it mypyc's analysis of everything, below). But mypyc numbers the literals
(strings, large ints, tuples) of a group in one table, so an edit that adds or drops
one renumbers the rest of its group: with `package` the package's C is compiled
again (opt 15% of all, ir 23%, codegen 43%), with `one` all of it (57.1 of 57.4 MB of
C after a string added to opt/dce.py). An object is reused only while made with the
same options (`<object>.options`).

Each compiled dataclass that would get a generated `__init__` has it written into
the copy's source (atomc/tools/dcinit.py): mypyc compiles the methods of a class
body but leaves the ones `dataclasses` adds at import as Python code, which made
every object of such a class cost a Python call (~1,900-4,400 instructions
instead of ~360).

`build/compiled/atomc/COMPILED` records a hash of the sources it was built from;
tests/test_compiled.py skips when it is missing or stale.

    python scripts/build_compiled.py [--out build/compiled] [--jobs 2] [--opt-level 3]
                                     [--layout package|one|module]
"""

from __future__ import annotations

import argparse
import compileall
import filecmp
import hashlib
import os
import shutil
import sys
import sysconfig
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "atomc"
sys.path.insert(0, str(ROOT / "src"))  # this checkout's atomc, not the one the venv installed
from atomc.compiled_copy import MANIFEST, manifest_text, source_files  # noqa: E402
from atomc.tools import dcinit  # noqa: E402

# the lowering to IR comes with them: its parts subclass ir.builder.Builder and
# frontend.lower.state.LoweringPart, and a Python class cannot subclass a compiled one
PACKAGES = ("ir", "opt", "codegen", "dwarf", "frontend.lower", "frontend.cleanup",
            "frontend.complex_gen", "frontend.vla",
            "frontend.sema+frontend.tree+frontend.ctype+frontend.scopes+frontend.consteval"
            "+frontend.complex_sema+frontend.gnu_inline+frontend.atomic_builtins"
            "+frontend.bitfields+frontend.pending+frontend.type_attributes"
            "+frontend.attributes+frontend.abi+frontend.digen+frontend.gnu_builtins")
# left as Python inside the compiled packages: MLoc interns itself through __new__
# and object.__new__, which mypyc supports in no kind of class
EXCLUDE = ("atomc/codegen/debuginfo/ldv/model.py",)
STAMP = "COMPILED"
LAYOUTS = ("module", "package", "one")


def groups(mods: list[str], packages: list[str],
           layout: str) -> list[tuple[list[str], str | None]] | bool:
    """mypyc's `separate` for a layout: every module its own library ("module"),
    one library per entry of `packages` ("package"), or one for all ("one").
    A library that holds several packages' modules must sit above the package tree
    (mypyc derives their `__file__` and `__path__` from its place), so it is a
    top-level module: build/compiled/atomc_<group>__mypyc.*.so."""
    if layout == "module":
        return True
    if layout == "one":
        return [(mods, "atomc_native")]
    out: list[tuple[list[str], str | None]] = []
    for entry in packages:  # "a+b": a's library holds b's modules too
        mine = []
        for pkg in entry.split("+"):
            prefix = "atomc/" + pkg.replace(".", "/")
            mine += [m for m in mods if m == prefix + ".py" or m.startswith(prefix + "/")]
        if mine:
            out.append((mine, "atomc_" + entry.split("+")[0].replace(".", "_")))
    return out


class _Jobs:
    """Compiles an extension's C files in parallel (setuptools compiles one extension's
    files one after another: the library of a group of modules would take one core),
    and only those whose object is older than the file, than a header of the group,
    or was made with other options (setuptools recompiles them all)."""

    def __init__(self, jobs: int) -> None:
        self.jobs = jobs
        self.gate = threading.Semaphore(jobs)  # compilers at once, over all extensions
        self.guard = threading.Lock()
        # one object (the runtime's C files) may be part of several extensions
        self.locks: dict[str, threading.Lock] = {}

    def compile(self, compiler: Any, sources: list[str], output_dir: str | None = None,
                macros: Any = None, include_dirs: Any = None, debug: bool = False,
                extra_preargs: Any = None, extra_postargs: Any = None,
                depends: Any = None) -> list[str]:
        """distutils' CCompiler.compile, for `compiler`."""
        from mypy.version import __version__ as mypyc_version

        macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)
        newest = max((os.path.getmtime(d) for d in depends or () if os.path.exists(d)),
                     default=0.0)
        how = repr((mypyc_version, compiler.compiler_so, cc_args, extra_postargs))

        def one(obj: str) -> None:
            src, ext = build[obj]
            with self.guard:
                lock = self.locks.setdefault(obj, threading.Lock())
            with lock:
                options = Path(obj + ".options")  # how the object was made
                if os.path.exists(obj) and options.exists() and options.read_text() == how \
                        and os.path.getmtime(obj) > max(os.path.getmtime(src), newest):
                    return
                options.unlink(missing_ok=True)
                with self.gate:
                    compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
                options.write_text(how)

        with ThreadPoolExecutor(self.jobs) as pool:
            list(pool.map(one, objects))
        return objects


def source_hash(tree: Path) -> str:
    """sha256 over the relative paths and contents of every .py under `tree`."""
    h = hashlib.sha256()
    for p in sorted(tree.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        h.update(str(p.relative_to(tree)).encode() + b"\0" + p.read_bytes() + b"\0")
    return h.hexdigest()


def sync(src: Path, dst: Path) -> None:
    """Make `dst` hold exactly src's files (no __pycache__), copying only what
    changed, and drop the extensions of modules that no longer exist."""
    wanted = {Path(rel) for rel in source_files(str(src))}  # the files the manifest records
    for rel in sorted(wanted):
        s, d = src / rel, dst / rel
        if not d.exists() or not filecmp.cmp(s, d, shallow=False):
            d.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(s, d)
    for d in list(dst.rglob("*")):
        rel = d.relative_to(dst)
        if not d.is_file() or "__pycache__" in rel.parts or rel.name == STAMP:
            continue
        if d.suffix == ".so":
            stem = d.name.split(".", 1)[0].removesuffix("__mypyc")  # x__mypyc: x's C code
            module_py = d.with_name(stem + ".py")
            if not module_py.exists() and not module_py.with_suffix("").is_dir():
                d.unlink()
        elif rel not in wanted:
            d.unlink()


def modules(tree: Path, packages: list[str]) -> list[str]:
    """The .py files of `packages` (subpackages included; a name may also be one
    module), relative to tree's parent."""
    out = []
    for pkg in (p for entry in packages for p in entry.split("+")):
        one = tree / (pkg.replace(".", "/") + ".py")
        if one.exists():
            out.append(str(one.relative_to(tree.parent)))
            continue
        folder = tree / pkg.replace(".", "/")
        out += sorted(str(p.relative_to(tree.parent)) for p in folder.rglob("*.py")
                      if "__pycache__" not in p.parts)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    ap.add_argument("--packages", default=",".join(PACKAGES),
                    help="subpackages of atomc to compile (comma-separated)")
    ap.add_argument("--jobs", default=str(os.cpu_count() or 1))
    ap.add_argument("--layout", choices=LAYOUTS, default="package",
                    help="which modules share a library")
    ap.add_argument("--opt-level", default="3", help="mypyc's (the C compiler's) -O level")
    args = ap.parse_args()

    from mypyc.build import mypycify
    from setuptools import setup
    from setuptools.command.build_ext import build_ext

    out = args.out.resolve()
    (out / "atomc" / STAMP).unlink(missing_ok=True)
    # the sizes and times of the sources, taken before they are copied: an edit made
    # from now on makes the copy stale for atomc's launcher (atomc/compiled_copy.py)
    records = manifest_text(str(SRC), source_files(str(SRC)))
    sync(SRC, out / "atomc")
    # the stamp names the sources copied now, not src/ as it is when the C compiler
    # finishes: an edit made during the build leaves the copy stale, as it is
    built_from = source_hash(out / "atomc")
    mods = [m for m in modules(out / "atomc", args.packages.split(",")) if m not in EXCLUDE]
    # the copy's dataclasses get the `__init__` dataclasses would generate, written
    # out for mypyc to compile (atomc/tools/dcinit.py); src/ keeps none of them
    written = sum(len(r.written) for _, r in dcinit.rewrite_files(out, mods))
    for so in (out / "atomc").rglob("*.so"):  # modules compiled before, Python now
        stem = so.name.split(".", 1)[0].removesuffix("__mypyc")
        if so.with_name(stem + ".py").exists() and \
                str(so.with_name(stem + ".py").relative_to(out)) not in mods:
            so.unlink()
    os.chdir(out)
    # mypyc's incremental mode (on with `separate`) can generate a changed module's
    # C against stale IR of the unchanged ones it reads from mypy's cache (seen:
    # a call into an export table that lacks the entry), so every build analyses
    # everything again (~20 s); C files whose text is the same are not rewritten.
    shutil.rmtree(out / ".mypy_cache", ignore_errors=True)
    layout = groups(mods, args.packages.split(","), args.layout)
    exts = mypycify(["--config-file", str(ROOT / "pyproject.toml"), *mods],
                    opt_level=args.opt_level, debug_level="0", separate=layout,
                    multi_file=layout is not True, target_dir="build")
    for ext in exts:
        if layout is not True:
            # the library's functions and tables are called and read from its own C
            # files only (other libraries and the shims get them through capsules):
            # hidden, they are reached directly, not through 4,500 load-time lookups
            ext.extra_compile_args.append("-fvisibility=hidden")
        if isinstance(layout, list) and len(layout) > 1:
            # each C file of a group defines the export tables of the groups it calls
            # into (multi_file); they are one object only as common symbols
            ext.extra_compile_args.append("-fcommon")
    jobs = _Jobs(int(args.jobs))
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    built = {out / (ext.name.replace(".", "/") + suffix) for ext in exts}
    for so in [*out.glob("*.so"), *(out / "atomc").rglob("*__mypyc*.so")]:
        if so not in built:  # another layout's libraries
            so.unlink()

    class BuildExt(build_ext):
        """Every extension goes to `jobs.compile`, which knows the options its objects
        were made with (setuptools skips an extension newer than its sources even when
        the options changed); one is linked again when an object is newer."""

        def build_extensions(self) -> None:
            compiler = self.compiler
            compiler.force = False
            compiler.compile = lambda *a, **k: jobs.compile(compiler, *a, **k)
            super().build_extensions()

    sys.argv = [sys.argv[0], "-q", "build_ext", "--inplace", "--force", "-j", args.jobs]
    setup(name="atomc-compiled", ext_modules=exts, script_args=sys.argv[1:],
          cmdclass={"build_ext": BuildExt})
    # the modules left as Python, byte-compiled once: where PYTHONDONTWRITEBYTECODE is
    # set no import writes a .pyc, and compiling the front end from source on every run
    # cost 0.15 s of CPU per compile (a one-line file: 0.43 s instead of 0.28 s)
    compileall.compile_dir(out / "atomc", quiet=1)
    (out / "atomc" / MANIFEST).write_text(records)
    (out / "atomc" / STAMP).write_text(built_from + "\n")
    print(f"built {len(mods)} modules ({written} dataclass __init__s written out) into {out};"
          f" run with PYTHONPATH={out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
