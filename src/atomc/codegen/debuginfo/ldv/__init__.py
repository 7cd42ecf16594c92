"""LiveDebugValues, value-tracking variant (after LLVM's InstrRefBasedImpl):
follows every variable's value through copies, spills, restores and clobbers
after register allocation, and produces its location ranges.

`model` is the machine view, `machine` phases A-B (machine values), `variables`
phases C-D (variable values), `emit` phase E (placement and ranges)."""

from .emit import compute_var_ranges
from .model import (
    ConstLoc,
    ConstOp,
    DebugPhi,
    DebugValue,
    EntryValueLoc,
    HomeFact,
    InstrRef,
    LocKind,
    MBlockView,
    MFunctionView,
    MInstView,
    MLoc,
    VarKey,
    VarRange,
    reg,
    slot,
)

__all__ = ["compute_var_ranges", "ConstLoc", "ConstOp", "DebugPhi", "DebugValue",
           "EntryValueLoc", "HomeFact", "InstrRef", "LocKind", "MBlockView", "MFunctionView",
           "MInstView", "MLoc", "VarKey", "VarRange", "reg", "slot"]
