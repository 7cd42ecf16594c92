"""Runs inside gdb: `gdb -nx -nh -batch -x gdb_steps.py -- PROGRAM`.

Breaks in $GDB_FUNCTION, runs the program with $GDB_RUN (arguments and redirections, as
gdb's `run` takes them), continues to $GDB_STOP_AT (`file:line`) if set, then `next`s
up to $GDB_NEXTS times while the frame stays in that function. At each of these stops
it records, as JSON in $GDB_OUT (a $GDB_STOP_AT that resolves to the pc the
function's breakpoint stopped at is reached already):
the function, line and object file of the frame, gdb's value of each expression of
$GDB_WATCH (a JSON list), and the names and values of the arguments and of the
automatic locals in scope. A value gdb cannot show because it is optimised out is
`<optimized out>`; any other gdb error is `error: ...`. `pkggdb.py` compares the runs.
"""

import json
import os

import gdb  # type: ignore[import-not-found]

FUNCTION = os.environ["GDB_FUNCTION"]
WATCH = json.loads(os.environ["GDB_WATCH"])
stops = []
problems = []


def value(expr):
    try:
        return str(gdb.parse_and_eval(expr))
    except gdb.error as exc:
        msg = str(exc)
        return "<optimized out>" if "optimized out" in msg else "error: " + msg


def variables(frame, arguments):
    """The frame's arguments, or its automatic locals in scope (innermost first), as
    {name: value}: what `info args` / `info locals` list, without static locals, whose
    set differs between compilers (gcc's `__PRETTY_FUNCTION__` for assert)."""
    found = {}
    try:
        block = frame.block()
    except RuntimeError as exc:
        return {"<error>": str(exc)}
    while block is not None:
        for sym in block:
            if not sym.is_variable and not sym.is_argument or sym.is_argument != arguments:
                continue
            if sym.addr_class == gdb.SYMBOL_LOC_STATIC or sym.name in found:
                continue
            try:
                found[sym.name] = str(sym.value(frame))
            except gdb.error as exc:
                msg = str(exc)
                found[sym.name] = "<optimized out>" if "optimized out" in msg else "error: " + msg
        if block.function is not None:
            break
        block = block.superblock
    return found


def record(tag):
    frame = gdb.selected_frame()
    sal = frame.find_sal()
    fn = frame.function()
    stops.append({
        "tag": tag, "func": frame.name(), "line": sal.line,
        "file": sal.symtab.filename if sal.symtab else None,
        "objfile": fn.symtab.objfile.filename if fn is not None else None,
        "values": {e: value(e) for e in WATCH},
        "args": variables(frame, True), "locals": variables(frame, False)})


def main():
    for setting in ("pagination off", "confirm off", "width 0", "print pretty off",
                    "breakpoint pending on", "print elements 40"):
        gdb.execute("set " + setting)
    gdb.execute("break " + FUNCTION)
    gdb.execute("run " + os.environ.get("GDB_RUN", ""), to_string=True)
    if not settle():
        problems.append(f"the program ran to its end without calling {FUNCTION}")
        return
    record("entry")
    gdb.execute("delete")  # a recursive call must not stop a `next`
    if os.environ.get("GDB_STOP_AT"):
        stop_at = gdb.Breakpoint(os.environ["GDB_STOP_AT"], temporary=True)
        # A line with no code of its own resolves to the next line that has some, which
        # at -O2 can be the very address the function's breakpoint stopped at: the user
        # is there already, and `continue` would run on into a later call.
        here = gdb.selected_frame().pc()
        if not any(loc.address == here for loc in stop_at.locations):
            gdb.execute("continue", to_string=True)
        if not settle():
            problems.append(f"the program did not reach {os.environ['GDB_STOP_AT']} "
                            f"in {FUNCTION}")
            return
        record("at")
    depth = frame_depth()
    for i in range(int(os.environ.get("GDB_NEXTS", "8"))):
        gdb.execute("next", to_string=True)
        if not settle() or frame_depth() != depth:
            break
        record(f"next{i}")


def settle():
    """Select the frame of FUNCTION, stepping out of functions inlined into it (at a line
    that starts with an inlined call gdb stops "in" the callee); false if it has left."""
    if gdb.selected_thread() is None:
        return False
    f = gdb.newest_frame()
    while f is not None and f.name() != FUNCTION and f.type() == gdb.INLINE_FRAME:
        f = f.older()
    if f is None or f.name() != FUNCTION:
        return False
    f.select()
    return True


def frame_depth():
    """The selected frame and the frames that called it, counted."""
    n, f = 0, gdb.selected_frame()
    while f is not None:
        n, f = n + 1, f.older()
    return n


try:
    main()
except gdb.error as exc:
    problems.append("gdb: " + str(exc))
finally:
    with open(os.environ["GDB_OUT"], "w") as out:
        json.dump({"stops": stops, "problems": problems}, out, indent=1)
    try:
        gdb.execute("kill")
    except gdb.error:
        pass  # the program had already exited
