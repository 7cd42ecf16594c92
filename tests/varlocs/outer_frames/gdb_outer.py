"""Runs inside gdb (`gdb -batch -x gdb_outer.py PROGRAM`): at every stop in `h`,
print what gdb shows for every argument and local of each caller's frame in
the program's source file, one JSON line per stop. Stdlib and gdb only."""

import json

import gdb  # type: ignore[import-not-found]  # only exists inside gdb

gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("set print entry-values no")  # the value, not `a=a@entry=1`
gdb.execute("set debuginfod enabled off")
gdb.execute("break h")
gdb.execute("run > /dev/null", to_string=True)


def _variables(frame: "gdb.Frame") -> dict[str, str]:
    out: dict[str, str] = {}
    block = frame.block()
    while block is not None:
        for sym in block:
            if (sym.is_argument or sym.is_variable) and sym.name not in out:
                try:
                    out[sym.name] = str(sym.value(frame))
                except gdb.error as exc:
                    out[sym.name] = f"<error: {exc}>"
        if block.function is not None:
            break
        block = block.superblock
    return out


while gdb.selected_inferior().pid:
    frames = []
    frame = gdb.newest_frame().older()
    while frame is not None:
        sal = frame.find_sal()
        if sal.symtab is not None and sal.symtab.filename.endswith("outer.c"):
            frames.append([frame.name(), _variables(frame)])
        frame = frame.older()
    print("STOP " + json.dumps(frames))
    gdb.execute("continue", to_string=True)
