"""Broken input never crashes the tools: mutated IR text gives IRParseError or
parses; broken IR objects give verifier errors, never an exception."""

from __future__ import annotations

import random

import pytest
from ir_samples import every_format_module
from random_ir import random_module

from atomc.ir import I8, I32, I64, PTR, Const, Module, Undef, Value, print_module
from atomc.ir.parser import parse_module
from atomc.ir.text_lexer import IRParseError, tokenize
from atomc.ir.verifier import annotate, verify_module


def _mutate_text(text: str, toks: list[str], rng: random.Random) -> str:
    lines = text.split("\n")
    i = rng.randrange(len(lines))
    parts = lines[i].split(" ")
    op = rng.randrange(4)
    if op == 0 and parts:
        del parts[rng.randrange(len(parts))]
    elif op == 1 and len(parts) > 1:
        a, b = rng.randrange(len(parts)), rng.randrange(len(parts))
        parts[a], parts[b] = parts[b], parts[a]
    elif op == 2 and parts:
        parts[rng.randrange(len(parts))] = rng.choice(toks)
    elif op == 3:
        lines.insert(i, lines[rng.randrange(len(lines))])
        return "\n".join(lines)
    lines[i] = " ".join(parts)
    return "\n".join(lines)


@pytest.mark.parametrize("seed", range(6))
def test_mutated_text_never_crashes(seed: int) -> None:
    rng = random.Random(seed)
    texts = [print_module(every_format_module()), print_module(random_module(seed))]
    tokens = {t: [tok.text for tok in tokenize(t, "x")] for t in texts}
    outcomes = set()
    for _ in range(100):
        base = rng.choice(texts)
        text = _mutate_text(base, tokens[base], rng)
        try:
            m = parse_module(text, "m.ir")
        except IRParseError as e:
            assert str(e).startswith("m.ir:")
            outcomes.add("parse error")
            continue
        errors = verify_module(m)
        if errors:
            outcomes.add("verifier errors")
            assert "; error: " in annotate(m, errors)
        else:
            outcomes.add("clean")
            once = print_module(m)
            assert print_module(parse_module(once)) == once
    assert "parse error" in outcomes


def _random_value(rng: random.Random, pool: list[Value]) -> Value:
    kind = rng.randrange(3)
    if kind == 0 and pool:
        return rng.choice(pool)
    if kind == 1:
        return Undef(rng.choice([I8, I32, I64, PTR]))
    return Const(rng.choice([I8, I32, I64]), rng.randrange(100))


@pytest.mark.parametrize("seed", range(10))
def test_mutated_objects_never_crash_the_verifier(seed: int) -> None:
    rng = random.Random(seed)
    m: Module = random_module(seed)
    donor = random_module(seed + 1000)  # values of another module and function
    pool: list[Value] = [i for f in donor.functions.values() for i in f.insts()]
    pool += [i for f in m.functions.values() for i in f.insts()]
    insts = [i for f in m.functions.values() for i in f.insts()]
    for _ in range(20):
        inst = rng.choice(insts)
        if inst.operands and rng.random() < 0.7:
            inst.set_operand(rng.randrange(len(inst.operands)), _random_value(rng, pool))
        elif inst.succs:
            s = rng.choice(inst.succs)
            s.block = rng.choice([b for f in donor.functions.values() for b in f.blocks]
                                 + [b for f in m.functions.values() for b in f.blocks])
        elif inst.block is not None and inst in inst.block.insts and rng.random() < 0.5:
            inst.block.insts.remove(inst)  # erased without dropping references
        errors = verify_module(m)
        annotate(m, errors)
