"""How code reaches a symbol under gcc's code models (-fno-pic, -fPIE, -fPIC).

The rules are gcc-12's on x86-64 (its `default_binds_local_p_3` with the
target's copy-relocation and protected-data choices), checked against
`gcc -S`:

* a symbol *binds locally* when it is `static`, has hidden or internal
  visibility (declared or defined), is a protected function, or (not
  building a shared object) is defined in this unit, weak and common
  definitions included;
* data: local symbols are `sym(%rip)`; under -fPIC every other one is read
  through its GOT slot (`sym@GOTPCREL(%rip)`), protected data included; a
  PIE reads extern data directly too (the linker makes a copy relocation),
  except undefined-weak data, which may be absent and goes through the GOT;
* function addresses: local ones `leaq sym(%rip)`, others from the GOT
  (the canonical address may be in another module);
* calls: local targets directly, others through the PLT (`sym@PLT`);
  -fno-pic calls everything directly and lets the linker add PLT entries.

Visibility: an explicit attribute wins; otherwise a definition takes
-fvisibility= and a declaration stays default (gcc's rule: the option
describes what this unit defines).
"""

from __future__ import annotations

from dataclasses import dataclass

import atomc.fastenum as fastenum

from ...ir.function import Function, Global, Module
from ...options import CodeModel

Symbol = Function | Global

# IR attribute recording an explicit `visibility("default")`, which -fvisibility= cannot change
EXPLICIT_DEFAULT = "visibility_default"
# IR attribute of a function whose definition another module may replace (the dynamic
# linker binds calls to the first definition it finds): its body says nothing about
# what a call runs, so it is not inlined (gcc's -fsemantic-interposition default)
INTERPOSABLE = "interposable"


class Access(fastenum.Enum):
    DIRECT = "direct"  # sym(%rip)
    GOT = "got"  # the address is loaded from sym@GOTPCREL(%rip)


@dataclass(frozen=True, slots=True)
class SymbolPolicy:
    code_model: CodeModel = CodeModel.PIE
    default_visibility: str = "default"  # -fvisibility=

    @property
    def shared(self) -> bool:
        """Code for a shared object: default-visibility symbols may be preempted."""
        return self.code_model is CodeModel.PIC

    @property
    def position_independent(self) -> bool:
        return self.code_model is not CodeModel.STATIC

    def visibility(self, sym: Symbol) -> str:
        """default, hidden, protected or internal."""
        for vis in ("internal", "hidden", "protected"):
            if vis in sym.attrs:
                return vis
        if EXPLICIT_DEFAULT in sym.attrs or sym.is_declaration or sym.internal:
            return "default"
        return self.default_visibility

    def binds_locally(self, sym: Symbol) -> bool:
        if sym.internal or sym.name.startswith(".L"):
            return True
        vis = self.visibility(sym)
        if vis in ("hidden", "internal"):
            return True
        if vis == "protected" and isinstance(sym, Function):
            return True  # protected data is still read through the GOT (gcc 12)
        if self.shared:
            return False
        return not sym.is_declaration

    def data_access(self, g: Symbol) -> Access:
        """How a load, store or address of `g` is formed."""
        if self.binds_locally(g) or not self.position_independent:
            return Access.DIRECT
        if isinstance(g, Function) or self.shared or "weak" in g.attrs:
            return Access.GOT
        return Access.DIRECT  # a PIE's extern data: copy relocation

    def call_target(self, fn: Function) -> str:
        if self.binds_locally(fn) or not self.position_independent:
            return fn.name
        return fn.name + "@PLT"

    def extern_call(self, name: str) -> str:
        """A call to a runtime function defined elsewhere (`__stack_chk_fail`)."""
        return name + "@PLT" if self.position_independent else name


def mark_interposable(module: Module, policy: SymbolPolicy) -> None:
    """Before optimisation: tag the definitions a shared object's caller may not
    assume (default visibility under -fPIC)."""
    if not policy.shared:
        return
    for fn in module.functions.values():
        if not fn.is_declaration and not policy.binds_locally(fn):
            fn.attrs.add(INTERPOSABLE)
