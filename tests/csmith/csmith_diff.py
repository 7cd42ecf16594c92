"""Differential testing of atomc against gcc on csmith-generated programs.

A csmith program prints one checksum of its global state; any correct compiler
prints the same one.  For one seed this module generates the program with a
fixed feature set, builds it with `gcc -O0` (the oracle) and with atomc at
-O0, -O1 and -O2, runs every build under a time limit and classifies what
happened.  On a failure it can minimise the program (a top-level-form and
line-based reducer of its own, then Debian's creduce on one core, time-boxed)
and save it under tests/regress/ with a header naming seed, configuration
and symptom.

Usable as a module (the CI seed test and bench/csmith_campaign.py import it)
and as a script:

    python tests/csmith/csmith_diff.py --config ci 1 2 3          # run seeds
    python tests/csmith/csmith_diff.py --config ci --reduce 17    # and minimise failures
    python tests/csmith/csmith_diff.py interesting --kind=mismatch --level=-O2 --signature=output prog.c

Outcome classes (`SeedResult.kind`):
  ok            every atomc build printed gcc's output
  mismatch      an atomc build printed something else or died (e.g. SIGFPE)
  atomc-crash   atomc stopped with an internal error (exit 70, a traceback,
                or assembly the assembler/linker rejected)
  atomc-reject  atomc printed a diagnostic for the (valid) program
  timeout       atomc took too long to compile, or its program ran too long
                while gcc's finished quickly
  gcc-timeout   gcc's build did not finish in time (csmith can generate long-running
                programs): skipped, says nothing about atomc
  gcc-fail      csmith or gcc failed: skipped
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
REGRESS_DIR = REPO / "tests" / "regress"
CSMITH_INCLUDE = "/usr/include/csmith"

# Features atomc supports today.  Floating point is off in csmith by default
# (said explicitly anyway) and stays off until the back end has it.  Bit-fields
# (gcc's x86-64 layout, tests/frontend/test_bitfield_layout.py) and csmith's
# `#pragma pack(1)` packed structs are on, like everything else csmith can emit
# for C (pointers, unions, volatiles, consts, jumps, 64-bit math, comma
# operators, embedded assignments, inline attributes).
SUPPORTED_FEATURES: tuple[str, ...] = ("--no-float",)
# Size limits that keep a CI program small (a few hundred lines, ~2 s per atomc build).
SMALL_LIMITS: tuple[str, ...] = ("--max-funcs", "4", "--max-block-depth", "3",
                                 "--max-expr-complexity", "4", "--max-array-dim", "2",
                                 "--max-struct-fields", "5", "--max-union-fields", "3")

CONFIGS: dict[str, tuple[str, ...]] = {
    # The CI seed set: supported features, small programs.
    "ci": SUPPORTED_FEATURES + SMALL_LIMITS,
    # Supported features at csmith's default sizes.
    "supported": SUPPORTED_FEATURES,
    # Small programs without bit-fields and packed structs (the seed set before they existed).
    "ci-nobitfields": ("--no-float", "--no-bitfields", "--no-packed-struct") + SMALL_LIMITS,
    # The campaign: csmith's default features, floating point off.
    "default": ("--no-float",),
}

# -O2 -g as well: the debug-info pipeline (records, Key Instructions, location lists) runs only
# with -g, and it must neither crash nor change the generated code.
ATOMC_LEVELS: tuple[str, ...] = ("-O0", "-O1", "-O2", "-O2 -g")
GCC_ORACLE: tuple[str, ...] = ("gcc", "-O0", "-w", f"-I{CSMITH_INCLUDE}")

CSMITH_TIMEOUT = 30.0
GCC_COMPILE_TIMEOUT = 60.0
GCC_RUN_TIMEOUT = 10.0
ATOMC_COMPILE_TIMEOUT = 300.0
# An atomc build may be slower than gcc -O0 (no register allocation at -O0), so
# its run gets this many times gcc's run time, and at least ATOMC_RUN_MIN seconds.
ATOMC_RUN_FACTOR = 30.0
ATOMC_RUN_MIN = 10.0

FAIL_ORDER = ("atomc-crash", "atomc-reject", "mismatch", "timeout")
SKIP_KINDS = ("gcc-timeout", "gcc-fail")


def atomc_command() -> list[str]:
    """The compiler under test; $ATOMC overrides it (e.g. a frozen snapshot of the tree)."""
    env = os.environ.get("ATOMC")
    return env.split() if env else [sys.executable, "-m", "atomc"]


def tools_available() -> str | None:
    """None when csmith, its headers, gcc and creduce's absence aside everything is here, else why not."""
    if shutil.which("csmith") is None:
        return "csmith is not installed (apt-get install csmith libcsmith-dev)"
    if not Path(CSMITH_INCLUDE, "csmith.h").exists():
        return f"{CSMITH_INCLUDE}/csmith.h is missing (apt-get install libcsmith-dev)"
    if shutil.which("gcc") is None:
        return "gcc is not installed"
    return None


@dataclass(frozen=True, slots=True)
class Proc:
    """One finished (or timed-out) subprocess."""
    returncode: int | None  # None: killed at the time limit
    stdout: str
    stderr: str
    seconds: float

    @property
    def timed_out(self) -> bool:
        return self.returncode is None


def run(cmd: Sequence[str], timeout: float, cwd: Path | None = None) -> Proc:
    """Run with a time limit, killing the whole process group on expiry (csmith programs fork nothing,
    but atomc spawns as and cc)."""
    start = time.monotonic()
    proc = subprocess.Popen(list(cmd), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=cwd, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=timeout)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    return Proc(code, out.decode("utf-8", "backslashreplace"),
                err.decode("utf-8", "backslashreplace"), time.monotonic() - start)


def generate(seed: int, config: str, dest: Path) -> Proc:
    """Write csmith's program for (seed, config) to dest; csmith writes platform.info into its cwd."""
    cmd = ["csmith", "--seed", str(seed), *CONFIGS[config], "-o", str(dest)]
    return run(cmd, CSMITH_TIMEOUT, cwd=dest.parent)


# ---------------------------------------------------------------------------------------------
# Classifying one atomc build


@dataclass(frozen=True, slots=True)
class Step:
    """What one atomc optimisation level did with the program."""
    level: str
    kind: str       # ok, mismatch, atomc-crash, atomc-reject, timeout
    detail: str     # one line: the diagnostic, the internal error, or expected/got
    signature: str  # normalised detail, stable under reduction (used by the reducer)


_DIGITS = re.compile(r"\d+")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")


def normalise(message: str) -> str:
    """Strip what changes when a program is reduced: numbers, quoted names, file positions."""
    message = re.sub(r"^\S+?:\d+:\d+:\s*", "", message.strip())
    message = _QUOTED.sub("Q", message)
    return _DIGITS.sub("N", message)[:120]


def first_error_line(stderr: str) -> str:
    for line in stderr.splitlines():
        if "error" in line:
            return line.strip()
    lines = [line for line in stderr.splitlines() if line.strip()]
    return lines[-1].strip() if lines else "(no message)"


def crash_signature(stderr: str) -> str:
    """The part of an internal error that identifies the bug: phase/pass and exception type."""
    if "Traceback (most recent call last)" in stderr:
        frames = re.findall(r'File "([^"]+)", line \d+, in (\S+)', stderr)
        last = stderr.strip().splitlines()[-1]
        where = f"{Path(frames[-1][0]).name}:{frames[-1][1]}" if frames else "?"
        return f"traceback {where}: {last.split(':')[0]}"
    line = next((ln for ln in stderr.splitlines() if "internal compiler error" in ln), None)
    if line is not None:
        rest = line.split("internal compiler error", 1)[1]
        rest = re.sub(r" at \S+:\d+:\d+", "", rest)
        # "(optimiser): KeyError: ..." -> keep the phase and the exception type.
        head = rest.split(":", 2)
        return normalise(":".join(head[:2]))
    if "assembler failed" in stderr:
        msgs = [ln for ln in stderr.splitlines() if "Error:" in ln]
        return "assembler: " + normalise(msgs[0].split("Error:", 1)[1] if msgs else "?")
    if "linker command failed" in stderr:
        msgs = [ln for ln in stderr.splitlines() if "undefined reference" in ln or "error" in ln]
        return "linker: " + normalise(msgs[0].split(":")[-1] if msgs else "?")
    return normalise(first_error_line(stderr))


def classify_compile(proc: Proc) -> tuple[str, str, str] | None:
    """None when the build succeeded, else (kind, detail, signature)."""
    if proc.timed_out:
        return "timeout", f"compile did not finish in {proc.seconds:.0f} s", "compile-timeout"
    crashed = (proc.returncode == 70 or "Traceback (most recent call last)" in proc.stderr
               or "assembler failed" in proc.stderr or "linker command failed" in proc.stderr
               or proc.returncode not in (0, 1))
    if crashed:
        detail = next((ln for ln in proc.stderr.splitlines() if "internal compiler error" in ln),
                      first_error_line(proc.stderr))
        return "atomc-crash", f"exit {proc.returncode}: {detail}", crash_signature(proc.stderr)
    if proc.returncode != 0:
        line = first_error_line(proc.stderr)
        return "atomc-reject", line, normalise(line)
    return None


def describe_exit(code: int | None) -> str:
    if code is None:
        return "timeout"
    if code < 0:
        try:
            return signal.Signals(-code).name
        except ValueError:
            return f"signal {-code}"
    return f"exit {code}"


def first_difference(expected: str, got: str) -> str:
    exp, act = expected.splitlines(), got.splitlines()
    for e, a in zip(exp, act):
        if e != a:
            return f"expected {e!r}, got {a!r}"
    if len(exp) != len(act):
        return f"expected {len(exp)} lines, got {len(act)}"
    return "outputs equal"


def slug(level: str) -> str:
    """'-O2 -g' -> 'O2g', for file names."""
    return level.replace("-", "").replace(" ", "")


def check_level(src: Path, level: str, expected: Proc, workdir: Path,
                extra: Sequence[str] = ()) -> Step:
    """Build src with atomc at one level, run it, compare with gcc's run."""
    exe = workdir / f"atomc{slug(level)}"
    cmd = [*atomc_command(), *level.split(), "-w", f"-I{CSMITH_INCLUDE}", *extra, str(src), "-o", str(exe)]
    proc = run(cmd, ATOMC_COMPILE_TIMEOUT)
    bad = classify_compile(proc)
    if bad is not None:
        return Step(level, *bad)
    limit = max(ATOMC_RUN_MIN, ATOMC_RUN_FACTOR * expected.seconds)
    got = run([str(exe)], limit, cwd=workdir)
    if got.timed_out:
        return Step(level, "timeout", f"run did not finish in {limit:.0f} s "
                    f"(gcc's took {expected.seconds:.2f} s)", "run-timeout")
    if got.returncode != expected.returncode:
        return Step(level, "mismatch", f"{describe_exit(got.returncode)} "
                    f"(gcc: {describe_exit(expected.returncode)}); stdout "
                    f"{first_difference(expected.stdout, got.stdout)}",
                    f"status {describe_exit(got.returncode)}")
    if got.stdout != expected.stdout:
        return Step(level, "mismatch", first_difference(expected.stdout, got.stdout), "output")
    return Step(level, "ok", "", "")


# ---------------------------------------------------------------------------------------------
# One seed


@dataclass(frozen=True, slots=True)
class SeedResult:
    seed: int
    config: str
    kind: str
    steps: tuple[Step, ...] = ()
    detail: str = ""
    seconds: float = 0.0
    program: Path | None = None  # kept only when the caller asked for a keep directory

    def failing(self) -> list[Step]:
        return [s for s in self.steps if s.kind != "ok"]

    def summary(self) -> str:
        if self.kind == "ok":
            return f"seed {self.seed} [{self.config}]: ok ({self.seconds:.1f} s)"
        if self.kind in SKIP_KINDS:
            return f"seed {self.seed} [{self.config}]: {self.kind}: {self.detail}"
        parts = "; ".join(f"{s.level} {s.kind}: {s.detail}" for s in self.failing())
        return f"seed {self.seed} [{self.config}]: {self.kind}: {parts}"


def gcc_oracle(src: Path, workdir: Path, flags: Sequence[str] = GCC_ORACLE) -> tuple[str, Proc | None, str]:
    """Build and run the program with gcc; ('ok', run, '') or (skip kind, None, why)."""
    exe = workdir / "gcc.exe"
    proc = run([*flags, str(src), "-o", str(exe)], GCC_COMPILE_TIMEOUT)
    if proc.returncode != 0:
        return "gcc-fail", None, f"gcc did not compile it: {first_error_line(proc.stderr)}"
    ran = run([str(exe)], GCC_RUN_TIMEOUT, cwd=workdir)
    if ran.timed_out:
        return "gcc-timeout", None, f"gcc -O0 build ran over {GCC_RUN_TIMEOUT:.0f} s"
    return "ok", ran, ""


def check_program(src: Path, workdir: Path, levels: Sequence[str] = ATOMC_LEVELS
                  ) -> tuple[str, str, tuple[Step, ...]]:
    """Check an existing program (e.g. a saved reduced one): (gcc status, why, steps)."""
    status, expected, why = gcc_oracle(src, workdir)
    if expected is None:
        return status, why, ()
    return "ok", "", tuple(check_level(src, level, expected, workdir) for level in levels)


def overall_kind(steps: Sequence[Step]) -> str:
    kinds = {s.kind for s in steps}
    return next((k for k in FAIL_ORDER if k in kinds), "ok")


def check_seed(seed: int, config: str = "ci", levels: Sequence[str] = ATOMC_LEVELS,
               keep: Path | None = None) -> SeedResult:
    """Generate, build with gcc and atomc, run, compare.  With keep, the program is copied there
    as seed<N>.c whenever the outcome is not ok."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix=f"csmith{seed}-") as tmp:
        workdir = Path(tmp)
        src = workdir / f"seed{seed}.c"
        gen = generate(seed, config, src)
        if gen.returncode != 0 or not src.exists():
            return SeedResult(seed, config, "gcc-fail", detail=f"csmith failed: {gen.stderr[:200]}",
                              seconds=time.monotonic() - start)
        status, expected, why = gcc_oracle(src, workdir)
        if expected is None:
            return SeedResult(seed, config, status, detail=why, seconds=time.monotonic() - start)
        steps_list: list[Step] = []
        for level in levels:
            first = steps_list[0] if steps_list else None
            if first is not None and first.kind == "atomc-reject" and not first.detail.count("internal"):
                # A front-end diagnostic does not depend on -O: do not spend a build to repeat it.
                steps_list.append(Step(level, first.kind, first.detail + " (as at " + first.level
                                       + ", not rebuilt)", first.signature))
                continue
            steps_list.append(check_level(src, level, expected, workdir))
        steps = tuple(steps_list)
        kind = overall_kind(steps)
        kept = None
        if keep is not None and kind != "ok":
            keep.mkdir(parents=True, exist_ok=True)
            kept = keep / f"seed{seed}.c"
            shutil.copyfile(src, kept)
        return SeedResult(seed, config, kind, steps, seconds=time.monotonic() - start, program=kept)


# ---------------------------------------------------------------------------------------------
# Interestingness: does a (reduced) program still show the same failure?

# gcc warnings that mean a reduction made the program undefined or ill-formed; the
# candidate is rejected when any of them fires.
UB_WERROR: tuple[str, ...] = tuple(f"-Werror={w}" for w in (
    "implicit-function-declaration", "implicit-int", "return-type", "int-conversion",
    "incompatible-pointer-types", "uninitialized", "maybe-uninitialized", "div-by-zero",
    "array-bounds", "int-to-pointer-cast", "pointer-to-int-cast", "return-local-addr",
    "init-self", "sequence-point", "shift-count-overflow", "shift-negative-value",
    "nonnull", "main", "builtin-declaration-mismatch",
    "dangling-pointer", "stringop-overflow", "use-after-free"))
CLANG = shutil.which("clang-22") or shutil.which("clang")
CLANG_WERROR: tuple[str, ...] = tuple(f"-Werror={w}" for w in (
    "uninitialized", "sometimes-uninitialized", "conditional-uninitialized", "return-type",
    "implicit-function-declaration", "implicit-int", "int-conversion", "array-bounds",
    "unsequenced", "shift-count-overflow", "shift-negative-value",
    "division-by-zero", "incompatible-pointer-types", "null-dereference",
    "dangling", "return-stack-address"))


@dataclass(frozen=True, slots=True)
class Target:
    """The failure a reduction must preserve."""
    kind: str       # mismatch, atomc-crash, atomc-reject, timeout
    level: str      # the atomc -O level that shows it
    signature: str  # Step.signature of the original failure
    extra: tuple[str, ...] = ()  # additional atomc flags (e.g. -g)


def valid_for_gcc(src: Path, workdir: Path) -> bool:
    """The program is well-formed C without the warnings that signal undefined behaviour."""
    proc = run(["gcc", "-std=gnu11", "-O2", "-c", *UB_WERROR,
                f"-I{CSMITH_INCLUDE}", str(src), "-o", os.devnull], 60)
    if proc.returncode != 0:
        return False
    if CLANG is not None:
        proc = run([CLANG, "-fsyntax-only", *CLANG_WERROR, f"-I{CSMITH_INCLUDE}", str(src)], 60)
        if proc.returncode != 0:
            return False
    return True


def sanitiser_clean(src: Path, workdir: Path, expected: Proc) -> bool:
    """gcc's ASan+UBSan build and its -O2 build agree with its -O0 build: no UB the reducer added."""
    exe = workdir / "asan.exe"
    proc = run(["gcc", "-O0", "-w", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
                f"-I{CSMITH_INCLUDE}", str(src), "-o", str(exe)], 120)
    if proc.returncode != 0:
        return False
    ran = run([str(exe)], 20, cwd=workdir)
    if ran.returncode != expected.returncode or ran.stdout != expected.stdout:
        return False
    exe2 = workdir / "gcc2.exe"
    proc = run(["gcc", "-O2", "-w", f"-I{CSMITH_INCLUDE}", str(src), "-o", str(exe2)], 120)
    if proc.returncode != 0:
        return False
    ran2 = run([str(exe2)], 10, cwd=workdir)
    return ran2.returncode == expected.returncode and ran2.stdout == expected.stdout


def is_interesting(src: Path, target: Target, workdir: Path) -> bool:
    """True when src still makes atomc fail the way target describes, on a valid program.
    Cheap checks run first: most candidates a reducer tries are not even C."""
    if not valid_for_gcc(src, workdir):
        return False
    if target.kind in ("atomc-crash", "atomc-reject") or target.signature == "compile-timeout":
        exe = workdir / "atomc.o"
        cmd = [*atomc_command(), *target.level.split(), "-w", *target.extra, "-c",
               f"-I{CSMITH_INCLUDE}", str(src), "-o", str(exe)]
        limit = 60.0 if target.signature == "compile-timeout" else ATOMC_COMPILE_TIMEOUT
        proc = run(cmd, limit)
        bad = classify_compile(proc)
        return bad is not None and bad[0] == target.kind and bad[2] == target.signature
    # mismatch or run-timeout: need gcc's behaviour, then atomc's.
    exe = workdir / "gcc.exe"
    proc = run([*GCC_ORACLE, str(src), "-o", str(exe)], GCC_COMPILE_TIMEOUT)
    if proc.returncode != 0:
        return False
    expected = run([str(exe)], 5, cwd=workdir)
    if expected.timed_out or expected.returncode != 0:
        return False
    step = check_level(src, target.level, expected, workdir, target.extra)
    if step.kind != target.kind or step.signature != target.signature:
        return False
    return sanitiser_clean(src, workdir, expected)


# ---------------------------------------------------------------------------------------------
# Reduction


def flatten(src: Path, dest: Path) -> None:
    """Inline csmith's own headers (with macros expanded) but keep the system headers as #include
    lines, so the program is self-contained, readable, and small enough to reduce."""
    proc = run(["gcc", "-E", f"-I{CSMITH_INCLUDE}", str(src)], 60)
    if proc.returncode != 0:
        raise RuntimeError(f"gcc -E failed: {proc.stderr[:500]}")
    keep: list[str] = []
    current_is_user = True
    marker = re.compile(r'^# \d+ "([^"]*)"')
    for line in proc.stdout.splitlines():
        m = marker.match(line)
        if m:
            name = m.group(1)
            current_is_user = not (name.startswith("/usr/") and not name.startswith(CSMITH_INCLUDE)) \
                and not name.startswith("<")
            continue
        if current_is_user and line.strip():
            keep.append(line)
    # csmith.h defines its floating-point safe-math wrappers whatever the program uses; atomc
    # only tolerates them inside the header, so drop them (our configurations have no floats).
    keep = [line for chunk in top_level_chunks(keep)
            if not re.search(r"\b(float|double)\b", " ".join(chunk)) for line in chunk]
    headers = ["#include <stdint.h>", "#include <stdio.h>", "#include <string.h>",
               "#include <limits.h>", "#include <assert.h>", "#include <math.h>", "#include <float.h>"]
    dest.write_text("\n".join(headers + keep) + "\n")


def top_level_chunks(lines: list[str]) -> list[list[str]]:
    """Group lines into top-level forms by brace depth (the flattened file has no comments)."""
    chunks: list[list[str]] = []
    cur: list[str] = []
    depth = 0
    for line in lines:
        cur.append(line)
        stripped = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'', "", line)
        depth += stripped.count("{") - stripped.count("}")
        if depth == 0 and (stripped.rstrip().endswith(";") or stripped.rstrip().endswith("}")
                           or stripped.startswith("#")):
            chunks.append(cur)
            cur = []
    if cur:
        chunks.append(cur)
    return chunks


def ddmin(items: list, test: Callable[[list], bool], deadline: float) -> list:
    """Delta debugging (complement removal) over a list; stops at the deadline with the best so far."""
    n = 2
    while len(items) >= 2 and time.monotonic() < deadline:
        size = max(1, len(items) // n)
        removed_any = False
        start = 0
        while start < len(items) and time.monotonic() < deadline:
            candidate = items[:start] + items[start + size:]
            if candidate and test(candidate):
                items = candidate
                removed_any = True
            else:
                start += size
        if removed_any:
            n = max(n - 1, 2)
        elif size == 1:
            break
        else:
            n = min(n * 2, len(items))
    return items


def line_reduce(path: Path, target: Target, deadline: float, log: Callable[[str], None]) -> None:
    """Own reducer: first whole top-level forms, then single lines; path is rewritten in place."""
    workdir = path.parent
    probe = workdir / "probe.c"
    tests = 0

    def try_text(text: str) -> bool:
        nonlocal tests
        tests += 1
        probe.write_text(text)
        return is_interesting(probe, target, workdir)

    lines = path.read_text().splitlines()
    while time.monotonic() < deadline:
        before = len(lines)
        chunks = ddmin(top_level_chunks(lines),
                       lambda cs: try_text("\n".join(l for c in cs for l in c) + "\n"), deadline)
        lines = [l for c in chunks for l in c]
        path.write_text("\n".join(lines) + "\n")
        log(f"  top-level forms: {len(chunks)} left, {len(lines)} lines, {tests} tests")
        lines = ddmin(lines, lambda ls: try_text("\n".join(ls) + "\n"), deadline)
        path.write_text("\n".join(lines) + "\n")
        log(f"  lines: {len(lines)} left, {tests} tests")
        if len(lines) == before:
            break


def write_interestingness_script(dest: Path, target: Target, name: str) -> None:
    extra = " ".join(f"--extra={e}" for e in target.extra)
    atomc = os.environ.get("ATOMC", "")
    env = f"ATOMC='{atomc}' " if atomc else ""
    dest.write_text(
        "#!/bin/sh\n"
        f"{env}exec {sys.executable} {Path(__file__).resolve()} interesting "
        f"--kind={target.kind} --level={shlex.quote(target.level)} --signature={shlex.quote(target.signature)} "
        f"{extra} {name}\n")
    dest.chmod(0o755)


def creduce(path: Path, target: Target, seconds: float, log: Callable[[str], None]) -> None:
    """Debian's creduce on one core, time-boxed; keeps path's content when creduce cannot help."""
    if shutil.which("creduce") is None or seconds < 30:
        return
    work = Path(tempfile.mkdtemp(prefix="creduce-", dir=path.parent))
    name = "prog.c"
    shutil.copyfile(path, work / name)
    script = work / "interesting.sh"
    write_interestingness_script(script, target, name)
    proc = run(["creduce", "--n", "1", "--timeout", "400", str(script), name],
               seconds, cwd=work)
    log(f"  creduce: {'time box reached' if proc.timed_out else 'done'} after {proc.seconds:.0f} s")
    # creduce keeps the best variant in prog.c; re-check it since a kill may interrupt a write.
    check_dir = Path(tempfile.mkdtemp(prefix="check-", dir=path.parent))
    candidate = check_dir / name
    shutil.copyfile(work / name, candidate)
    if is_interesting(candidate, target, check_dir):
        shutil.copyfile(candidate, path)
    else:
        log("  creduce's result did not reproduce; keeping the line-reduced program")
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(check_dir, ignore_errors=True)


def reduce_program(src: Path, target: Target, dest: Path, budget: float,
                   log: Callable[[str], None] = print, use_creduce: bool = True) -> bool:
    """Minimise src (a csmith program) keeping target's failure; write the result to dest
    (without header).  False when the flattened program does not reproduce the failure."""
    deadline = time.monotonic() + budget
    with tempfile.TemporaryDirectory(prefix="reduce-") as tmp:
        workdir = Path(tmp)
        flat = workdir / "flat.c"
        flatten(src, flat)
        if not is_interesting(flat, target, workdir):
            log("  the flattened program does not reproduce the failure")
            return False
        line_reduce(flat, target, deadline - budget / 2 if use_creduce else deadline, log)
        if use_creduce:
            creduce(flat, target, deadline - time.monotonic(), log)
        shutil.copyfile(flat, dest)
    return True


def _untemp(text: str) -> str:
    """Drop temporary directory names from a message written into a saved file."""
    return re.sub(r"/tmp/\S+?/", "", text).replace("*/", "* /")


def regress_header(seed: int, config: str, step: Step, open_at: Sequence[Step]) -> str:
    """The header tests/regress/test_regress.py reads: `open at:` lists the levels that fail today
    (they xfail strictly); delete a level from it when its bug is fixed."""
    flags = " ".join(CONFIGS[config])
    levels = ", ".join(s.level for s in open_at)
    symptoms = "".join(f" *   {s.level}: {s.kind}: {_untemp(s.detail)}\n" for s in open_at)
    return (
        "/* Reduced from a csmith program (tests/csmith/csmith_diff.py).\n"
        f" * seed: {seed}   csmith 2.3.0 flags: {flags}\n"
        f" * configuration: atomc {step.level}, compared with gcc -O0\n"
        f" * symptom: {step.kind}: {_untemp(step.detail)}\n"
        f" * signature: {step.signature}\n"
        f" * reduced program, per level:\n{symptoms}"
        f" * open at: {levels}\n"
        " */\n")


def reduce_seed(result: SeedResult, budget: float, out_dir: Path = REGRESS_DIR,
                log: Callable[[str], None] = print, use_creduce: bool = True) -> Path | None:
    """Reduce the first failing level of a seed and save it as out_dir/csmith_<seed>_<level>.c."""
    steps = result.failing()
    if not steps:
        return None
    step = min(steps, key=lambda s: (FAIL_ORDER.index(s.kind), s.level))
    target = Target(step.kind, step.level, step.signature)
    with tempfile.TemporaryDirectory(prefix=f"seed{result.seed}-") as tmp:
        src = Path(tmp) / f"seed{result.seed}.c"
        generate(result.seed, result.config, src)
        out_dir.mkdir(parents=True, exist_ok=True)
        dest = out_dir / f"csmith_{result.seed}_{slug(step.level)}.c"
        body = Path(tmp) / "reduced.c"
        log(f"reducing seed {result.seed} ({step.level} {step.kind}: {step.signature})")
        if not reduce_program(src, target, body, budget, log, use_creduce):
            return None
        _, _, now = check_program(body, Path(tmp))
        dest.write_text(regress_header(result.seed, result.config, step,
                                       [s for s in now if s.kind != "ok"]) + body.read_text())
        log(f"  saved {dest} ({len(body.read_text().splitlines())} lines)")
        return dest


# ---------------------------------------------------------------------------------------------
# Command line


def parse_seeds(specs: Sequence[str]) -> list[int]:
    seeds: list[int] = []
    for spec in specs:
        if "-" in spec:
            lo, hi = spec.split("-", 1)
            seeds.extend(range(int(lo), int(hi) + 1))
        else:
            seeds.append(int(spec))
    return seeds


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "interesting":
        p = argparse.ArgumentParser(prog="csmith_diff.py interesting")
        p.add_argument("--kind", required=True)
        p.add_argument("--level", required=True)
        p.add_argument("--signature", required=True)
        p.add_argument("--extra", action="append", default=[])
        p.add_argument("file")
        a = p.parse_args(argv[1:])
        with tempfile.TemporaryDirectory(prefix="interesting-") as tmp:
            ok = is_interesting(Path(a.file).resolve(), Target(a.kind, a.level, a.signature,
                                                               tuple(a.extra)), Path(tmp))
        return 0 if ok else 1
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--config", choices=sorted(CONFIGS), default="ci")
    p.add_argument("--reduce", action="store_true", help="minimise each failure into tests/regress/")
    p.add_argument("--budget", type=float, default=900, help="seconds of reduction per failure")
    p.add_argument("--no-creduce", action="store_true", help="only the built-in reducer")
    p.add_argument("--keep", type=Path, help="copy failing programs into this directory")
    p.add_argument("seeds", nargs="+", help="seeds or ranges like 1-50")
    a = p.parse_args(argv)
    why = tools_available()
    if why:
        print(why, file=sys.stderr)
        return 2
    failures = 0
    for seed in parse_seeds(a.seeds):
        result = check_seed(seed, a.config, keep=a.keep)
        print(result.summary(), flush=True)
        if result.kind in FAIL_ORDER:
            failures += 1
            if a.reduce:
                reduce_seed(result, a.budget, use_creduce=not a.no_creduce)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
