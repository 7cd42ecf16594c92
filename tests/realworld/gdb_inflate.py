"""Runs inside gdb: `gdb -nx -nh -batch -x gdb_inflate.py -- ./example`.

Stops in zlib's `inflate`, steps through it and records, as JSON in
$ZLIB_GDB_OUT, where each stop is and what gdb prints for a fixed set of
expressions and for `info locals`:

* `entry`: the first breakpoint hit in `inflate`;
* `switch`: the first arrival at the line $ZLIB_SWITCH_LINE (the state
  machine's `switch`), where every local compared is initialised;
* `next<i>` / `step<i>`: five `next`s from there, then `step`s until one enters
  a callee (at most twelve), which is finished back to `inflate`;
* `entry2`: the second call of `inflate`.

A value gdb cannot show because the variable is optimised out is recorded as
`<optimized out>`; any other gdb error as `error: ...`.
"""

import json
import os

import gdb  # type: ignore[import-not-found]

ENTRY = ["strm->avail_in", "strm->avail_out", "strm->total_in", "strm->total_out", "flush"]
LOOP = ENTRY + ["state->mode", "state->wrap", "state->last", "have", "left", "hold", "bits",
                "in", "out", "ret"]

stops = []


def value(expr):
    try:
        return str(gdb.parse_and_eval(expr))
    except gdb.error as exc:
        msg = str(exc)
        return "<optimized out>" if "optimized out" in msg else "error: " + msg


def record(tag, exprs, with_locals=False):
    frame = gdb.selected_frame()
    sal = frame.find_sal()
    stop = {"tag": tag, "func": frame.name(), "line": sal.line,
            "values": {e: value(e) for e in exprs}}
    if with_locals:
        try:
            stop["locals"] = gdb.execute("info locals", to_string=True)
        except gdb.error as exc:
            stop["locals"] = "error: " + str(exc)
    stops.append(stop)


def in_inflate():
    return gdb.selected_frame().name() == "inflate"


def main():
    for setting in ("pagination off", "confirm off", "width 0", "print pretty off"):
        gdb.execute("set " + setting)
    gdb.execute("break inflate")
    gdb.execute("run", to_string=True)
    record("entry", ENTRY)
    gdb.execute("tbreak inflate.c:%d" % int(os.environ["ZLIB_SWITCH_LINE"]))
    gdb.execute("continue", to_string=True)
    record("switch", LOOP, with_locals=True)
    for i in range(5):
        gdb.execute("next", to_string=True)
        if not in_inflate():
            break
        record("next%d" % i, LOOP)
    for i in range(12):
        gdb.execute("step", to_string=True)
        record("step%d" % i, [])
        if not in_inflate():
            while not in_inflate() and gdb.selected_frame().older() is not None:
                gdb.execute("finish", to_string=True)
            break
    if in_inflate():
        record("after-step", LOOP, with_locals=True)
    gdb.execute("continue", to_string=True)
    record("entry2", ENTRY)


try:
    main()
finally:
    with open(os.environ["ZLIB_GDB_OUT"], "w") as out:
        json.dump(stops, out, indent=1)
    try:
        gdb.execute("kill")
    except gdb.error:
        pass  # the program had already exited
