"""The driver's stand-ins for shutil.which, tempfile.mktemp and
tempfile.TemporaryDirectory (driver/fsutil.py) answer as those do."""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest

from atomc.driver import fsutil


@pytest.fixture
def bindirs(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        d.mkdir()
    for d, name, mode in ((a, "tool", 0o644), (b, "tool", 0o755), (a, "both", 0o755),
                          (b, "both", 0o755)):
        (d / name).write_text("#!/bin/sh\n")
        (d / name).chmod(mode)
    (a / "adir").mkdir(mode=0o755)
    return a, b


@pytest.mark.parametrize("path", ["{a}:{b}", "{b}:{a}", "", ":", "{a}", "{a}::{b}",
                                  None])
@pytest.mark.parametrize("cmd", ["tool", "both", "adir", "missing", "sh", "{a}/both",
                                 "{a}/tool", "./x"])
def test_which_is_shutils(bindirs: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch,
                          path: str | None, cmd: str) -> None:
    a, b = bindirs
    if path is None:
        monkeypatch.delenv("PATH", raising=False)
    else:
        monkeypatch.setenv("PATH", path.format(a=a, b=b))
    cmd = cmd.format(a=a)
    assert fsutil.which(cmd) == shutil.which(cmd)


def test_mktemp_names_a_free_file(tmp_path: Path) -> None:
    names = {fsutil.mktemp(".atomc-", str(tmp_path)) for _ in range(50)}
    assert len(names) == 50
    for n in names:
        assert os.path.dirname(n) == str(tmp_path) and not os.path.exists(n)
        base = os.path.basename(n)
        assert base.startswith(".atomc-") and len(base) == len(".atomc-") + 8


def test_temporary_directory_is_private_and_removed(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    with fsutil.temporary_directory("atomc-") as d:
        assert os.path.dirname(d) == str(tmp_path)
        assert os.path.basename(d).startswith("atomc-")
        assert stat.S_IMODE(os.stat(d).st_mode) == 0o700
        Path(d, "x.s").write_text("")
        Path(d, "sub").mkdir()  # the unusual case goes to shutil.rmtree
        Path(d, "sub", "y").write_text("")
    assert not os.path.exists(d)
    with fsutil.temporary_directory("atomc-") as d:
        Path(d, "x.s").write_text("")
    assert os.listdir(tmp_path) == []


def test_temporary_directory_skips_unusable_candidates(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path / "missing"))
    monkeypatch.setenv("TEMP", str(tmp_path))
    with fsutil.temporary_directory("atomc-") as d:
        assert os.path.dirname(d) == str(tmp_path)
    assert not os.path.exists(d)
