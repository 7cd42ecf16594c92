"""Make atomc's pyelftools importable inside a debugger's own Python (gdb's,
lldb's), which does not see atomc's virtualenv: shared by atomc_lldb.py and
atomc_gdb.py."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys


def find_pyelftools(who: str) -> None:
    """pyelftools is atomc's dependency; the debugger's Python may not see atomc's environment."""
    try:
        import elftools  # noqa: F401

        return
    except ImportError:
        pass
    here = os.path.dirname(os.path.abspath(__file__))
    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    candidates = [os.path.dirname(os.path.dirname(here))]  # site-packages of an installed atomc
    # an editable install (a checkout with its ./.venv)
    root = os.path.dirname(os.path.dirname(os.path.dirname(here)))
    candidates.append(os.path.join(root, ".venv", "lib", version, "site-packages"))
    if os.environ.get("VIRTUAL_ENV"):
        candidates.append(os.path.join(os.environ["VIRTUAL_ENV"], "lib", version, "site-packages"))
    atomc = shutil.which("atomc")
    if atomc:  # ask the interpreter that runs atomc
        try:
            with open(atomc, encoding="utf-8", errors="replace") as fh:
                first = fh.readline()
            if first.startswith("#!"):
                probe = ("import elftools, os; "
                         "print(os.path.dirname(os.path.dirname(elftools.__file__)))")
                out = subprocess.run([first[2:].strip(), "-c", probe], capture_output=True,
                                     text=True, timeout=20, check=False)
                candidates.append(out.stdout.strip())
        except (OSError, subprocess.SubprocessError):
            pass
    for path in candidates:
        if path and os.path.isdir(os.path.join(path, "elftools")):
            sys.path.append(path)
            return
    raise ImportError(f"{who} needs pyelftools, which atomc installs: put atomc on PATH "
                      "(or activate its virtualenv) before starting the debugger")
