#!/usr/bin/env python3
"""Build atomc's compiler packages into C extensions with mypyc (issue 13).

atomc is pure Python and stays so: src/ is what the editable install runs and what
the test suite tests. This script makes a second, compiled copy beside it:

    build/compiled/atomc/...            every .py of src/atomc, copied
    build/compiled/atomc/ir/insts.cpython-311-x86_64-linux-gnu.so   (etc.)

An extension module next to a .py of the same name shadows it on import, so
putting build/compiled first on the path runs the compiled compiler:

    PYTHONPATH=$PWD/build/compiled atomc -O2 -g -c file.c

Compiled are the packages that hold the compile time once the source is parsed
(the lowering to IR, the IR, the optimiser, the back end, the DWARF writer):
`--packages` lists them.
The front end is left as Python: its parser subclasses pycparser's (a Python
class, which a compiled class cannot subclass), and compiling the type checker
(`frontend.sema`) as well measured little (deflate.c -O0 -g 1.09 -> 0.93 s, Lua's
lvm.c none). Nor is the C type model (`frontend.ctype`) compiled: its functions
are 2.4% (deflate.c) and 3.6% (lvm.c) of a pure -O0 -g compile's profiled time,
and compiling it needs its `NaturalT` fields moved (mypyc hands the inherited
annotations to the dataclass machinery as defaults: "non-default argument
'signed' follows default argument" on import) and `frontend.pending`, which
subclasses it, compiled too.

mypyc compiles each module to its own extension (`separate`), so a rebuild after
an edit recompiles only the C that changed (mypyc rewrites a C file only when its
text changes; setuptools skips extensions newer than their C and headers).
`build/compiled/atomc/COMPILED` records a hash of the sources it was built from;
tests/test_compiled.py skips when it is missing or stale.

    python scripts/build_compiled.py [--out build/compiled] [--jobs 2] [--opt-level 3]
"""

from __future__ import annotations

import argparse
import compileall
import filecmp
import hashlib
import os
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "atomc"
sys.path.insert(0, str(ROOT / "src"))  # this checkout's atomc, not the one the venv installed
from atomc.compiled_copy import MANIFEST, manifest_text, source_files  # noqa: E402

# the lowering to IR comes with them: its parts subclass ir.builder.Builder and
# frontend.lower.state.LoweringPart, and a Python class cannot subclass a compiled one
PACKAGES = ("ir", "opt", "codegen", "dwarf", "frontend.lower", "frontend.cleanup",
            "frontend.complex_gen", "frontend.vla")
# left as Python inside the compiled packages: MLoc interns itself through __new__
# and object.__new__, which mypyc supports in no kind of class
EXCLUDE = ("atomc/codegen/debuginfo/ldv/model.py",)
STAMP = "COMPILED"


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
    for pkg in packages:
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
    ap.add_argument("--opt-level", default="3", help="mypyc's (the C compiler's) -O level")
    args = ap.parse_args()

    from mypyc.build import mypycify
    from setuptools import setup

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
    exts = mypycify(["--config-file", str(ROOT / "pyproject.toml"), *mods],
                    opt_level=args.opt_level, debug_level="0", separate=True,
                    target_dir="build")
    sys.argv = [sys.argv[0], "-q", "build_ext", "--inplace", "-j", args.jobs]
    setup(name="atomc-compiled", ext_modules=exts, script_args=sys.argv[1:])
    # the modules left as Python, byte-compiled once: where PYTHONDONTWRITEBYTECODE is
    # set no import writes a .pyc, and compiling the front end from source on every run
    # cost 0.15 s of CPU per compile (a one-line file: 0.43 s instead of 0.28 s)
    compileall.compile_dir(out / "atomc", quiet=1)
    (out / "atomc" / MANIFEST).write_text(records)
    (out / "atomc" / STAMP).write_text(built_from + "\n")
    print(f"built {len(mods)} modules into {out}; run with PYTHONPATH={out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
