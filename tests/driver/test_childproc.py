"""childproc.run runs a tool as `subprocess.run` would (childproc.py): each case
runs the same command both ways and compares what the tool saw and returned."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from atomc import childproc

# prints its signal dispositions for SIGPIPE and SIGXFSZ and its open descriptors
PROBE = """\
import os, signal, sys
print(signal.getsignal(signal.SIGPIPE), signal.getsignal(signal.SIGXFSZ))
print(sorted(int(n) for n in os.listdir('/proc/self/fd')))
sys.stderr.write('to stderr\\n')
"""


def test_the_tool_sees_what_subprocess_gives_it(tmp_path: Path) -> None:
    """Signals back to their defaults, inherited descriptors closed, the streams."""
    leaked = os.open(tmp_path / "f", os.O_WRONLY | os.O_CREAT)  # an inheritable one
    os.set_inheritable(leaked, True)
    try:
        argv = [sys.executable, "-S", "-c", PROBE]
        ours = childproc.run(argv, stdout=True, stderr=True)
        theirs = subprocess.run(argv, capture_output=True, check=False)
    finally:
        os.close(leaked)
    assert (ours.returncode, ours.stdout, ours.stderr) == \
        (theirs.returncode, theirs.stdout, theirs.stderr)
    assert b"to stderr" in ours.stderr


def test_both_pipes_full_do_not_block() -> None:
    """More than a pipe holds on both streams, written alternately."""
    script = ("import sys\nfor i in range(2000):\n"
              "    sys.stdout.write('o' * 99 + '\\n'); sys.stderr.write('e' * 99 + '\\n')\n")
    done = childproc.run([sys.executable, "-S", "-c", script], stdout=True, stderr=True)
    assert (done.returncode, len(done.stdout), len(done.stderr)) == (0, 200_000, 200_000)


@pytest.mark.parametrize("code", ["raise SystemExit(3)",
                                  "import os, signal; os.kill(os.getpid(), signal.SIGTERM)"])
def test_exit_status_as_returncode(code: str) -> None:
    argv = [sys.executable, "-S", "-c", code]
    assert childproc.run(argv).returncode == subprocess.run(argv, check=False).returncode


def test_a_missing_program_raises_what_subprocess_raises() -> None:
    argv = ["atomc-no-such-tool-here", "-v"]
    with pytest.raises(OSError) as ours:
        childproc.run(argv, stderr=True)
    with pytest.raises(OSError) as theirs:
        subprocess.run(argv, check=False)
    assert (type(ours.value), ours.value.strerror) == (type(theirs.value), theirs.value.strerror)


def test_without_proc_it_runs_subprocess(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(childproc, "_FD_DIR", "/nonexistent/fd")
    done = childproc.run([sys.executable, "-S", "-c", "print('x')"], stdout=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"x\n", b"")


def test_pycparser_imported_with_the_stand_in_calls_the_real_check_output() -> None:
    """pycparser's check_output (preprocess_file's) still runs a command."""
    code = ("import sys\nfrom atomc.childproc import import_pycparser\nimport_pycparser()\n"
            "assert 'subprocess' not in sys.modules\nimport pycparser\n"
            "print(pycparser.check_output(['echo', 'hi'], universal_newlines=True), end='')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout == "hi\n"
