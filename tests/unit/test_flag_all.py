"""`ALL` of the debug-info contract flags is spelt as a number (mypyc cannot read
enum members in the class body defining them): it must stay every member."""

import functools
import operator

from atomc.codegen.mir.passes import MDI
from atomc.opt.passmanager import DI


def test_all_is_every_member() -> None:
    for flag in (DI, MDI):
        members = [m for m in flag if m.name not in ("NONE", "ALL")]
        assert len(members) >= 3
        assert flag.ALL == functools.reduce(operator.or_, members)
