"""A reference interpreter for the IR.

It exists to prove transformations correct without the back end: run a
function before and after a pass on the same inputs and require identical
results, output and traps.

| module | job |
|---|---|
| `interp.py` | running: frames, calls, control flow, each instruction |
| `interp_eval.py` | what each operation means (shared with the constant folders), errors |
| `interp_memory.py` | the byte-addressed memory of separate objects |
| `interp_x87.py` | long double arithmetic, as the x87 unit computes it |
| `interp_libc.py` | the C library subset |

Model: integers are unsigned bit patterns of their width (wrap-around);
pointers are 64-bit addresses into a byte-addressed memory made of separate
objects (globals with their initialisers, allocas, heap blocks, function
addresses); loads and stores are little-endian. Calls between IR functions
use an explicit frame stack (deep recursion does not touch Python's stack).
A few C library functions are implemented in Python. Undefined behaviour the
hardware would trap on (division by zero, INT_MIN / -1) raises `Trap`;
accessing memory outside every live object raises `MemoryFault`.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from dataclasses import dataclass

from . import interp_x87 as x87
from .atomics import execute_atomic
from .function import Block, Function, Global, Module, SymRef, Zeros
from .insts import (
    ATOMIC_OPS,
    Alloca,
    Call,
    Cast,
    Cmp,
    Extract,
    Inst,
    Load,
    MemCopy,
    MemSet,
    Op,
    Select,
    Store,
    Switch,
)
from .interp_eval import (
    InterpError,
    MemoryFault,
    ProgramExit,
    RtValue,
    Scalar,
    StepLimitExceeded,
    as_int,
    canonical_const,
    eval_binary,
    eval_cast,
    eval_cmp,
)
from .interp_libc import LIBC, External
from .interp_memory import Memory
from .types import FloatType, IntType, Type
from .values import Const, Undef, Value
from .wide import Wide, eval_wide
from .x87float import X80


@dataclass
class RunResult:
    """Everything observable about one run, comparable with `==`."""

    value: RtValue
    stdout: bytes
    exit_status: int | None = None  # set when the program called exit()
    trap: str | None = None  # the exception class name when the run trapped

    @property
    def text(self) -> str:
        return self.stdout.decode("latin-1")


class _Frame:
    __slots__ = ("allocas", "block", "call", "env", "fn", "ip", "va_area")

    def __init__(self, fn: Function, call: Call | None) -> None:
        self.fn = fn
        self.block: Block = fn.entry
        self.ip = 0
        self.env: dict[Value, RtValue] = {}
        self.allocas: list[int] = []
        self.call = call  # the caller's call instruction that receives our result
        # va_list fields for va_start: (gp_offset, fp_offset, overflow area, save area)
        self.va_area: tuple[int, int, int, int] | None = None


class Interpreter:
    FN_BASE = 0x1000  # function "addresses" live below every data object

    def __init__(self, module: Module, *, step_limit: int = 2_000_000,
                 externals: dict[str, External] | None = None) -> None:
        self.module = module
        self.step_limit = step_limit
        self.steps = 0
        self.mem = Memory()
        self.stdout = bytearray()
        self.externals: dict[str, External] = dict(LIBC)
        if externals:
            self.externals.update(externals)
        self.fn_addr: dict[Function, int] = {}
        self.fn_at: dict[int, Function] = {}
        for i, fn in enumerate(module.functions.values()):
            addr = self.FN_BASE + 16 * i
            self.fn_addr[fn] = addr
            self.fn_at[addr] = fn
        self.global_addr: dict[Global, int] = {}
        self._init_globals()

    # -- globals ------------------------------------------------------------
    def _init_globals(self) -> None:
        for g in self.module.globals.values():
            size = g.size if g.init is not None else max(g.size, 64)
            self.global_addr[g] = self.mem.allocate(size, g.align, g.name)
        for g in self.module.globals.values():
            if g.init is None:
                continue
            addr = self.global_addr[g]
            data = bytearray()
            for item in g.init:
                match item:
                    case bytes():
                        data += item
                    case Zeros():
                        data += bytes(item.count)
                    case SymRef():
                        target = self.module.symbol(item.name)
                        if target is None:
                            raise InterpError(f"initialiser of @{g.name} refers to unknown "
                                              f"symbol @{item.name}")
                        v = (self.address_of(target) + item.addend) & ((1 << 8 * item.size) - 1)
                        data += v.to_bytes(item.size, "little")
            if len(data) > g.size:
                raise InterpError(f"initialiser of @{g.name} is larger than the global")
            self.mem.write(addr, bytes(data))

    def address_of(self, v: Function | Global) -> int:
        if isinstance(v, Function):
            return self.fn_addr[v]
        return self.global_addr[v]

    # -- values -------------------------------------------------------------
    def value(self, frame: _Frame, v: Value) -> RtValue:
        match v:
            case Const():
                return canonical_const(v)
            case Undef():
                if x87.involves_x87(v.ty):
                    return x87.undef()
                return 0.0 if isinstance(v.ty, FloatType) else 0
            case Function():
                return self.fn_addr[v]
            case Global():
                return self.global_addr[v]
        try:
            return frame.env[v]
        except KeyError:
            raise InterpError(f"use of {v!r} before its definition") from None

    # -- running ------------------------------------------------------------
    def run(self, fn: Function | str, args: Sequence[Scalar] = ()) -> RunResult:
        """Call `fn` with `args` and capture the result, output and any trap."""
        if isinstance(fn, str):
            fn = self.module.functions[fn]
        canon: list[Scalar] = []
        for i, a in enumerate(args):
            t = fn.param_types[i] if i < len(fn.param_types) else None
            if isinstance(a, int):
                a &= t.mask if isinstance(t, IntType) else (1 << 64) - 1
            canon.append(a)
        try:
            value = self.call(fn, canon)
        except ProgramExit as e:
            return RunResult(None, bytes(self.stdout), exit_status=e.status)
        except InterpError as err:  # not `e`: compiled, a name has one type per function
            return RunResult(None, bytes(self.stdout), trap=f"{type(err).__name__}: {err}")
        return RunResult(value, bytes(self.stdout))

    def call(self, fn: Function, args: list[Scalar]) -> RtValue:
        if fn.is_declaration:
            return self._call_external(fn, args, None)
        stack: list[_Frame] = [self._enter(fn, args, None, [None] * len(args))]
        result: RtValue = None
        while stack:
            frame = stack[-1]
            if frame.ip >= len(frame.block.insts):
                raise InterpError(f"fell off the end of block in @{frame.fn.name}")
            inst = frame.block.insts[frame.ip]
            self.steps += 1
            if self.steps > self.step_limit:
                raise StepLimitExceeded(f"more than {self.step_limit} steps")
            op = inst.op
            if op is Op.CALL:
                assert isinstance(inst, Call)
                callee_addr = self.value(frame, inst.callee)
                callee = self.fn_at.get(callee_addr) if isinstance(callee_addr, int) else None
                if callee is None:
                    raise MemoryFault(f"call through {callee_addr!r}, which is not a function")
                cargs = [self._scalar(self.value(frame, a)) for a in inst.args]
                if callee.is_declaration:
                    frame.env[inst] = self._call_external(callee, cargs, inst)
                    frame.ip += 1
                else:
                    stack.append(self._enter(callee, cargs, inst, inst.byval))
                continue
            if op is Op.RET:
                vals = [self.value(frame, u.value) for u in inst.operands]
                ret: RtValue = None if not vals else vals[0] if len(vals) == 1 else tuple(
                    self._scalar(x) for x in vals)
                for a in frame.allocas:
                    self.mem.free(a)
                stack.pop()
                if frame.call is None:
                    result = ret
                else:
                    caller = stack[-1]
                    caller.env[frame.call] = ret
                    caller.ip += 1
                continue
            if inst.is_terminator:
                self._terminator(frame, inst)
                continue
            frame.env[inst] = self._execute(frame, inst)
            frame.ip += 1
        return result

    @staticmethod
    def _scalar(v: RtValue) -> Scalar:
        if isinstance(v, tuple) or v is None:
            raise InterpError("aggregate value used as a scalar")
        return v

    def _enter(self, fn: Function, args: list[Scalar], call: Call | None,
               byval: Sequence[tuple[int, int] | None]) -> _Frame:
        if len(args) < len(fn.args) or (len(args) > len(fn.args) and not fn.variadic):
            raise InterpError(f"@{fn.name} called with {len(args)} arguments")
        frame = _Frame(fn, call)
        for i, a in enumerate(fn.args):
            v = args[i]
            bv = fn.byval_params[i] or (byval[i] if i < len(byval) else None)
            if bv is not None:  # the callee owns a copy of the aggregate
                assert isinstance(v, int)
                copy = self.mem.allocate(bv[0], bv[1], f"{fn.name}.byval{i}")
                self.mem.write(copy, self.mem.read(v, bv[0]))
                frame.allocas.append(copy)
                v = copy
            frame.env[a] = v
        if fn.variadic:
            types = [a.ty for a in call.args] if call is not None else fn.param_types
            frame.va_area = self._spill_varargs(frame, args, types)
        return frame

    def _spill_varargs(self, frame: _Frame, args: list[Scalar],
                       types: Sequence[Type]) -> tuple[int, int, int, int]:
        """Lay the arguments out as SysV does: a register save area for the first six
        integer and eight float arguments, an overflow area for the rest (an i128
        takes two integer registers or 16-byte aligned stack, never one of each)."""
        fn = frame.fn
        save = self.mem.allocate(176, 16, f"{fn.name}.reg_save")
        overflow_items: list[bytes] = []
        gp = fp = 0
        named_gp = 0
        named_bytes = 0  # named arguments passed on the stack come before the variadic ones
        for i, v in enumerate(args):
            if i == len(fn.args):
                named_bytes = sum(map(len, overflow_items))
            if isinstance(v, X80):  # long double: always memory, 16-byte aligned
                pad = -sum(map(len, overflow_items)) % 16
                overflow_items += [bytes(pad), v.to_bytes() + bytes(6)]
                continue
            is_float = isinstance(v, float)
            if i < len(fn.args):
                t = fn.args[i].ty
                is_float = isinstance(t, FloatType)
            ti = types[i] if i < len(types) else None
            if isinstance(ti, IntType) and ti.bits == 128:
                raw = (int(v) & (1 << 128) - 1).to_bytes(16, "little")
                if gp + 2 <= 6:
                    self.mem.write(save + 8 * gp, raw)
                    gp += 2
                else:
                    if sum(map(len, overflow_items)) % 16:
                        overflow_items.append(bytes(8))
                    overflow_items += [raw[:8], raw[8:]]
                if i < len(fn.args):
                    named_gp = gp
                continue
            if is_float:
                raw = struct.pack("<d", float(v))
                if fp < 8:
                    self.mem.write(save + 48 + 16 * fp, raw)
                    fp += 1
                    continue
                overflow_items.append(raw)
            else:
                raw = (int(v) & (1 << 64) - 1).to_bytes(8, "little")
                if gp < 6:
                    self.mem.write(save + 8 * gp, raw)
                    gp += 1
                    if i < len(fn.args):
                        named_gp = gp
                    continue
                overflow_items.append(raw)
        overflow = self.mem.allocate(max(sum(map(len, overflow_items)), 8), 16,
                                     f"{fn.name}.overflow")
        self.mem.write(overflow, b"".join(overflow_items))
        frame.allocas += [save, overflow]
        if len(args) <= len(fn.args):
            named_bytes = sum(map(len, overflow_items))
        named_fp = sum(1 for a in fn.args if isinstance(a.ty, FloatType)
                       and not x87.involves_x87(a.ty))
        return (min(named_gp, 6) * 8, 48 + min(named_fp, 8) * 16, overflow + named_bytes, save)

    def _terminator(self, frame: _Frame, inst: Inst) -> None:
        match inst.op:
            case Op.JUMP:
                self._go(frame, 0, inst)
            case Op.BRANCH:
                c = self.value(frame, inst.operand(0))
                self._go(frame, 0 if c else 1, inst)
            case Op.SWITCH:
                assert isinstance(inst, Switch)
                v = self.value(frame, inst.value)
                ty = inst.value.ty
                mask = ty.mask if isinstance(ty, IntType) else (1 << 64) - 1
                target = 0
                for i, cv in enumerate(inst.values):
                    if cv & mask == v:
                        target = i + 1
                        break
                self._go(frame, target, inst)
            case Op.UNREACHABLE:
                raise InterpError(f"reached 'unreachable' in @{frame.fn.name}")
            case _:
                raise InterpError(f"unknown terminator {inst.op.value}")

    def _go(self, frame: _Frame, i: int, inst: Inst) -> None:
        succ = inst.succs[i]
        vals = [self.value(frame, u.value) for u in succ.args]
        if len(vals) != len(succ.block.params):
            raise InterpError(f"branch passes {len(vals)} arguments to a block with "
                              f"{len(succ.block.params)} parameters")
        for p, v in zip(succ.block.params, vals, strict=True):
            frame.env[p] = v
        frame.block = succ.block
        frame.ip = 0

    def _execute(self, frame: _Frame, inst: Inst) -> RtValue:
        val = self.value
        op = inst.op
        if op in _BINARY:
            return eval_binary(op, inst.ty, self._scalar(val(frame, inst.operand(0))),
                               self._scalar(val(frame, inst.operand(1))))
        if op is Op.ICMP or op is Op.FCMP:
            assert isinstance(inst, Cmp)
            a = inst.operand(0)
            return eval_cmp(inst.pred, a.ty, self._scalar(val(frame, a)),
                            self._scalar(val(frame, inst.operand(1))))
        if op in _CASTS:
            assert isinstance(inst, Cast)
            return eval_cast(op, inst.value.ty, inst.ty, self._scalar(val(frame, inst.value)))
        match inst:
            case Alloca():
                obj = self.mem.allocate(inst.size, inst.align, inst.name or "alloca")
                frame.allocas.append(obj)
                return obj
            case Load():
                addr = val(frame, inst.ptr)
                assert isinstance(addr, int)
                return self.mem.load(inst.ty, addr)
            case Store():
                addr = val(frame, inst.ptr)
                assert isinstance(addr, int)
                self.mem.store(inst.value.ty, addr, self._scalar(val(frame, inst.value)))
                return None
            case MemCopy():
                dst, src = val(frame, inst.dst), val(frame, inst.src)
                assert isinstance(dst, int) and isinstance(src, int)
                self.mem.write(dst, self.mem.read(src, inst.size))
                return None
            case MemSet():
                dst, byte = val(frame, inst.dst), val(frame, inst.byte)
                assert isinstance(dst, int) and isinstance(byte, int)
                self.mem.write(dst, bytes([byte & 0xFF]) * inst.size)
                return None
            case Select():
                c = val(frame, inst.cond)
                return val(frame, inst.operand(1) if c else inst.operand(2))
            case Extract():
                t = val(frame, inst.operand(0))
                assert isinstance(t, tuple)
                return t[inst.index]
        if op is Op.PTRADD:
            p, off = val(frame, inst.operand(0)), val(frame, inst.operand(1))
            assert isinstance(p, int) and isinstance(off, int)
            return (p + off) & ((1 << 64) - 1)
        if op is Op.VASTART:
            self._va_start(frame, inst)
            return None
        if op is Op.DYNALLOCA:
            size = val(frame, inst.operand(0))
            assert isinstance(size, int)
            obj = self.mem.allocate(size, getattr(inst, "align", 16), "dynalloca")
            frame.allocas.append(obj)
            return obj
        if op is Op.STACKSAVE:  # a token: how many frame objects exist now
            return len(frame.allocas)
        if op is Op.STACKRESTORE:
            mark = val(frame, inst.operand(0))
            assert isinstance(mark, int)
            for obj in frame.allocas[mark:]:
                self.mem.free(obj)
            del frame.allocas[mark:]
            return None
        if op in ATOMIC_OPS:
            rest = [self._scalar(val(frame, u.value)) for u in inst.operands]
            addr = rest.pop(1 if op is Op.ATOMIC_STORE else 0) if rest else 0
            assert isinstance(addr, int)
            return execute_atomic(self, addr, inst, rest)  # type: ignore[return-value]
        if op is Op.WIDE:
            assert isinstance(inst, Wide)
            return eval_wide(inst.kind, inst.pred,
                             [as_int(self._scalar(val(frame, u.value))) for u in inst.operands])
        if op is Op.ASM:  # machine code the interpreter has no model of
            raise InterpError(f"cannot interpret inline assembly in @{frame.fn.name}: "
                              f"{getattr(inst, 'template', '')!r}")
        raise InterpError(f"cannot execute {op.value}")

    def _va_start(self, frame: _Frame, inst: Inst) -> None:
        if frame.va_area is None:
            raise InterpError("va_start in a function that is not variadic")
        gp, fp, overflow, save = frame.va_area
        addr = self.value(frame, inst.operand(0))
        assert isinstance(addr, int)
        self.mem.write(addr, gp.to_bytes(4, "little") + fp.to_bytes(4, "little")
                       + overflow.to_bytes(8, "little") + save.to_bytes(8, "little"))

    def _call_external(self, fn: Function, args: list[Scalar], call: Call | None) -> RtValue:
        impl = self.externals.get(fn.name)
        if impl is None:
            raise InterpError(f"call to external function @{fn.name}, which the "
                              "interpreter does not implement")
        result = impl(self, args, call)  # type: ignore[arg-type]
        if isinstance(result, int) and fn.ret_types and isinstance(fn.ret_types[0], IntType):
            result &= fn.ret_types[0].mask
        return result


_BINARY = frozenset({Op.ADD, Op.SUB, Op.MUL, Op.SDIV, Op.UDIV, Op.SREM, Op.UREM, Op.AND, Op.OR,
                     Op.XOR, Op.SHL, Op.LSHR, Op.ASHR, Op.FADD, Op.FSUB, Op.FMUL, Op.FDIV})
_CASTS = frozenset({Op.ZEXT, Op.SEXT, Op.TRUNC, Op.PTRTOINT, Op.INTTOPTR, Op.SITOFP, Op.UITOFP,
                    Op.FPTOSI, Op.FPTOUI, Op.FPEXT, Op.FPTRUNC, Op.FNEG, Op.BITCAST, Op.CLZ,
                    Op.CTZ})


def run_function(module: Module, fn: Function | str, args: Sequence[Scalar] = (), *,
                 step_limit: int = 2_000_000) -> RunResult:
    """Run one function in a fresh machine state."""
    return Interpreter(module, step_limit=step_limit).run(fn, args)
