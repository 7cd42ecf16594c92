"""A reference interpreter for the IR.

It exists to prove transformations correct without the back end: run a
function before and after a pass on the same inputs and require identical
results, output and traps. It is also the single definition of what each
integer operation means (`eval_binary`, `eval_cmp`, `eval_cast`), which the
constant folders reuse so that folding at compile time and running agree.

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

import bisect
import math
import struct
from collections.abc import Callable, Sequence
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
from .types import FloatType, IntType, Type
from .values import Const, Undef, Value
from .wide import Wide, eval_wide
from .x87float import X80

Scalar = int | float | X80


def as_int(v: Scalar) -> int:
    """An integer operand or result (a long double has no integer reading here)."""
    if isinstance(v, X80):
        raise InterpError("a long double where an integer is needed")
    return int(v)


def as_float(v: Scalar) -> float:
    """A float or double operand (a long double is read through interp_x87, not here)."""
    if isinstance(v, X80):
        raise InterpError("a long double where a float or double is needed")
    return float(v)
RtValue = Scalar | tuple[Scalar, ...] | None


class InterpError(Exception):
    """The program did something the interpreter cannot give a meaning to."""


class Trap(InterpError):
    """A hardware trap: division by zero, signed overflow in division, abort()."""


class MemoryFault(InterpError):
    """A load or store outside every live object."""


class StepLimitExceeded(InterpError):
    pass


class ProgramExit(Exception):
    """exit(status) was called."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


# ---------------------------------------------------------------------------
# Operation semantics (shared with the constant folders)


def to_signed(v: int, bits: int) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if bits and v >> (bits - 1) & 1 else v


def _shift_count(amount: int, bits: int) -> int:
    # x86 masks the count to 5 bits (6 for 64-bit operands, and 7 in the double-word
    # sequences of 128-bit shifts); C leaves it undefined.
    return amount & (127 if bits == 128 else 63 if bits == 64 else 31)


def eval_binary(op: Op, ty: Type, a: Scalar, b: Scalar) -> Scalar:
    """Result of a binary op on two operands already in canonical form."""
    if isinstance(a, X80) and isinstance(b, X80):
        return x87.binary(op, a, b)
    if isinstance(ty, FloatType):
        return _eval_float_binary(op, ty, as_float(a), as_float(b))
    bits = ty.bits if isinstance(ty, IntType) else 64
    mask = (1 << bits) - 1
    assert isinstance(a, int) and isinstance(b, int)
    match op:
        case Op.ADD:
            return (a + b) & mask
        case Op.SUB:
            return (a - b) & mask
        case Op.MUL:
            return (a * b) & mask
        case Op.AND:
            return a & b
        case Op.OR:
            return a | b
        case Op.XOR:
            return a ^ b
        case Op.SHL:
            return (a << _shift_count(b, bits)) & mask
        case Op.LSHR:
            return (a & mask) >> _shift_count(b, bits)
        case Op.ASHR:
            return (to_signed(a, bits) >> _shift_count(b, bits)) & mask
        case Op.UDIV | Op.UREM:
            if b == 0:
                raise Trap("division by zero")
            return a // b if op is Op.UDIV else a % b
        case Op.SDIV | Op.SREM:
            sa, sb = to_signed(a, bits), to_signed(b, bits)
            if sb == 0:
                raise Trap("division by zero")
            if sa == -(1 << (bits - 1)) and sb == -1 and bits > 1:
                raise Trap("signed division overflow")
            q = abs(sa) // abs(sb)
            if (sa < 0) != (sb < 0):
                q = -q
            if op is Op.SDIV:
                return q & mask
            return (sa - q * sb) & mask
    raise InterpError(f"not an integer binary op: {op.value}")


def _round_float(ty: FloatType, v: float) -> float:
    if ty.bits == 32 and math.isfinite(v):
        try:
            return struct.unpack("<f", struct.pack("<f", v))[0]
        except OverflowError:
            return math.copysign(math.inf, v)
    return v


_DEFAULT_NAN = struct.unpack("<d", struct.pack("<Q", 0xFFF8000000000000))[0]


def _int_to_float(ty: FloatType, iv: int) -> float:
    """An integer rounded once to `ty` (through a double only when that is exact)."""
    a = abs(iv)
    if ty.bits == 64 or a < (1 << 53):
        return _round_float(ty, float(iv))
    shift = a.bit_length() - 24  # keep 24 significant bits, round half to even
    m, rem = a >> shift, a & ((1 << shift) - 1)
    half = 1 << (shift - 1)
    if rem > half or (rem == half and m & 1):
        m += 1
    return math.copysign(float(m << shift), iv)


def _eval_float_binary(op: Op, ty: FloatType, a: float, b: float) -> float:
    match op:
        case Op.FADD:
            r = a + b
        case Op.FSUB:
            r = a - b
        case Op.FMUL:
            r = a * b
        case Op.FDIV:
            if math.isnan(a) or math.isnan(b):
                r = a if math.isnan(a) else b  # SSE returns the first NaN operand
            elif b == 0.0:
                if a == 0.0:
                    r = _DEFAULT_NAN  # invalid operation: x86's "real indefinite"
                else:
                    r = math.copysign(math.inf, a) * math.copysign(1.0, b)
            else:
                r = a / b
        case _:
            raise InterpError(f"not a float binary op: {op.value}")
    return _round_float(ty, r)


def eval_cmp(pred: str, ty: Type, a: Scalar, b: Scalar) -> int:
    if isinstance(a, X80) and isinstance(b, X80):
        return int(x87.fcmp(pred, a, b))
    if isinstance(ty, FloatType):
        return int(_eval_fcmp(pred, as_float(a), as_float(b)))
    bits = ty.bits if isinstance(ty, IntType) else 64
    assert isinstance(a, int) and isinstance(b, int)
    if pred in ("slt", "sle", "sgt", "sge"):
        a, b = to_signed(a, bits), to_signed(b, bits)
    match pred:
        case "eq":
            return int(a == b)
        case "ne":
            return int(a != b)
        case "slt" | "ult":
            return int(a < b)
        case "sle" | "ule":
            return int(a <= b)
        case "sgt" | "ugt":
            return int(a > b)
        case "sge" | "uge":
            return int(a >= b)
    raise InterpError(f"unknown icmp predicate {pred}")


def _eval_fcmp(pred: str, a: float, b: float) -> bool:
    unordered = math.isnan(a) or math.isnan(b)
    if pred == "ord":
        return not unordered
    if pred == "uno":
        return unordered
    base = {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
            "ge": a >= b}[pred[1:]]
    return (unordered or base) if pred[0] == "u" else (not unordered and base)


def eval_cast(op: Op, src: Type, dst: Type, v: Scalar) -> Scalar:
    if x87.involves_x87(src, dst):
        try:
            return x87.cast(op, src, dst, v)  # type: ignore[return-value]
        except x87.X87InterpError as e:
            raise InterpError(str(e)) from None
    sbits = src.bits if isinstance(src, IntType) else 64
    dbits = dst.bits if isinstance(dst, IntType) else 64
    dmask = (1 << dbits) - 1
    match op:
        case Op.ZEXT | Op.TRUNC | Op.PTRTOINT | Op.INTTOPTR:
            assert isinstance(v, int)
            return v & ((1 << sbits) - 1) & dmask
        case Op.SEXT:
            assert isinstance(v, int)
            return to_signed(v, sbits) & dmask
        case Op.SITOFP | Op.UITOFP:
            assert isinstance(v, int) and isinstance(dst, FloatType)
            iv = to_signed(v, sbits) if op is Op.SITOFP else v
            return _int_to_float(dst, iv)
        case Op.FPTOSI | Op.FPTOUI:
            f = as_float(v)
            if math.isnan(f) or math.isinf(f):
                return (1 << (dbits - 1)) & dmask  # x86's "integer indefinite"
            return int(f) & dmask
        case Op.FPEXT | Op.FPTRUNC:
            assert isinstance(dst, FloatType)
            return _round_float(dst, as_float(v))
        case Op.FNEG:
            return -as_float(v)  # flips the sign bit, also of zeros and NaNs
        case Op.BITCAST:
            return bitcast_value(src, dst, v)
        case Op.CLZ | Op.CTZ:
            assert isinstance(v, int)
            v &= (1 << sbits) - 1
            if v == 0:  # undefined in C (bsr/bsf leave it unspecified); lzcnt/tzcnt's value
                return sbits
            if op is Op.CLZ:
                return sbits - v.bit_length()
            return (v & -v).bit_length() - 1
    raise InterpError(f"not a cast: {op.value}")


def bitcast_value(src: Type, dst: Type, v: Scalar) -> Scalar:
    """Reinterpret the bits of `v` (same size): int <-> float, little-endian."""
    fmt = {32: "<f", 64: "<d"}
    if isinstance(src, FloatType):
        raw = struct.pack(fmt[src.bits], as_float(v))
    else:
        raw = (as_int(v) & ((1 << (8 * src.size)) - 1)).to_bytes(src.size, "little")
    if isinstance(dst, FloatType):
        return struct.unpack(fmt[dst.bits], raw)[0]
    return int.from_bytes(raw, "little")


def canonical_const(c: Const) -> Scalar:
    if isinstance(c.value, X80):
        return c.value
    if isinstance(c.ty, FloatType):
        return float(c.value)
    return int(c.value)


# ---------------------------------------------------------------------------
# Memory


class _Object:
    __slots__ = ("base", "data", "live", "name", "readonly")

    def __init__(self, base: int, size: int, name: str, readonly: bool = False) -> None:
        self.base = base
        self.data = bytearray(size)
        self.name = name
        self.live = True
        self.readonly = readonly


class Memory:
    """Separate objects at distinct addresses with unmapped gaps between them."""

    GAP = 64

    def __init__(self) -> None:
        self._bases: list[int] = []
        self._objects: list[_Object] = []
        self._next = 0x10000

    def allocate(self, size: int, align: int = 16, name: str = "") -> int:
        align = max(align, 16)
        base = (self._next + align - 1) // align * align
        obj = _Object(base, size, name)
        self._next = base + max(size, 1) + self.GAP
        self._bases.append(base)
        self._objects.append(obj)
        return base

    def free(self, addr: int) -> None:
        obj = self._find(addr, 0, "free")
        if obj.base != addr:
            raise MemoryFault(f"free of interior pointer {addr:#x}")
        obj.live = False

    def _find(self, addr: int, n: int, what: str) -> _Object:
        i = bisect.bisect_right(self._bases, addr) - 1
        if i >= 0:
            obj = self._objects[i]
            if obj.live and addr + n <= obj.base + len(obj.data):
                return obj
            if not obj.live and addr < obj.base + max(len(obj.data), 1):
                raise MemoryFault(f"{what} of {n} bytes at {addr:#x}: object "
                                  f"'{obj.name}' is no longer live")
        raise MemoryFault(f"{what} of {n} bytes at {addr:#x} is outside every object")

    def read(self, addr: int, n: int) -> bytes:
        if n == 0:
            return b""
        obj = self._find(addr, n, "load")
        off = addr - obj.base
        return bytes(obj.data[off:off + n])

    def write(self, addr: int, data: bytes) -> None:
        if not data:
            return
        obj = self._find(addr, len(data), "store")
        if obj.readonly:
            raise MemoryFault(f"store to read-only object '{obj.name}'")
        off = addr - obj.base
        obj.data[off:off + len(data)] = data

    def read_cstring(self, addr: int, limit: int = 1 << 20) -> bytes:
        out = bytearray()
        while len(out) < limit:
            b = self.read(addr + len(out), 1)[0]
            if b == 0:
                return bytes(out)
            out.append(b)
        raise MemoryFault("unterminated string")

    def load(self, ty: Type, addr: int) -> Scalar:
        if x87.involves_x87(ty):  # the 10 bytes of the value, not the padding
            return X80.from_bytes(self.read(addr, 10))
        raw = self.read(addr, ty.size)
        if isinstance(ty, FloatType):
            return struct.unpack("<f" if ty.bits == 32 else "<d", raw)[0]
        v = int.from_bytes(raw, "little")
        if isinstance(ty, IntType) and ty.bits == 1:
            v &= 1
        return v

    def store(self, ty: Type, addr: int, v: Scalar) -> None:
        if isinstance(v, X80):
            self.write(addr, v.to_bytes())
        elif isinstance(ty, FloatType):
            self.write(addr, struct.pack("<f" if ty.bits == 32 else "<d", float(v)))
        else:
            assert isinstance(v, int)
            self.write(addr, (v & ((1 << (8 * ty.size)) - 1)).to_bytes(ty.size, "little"))


# ---------------------------------------------------------------------------
# Execution


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


External = Callable[["Interpreter", list[Scalar], Call], RtValue]


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
        except InterpError as e:
            return RunResult(None, bytes(self.stdout), trap=f"{type(e).__name__}: {e}")
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


# the C library subset (imported last: it uses this module's exceptions and Memory)
from .interp_libc import LIBC, format_printf  # noqa: E402

__all__ = [
    "InterpError",
    "Interpreter",
    "Memory",
    "MemoryFault",
    "ProgramExit",
    "RunResult",
    "StepLimitExceeded",
    "Trap",
    "eval_binary",
    "eval_cast",
    "eval_cmp",
    "format_printf",
    "run_function",
    "to_signed",
]

