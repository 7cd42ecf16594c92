"""The prologue window a parameter's argument registers describe
(codegen/debuginfo/prologue_pieces.py): its reason is dropped there and kept
after, and other reasons are left alone."""

from __future__ import annotations

from atomc.codegen.debuginfo.ldv import VarKey, reg
from atomc.codegen.debuginfo.ldv.model import PiecesLoc, VarRange, WhyRange
from atomc.codegen.debuginfo.ldv.reasons import PROLOGUE, dead
from atomc.codegen.debuginfo.location_lists import loc_expr
from atomc.codegen.debuginfo.prologue_pieces import trim_prologue_gaps
from atomc.dwarf.locexpr import Piece, Reg

P = VarKey("p", is_param=True)
Q = VarKey("q", is_param=True)
RDI, RSI = reg(5), reg(4)


def test_the_pieces_are_each_register_then_its_bytes() -> None:
    assert loc_expr(PiecesLoc(((RDI, 8), (RSI, 4)))) == (Reg(5), Piece(8), Reg(4), Piece(4))


def test_the_prologue_reason_is_kept_only_after_the_pieces_end() -> None:
    pieces = [VarRange(P, -1, 2, PiecesLoc(((RDI, 8),)))]
    gaps = [WhyRange(P, -1, 4, PROLOGUE), WhyRange(Q, -1, 4, PROLOGUE),
            WhyRange(P, 9, 12, dead(8))]
    assert trim_prologue_gaps(gaps, pieces) == [
        WhyRange(P, 2, 4, PROLOGUE), WhyRange(Q, -1, 4, PROLOGUE), WhyRange(P, 9, 12, dead(8))]


def test_a_window_the_pieces_cover_loses_its_reason() -> None:
    pieces = [VarRange(P, -1, 4, PiecesLoc(((RDI, 8),)))]
    assert trim_prologue_gaps([WhyRange(P, -1, 3, PROLOGUE)], pieces) == []
