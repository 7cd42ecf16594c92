"""Run many more mutants than the CI test does, to find robustness bugs; saves each failing
mutant under tests/regress/fuzz/ with a header naming its symptom.

    python tests/fuzz/explore.py --first 2 --last 30 --jobs 1     # mutant indices 2..30 of every program
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import test_mutation_fuzz as fz


def check(name: str, save: bool) -> str | None:
    mutant, ops, level = fz.build_mutant(name)
    with tempfile.TemporaryDirectory(prefix="fuzz-") as tmp:
        src = Path(tmp) / "mutant.c"
        src.write_bytes(mutant)
        failure = fz.robustness_failure(fz.compile_mutant([sys.executable, "-m", "atomc"], src, level))
    if failure is None:
        return None
    summary = failure.strip().splitlines()[-1][:300] if "traceback" in failure.lower() else \
        failure.splitlines()[0][:300]
    if save:
        fz.SAVED.mkdir(parents=True, exist_ok=True)
        header = (f"/* fuzz mutant {name} of tests/exec/programs/{name.split('#')[0]}.c "
                  f"({'+'.join(ops)}), tests/fuzz/mutate.py\n"
                  f" * configuration: atomc {' '.join(level)} -c\n"
                  f" * symptom: {summary.replace('*/', '* /')}\n"
                  f" * open at: {' '.join(level)}\n"
                  " */\n").encode()
        fz.saved_path(name).write_bytes(header + mutant)
    return f"{name} ({'+'.join(ops)}, {' '.join(level)}): {summary}"


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--first", type=int, default=0)
    p.add_argument("--last", type=int, default=10)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--save", action="store_true")
    a = p.parse_args()
    names = [f"{prog.stem}#{k}" for k in range(a.first, a.last + 1) for prog in fz.CORPUS]
    bad = 0
    with ThreadPoolExecutor(a.jobs) as pool:
        for i, res in enumerate(pool.map(lambda n: check(n, a.save), names), 1):
            if res:
                bad += 1
                print(res, flush=True)
            if i % 100 == 0:
                print(f"-- {i}/{len(names)} mutants, {bad} failing", flush=True)
    print(f"{len(names)} mutants, {bad} failing")
    return 0


if __name__ == "__main__":
    sys.exit(main())
