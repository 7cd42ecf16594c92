"""Thread-local storage: the access model of each `__thread` variable and the
x86-64 sequences for it (the ELF TLS ABI, as gcc-12 emits them).

Models, weakest to strongest (gcc's order; -ftls-model= raises every
variable to at least the model it names, `__attribute__((tls_model))` sets
one variable's):

* general dynamic (-fPIC): `data16 leaq x@tlsgd(%rip), %rdi; .value 0x6666;
  rex64; call __tls_get_addr@PLT` gives the address in %rax. The padding is
  what lets the linker rewrite the 16 bytes into an initial- or local-exec
  sequence when it links an executable;
* local dynamic (-fPIC, `static` variables when optimising): one
  `leaq x@tlsld(%rip), %rdi; call __tls_get_addr@PLT` gives the module's
  block, the variable is at `x@dtpoff` from it;
* initial exec (an executable's extern variables): the offset from the
  thread pointer is in the GOT, `movq x@gottpoff(%rip), %reg`, and the
  variable is at `%fs:(%reg)`;
* local exec (an executable's own variables): at `%fs:x@tpoff`.

The address of a variable (`&x`) is `%fs:0` (the thread pointer, which the
ABI stores at its own address) plus the offset.

Debug info: the sequences define no variable's value. The DWARF location of
a thread-local variable is `DW_OP_const8u x@dtpoff; DW_OP_form_tls_address`
(see the DWARF writer).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

import atomc.fastenum as fastenum

from ...ir.function import THREAD_LOCAL, Global
from ...options import CodeModel
from ..mir import Mem, MInst, PReg, Sym, VReg
from .pic import SymbolPolicy

if TYPE_CHECKING:
    from ...ir.values import Use
    from .isel.select import FunctionISel

TLS_GET_ADDR = "__tls_get_addr@PLT"


class TlsModel(fastenum.IntEnum):
    GLOBAL_DYNAMIC = 1
    LOCAL_DYNAMIC = 2
    INITIAL_EXEC = 3
    LOCAL_EXEC = 4

    @classmethod
    def from_name(cls, name: str) -> TlsModel:
        return cls[name.upper().replace("-", "_")]

    @property
    def attr(self) -> str:
        """The IR attribute `__attribute__((tls_model("...")))` becomes."""
        return "tls_" + self.name.lower()


def is_thread_local(v: object) -> bool:
    return isinstance(v, Global) and THREAD_LOCAL in v.attrs


def tls_model(g: Global, policy: SymbolPolicy, optimising: bool,
              floor: str | None = None) -> TlsModel:
    """gcc's choice (`decl_default_tls_model`, taken when the variable is
    declared, so a visibility attribute does not make it local there)."""
    for m in TlsModel:
        if m.attr in g.attrs:
            return m
    if policy.code_model is not CodeModel.PIC:
        model = TlsModel.INITIAL_EXEC if g.is_declaration and not g.internal \
            else TlsModel.LOCAL_EXEC
    elif g.internal and optimising:
        model = TlsModel.LOCAL_DYNAMIC
    else:
        model = TlsModel.GLOBAL_DYNAMIC
    if floor is not None:
        model = max(model, TlsModel.from_name(floor))
    return model


def format_tls_call(mi: MInst) -> str:
    """The assembly of a TLS_GD / TLS_LD pseudo instruction."""
    name = mi.meta
    if mi.opcode == "TLS_GD":
        return (f"data16\tleaq\t{name}@tlsgd(%rip), %rdi\n\t.value\t0x6666\n\trex64\n"
                f"\tcall\t{TLS_GET_ADDR}")
    return f"leaq\t{name}@tlsld(%rip), %rdi\n\tcall\t{TLS_GET_ADDR}"


class TlsLowering:
    """Operands and addresses of thread-local variables, for one function."""

    __slots__ = ("sel", "model_floor", "pending")

    def __init__(self, sel: FunctionISel, model_floor: str | None) -> None:
        self.sel = sel
        self.model_floor = model_floor
        self.pending: dict[Global, VReg] = {}  # dynamic-model addresses made for one IR inst

    def model(self, g: Global) -> TlsModel:
        return tls_model(g, self.sel.policy, self.sel.optimising, self.model_floor)

    def begin(self, uses: list[Use]) -> None:
        """Before an IR instruction is lowered: compute the address of each
        dynamic-model variable it uses (`uses`: its operands), so the
        `__tls_get_addr` call never lands inside an argument or return register
        sequence. (`uses` is typed a list, the instruction's own: a native loop, where
        a `Sequence` is iterated through the generic iterator protocol.)"""
        if self.pending:
            self.pending = {}
        for u in uses:
            v = u.value
            if isinstance(v, Global) and THREAD_LOCAL in v.attrs and v not in self.pending \
                    and self.model(v) <= TlsModel.LOCAL_DYNAMIC:
                # (a loop's hoisted register, when there is one)
                self.pending[v] = self.sel.symbol_address(v)

    def folds(self, g: Global) -> bool:
        """Is `g` reachable by a memory operand without a register (local exec)?"""
        return self.model(g) is TlsModel.LOCAL_EXEC

    def operand(self, g: Global) -> Mem:
        """A memory operand for the variable itself."""
        model = self.model(g)
        if model is TlsModel.LOCAL_EXEC:
            return Mem(symbol=f"{g.name}@tpoff", segment="fs")
        if model is TlsModel.INITIAL_EXEC:
            off = self.sel.mf.new_vreg(8)
            self.sel.emit("movq", Mem(symbol=f"{g.name}@gottpoff"), off)
            return Mem(base=off, segment="fs")
        return Mem(base=self.address(g))

    def linear(self, m: Mem) -> Mem:
        """`m` (a `%fs:` operand) as an ordinary address: the thread pointer
        (`%fs:0`) becomes its base, plus the initial-exec offset register if any."""
        sel = self.sel
        tp = sel.mf.new_vreg(8)
        sel.emit("movq", Mem(segment="fs"), tp)
        if m.base is not None:
            sel.emit("addq", m.base, tp)
        return replace(m, base=tp, segment=None)

    def address(self, g: Global) -> VReg:
        """The variable's address in a register."""
        model = self.model(g)
        sel = self.sel
        if model <= TlsModel.LOCAL_DYNAMIC:
            r = self.pending.get(g)
            return r if r is not None else self.dynamic_address(g)
        t = sel.mf.new_vreg(8)
        if model is TlsModel.INITIAL_EXEC:
            sel.emit("movq", Mem(symbol=f"{g.name}@gottpoff"), t)
            sel.emit("addq", Mem(segment="fs"), t)
            return t
        sel.emit("movq", Mem(segment="fs"), t)
        a = sel.mf.new_vreg(8)
        sel.emit("leaq", Mem(base=t, symbol=f"{g.name}@tpoff"), a)
        return a

    def dynamic_address(self, g: Global) -> VReg:
        sel = self.sel
        local = self.model(g) is TlsModel.LOCAL_DYNAMIC
        sel.emit("TLS_LD" if local else "TLS_GD", Sym(TLS_GET_ADDR), meta=g.name)
        r = sel.mf.new_vreg(8)
        sel.emit("movq", PReg("rax"), r)
        if not local:
            return r
        a = sel.mf.new_vreg(8)
        sel.emit("leaq", Mem(base=r, symbol=f"{g.name}@dtpoff"), a)
        return a
