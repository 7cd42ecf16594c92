"""The `atomc` launcher install.sh writes (atomc/server/launcher.py) starts the
interpreter without `site` and puts on sys.path exactly what `site` would, as long
as the files `site` reads are unchanged; otherwise it runs `site` itself.

Each case makes a venv without pip in a temporary folder whose one `.pth` file
names this checkout's src/ and the folders that hold pycparser, as an editable
install's does, and runs commands through the launcher written for it."""

from __future__ import annotations

import os
import subprocess
import venv
from pathlib import Path

import pycparser
import pycparserext

import atomc
from atomc.server import launcher

SRC = str(Path(atomc.__file__).resolve().parent.parent)
SHOW = "import sys; print(sorted(m for m in ('site', '_distutils_hack') if m in sys.modules)); "


def make_venv(tmp_path: Path) -> tuple[str, Path]:
    """A venv whose site-packages has a `.pth` naming src/ and pycparser's folders:
    its interpreter and its site-packages folder."""
    root = tmp_path / "venv"
    venv.create(root, with_pip=False, symlinks=True)
    python = str(root / "bin" / "python")
    site_packages = Path(subprocess.run(
        [python, "-c", "import site; print(site.getsitepackages()[0])"], check=True,
        capture_output=True, text=True).stdout.strip())
    deps = {str(Path(m.__file__).resolve().parent.parent) for m in (pycparser, pycparserext)}
    (site_packages / "atomc-test.pth").write_text("\n".join([SRC, *sorted(deps)]) + "\n")
    return python, site_packages


def run(launcher_path: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["ATOMC_SERVER"] = "off"
    return subprocess.run([str(launcher_path), *args], cwd=cwd, env=env, capture_output=True,
                          text=True, check=False)


def test_probe_finds_the_entries_site_adds(tmp_path: Path) -> None:
    python, site_packages = make_venv(tmp_path)
    state = launcher.probe(python)
    assert state is not None
    assert state.paths[0] == str(site_packages) and SRC in state.paths
    assert [p for p, _ in state.stamps] == [str(site_packages),
                                             str(site_packages / "atomc-test.pth")]
    assert state.prefix == str(tmp_path / "venv")


def assert_compiles(exe: Path, tmp_path: Path) -> None:
    """The launcher at `exe` compiles a file to an object."""
    (tmp_path / "prog.c").write_text("int main(void) { return 0; }\n")
    r = run(exe, "-c", "prog.c", cwd=tmp_path)
    assert r.returncode == 0 and (tmp_path / "prog.o").exists(), r.stderr


def test_the_launcher_runs_without_site_while_the_pth_files_are_unchanged(
        tmp_path: Path) -> None:
    python, site_packages = make_venv(tmp_path)
    exe = tmp_path / "atomc"
    launcher.write(str(exe), python)
    assert exe.read_text().startswith(f"#!{python} -S\n")
    assert_compiles(exe, tmp_path)
    # the same sys.path and prefix as with `site`, which did not run
    probe = tmp_path / "probe"
    probe.write_text(exe.read_text().split("from atomc.server.client", 1)[0] + SHOW
                     + "print(sys.path[1:]); print(sys.prefix)\n")
    probe.chmod(0o755)
    lines = run(probe, cwd=tmp_path).stdout.splitlines()
    with_site = subprocess.run(
        [python, "-c", SHOW + "print(sys.path[1:]); print(sys.prefix)"], check=True,
        capture_output=True, text=True, cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}).stdout.splitlines()
    assert lines[0] == "[]" and with_site[0] == "['site']"
    assert lines[1:] == with_site[1:]
    # a package installed since (a new .pth): `site` runs and sees it
    extra = tmp_path / "extra"
    extra.mkdir()
    (extra / "added_later.py").write_text("")
    (site_packages / "later.pth").write_text(str(extra) + "\n")
    probe.write_text(probe.read_text().replace("print(sys.path[1:])",
                                               "import added_later; print(sys.path[1:])"))
    r = run(probe, cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines()[0] == "['site']"
    assert run(exe, "-c", "prog.c", cwd=tmp_path).returncode == 0


def test_the_launcher_runs_the_customize_modules_site_would(tmp_path: Path) -> None:
    # site imports a sitecustomize after the entries (Debian's own interpreter has one
    # in its standard library, which then shadows the venv's: it tries to install
    # apport's hook); the launcher must import the same one, once
    python, site_packages = make_venv(tmp_path)
    (site_packages / "sitecustomize.py").write_text(
        "import os\nos.environ['ATOMC_TEST_CUSTOMIZED'] = "
        "os.environ.get('ATOMC_TEST_CUSTOMIZED', '') + 'x'\n")
    assert "sitecustomize" in launcher.probe(python).customize
    exe = tmp_path / "atomc"
    launcher.write(str(exe), python)
    assert exe.read_text().startswith(f"#!{python} -S\n")
    assert_compiles(exe, tmp_path)
    show = ("import os; print(sys.modules['sitecustomize'].__file__); "
            "print(os.environ.get('ATOMC_TEST_CUSTOMIZED'))\n")
    probe = tmp_path / "probe"
    probe.write_text(exe.read_text().split("from atomc.server.client", 1)[0] + SHOW + show)
    probe.chmod(0o755)
    with_site = subprocess.run(
        [python, "-c", SHOW + show], check=True, capture_output=True, text=True, cwd=tmp_path,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"}).stdout.splitlines()
    lines = run(probe, cwd=tmp_path).stdout.splitlines()
    assert lines[0] == "[]" and with_site[0] == "['site']"
    assert lines[1:] == with_site[1:]
    if with_site[1] == str(site_packages / "sitecustomize.py"):
        assert with_site[2] == "x"
        # one that fails is reported as site reports it, and the command still runs
        (site_packages / "sitecustomize.py").write_text("raise RuntimeError('broken')\n")
        r = run(exe, "-c", "prog.c", cwd=tmp_path)
        assert r.returncode == 0 and "Error in sitecustomize" in r.stderr
        assert "RuntimeError: broken" in r.stderr
