"""The atomc IR: SSA with block parameters, source locations (with Key
Instructions atoms) on every instruction, and multi-location debug records.
Import IR names from here, not from the submodules."""

from .atomics import AtomicLoad, AtomicRMW, AtomicStore, CmpXchg, Fence, Ordering, RMWOp
from .builder import Builder
from .insts import ATOMIC_OPS
from .dbgrecords import DbgKind, DbgRecord
from .debuginfo import (
    ARTIFICIAL, DEREF_EXPR, EMPTY_EXPR, DIBasicType, DICompileUnit, DICompositeType, DIDerivedType,
    DIEnumerator, DIExpression, DIFile, DIGlobalVariable, DILexicalBlock, DILocalVariable,
    DILocation, DIScope, DISubprogram, DISubrange, DISubroutineType, DIType, Loc, NoLoc,
    loc_or_artificial,
)
from .function import AtomCounter, Block, DataItem, Function, Global, Module, SymRef, Zeros
from .insts import (
    BINARY_OPS, CAST_OPS, ICMP_PREDS, MEMORY_WRITERS, OPINFO, Alloca, Binary, Branch, Call, Cast, Cmp, Extract,
    DynAlloca, InlineAsm, Inst, Jump, Load, MemCopy, MemSet, Op, PtrAdd, Ret, Select, Store, Succ, Switch, Unreachable,
    StackRestore, StackSave, VaStart, has_dynamic_stack,
)
from .printer import print_function, print_module
from .types import (
    F32, F64, F80, I1, I8, I16, I32, I64, I128, PTR, VOID, FloatType, IntType, PtrType, TupleType,
    Type, VoidType, int_type, is_x87, parse_type,
)
from .values import Arg, BlockParam, Const, Undef, Use, Value
from .x87float import X80

__all__ = [name for name in dir() if not name.startswith("_")]
