"""-fcf-protection: Intel CET's indirect-branch tracking markers and the
object's GNU property note (gcc-12's placement).

`endbr64` goes where an indirect branch or call may land:
* at the entry of every function that may be called indirectly: all
  externally visible ones, and `static` ones whose address is taken (used as
  a value, in a static initialiser, or listed in `.init_array`/`.fini_array`);
  when optimising, a static function only ever called directly gets none
  (at -O0 gcc does not look, and marks every function);
* right after a call to a function that may return twice (`setjmp`,
  `sigsetjmp`, `savectx`, `vfork`, `getcontext`, with or without leading
  underscores, or `__attribute__((returns_twice))`): `longjmp` comes back
  there with an indirect jump.
Switch tables jump with `notrack` (see switch_lowering), and computed gotos
are lowered to switches in the front end, so their targets need none.

The `.note.gnu.property` section says which protections the object was
built for: GNU_PROPERTY_X86_FEATURE_1_AND with IBT (branch), SHSTK (return)
or both (full). The linker keeps a bit only when every input has it.

Debug info: `endbr64` defines nothing; at the entry it belongs to the
prologue (no line of its own), after a call it takes the call's location.
"""

from __future__ import annotations

from ...ir.function import Function, Module, SymRef
from ...ir.insts import Call
from ...options import CfProtection
from ..mir import MFunction, MIFlag, MInst, Sym
from .opcodes import desc

# gcc's special_function_p: callees that may return twice, by name
RETURNS_TWICE = frozenset({"setjmp", "sigsetjmp", "savectx", "vfork", "getcontext"})

GNU_PROPERTY_X86_FEATURE_1_AND = 0xC0000002
_FEATURE_BITS = {CfProtection.BRANCH: 0x1, CfProtection.RETURN: 0x2, CfProtection.FULL: 0x3}


def tracks_branches(level: CfProtection) -> bool:
    return level in (CfProtection.BRANCH, CfProtection.FULL)


def data_references(module: Module) -> frozenset[str]:
    """Symbols whose address a static initialiser holds."""
    return frozenset(it.name for g in module.globals.values() for it in g.init or []
                     if isinstance(it, SymRef))


def reached_indirectly(fn: Function, data_refs: frozenset[str]) -> bool:
    if not fn.internal or fn.attrs & {"constructor", "destructor", "used"} \
            or fn.name in data_refs:
        return True
    return any(not u.is_debug and not (isinstance(u.user, Call) and u.user.operands[0] is u)
               for u in fn.uses)


def _returns_twice(mi: MInst, module_functions: dict[str, Function]) -> bool:
    target = mi.operands[0] if mi.operands else None
    if not isinstance(target, Sym):
        return False
    name = target.name.removesuffix("@PLT")
    fn = module_functions.get(name)
    if fn is not None and "returns_twice" in fn.attrs:
        return True
    return name.lstrip("_") in RETURNS_TWICE


def insert_end_branches(mf: MFunction, functions: dict[str, Function],
                        data_refs: frozenset[str], optimising: bool) -> None:
    """`endbr64` at the entry (when reachable indirectly) and after returns-twice calls."""
    for b in mf.blocks:
        out: list[MInst] = []
        for mi in b.insts:
            out.append(mi)
            if not mi.is_meta and desc(mi.opcode).is_call and _returns_twice(mi, functions):
                out.append(MInst("endbr64", [], loc=mi.loc))
        b.insts = out
    if not optimising or reached_indirectly(mf.ir, data_refs):
        mf.blocks[0].insts.insert(0, MInst("endbr64", [], loc=None, flags=MIFlag.FRAME_SETUP))


def property_note(level: CfProtection) -> list[str]:
    """The `.note.gnu.property` section for the object (nothing without CET)."""
    bits = _FEATURE_BITS.get(level)
    if bits is None:
        return []
    return ['\t.section\t.note.gnu.property,"a"', "\t.p2align\t3",
            "\t.long\t1f - 0f",  # name size
            "\t.long\t4f - 1f",  # descriptor size
            "\t.long\t5",  # NT_GNU_PROPERTY_TYPE_0
            "0:", '\t.string\t"GNU"', "1:", "\t.p2align\t3",
            f"\t.long\t{GNU_PROPERTY_X86_FEATURE_1_AND:#x}", "\t.long\t3f - 2f", "2:",
            f"\t.long\t{bits:#x}", "3:", "\t.p2align\t3", "4:"]
