"""The launcher's choice of build (src/atomc/compiled_copy.py): the compiled copy
runs only while it is exactly as fresh as the sources it was built from, so an
edit to src/ is never hidden behind old compiled code."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from atomc import compiled_copy as cc


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    """A source package and a copy built from it, with its manifest and stamp."""
    src = tmp_path / "src" / "atomc"
    (src / "ir").mkdir(parents=True)
    (src / "__pycache__").mkdir()
    (src / "__init__.py").write_text("")
    (src / "ir" / "insts.py").write_text("X = 1\n")
    (src / "data.tsv").write_text("a\tb\n")
    (src / "__pycache__" / "x.pyc").write_bytes(b"\0")
    copy = tmp_path / "build" / "compiled" / "atomc"
    copy.mkdir(parents=True)
    files = cc.source_files(str(src))
    (copy / cc.MANIFEST).write_text(cc.manifest_text(str(src), files))
    (copy / cc.STAMP).write_text("hash\n")
    return src, copy


def test_source_files_are_every_file_but_byte_code(tmp_path: Path) -> None:
    src, _ = _tree(tmp_path)
    assert cc.source_files(str(src)) == ["__init__.py", "data.tsv", "ir/insts.py"]


def test_fresh_copy_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(cc.ENV_VAR, raising=False)
    src, copy = _tree(tmp_path)
    assert cc.is_fresh(str(copy), str(src))
    path = [str(src)]
    assert cc.select(path, str(copy), str(src))
    assert path == [str(copy), str(src)]
    assert not cc.select(path, str(copy), str(src))  # once only
    assert path == [str(copy), str(src)]


@pytest.mark.parametrize("edit", ["content", "same-size", "touch", "delete", "stamp",
                                  "manifest", "empty-manifest", "interpreter"])
def test_any_change_makes_it_stale(tmp_path: Path, edit: str) -> None:
    src, copy = _tree(tmp_path)
    module = src / "ir" / "insts.py"
    st = module.stat()
    if edit == "content":
        module.write_text("X = 22\n")
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns))  # only the size tells
    elif edit == "same-size":
        module.write_text("X = 2\n")
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns + 1))
    elif edit == "touch":
        os.utime(module, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000))
    elif edit == "delete":
        module.unlink()
    elif edit == "stamp":  # a build that did not finish
        (copy / cc.STAMP).unlink()
    elif edit == "manifest":
        (copy / cc.MANIFEST).unlink()
    elif edit == "interpreter":  # built by another Python (install.sh changed the venv's)
        lines = (copy / cc.MANIFEST).read_text().splitlines(keepends=True)
        assert lines[0] == cc.interpreter_line() + "\n"
        (copy / cc.MANIFEST).write_text("python 30b07f0 /usr\n" + "".join(lines[1:]))
    else:
        (copy / cc.MANIFEST).write_text("")
    assert not cc.is_fresh(str(copy), str(src))
    path = [str(src)]
    assert not cc.select(path, str(copy), str(src))
    assert path == [str(src)]


def test_copy_library_is_importable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The libraries holding the compiled code sit beside the copy's package folder
    (build/compiled/atomc_ir__mypyc.*.so and the like): choosing the copy puts that folder
    on sys.path, last, once, and a stale copy leaves sys.path alone."""
    import sys

    monkeypatch.delenv(cc.ENV_VAR, raising=False)
    monkeypatch.setattr(sys, "path", ["/first"])
    flags = sys.getdlopenflags()
    src, copy = _tree(tmp_path)
    try:
        assert cc.select([str(src)], str(copy), str(src))
        assert cc.select([str(src)], str(copy), str(src))
    finally:
        sys.setdlopenflags(flags)
    assert sys.path == ["/first", str(copy.parent)]
    (copy / cc.STAMP).unlink()
    monkeypatch.setattr(sys, "path", ["/first"])
    assert not cc.select([str(src)], str(copy), str(src))
    assert sys.path == ["/first"]


def test_env_var_keeps_the_pure_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src, copy = _tree(tmp_path)
    monkeypatch.setenv(cc.ENV_VAR, "0")
    path = [str(src)]
    assert not cc.select(path, str(copy), str(src))
    assert path == [str(src)]


def test_default_copy_is_the_checkouts_build_folder() -> None:
    root = Path(cc.source_root())
    assert root.name == "atomc" and (root / "compiled_copy.py").exists()
    assert Path(cc.default_copy()) == root.parent.parent / "build" / "compiled" / "atomc"


def test_copy_binds_lazily(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Choosing the copy makes the extensions it loads bind the interpreter's
    functions when first called, not all at load."""
    import sys

    monkeypatch.delenv(cc.ENV_VAR, raising=False)
    src, copy = _tree(tmp_path)
    flags = sys.getdlopenflags()
    try:
        sys.setdlopenflags(os.RTLD_NOW)
        assert not cc.select([str(copy)], str(copy), str(src))  # already chosen: unchanged
        assert sys.getdlopenflags() == os.RTLD_NOW
        assert cc.select([str(src)], str(copy), str(src))
        assert sys.getdlopenflags() == os.RTLD_LAZY
    finally:
        sys.setdlopenflags(flags)


def test_freshness_is_one_stat_per_file_relative_to_the_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every process checks every source file: a stat each, relative to the source
    folder, with no path joined per file (os.path.join is Python code)."""
    src, copy = _tree(tmp_path)
    for n in range(20):
        (src / "ir" / f"m{n}.py").write_text("")
    files = cc.source_files(str(src))
    (copy / cc.MANIFEST).write_text(cc.manifest_text(str(src), files))
    joins, stats = [], []
    real_join, real_stat = os.path.join, os.stat

    def join(*parts: str) -> str:
        joins.append(parts)
        return real_join(*parts)

    def stat(path: str, **kwargs: object) -> os.stat_result:
        stats.append(path)
        return real_stat(path, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os.path, "join", join)
    monkeypatch.setattr(os, "stat", stat)
    assert cc.is_fresh(str(copy), str(src))
    assert sorted(p for p in stats if not os.path.isabs(p)) == files and len(joins) <= 2
