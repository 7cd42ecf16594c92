"""Variable debug records: the multi-location model (new / add / delete).

A record sits in the `dbg_records` list of the instruction it precedes and takes
effect just before that instruction.

* `NEW`: the variable (or the piece named by the expression's fragment) has a
  new value; `value` is its first location. Earlier locations of that piece end.
* `ADD`: the same value is also available in another location; `key` names the
  `NEW` record it belongs to.
* `DELETE`: a location added earlier stops holding the value; `key` names the
  record (`NEW` or `ADD`) that added it; no value, empty expression.

A memory home (what `dbg.declare` says in LLVM) is a `NEW` whose value is the
variable's address and whose expression is `(deref)`. A `NEW` with no value
means the variable is optimised out from here on; its `why` (ir/why.py) says
why, once a pass has made it so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import atomc.fastenum as fastenum

from .debuginfo import EMPTY_EXPR, DIExpression, DILocalVariable, DILocation
from .values import Use, Value
from .why import Why

if TYPE_CHECKING:
    from .insts import Inst


class DbgKind(fastenum.Enum):
    NEW = "new"
    ADD = "add"
    DELETE = "delete"


class DbgRecord:
    __slots__ = ("kind", "var", "_value", "expr", "loc", "key", "inst", "why", "stmt")

    def __init__(self, kind: DbgKind, var: DILocalVariable, value: Value | None,
                 expr: DIExpression = EMPTY_EXPR, *, loc: DILocation,
                 key: DbgRecord | None = None, why: Why | None = None) -> None:
        self.kind = kind
        self.var = var
        self._value: Use | None = Use(self, value, is_debug=True) if value is not None else None
        self.expr = expr
        self.loc = loc
        self.key = key  # the NEW (for ADD) or the adding record (for DELETE)
        self.inst: Inst | None = None  # the instruction it precedes
        self.why = why  # a `new` without value: why the value is gone
        # the assignment that made the value (its store's position), when known: `loc`
        # is the variable's declaration, which cannot tell `l = 2` of a `for` line
        # from the previous statement's assignment (location lists read it)
        self.stmt: DILocation | None = None

    @property
    def value(self) -> Value | None:
        return self._value.value if self._value is not None else None

    def set_value(self, value: Value | None) -> None:
        if self._value is not None:
            self._value.drop()
        self._value = Use(self, value, is_debug=True) if value is not None else None
        if value is not None:
            self.why = None

    def make_unavailable(self, why: Why) -> None:
        """No value from here on, for the reason `why`."""
        self.set_value(None)
        self.why = why

    def detach(self) -> None:
        """Remove from its instruction and drop the value use."""
        if self.inst is not None:
            self.inst.dbg_records.remove(self)
            self.inst = None
        self.set_value(None)

    def __repr__(self) -> str:
        return f"<DbgRecord {self.kind.value} {self.var.name}>"
