"""The Optview page's stylesheet and script (inline in every page: no network)."""

CSS = """
body{font:13px/1.35 system-ui,sans-serif;margin:0;color:#222;background:#fafafa}
header{padding:6px 12px;background:#fff;border-bottom:1px solid #ccc}
h1{font-size:16px;margin:2px 0 6px}h2{font-size:13px;margin:4px 0;color:#444}
.opts{font-weight:normal;color:#666;font-family:monospace}
#summary-box{max-height:118px;overflow:auto;border:1px solid #ddd}
#summary{border-collapse:collapse;font-size:12px}
#summary th{position:sticky;top:0;background:#f0f0f0}
#summary td,#summary th{border:1px solid #ddd;padding:1px 8px;text-align:left}
#summary tr.cur{background:#e8f0ff}
.legend{margin:4px 0;color:#555;font-size:12px}
main{display:grid;grid-template-columns:minmax(0,12fr) minmax(0,7fr) minmax(0,6fr);gap:8px;
 padding:8px;height:calc(100vh - 190px);min-height:300px}
section{background:#fff;border:1px solid #ccc;padding:4px;display:flex;flex-direction:column;
 min-height:0;min-width:0;overflow:hidden}
#side{display:grid;grid-template-rows:auto minmax(0,1fr);gap:6px;border:none;padding:0;
 background:none}
#side:has(#run-pane){grid-template-rows:auto minmax(0,1fr) minmax(0,1fr)}
#step-plot{max-width:100%;margin-top:4px}
#run td{padding:0 4px;font-family:monospace;font-size:12px;white-space:nowrap}
#run tr.stopr{cursor:pointer}td.vals{white-space:normal!important;color:#333}
td.run{color:#d61f69;font-weight:bold}
#side>div{background:#fff;border:1px solid #ccc;padding:4px;min-height:0;min-width:0;
 display:flex;flex-direction:column;overflow:auto}
.scroll{overflow:auto;flex:1}
table{border-collapse:collapse;width:100%}
#src td,#asm td,#order td,#vars td{padding:0 4px;white-space:pre;font-family:monospace;
 font-size:12px;vertical-align:top}
#src tr.src,#asm tr.asm,#order tr.ord{cursor:pointer}
tr.nocode td.code{color:#999}
tr.filehdr td{background:#eef;font-weight:bold;padding-top:6px}
td.num{color:#888;text-align:right;min-width:2.2em}
td.facts{white-space:normal!important;font-family:system-ui,sans-serif!important;
 color:#333;font-size:11px!important;min-width:240px}
td.code{width:1%}
#src td.code{max-width:58ch;overflow:hidden;text-overflow:ellipsis}
#asm td.code{max-width:36ch;overflow:hidden;text-overflow:ellipsis}
#order td.code{max-width:40ch;overflow:hidden;text-overflow:ellipsis}
.badge{display:inline-block;border-radius:3px;padding:0 4px;margin:0 2px 1px 0;
 background:#eee;border:1px solid #ccc}
.badge.stops{background:#d8f5d8;border-color:#8c8}.badge.nostop{background:#fde0e0;
 border-color:#d99}
.badge.act{background:#fff4d0;border-color:#db8}.badge.minor{background:#f4f4f4;color:#777;
 border-color:#ddd}
.stmt{color:#0a0;font-weight:bold}
tr.hl{outline:2px solid #1a56db;outline-offset:-1px}
tr.atomhl td.atom{background:#1a56db;color:#fff}
tr.sel{outline:3px solid #d61f69;outline-offset:-2px}
td.addr{color:#777}td.atom{color:#555}
#vars td.where{white-space:normal}
.out{color:#b00}
footer{padding:2px 12px;color:#777;font-size:11px}
"""

SCRIPT = r"""
"use strict";
const DATA = JSON.parse(document.getElementById("data").textContent);
let F = null, cur = 0;
function el(tag, cls, text) { const e = document.createElement(tag);
  if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
function colour(line) { return line ? "hsl(" + ((line * 47) % 360) + ",75%,90%)" : ""; }
function label(k) {  // model.Function.label: a row key as `12` or `util.h:12`
  const f = Math.floor(k / DATA.stride), n = k % DATA.stride;
  return f && F.files[f - 1] ? F.files[f - 1].split("/").pop() + ":" + n : String(n); }
function hex(a) { return a === null ? "?" : "0x" + a.toString(16).padStart(4, "0"); }
function reveal(row) {  // vertical only: a pane never scrolls sideways on its own
  const box = row.closest(".scroll"); if (!box) return;
  const r = row.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.top < b.top || r.bottom > b.bottom) box.scrollTop += r.top - b.top - b.height / 3;
}
function clear() { document.querySelectorAll(".hl,.atomhl,.sel").forEach(
  e => e.classList.remove("hl", "atomhl", "sel")); }
function where(v, a) {
  if (v[5]) return [v[5]];
  return v[4].filter(l => l[0] <= a && a < l[1]).map(l => l[2]); }
function whyOut(v, a) {  // objfile.Variable.why_out
  const r = v[7].find(e => e[0] <= a && a < e[1]);
  if (r) return r[2];  // the compiler's recorded reason
  const L = v[4];
  if (!L.length) return "no location anywhere: the value was optimised away";
  if (a < L[0][0]) return v[1] ? "no location before " + hex(L[0][0])
                              : "not computed yet (first location at " + hex(L[0][0]) + ")";
  const before = L.filter(l => l[1] <= a).map(l => l[1]);
  const after = L.filter(l => l[0] > a).map(l => l[0]);
  if (!after.length) return "not kept after " + hex(Math.max(...before));
  return "not kept between " + hex(Math.max(...before)) + " and " + hex(Math.min(...after));
}
function inScope(v, a) { return v[3].some(r => r[0] <= a && a < r[1]); }
function showVars(k) {
  const i = F.insts[k], t = document.getElementById("vars"); t.innerHTML = "";
  document.getElementById("vars-at").textContent =
    "at " + hex(i[0]) + " (line " + label(i[6] || i[2]) + ")";
  if (i[0] === null) return;
  for (const v of F.vars) {
    if (!inScope(v, i[0])) continue;
    const tr = el("tr", "var"); tr.dataset.name = v[0];
    const locs = where(v, i[0]);
    tr.appendChild(el("td", "name", v[0] + (v[6] ? " (" + v[6] + ")" : "")));
    const w = el("td", "where" + (locs.length ? "" : " out"),
                 locs.length ? locs.join("  |  ") : "optimized out: " + whyOut(v, i[0]));
    tr.appendChild(w); t.appendChild(tr);
  }
}
function selectLine(n) {
  clear();
  const row = document.querySelector('#src tr[data-line="' + n + '"]');
  if (row) row.classList.add("sel");
  const ln = F.lines.find(l => l[0] === n);
  if (!ln) return;
  for (const k of ln[5]) document.querySelector('#asm tr[data-inst="' + k + '"]').classList.add("hl");
  if (ln[5].length) {
    const first = document.querySelector('#asm tr[data-inst="' + ln[5][0] + '"]');
    reveal(first);
    const key = ln[5].find(k => F.insts[k][5]) ?? ln[5][0];
    showVars(key);
  }
}
function selectInst(k) {
  clear();
  const i = F.insts[k];
  const tr = document.querySelector('#asm tr[data-inst="' + k + '"]'); tr.classList.add("sel");
  if (i[3]) F.insts.forEach((j, m) => { if (j[3] === i[3])
    document.querySelector('#asm tr[data-inst="' + m + '"]').classList.add("atomhl"); });
  const row = document.querySelector('#src tr[data-line="' + i[2] + '"]');
  if (row) { row.classList.add("hl"); reveal(row); }
  showVars(k);
}
function drawSource() {
  const t = document.getElementById("src"); t.innerHTML = "";
  const byNum = new Map(F.lines.map(l => [l[0], l]));
  const groups = new Map();  // per file (main first, then headers): its row keys
  for (const l of F.lines) {
    const f = Math.floor(l[0] / DATA.stride);
    if (!groups.has(f)) groups.set(f, []);
    groups.get(f).push(l[0]);
  }
  for (const f of [...groups.keys()].sort((a, b) => a - b)) {
    const keys = groups.get(f);
    if (f) { const h = el("tr", "filehdr"); const td = el("td", "", F.files[f - 1]);
      td.colSpan = 3; h.appendChild(td); t.appendChild(h); }
    for (let n = Math.min(...keys); n <= Math.max(...keys); n++) drawSourceRow(t, byNum, n);
  }
}
function drawSourceRow(t, byNum, n) {
  const ln = byNum.get(n);
  const tr = el("tr", "src" + (ln && ln[5].length ? "" : " nocode"));
  tr.dataset.line = n;
  tr.appendChild(el("td", "num", String(n % DATA.stride)));
  const code = el("td", "code", ln ? ln[1] : ""); if (ln) code.title = ln[1].trim();
  if (ln && ln[5].length) code.style.background = colour(n);
  tr.appendChild(code);
  const facts = el("td", "facts");
  if (ln) {
    if (ln[2]) { const b = el("span", "badge stops", ln[2] + " stop" + (ln[2] > 1 ? "s" : ""));
      b.title = ln[7]; facts.appendChild(b); }
    else if (ln[6]) { const b = el("span", "badge nostop", "no stop");
      const why = F.noStop.find(x => x[0] === ln[8]); if (why) b.title = why[1];
      facts.appendChild(b); }
    if (ln[3].length) {
      const sites = [...new Set(ln[3].filter(a => a[0].includes("@"))
                                    .map(a => a[0].slice(a[0].indexOf("@") + 1)))];
      const names = ln[3].map(a => a[0].split("@")[0] + "r" + a[1] + (a[2] ? "\u2713" : ""));
      facts.appendChild(el("span", "badge atomb", "atoms " + names.join(" ") +
                           (sites.length ? " (in " + sites.join(", ") + ")" : "")));
    }
    for (const a of ln[4]) facts.appendChild(el("span", "badge act" +
      (a.startsWith("promoted") ? " minor" : ""), a));
    tr.onclick = () => selectLine(n);
  }
  tr.appendChild(facts); t.appendChild(tr);
}
function drawAsm() {
  const t = document.getElementById("asm"); t.innerHTML = "";
  F.insts.forEach((i, k) => {
    const tr = el("tr", "asm" + (i[5] ? " isstmt" : "")); tr.dataset.inst = k;
    tr.appendChild(el("td", "addr", hex(i[0])));
    tr.appendChild(el("td", "stmt", i[5] ? "\u25cf" : ""));
    const code = el("td", "code", i[1]); code.style.background = colour(i[2]); code.title = i[1];
    tr.appendChild(code);
    tr.appendChild(el("td", "lineno", i[2] ? label(i[2]) : ""));
    const atom = el("td", "atom", i[3] ? i[3].split("@")[0] + "r" + i[4] : "");
    if (i[7]) atom.title = "inlined: " + i[7];
    tr.appendChild(atom);
    tr.onclick = () => selectInst(k);
    t.appendChild(tr);
  });
}
function drawOrder() {
  const t = document.getElementById("order"); t.innerHTML = "";
  const byNum = new Map(F.lines.map(l => [l[0], l]));
  F.order.forEach((o, n) => {
    const tr = el("tr", "ord" + (o[4] ? " stop" : "")); tr.dataset.inst = o[2];
    tr.dataset.line = o[0];
    tr.appendChild(el("td", "num", String(n + 1)));
    tr.appendChild(el("td", "addr", hex(F.insts[o[2]][0])));
    tr.appendChild(el("td", "stmt", o[4] ? "\u25cf" : ""));
    tr.appendChild(el("td", "num", label(o[0])));
    const ln = byNum.get(o[0]);
    const code = el("td", "code", ln ? ln[1].trim() : ""); code.style.background = colour(o[0]);
    tr.appendChild(code);
    tr.appendChild(el("td", "atom", o[1] ? "atom " + o[1].split("@")[0] : ""));
    const hits = F.trace.filter(t => t[3] !== null && t[3] >= o[2] && t[3] < o[2] + o[3]);
    if (DATA.debugger) tr.appendChild(el("td", "run", hits.map(t => "#" + t[0]).join(" ")));
    tr.onclick = () => selectInst(o[2]);
    t.appendChild(tr);
  });
}
function drawRun() {
  const t = document.getElementById("run"); if (!t) return; t.innerHTML = "";
  for (const s of F.trace) {
    const tr = el("tr", "stopr"); tr.dataset.stop = s[0];
    if (s[3] !== null) tr.dataset.inst = s[3];
    tr.appendChild(el("td", "run", "#" + s[0]));
    tr.appendChild(el("td", "num", String(s[1])));
    tr.appendChild(el("td", "via", s[2]));
    tr.appendChild(el("td", "vals", s[4].map(v => v[0] + "=" + v[1]).join("  ")));
    tr.onclick = () => s[3] !== null ? selectInst(s[3]) : selectLine(s[1]);
    t.appendChild(tr);
  }
}
function showFunction(k) {
  cur = k; F = DATA.functions[k];
  document.getElementById("fn-name").textContent = F ? "\u2014 " + F.name : "";
  document.querySelectorAll("#summary tr.fn").forEach(
    r => r.classList.toggle("cur", Number(r.dataset.fn) === k));
  if (!F) return;
  drawSource(); drawAsm(); drawOrder(); drawRun();
  document.getElementById("vars").innerHTML = "";
  document.getElementById("vars-at").textContent = "(select a line or an instruction)";
}
document.querySelectorAll("#summary tr.fn").forEach(r => r.querySelector("a").onclick =
  ev => { ev.preventDefault(); showFunction(Number(r.dataset.fn)); });
const want = new URLSearchParams(location.hash.slice(1)).get("fn");
const start = DATA.functions.findIndex(f => f.name === want);
showFunction(start >= 0 ? start : 0);
"""
