"""zlib 1.2.13 (Debian's source package) built by atomc at -O0 and -O2 with -g through its
own `./configure` and `make`.

gcc builds the references from the same sources (-O0 -g for the debugger, -O2 for the
data round trips). At each level: `example` prints what gcc's prints; `minigzip`
output is byte-identical to gcc's at every compression level and strategy, and data
round-trips between atomc's minigzip, gcc's and the system gzip; the executables pass
`llvm-dwarfdump-22 --verify`; gdb stops in `inflate`, steps through it and prints its
locals without errors, with -O0 values equal to gcc -O0's at the same stops and -O2
values either equal to them or optimised out. zlib 1.2.13 is written with old-style
(K&R) definitions throughout, which is what it exercises in the front end.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import debsrc  # noqa: E402
import rotation  # noqa: E402
from shared_build import build_once, shared_dir  # noqa: E402
from zlibbuild import ZlibBuild, build_zlib  # noqa: E402

pytestmark = pytest.mark.realworld

HERE = Path(__file__).parent
REPO = HERE.parents[1]
ATOMC = [sys.executable, "-m", "atomc"]
BUILDS: dict[str, tuple[list[str], list[str]]] = {
    "gcc-O0": (["gcc"], ["-O0", "-g"]),
    "gcc-O2": (["gcc"], ["-O2", "-g"]),
    "atomc-O0": (ATOMC, ["-O0", "-g"]),
    "atomc-O2": (ATOMC, ["-O2", "-g"]),
}
LEVELS = rotation.levels_of("zlib")   # this run's rotation slot (rotation.py)
DATA_BYTES = 4 << 20
# minigzip options: compression level, then strategy (h: Huffman only, r: RLE, f: filtered)
MODES = [["-1"], ["-6"], ["-9"], ["-6", "-h"], ["-6", "-r"], ["-6", "-f"]]
# locals of inflate() that hold defined values at the `switch` stop
INITIALISED = {"state", "next", "put", "have", "left", "hold", "bits", "in", "out", "ret"}
OPTIMIZED_OUT = "<optimized out>"


@pytest.fixture(scope="session")
def zlib(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], ZlibBuild]:
    """The zlib build named in BUILDS, made on first request (once per session)."""
    root = shared_dir(tmp_path_factory, "zlib-builds")

    def get(name: str) -> ZlibBuild:
        package = debsrc.require("zlib")
        cc, flags = BUILDS[name]

        def build(out: Path) -> str:
            b = build_zlib(package, out, cc, flags)
            return f"configure {b.configure_seconds:.1f}s make {b.make_seconds:.1f}s"

        return ZlibBuild(build_once(root, name, build), 0.0, 0.0)

    return get


@pytest.fixture(scope="session")
def data_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few MB of real data: the repository's sources and gcc's objects, in a fixed order."""
    path = shared_dir(tmp_path_factory, "zlib-data") / "data.bin"
    if path.exists() and path.stat().st_size == DATA_BYTES:
        return path
    parts: list[Path] = sorted(p for p in (REPO / "src").rglob("*.py"))
    parts += sorted((REPO / "tests" / "exec" / "programs").glob("*.c"))
    parts += [Path(shutil.which("gdb") or "/bin/sh"), Path(sys.executable)]
    chunks, size = [], 0
    for p in parts:
        if size >= DATA_BYTES:
            break
        b = p.read_bytes()
        chunks.append(b)
        size += len(b)
    data = b"".join(chunks)
    while len(data) < DATA_BYTES:  # only if the sources above are unusually small
        data += data
    tmp = path.with_suffix(f".{os.getpid()}")
    tmp.write_bytes(data[:DATA_BYTES])
    tmp.replace(path)
    return path


def run(argv: list[str | Path], stdin: bytes = b"", cwd: Path | None = None,
        timeout: int = 300) -> bytes:
    r = subprocess.run([str(a) for a in argv], input=stdin, capture_output=True, cwd=cwd,
                       timeout=timeout)
    assert r.returncode == 0, f"{argv} exited {r.returncode}: {r.stderr.decode()[-2000:]}"
    return r.stdout


@pytest.mark.parametrize("level", LEVELS)
def test_example(zlib: Callable[[str], ZlibBuild], level: str, tmp_path: Path) -> None:
    """zlib's own test program: same output as gcc's build (it writes foo.gz in its cwd)."""
    ref, mine = zlib("gcc-O2"), zlib(f"atomc-{level}")
    assert mine.configured_cflags().replace(f"-{level}", "-O2") == ref.configured_cflags(), \
        "configure's feature checks came out differently with atomc"
    want = run([ref.example], cwd=tmp_path)
    got = run([mine.example], cwd=tmp_path)
    assert got == want
    assert b"large_inflate(): OK" in got


@pytest.mark.parametrize("level", LEVELS)
def test_minigzip(zlib: Callable[[str], ZlibBuild], level: str, data_file: Path,
                  tmp_path: Path) -> None:
    mine, ref = zlib(f"atomc-{level}").minigzip, zlib("gcc-O2").minigzip
    data = data_file.read_bytes()
    for mode in MODES:
        packed = run([mine, *mode], data)
        assert packed == run([ref, *mode], data), f"minigzip {mode}: output differs from gcc's"
        assert run([ref, "-d"], packed) == data, f"minigzip {mode}: gcc's cannot unpack it"
        assert run(["gzip", "-dc"], packed) == data, f"minigzip {mode}: gzip cannot unpack it"
    assert run([mine, "-d"], run([ref, "-9"], data)) == data
    assert run([mine, "-d"], run(["gzip", "-9c"], data)) == data
    # the file interface (gzopen on names, unlinking the input)
    f = tmp_path / "data"
    f.write_bytes(data)
    run([mine, f])
    assert not f.exists() and run(["gzip", "-dc", f.with_suffix(".gz")]) == data
    run([mine, "-d", f.with_suffix(".gz")])
    assert f.read_bytes() == data


@pytest.mark.parametrize("level", LEVELS)
def test_dwarf_verifies(zlib: Callable[[str], ZlibBuild], level: str) -> None:
    dwarfdump = shutil.which("llvm-dwarfdump-22")
    if dwarfdump is None:
        pytest.skip("llvm-dwarfdump-22 is not installed")
    b = zlib(f"atomc-{level}")
    for exe in (b.example, b.minigzip):
        r = subprocess.run([dwarfdump, "--verify", str(exe)], capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0 and "No errors." in r.stdout, f"{exe.name}:\n{r.stdout[-3000:]}"


def switch_line(build: ZlibBuild) -> int:
    """The line of inflate()'s state-machine `switch` in this copy of inflate.c."""
    text = (build.dir / "inflate.c").read_text().splitlines()
    start = next(i for i, s in enumerate(text) if s.startswith("int ZEXPORT inflate("))
    return next(i for i in range(start, len(text)) if "switch (state->mode)" in text[i]) + 1


def gdb_stops(build: ZlibBuild, tmp_path: Path) -> list[dict]:
    out = tmp_path / f"{build.dir.name}.json"
    env = dict(os.environ, ZLIB_GDB_OUT=str(out), ZLIB_SWITCH_LINE=str(switch_line(build)))
    r = subprocess.run(["gdb", "-nx", "-nh", "-batch", "-x", str(HERE / "gdb_inflate.py"),
                        "--", str(build.example)], capture_output=True, text=True,
                       cwd=tmp_path, env=env, timeout=300)
    assert out.exists(), f"gdb wrote nothing:\n{r.stdout[-2000:]}\n{r.stderr[-2000:]}"
    stops = json.loads(out.read_text())
    assert [s["tag"] for s in stops][-1:] == ["entry2"], f"gdb session cut short:\n{r.stderr}"
    return stops


def locals_of(text: str) -> dict[str, str]:
    return {m[1]: m[2] for m in re.finditer(r"^(\w+) = (.*)$", text, re.M)}


@pytest.mark.gdb
@pytest.mark.parametrize("level", LEVELS)
def test_gdb_inflate(zlib: Callable[[str], ZlibBuild], level: str, tmp_path: Path) -> None:
    if shutil.which("gdb") is None:
        pytest.skip("gdb is not installed")
    mine = gdb_stops(zlib(f"atomc-{level}"), tmp_path)
    ref = {s["tag"]: s for s in gdb_stops(zlib("gcc-O0"), tmp_path)}
    tags = [s["tag"] for s in mine]
    assert tags[:2] == ["entry", "switch"] and len(tags) >= 6, tags
    assert sum(t.startswith("next") for t in tags) >= 3, f"`next` left inflate early: {tags}"
    callees = {s["func"] for s in mine if s["tag"].startswith("step")} - {"inflate"}
    assert callees, f"no `step` entered a function called by inflate: {tags}"
    for stop in mine:
        where = f"{stop['tag']} (line {stop['line']})"
        if not stop["tag"].startswith("step"):  # a `step` may stop in a callee
            assert stop["func"] == "inflate", f"{where}: stopped in {stop['func']}"
        for expr, v in stop["values"].items():
            assert not v.startswith("error:"), f"{where}: print {expr}: {v}"
            if level == "O0":
                assert v != OPTIMIZED_OUT, f"{where}: {expr} optimized out at -O0"
        if "locals" in stop:
            shown = locals_of(stop["locals"])
            assert set(shown) == set(locals_of(ref["switch"]["locals"])), where
            for name in INITIALISED:
                assert "<error" not in shown[name], f"{where}: {name} = {shown[name]}"
    # values at the stops both builds share: equal to gcc -O0's (at -O2: or optimised out)
    for stop in mine:
        want = ref.get(stop["tag"])
        if stop["tag"] not in ("entry", "switch", "after-step", "entry2") or want is None:
            continue
        if level == "O0" and stop["tag"] != "after-step":
            assert stop["line"] == want["line"], stop["tag"]
        if stop["line"] != want["line"]:
            continue  # `step` may end the walk at another line
        for expr, v in stop["values"].items():
            if level == "O2" and v == OPTIMIZED_OUT:
                continue
            assert v == want["values"][expr], \
                f"{stop['tag']}: {expr} = {v}, gcc -O0 shows {want['values'][expr]}"
