"""The compiler's output must not depend on Python's string-hash seed: iterating a set
of locations or names in hash order once made `--loclist-mode=multi` assembly differ
from run to run. Build the same sources under several seeds and compare bytes."""

import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = [ROOT / "varlocs" / "programs" / "multiloc.c",
           ROOT / "varlocs" / "programs" / "pressure.c",
           ROOT / "exec" / "programs" / "156_float_kernels.c",
           ROOT / "exec" / "programs" / "218_switch_interp.c",
           ROOT / "exec" / "programs" / "090_tiny_interp.c"]
SEEDS = ("0", "7", "12345")


def _assembly(cmd: list[str], src: Path, flags: list[str], seed: str, out: Path) -> bytes:
    env = dict(os.environ, PYTHONHASHSEED=seed)
    subprocess.run([*cmd, *flags, "-S", str(src), "-o", str(out)], check=True, env=env,
                   capture_output=True, timeout=300)
    return out.read_bytes()


@pytest.mark.parametrize("mode", ["single", "multi"])
@pytest.mark.parametrize("src", SOURCES, ids=[s.stem for s in SOURCES])
def test_same_assembly_under_every_hash_seed(src: Path, mode: str, atomc_cmd, tmp_path):
    flags = ["-O2", "-g", f"--loclist-mode={mode}"]
    outputs = {seed: _assembly(atomc_cmd, src, flags, seed, tmp_path / f"{seed}.s")
               for seed in SEEDS}
    first = outputs[SEEDS[0]]
    assert all(o == first for o in outputs.values()), \
        f"{src.name} ({mode}): assembly differs between PYTHONHASHSEED values"
