"""`atomc-explain --format=text`: the page's facts in the terminal, one function at
a time (for ssh sessions and golden tests)."""

from __future__ import annotations

from .model import Function, Report


def _addr(a: int | None) -> str:
    return f"0x{a:04x}" if a is not None else "  ?   "


def function_text(f: Function) -> str:
    out: list[str] = []
    stops = sum(ln.stops for ln in f.lines)
    lines_with = sum(1 for ln in f.lines if ln.stops)
    out.append(f"function {f.name}: {len(f.insts)} instructions, {stops} stops on "
               f"{lines_with} lines, {f.located:.0%} of variable locations known")
    for label, why in f.no_stop:
        out.append(f"  no stop on line {label}: {why}")
    for ln in f.lines:
        out.append(f"line {ln.label}: {ln.text.strip()}")
        if ln.atoms:
            out.append("  atoms: " + ", ".join(f"{a} rank {r}{' key' if k else ''}"
                                               for a, r, k in ln.atoms))
        out.append(f"  is_stmt rows: {ln.stops}" + (f" ({ln.stops_why})" if ln.stops else ""))
        for act in ln.actions:
            out.append(f"  optimiser: {act}")
        for k in ln.insts:
            i = f.insts[k]
            mark = "*" if i.is_stmt and i.row_line == ln.number else " "
            atom = f"  [atom {i.atom} r{i.atom_rank}]" if i.atom else ""
            out.append(f"    {_addr(i.address)} {mark} {i.text}{atom}")
    out.append("execution order:")
    for n, row in enumerate(f.order, 1):
        atom = f"atom {row.atom}" if row.atom else "no atom"
        stop = "stop" if row.stop else "    "
        first = f.insts[row.first_inst]
        out.append(f"  {n:3d} {_addr(first.address)} line {f.label(row.line):<4} {stop} {atom}")
    out.append("variables:")
    for i in f.insts:
        if not i.is_stmt:
            continue
        assert i.address is not None
        where = ", ".join(f"{v.name}=" + (" / ".join(locs) if locs else
                                           f"optimized out ({v.why_out(i.address)})")
                          for v, locs in f.variables_at(i))
        out.append(f"  {_addr(i.address)} line {f.label(i.row_line)}: {where}")
    if f.trace:
        out.append("debugger stops:")
        for st in f.trace:
            where = _addr(f.insts[st.inst].address) if st.inst is not None else "by line"
            order_row = next((n for n, o in enumerate(f.order, 1) if st.inst is not None and
                              o.first_inst <= st.inst < o.first_inst + o.count), None)
            at = f" (order row {order_row})" if order_row is not None else ""
            vals = " ".join(f"{k}={v}" for k, v in st.values)
            out.append(f"  #{st.number} line {st.line} via {st.via} at {where}{at}: {vals}")
    return "\n".join(out) + "\n"


def report_text(r: Report, function: str | None = None) -> str:
    chosen = [f for f in r.functions if function is None or f.name == function]
    head = f"{r.source} ({' '.join(r.options) or '-O0'}): passes {', '.join(r.passes) or 'none'}\n"
    return head + "".join(function_text(f) for f in chosen)
