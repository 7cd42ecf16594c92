"""Bad-input tests: invalid or not-yet-supported C must produce a compiler-style diagnostic
`file:line:col: error: message`, followed by the source line and a caret, exit status 1, no Python
traceback, and no output file left behind.

Each file in cases/ carries `// expect-error: LINE: KEYWORD` (KEYWORD may be empty: any message).
Files that gcc accepts (features atomc does not support yet) also say
`// gcc-accepts`; every other case must be rejected by gcc too, so we know it is really invalid.
"""

import random
import re
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
CASES = sorted((HERE / "cases").glob("*.c"))
ANNOTATION = re.compile(r"//\s*expect-error:\s*(\d+):(.*)$", re.MULTILINE)
GCC_ACCEPTS = re.compile(r"^//\s*gcc-accepts\s*$", re.MULTILINE)
CARET = re.compile(r"^[\s|0-9~]*\^")  # gutter and range marks (~) may precede the caret
TIMEOUT = 300


def expectation(case: Path) -> tuple[int, str]:
    """The (line, keyword) a case file promises."""
    m = ANNOTATION.search(case.read_text())
    assert m, f"{case.name}: missing '// expect-error: LINE: KEYWORD'"
    return int(m.group(1)), m.group(2).strip()


def atomc(cmd: list[str], *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*cmd, *args], capture_output=True, text=True, errors="replace",
                          stdin=subprocess.DEVNULL, timeout=TIMEOUT, cwd=cwd)


def assert_failed_cleanly(proc: subprocess.CompletedProcess) -> None:
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 1, f"exit status {proc.returncode}, stderr:\n{proc.stderr}"


def assert_diagnostic(proc, path: str, line: int | None = None, keyword: str = "",
                      source: list[str] | None = None) -> None:
    """stderr holds `path:line:col: error: ...keyword...`, then the source line, then a caret under col."""
    assert_failed_cleanly(proc)
    lines = proc.stderr.split("\n")
    line_re = str(line) if line else r"[1-9]\d*"
    head = re.compile(rf"^{re.escape(path)}:({line_re}):([1-9]\d*): error: (.*)$")
    for i, text in enumerate(lines):
        m = head.match(text)
        if m and keyword.lower() in m.group(3).lower():
            break
    else:
        want = f"{path}:{line or 'LINE'}:COL: error: ...{keyword}..."
        pytest.fail(f"no diagnostic matching {want!r} in stderr:\n{proc.stderr}")
    assert i + 2 < len(lines), f"diagnostic lacks the source line and caret:\n{proc.stderr}"
    echo, caret = lines[i + 1], lines[i + 2]
    assert CARET.match(caret), f"no caret line after the source line:\n{proc.stderr}"
    if source is None:
        return
    src = source[int(m.group(1)) - 1]
    text = src.strip()
    assert text in echo, f"source line {src!r} not echoed:\n{proc.stderr}"
    if text:
        # the caret sits under column col of the echoed line, whatever gutter precedes it
        indent = len(src) - len(src.lstrip())
        want = echo.find(text) - indent + int(m.group(2)) - 1
        assert caret.index("^") == want, f"caret not under column {m.group(2)}:\n{proc.stderr}"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_bad_input(case: Path, atomc_cmd, tmp_path):
    line, keyword = expectation(case)
    out = tmp_path / "out.o"
    rel = str(case.relative_to(HERE))
    proc = atomc(atomc_cmd, "-c", rel, "-o", str(out), cwd=HERE)
    assert_diagnostic(proc, rel, line, keyword, case.read_text().splitlines())
    assert not out.exists(), "a failed compile left its output file behind"


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_is_invalid_c(case: Path):
    """Guards the corpus itself: unless marked gcc-accepts, gcc must reject the case as well."""
    proc = subprocess.run(["gcc", "-fsyntax-only", "-std=gnu11", str(case)], capture_output=True, text=True)
    if GCC_ACCEPTS.search(case.read_text()):
        return
    assert proc.returncode != 0, f"gcc accepts {case.name}: not a real error"


def test_binary_garbage(atomc_cmd, tmp_path):
    """4 KiB of seeded random bytes (NULs, control characters, invalid UTF-8) named garbage.c."""
    src = tmp_path / "garbage.c"
    rng = random.Random(20240601)
    src.write_bytes(bytes(rng.randrange(256) for _ in range(4096)))
    out = tmp_path / "out.o"
    proc = atomc(atomc_cmd, "-c", str(src), "-o", str(out))
    assert_diagnostic(proc, str(src))
    assert not out.exists()


def test_one_megabyte_source(atomc_cmd, tmp_path):
    """About 1 MB of valid declarations and functions, then an undeclared name on the last line."""
    lines = []
    size = i = 0
    while size < 1_000_000:
        block = [f"int g{i} = {i};", f"static long f{i}(long x) {{ return x * {i % 7 + 1} + g{i}; }}"]
        lines += block
        size += sum(len(b) + 1 for b in block)
        i += 1
    lines.append("int last = no_such_variable;")
    src = tmp_path / "big.c"
    src.write_text("\n".join(lines) + "\n")
    out = tmp_path / "out.o"
    proc = atomc(atomc_cmd, "-c", str(src), "-o", str(out))
    assert_diagnostic(proc, str(src), len(lines), "undeclared", lines)
    assert not out.exists()


def test_missing_input_file(atomc_cmd, tmp_path):
    out = tmp_path / "out.o"
    proc = atomc(atomc_cmd, "-c", str(tmp_path / "nonexistent.c"), "-o", str(out))
    assert_failed_cleanly(proc)
    assert "nonexistent.c" in proc.stderr
    assert not out.exists()


def test_unknown_option(atomc_cmd, tmp_path):
    src = tmp_path / "ok.c"
    src.write_text("int main(void) { return 0; }\n")
    out = tmp_path / "out.o"
    proc = atomc(atomc_cmd, "--no-such-option-xyz", "-c", str(src), "-o", str(out))
    assert_failed_cleanly(proc)
    assert "--no-such-option-xyz" in proc.stderr
    assert not out.exists()


@pytest.mark.parametrize("mode,output", [("-S", "x.s"), ("-c", "x.o"), (None, "a.out")])
def test_no_output_left_behind(mode, output, atomc_cmd, tmp_path):
    """Whatever the output kind, a failed compile leaves no file, not even a partial one."""
    bad = tmp_path / "bad.c"
    bad.write_text("int f(void) { return 1; }\nint main(void) { return f() + missing; }\n")
    args = ([mode] if mode else []) + [str(bad), "-o", str(tmp_path / output)]
    proc = atomc(atomc_cmd, *args)
    assert_diagnostic(proc, str(bad), 2, "undeclared")
    assert not (tmp_path / output).exists()
