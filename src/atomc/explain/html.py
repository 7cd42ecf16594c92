"""The Optview page: one self-contained HTML file (inline CSS and JavaScript, the
report as JSON, no network access). The script draws the panes from the JSON;
the tests drive it in a real browser."""

from __future__ import annotations

import html
import json

from .model import FILE_STRIDE, Function, Report
from .page_assets import CSS, SCRIPT


def _function_data(f: Function) -> dict[str, object]:
    return {
        "name": f.name,
        "insts": [[i.address, i.text, i.line, i.atom, i.atom_rank, i.is_stmt, i.row_line,
                   i.inlined] for i in f.insts],
        "lines": [[ln.number, ln.text, ln.stops, [list(a) for a in ln.atoms], list(ln.actions),
                   list(ln.insts), ln.had_code, ln.stops_why if ln.stops else "", ln.label,
                   ln.file] for ln in f.lines],
        "files": list(f.files),
        "vars": [[v.name, v.is_param, v.decl_line, [list(r) for r in v.scope],
                  [list(loc) for loc in v.locations], v.everywhere, v.inlined_from,
                  [[e.low, e.high, e.describe()] for e in v.reasons]]
                 for v in f.variables],
        "order": [[o.line, o.atom, o.first_inst, o.count, o.stop] for o in f.order],
        "located": round(f.located, 4),
        "noStop": [list(n) for n in f.no_stop],
        "trace": [[t.number, t.line, t.via, t.inst, [list(v) for v in t.values]]
                  for t in f.trace],
    }


def report_data(r: Report) -> dict[str, object]:
    return {"source": r.source, "options": list(r.options), "passes": list(r.passes),
            "stride": FILE_STRIDE,
            "debugger": r.debugger, "functions": [_function_data(f) for f in r.functions]}


def _summary_rows(r: Report) -> str:
    rows = []
    for k, f in enumerate(r.functions):
        stops = sum(ln.stops for ln in f.lines)
        no_stop = ", ".join(f'<span class="nostopline" title="{html.escape(why)}">'
                            f'{html.escape(n)}</span>' for n, why in f.no_stop) or "none"
        rows.append(f'<tr class="fn" data-fn="{k}"><td><a href="#" class="fnlink">'
                    f'{html.escape(f.name)}</a></td><td>{len(f.insts)}</td><td>{stops}</td>'
                    f'<td>{f.located:.0%}</td><td>{no_stop}</td></tr>')
    return "\n".join(rows)


def _run_pane(r: Report) -> str:
    """The overlaid debugger run (--trace): its stops in this function and the step plot."""
    if not r.debugger:
        return ""
    plot = f'<img id="step-plot" alt="stops over time" src="data:image/png;base64,{r.step_plot}">' \
        if r.step_plot else ""
    return (f'<div id="run-pane"><h2>Debugger run ({html.escape(r.debugger)})</h2>'
            f'<div class="scroll"><table id="run"></table>{plot}</div></div>')


def report_html(r: Report) -> str:
    data = json.dumps(report_data(r), separators=(",", ":")).replace("</", "<\\/")
    title = html.escape(f"atomc-explain: {r.source}")
    opts = html.escape(" ".join(r.options) or "-O0")
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>{title}</title><style>{CSS}</style></head>
<body>
<header><h1>{html.escape(r.source)} <span class="opts">atomc {opts}</span></h1>
<div id="summary-box"><table id="summary"><thead><tr><th>function</th><th>instructions</th><th>stops</th>
<th>variables located</th><th>lines with code at -O0 but no stop (hover: why)</th></tr></thead>
<tbody>{_summary_rows(r)}</tbody></table></div>
<p class="legend"><span class="stmt">&#9679;</span> is_stmt row (a stop for <code>next</code>)
&nbsp; atoms <b>3r1&#10003;</b>: group 3, rank 1, holds its key instruction &nbsp; click a
line, an instruction or an execution-order row; one colour per line pairs it with its code.</p></header>
<main>
<section id="src-pane"><h2>Source <span id="fn-name"></span></h2><div class="scroll"><table id="src"></table></div></section>
<section id="asm-pane"><h2>Assembly</h2><div class="scroll"><table id="asm"></table></div></section>
<section id="side">
<div id="vars-pane"><h2>Variables <span id="vars-at"></span></h2><table id="vars"></table></div>
<div id="order-pane"><h2>Execution order</h2><div class="scroll"><table id="order"></table></div></div>
{_run_pane(r)}
</section>
</main>
<footer>passes: {html.escape(", ".join(r.passes) or "none")}</footer>
<script id="data" type="application/json">{data}</script>
<script>{SCRIPT}</script>
</body></html>
"""
