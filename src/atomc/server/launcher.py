"""The `atomc` command that scripts/install.sh writes into the venv: the console
script's entry point (client.py) started without the interpreter's `site` step.

`site` costs every process 11M instructions of the 38M of `python -c pass`
(callgrind): it reads pyvenv.cfg, lists site-packages, runs every `.pth` file
(setuptools' `distutils-precedence.pth` imports `_distutils_hack`; the editable
install's names src/) and imports `os`, `stat`, `_sitebuiltins`. All of it only
computes sys.path, the same list each time. So install.sh runs this module once
with the venv's interpreter: it asks that interpreter which entries `site` adds
(with and without `-S`, PYTHONPATH unset) and writes a launcher that starts it
with `-S` and appends exactly those entries.

The launcher trusts that list while every folder `site` reads `.pth` files from,
and every `.pth` file in them, keeps the modification time recorded here (a few
`stat` calls): pip installing, removing or re-pointing a package changes one. When
one differs, the launcher runs `site.main()` instead, which is what `site` would
have done. The `sitecustomize` and `usercustomize` modules `site` imported when
probed, the launcher imports itself, after the entries, as `site` does (Debian's
interpreter always has a `sitecustomize`: it tries to install apport's hook).
Users who install with plain pip keep pip's script.

    python -m atomc.server.launcher PATH    # writes the launcher to PATH
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass

# run by the venv's interpreter with `site`: what it added, and where it looked
_PROBE = """\
import json, os, site, sys
dirs = [d for d in site.getsitepackages() if os.path.isdir(d)]
if site.ENABLE_USER_SITE and os.path.isdir(site.getusersitepackages()):
    dirs.append(site.getusersitepackages())
custom = [m for m in ("sitecustomize", "usercustomize") if m in sys.modules]
print(json.dumps({"path": sys.path, "dirs": dirs, "custom": custom,
                  "prefix": sys.prefix, "exec_prefix": sys.exec_prefix}))
"""
_BARE_PROBE = "import json, sys; print(json.dumps(sys.path))"


@dataclass(frozen=True, slots=True)
class SiteState:
    """What `site` does to an interpreter's start: the sys.path entries it appends,
    the prefixes it sets, and the files whose modification times (ns) say it would
    still do the same."""

    paths: tuple[str, ...]
    prefix: str
    exec_prefix: str
    stamps: tuple[tuple[str, int], ...]
    customize: tuple[str, ...] = ()   # the customize modules `site` imported, in order


def probe(python: str) -> SiteState:
    """`site`'s effect on `python`'s start."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with_site = json.loads(subprocess.run([python, "-c", _PROBE], env=env, check=True,
                                          capture_output=True, text=True).stdout)
    bare = json.loads(subprocess.run([python, "-S", "-c", _BARE_PROBE], env=env, check=True,
                                     capture_output=True, text=True).stdout)
    paths = tuple(p for p in with_site["path"] if p not in bare)
    return SiteState(paths, with_site["prefix"], with_site["exec_prefix"],
                     stamps(with_site["dirs"]), tuple(with_site["custom"]))


def stamps(dirs: list[str]) -> tuple[tuple[str, int], ...]:
    """The modification time of each folder `site` scans and of each `.pth` in it."""
    out = []
    for d in dirs:
        out.append((d, os.stat(d).st_mtime_ns))
        for name in sorted(os.listdir(d)):
            if name.endswith(".pth"):
                path = os.path.join(d, name)
                out.append((path, os.stat(path).st_mtime_ns))
    return tuple(out)


def launcher_text(python: str, state: SiteState) -> str:
    """The `atomc` script for `python` (the venv's interpreter)."""
    customize = ""
    if state.customize:
        # as site.execsitecustomize/execusercustomize: a module that is gone is
        # skipped, one that fails is reported and the start goes on
        customize = (f"    for name in {state.customize!r}:\n"
                     "        try:\n"
                     "            __import__(name)\n"
                     "        except ImportError as exc:\n"
                     "            if exc.name != name:\n"
                     "                raise\n"
                     "        except Exception as err:\n"
                     "            sys.stderr.write(f'Error in {name}; set PYTHONVERBOSE for "
                     "traceback:\\n{type(err).__name__}: {err}\\n')\n")
    return (f"#!{python} -S\n"
            "# Written by scripts/install.sh: runs without `site`, adding the sys.path entries\n"
            "# it would add while the files it reads are unchanged (atomc/server/launcher.py).\n"
            "import sys\n"
            "from posix import stat\n"
            f"STAMPS = {state.stamps!r}\n"
            "try:\n"
            "    fresh = all(stat(p).st_mtime_ns == t for p, t in STAMPS)\n"
            "except OSError:\n"
            "    fresh = False\n"
            "if fresh:\n"
            f"    sys.path.extend(p for p in {state.paths!r} if p not in sys.path)\n"
            f"    sys.prefix = {state.prefix!r}\n"
            f"    sys.exec_prefix = {state.exec_prefix!r}\n"
            f"{customize}"
            "else:\n"
            "    import site\n"
            "    site.main()\n"
            "from atomc.server.client import main\n"
            "sys.exit(main())\n")


def write(path: str, python: str) -> None:
    """Write the launcher for `python` to `path` (executable), replacing it whole."""
    text = launcher_text(python, probe(python))
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
    os.chmod(tmp, 0o755)
    os.replace(tmp, path)


if __name__ == "__main__":
    write(sys.argv[1], sys.executable)
