"""The x87 extended emulation (`ir.x87float`, `ir.interp_x87`) against the FPU itself.

A small C program built by gcc reads 80-bit operands and prints, for each
pair, the bits the hardware computes for + - * /, the compare result, the
conversions to double, float, long (truncating) and from double, and glibc's
printf of the first operand. Operands are random but weighted towards the
cases that need care: denormals, the largest and smallest exponents (overflow,
underflow, rounding into and out of the denormal range), halfway cases,
zeros of both signs, infinities and NaNs. Every result must match bit for bit.
"""

from __future__ import annotations

import random
import shutil
import struct
import subprocess
from pathlib import Path

import pytest

from atomc.ir.interp_x87 import format_x80, to_int
from atomc.ir.x87float import (
    DOUBLE, EXP_MAX, INT_BIT, QUIET_BIT, SINGLE, X80, add, compare, div, mul, sub,
)

ORACLE = r"""
#include <stdio.h>
#include <string.h>
#include <stdint.h>

static long double get(const char *hex)
{
    unsigned char b[16] = {0};
    for (int i = 0; i < 10; i++) {
        unsigned v;
        sscanf(hex + 2 * (9 - i), "%2x", &v);
        b[i] = (unsigned char)v;
    }
    long double x;
    memcpy(&x, b, sizeof x);
    return x;
}

static void put(long double x)
{
    unsigned char b[16];
    memcpy(b, &x, sizeof b);
    for (int i = 9; i >= 0; i--)
        printf("%02x", b[i]);
    printf(" ");
}

int main(void)
{
    char ha[32], hb[32], fmt[16];
    while (scanf("%20s %20s %15s", ha, hb, fmt) == 3) {
        volatile long double a = get(ha), b = get(hb);
        put(a + b); put(a - b); put(a * b); put(a / b);
        int c = a < b ? -1 : a > b ? 1 : a == b ? 0 : 2;
        volatile double d = (double)a;
        volatile float f = (float)a;
        uint64_t db, fb = 0;
        memcpy(&db, (const void *)&d, 8);
        uint32_t f32;
        memcpy(&f32, (const void *)&f, 4);
        fb = f32;
        long l = a > -9.2e18L && a < 9.2e18L ? (long)a : 0;
        unsigned long ul = a >= 0 && a < 1.8e19L ? (unsigned long)a : 0;
        volatile long double back = (long double)d;
        printf("%d %016llx %08llx %ld %lu ", c, (unsigned long long)db, (unsigned long long)fb,
               l, ul);
        put(back);
        printf("[");
        printf(fmt, a);
        printf("]\n");
    }
    return 0;
}
"""

SPECS = ["%La", "%.3La", "%Lg", "%.21Lg", "%Le", "%.0Le", "%Lf", "%.2Lf", "%+12.5Lg",
         "%-14.3Le", "%#.0Lf", "%015.4Lf", "%LG", "%LE", "%.30Lg"]


def _random_x80(rng: random.Random) -> X80:
    kind = rng.random()
    sign = rng.getrandbits(1)
    if kind < 0.04:
        return X80.make(sign, 0, 0)
    if kind < 0.07:
        return X80.make(sign, EXP_MAX, INT_BIT)
    if kind < 0.10:
        return X80.make(sign, EXP_MAX, INT_BIT | QUIET_BIT | rng.getrandbits(40))
    if kind < 0.20:  # denormals
        return X80.make(sign, 0, rng.getrandbits(rng.randint(1, 63)))
    if kind < 0.30:
        exp = rng.choice([1, 2, 3, 64, 0x7FFE, 0x7FFD, 0x7FFE - 63])
    elif kind < 0.40:  # short significands: exact results and halfway cases
        exp = 16383 + rng.randint(-70, 70)
        return X80.make(sign, exp, INT_BIT | rng.getrandbits(8) << 55 | rng.getrandbits(1))
    else:
        exp = 16383 + rng.randint(-1100, 1100) if rng.random() < 0.8 else rng.randint(1, 0x7FFE)
    return X80.make(sign, exp, INT_BIT | rng.getrandbits(63))


def _hex(x: X80) -> str:
    return f"{x.bits:020x}"


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("gcc") is None:
        pytest.skip("gcc is needed to run the FPU oracle")
    d = tmp_path_factory.mktemp("x87")
    (d / "oracle.c").write_text(ORACLE)
    subprocess.run(["gcc", "-O0", "-w", str(d / "oracle.c"), "-o", str(d / "oracle")],
                   check=True, timeout=120)
    return d / "oracle"


@pytest.mark.parametrize("seed", range(4))
def test_emulation_matches_the_fpu(oracle: Path, seed: int) -> None:
    rng = random.Random(seed)
    cases = [(_random_x80(rng), _random_x80(rng), rng.choice(SPECS)) for _ in range(400)]
    text = "".join(f"{_hex(a)} {_hex(b)} {s}\n" for a, b, s in cases)
    out = subprocess.run([str(oracle)], input=text, capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    assert len(out) == len(cases)
    for (a, b, spec), line in zip(cases, out, strict=True):
        head, _, rest = line.partition("[")
        printed = rest[:-1]
        f = head.split()
        want_ops = [X80(int(h, 16)) for h in f[:4]]
        got_ops = [add(a, b), sub(a, b), mul(a, b), div(a, b)]
        where = f"{_hex(a)} {_hex(b)}"
        assert [_hex(x) for x in got_ops] == [_hex(x) for x in want_ops], where
        c = compare(a, b)
        assert (2 if c is None else c) == int(f[4]), where
        assert struct.pack("<d", a.to_float(DOUBLE)).hex() == \
            int(f[5], 16).to_bytes(8, "little").hex(), where
        assert struct.pack("<f", a.to_float(SINGLE)).hex() == \
            int(f[6], 16).to_bytes(4, "little").hex(), where
        t = a.to_int()
        if t is not None and -9.2e18 < t < 9.2e18:
            assert to_int(a, 64, True) == int(f[7]) & (2**64 - 1), where
        if t is not None and 0 <= t < 1.8e19 and a.sign == 0:
            assert to_int(a, 64, False) == int(f[8]), where
        assert _hex(X80.from_float(a.to_float(DOUBLE))) == f[9], where
        flags, width, prec, conv = _split_spec(spec)
        assert format_x80(a, conv, flags, width, prec).decode() == printed, (where, spec)


def _split_spec(spec: str) -> tuple[str, str, str | None, str]:
    body = spec[1:-2]  # between '%' and 'L<conv>'
    flags = ""
    while body and body[0] in "-+ #0":
        flags += body[0]
        body = body[1:]
    width, _, prec = body.partition(".")
    return flags, width, (prec or "0") if "." in body else None, spec[-1]


def test_decimal_constants_round_once() -> None:
    """<float.h>'s LDBL_* spellings and halfway cases of decimal literals."""
    from atomc.ir.x87float import parse_x80
    assert _hex(parse_x80("1.18973149535723176502e+4932")) == "7ffeffffffffffffffff"
    assert _hex(parse_x80("3.36210314311209350626e-4932")) == "00018000000000000000"
    assert _hex(parse_x80("3.64519953188247460253e-4951")) == "00000000000000000001"
    assert _hex(parse_x80("1.08420217248550443401e-19")) == "3fc08000000000000000"
    assert _hex(parse_x80("1.18973149535723176509e+4932")) == "7fff8000000000000000"
    # 1 + half an ulp (2^-64) is a tie: to even, down; 1 + 1.5 ulp: to even, up
    assert _hex(parse_x80("0x1.00000000000000010p0")) == "3fff8000000000000000"
    assert _hex(parse_x80("0x1.00000000000000030p0")) == "3fff8000000000000002"
    assert _hex(parse_x80("0x1.00000000000000018p0")) == "3fff8000000000000001"  # 0.75 ulp


def test_from_int_is_the_exact_rounding() -> None:
    """from_int encodes integers below 2**64 directly (no fractions import, which a
    back-end constant would otherwise cost every compile): the same bits as
    rounding the exact rational."""
    from fractions import Fraction

    rng = random.Random(13)
    values = [0, 1, -1, 2, 3, 1 << 63, (1 << 63) - 1, (1 << 64) - 1, 1 << 64, -(1 << 64) + 1,
              -(1 << 64), (1 << 64) + 1, (1 << 65) + 3, -(1 << 63)]
    values += [rng.getrandbits(rng.randint(1, 70)) * rng.choice((1, -1)) for _ in range(5000)]
    for v in values:
        assert X80.from_int(v).bits == X80.from_fraction(Fraction(v)).bits, v
