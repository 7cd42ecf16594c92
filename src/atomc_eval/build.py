"""Compile a C file with a user-given command template, and run the result.

Templates name the source and output as ``{src}`` and ``{out}``; a template
with neither (``gcc -O0 -g``) gets ``{src} -o {out}`` appended.  Tokens are
substituted after splitting, so paths with spaces survive.
"""

from __future__ import annotations

import shlex
import subprocess
from dataclasses import dataclass
from pathlib import Path

BUILD_TIMEOUT = 180.0


class BuildError(RuntimeError):
    """A compile command that is malformed or failed."""


def command_for(template: str, src: str | Path, out: str | Path) -> list[str]:
    """The argv that compiles ``src`` into ``out`` according to ``template``."""
    try:
        tokens = shlex.split(template)
    except ValueError as exc:
        raise BuildError(f"bad compile command {template!r}: {exc}") from None
    if not tokens:
        raise BuildError("empty compile command")
    has_src = any("{src}" in t for t in tokens)
    has_out = any("{out}" in t for t in tokens)
    if has_src != has_out:
        raise BuildError(
            f"compile command {template!r} must name both {{src}} and {{out}}, or neither"
        )
    if not has_src:
        tokens += ["{src}", "-o", "{out}"]
    return [t.replace("{src}", str(src)).replace("{out}", str(out)) for t in tokens]


def compile_c(template: str, src: str | Path, out: str | Path) -> Path:
    """Compile; raise BuildError with the compiler's last words if it fails."""
    argv = command_for(template, src, out)
    try:
        done = subprocess.run(
            argv, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False
        )
    except FileNotFoundError:
        raise BuildError(f"compiler not found: {argv[0]}") from None
    except subprocess.TimeoutExpired:
        raise BuildError(
            f"compile timed out after {BUILD_TIMEOUT:.0f}s: {shlex.join(argv)}"
        ) from None
    if done.returncode != 0 or not Path(out).exists():
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise BuildError(f"compile failed ({shlex.join(argv)}): {last}")
    return Path(out)


@dataclass(frozen=True, slots=True)
class RunResult:
    """Exit status and output of one plain run."""

    returncode: int | None  # None: timed out
    stdout: str


def run_plain(
    binary: str | Path, args: tuple[str, ...] = (), stdin: str = "/dev/null", timeout: float = 20.0
) -> RunResult:
    """Run the program outside any debugger (to compare builds' outputs)."""
    with open(stdin, "rb") as fh:
        try:
            done = subprocess.run(
                [str(binary), *args], stdin=fh, capture_output=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            return RunResult(None, "")
    return RunResult(done.returncode, done.stdout.decode("utf-8", "replace"))
