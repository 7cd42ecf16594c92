/* Binary bignum carry chains (base 2^32): schoolbook multiply, add and subtract with borrow. */
#include <stdio.h>

#define LIMBS 512

typedef unsigned int limb;
typedef unsigned long long dlimb;

static limb a[LIMBS], b[LIMBS], prod[2 * LIMBS], acc[2 * LIMBS];

static void mul(limb *r, const limb *p, const limb *q, int n)
{
    for (int i = 0; i < 2 * n; i++) r[i] = 0;
    for (int i = 0; i < n; i++) {
        dlimb carry = 0;
        limb m = p[i];
        for (int j = 0; j < n; j++) {
            dlimb t = (dlimb)m * q[j] + r[i + j] + carry;
            r[i + j] = (limb)t;
            carry = t >> 32;
        }
        r[i + n] = (limb)carry;
    }
}

static limb add_n(limb *r, const limb *p, const limb *q, int n)
{
    limb carry = 0;
    for (int i = 0; i < n; i++) {
        dlimb t = (dlimb)p[i] + q[i] + carry;
        r[i] = (limb)t;
        carry = (limb)(t >> 32);
    }
    return carry;
}

static limb sub_n(limb *r, const limb *p, const limb *q, int n)
{
    limb borrow = 0;
    for (int i = 0; i < n; i++) {
        limb x = p[i], y = q[i];
        limb d = x - y - borrow;
        borrow = (x < y) | ((x == y) & borrow);
        r[i] = d;
    }
    return borrow;
}

int main(void)
{
    unsigned int seed = 2463534242u;
    for (int i = 0; i < LIMBS; i++) {
        seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
        a[i] = seed;
        seed ^= seed << 13; seed ^= seed >> 17; seed ^= seed << 5;
        b[i] = seed;
    }
    unsigned long long check = 0;
    limb carries = 0;
    for (int rep = 0; rep < 160; rep++) {
        mul(prod, a, b, LIMBS);
        carries += add_n(acc, acc, prod, 2 * LIMBS);
        carries += sub_n(acc, acc, a, LIMBS);
        for (int i = 0; i < LIMBS; i++) a[i] ^= prod[i + rep];
        check = check * 31 + prod[LIMBS] + acc[2 * LIMBS - 1 - rep];
    }
    for (int rep = 0; rep < 40000; rep++) {
        carries += add_n(acc, acc, prod, 2 * LIMBS);
        carries += sub_n(acc, acc, b, LIMBS);
    }
    for (int i = 0; i < 2 * LIMBS; i++) check = check * 3 + acc[i];
    printf("bigcarry check = %llu, carries = %u\n", check, carries);
    return 0;
}
