"""Summarise a triage build (`triage_cc.py`'s JSON lines): what atomc could not do.

    python tests/realworld/triage.py BUILD.triage.jsonl...

For each log: how many compiles atomc did, the options it rejected (dropped or handed
to gcc) with how often, the distinct diagnostics and crashes of the commands gcc had to
redo and succeeded at (each with one command that shows it; a command gcc fails too is
a configure probe, only counted), atomc's answers to identity queries, and the shared
libraries that needed `-Bsymbolic` because atomc's code is not position-independent.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(slots=True)
class Triage:
    commands: int = 0
    compiles: int = 0
    compiled_by_atomc: int = 0
    dropped: Counter[str] = field(default_factory=Counter)
    delegated: Counter[str] = field(default_factory=Counter)
    errors: dict[str, tuple[int, dict]] = field(default_factory=dict)   # message -> (n, example)
    failing_with_gcc: int = 0      # configure probes meant to fail: gcc failed them too
    identity: dict[str, str] = field(default_factory=dict)   # query -> atomc's answer
    bsymbolic: int = 0


def option_name(opt: str) -> str:
    """-ffile-prefix-map=/x=. -> -ffile-prefix-map=...; others unchanged."""
    return re.sub(r"=.*", "=...", opt) if opt.startswith(("-ffile-prefix-map", "-fdebug-prefix",
                                                            "-fmacro-prefix")) else opt


def error_key(stderr: str) -> str:
    """The diagnostic that stopped atomc, without file names and positions."""
    lines = [ln.strip() for ln in stderr.splitlines() if ln.strip()]
    if any(ln.startswith("Traceback") for ln in lines):
        return "crash: " + lines[-1]
    for ln in lines:
        m = re.search(r"\b(error|fatal error|internal error): (.*)", ln)
        if m:
            return f"{m[1]}: {m[2]}"
    return lines[-1] if lines else "(no message)"


def summarise(path: Path) -> Triage:
    t = Triage()
    for line in path.read_text(errors="replace").splitlines():
        e = json.loads(line)
        t.commands += 1
        t.compiles += e["compile"]
        t.dropped.update(option_name(o) for o in e["dropped"])
        if "identity" in e:
            t.identity[" ".join(e["argv"])] = e["identity"].strip()
        elif "delegated" in e:
            t.delegated[option_name(e["delegated"])] += 1
        elif e.get("atomc") == "ok":
            t.compiled_by_atomc += e["compile"]
        elif e.get("gcc", 0) != 0:
            t.failing_with_gcc += 1
        else:
            key = error_key(e.get("error", ""))
            n, example = t.errors.get(key, (0, e))
            t.errors[key] = (n + 1, example)
        t.bsymbolic += bool(e.get("bsymbolic"))
    return t


def report(name: str, t: Triage) -> str:
    out = [f"{name}: {t.commands} compiler commands, atomc compiled {t.compiled_by_atomc} "
           f"of {t.compiles} -c compiles"]
    if t.dropped:
        out.append("  options atomc rejected (dropped): "
                   + ", ".join(f"{o} x{n}" for o, n in t.dropped.most_common()))
    if t.delegated:
        out.append("  options atomc rejected (gcc ran the command): "
                   + ", ".join(f"{o} x{n}" for o, n in t.delegated.most_common()))
    for key, (n, e) in sorted(t.errors.items(), key=lambda kv: -kv[1][0]):
        src = next((a for a in e["argv"] if a.endswith((".c", ".i", ".S", ".s"))), "")
        kept = f" (copy: {e['sources'][0]})" if e.get("sources") else ""
        out.append(f"  x{n} {key}\n      e.g. in {e['cwd']}: "
                   f"{src or ' '.join(e['argv'])[:200]}{kept}")
    for query, answer in t.identity.items():
        first = answer.splitlines()[0] if answer else "(nothing)"
        out.append(f"  `{query}`: atomc answers {first!r} (gcc answered for the build)")
    if t.failing_with_gcc:
        out.append(f"  ({t.failing_with_gcc} commands failed with gcc as well: probes)")
    if t.bsymbolic:
        out.append(f"  {t.bsymbolic} shared libraries linked with -Wl,-Bsymbolic "
                   "(atomc's objects are not PIC)")
    return "\n".join(out)


def main(argv: list[str]) -> int:
    for arg in argv:
        print(report(Path(arg).name.removesuffix(".triage.jsonl"), summarise(Path(arg))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
