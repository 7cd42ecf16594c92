/* Ternary, comma, compound assignment, pre/post increment, sizeof, casts. */
#include <stdio.h>

//! break: compounded incremented final
//! globals: g_acc
//! step: compound 10
//! next: increments 12
//! finish: pick_sign
//! bt: sign_body

long g_acc = 1;

static int pick_sign(int v)
{
    int s = v > 0 ? 1 : (v < 0 ? -1 : 0);          //@ label: sign_body
    return s;
}

static int compound(int x)
{
    int y = x;
    y += 5;
    y *= 3;
    y -= x;
    y /= 2;
    y %= 7;
    y <<= 3;
    y >>= 1;
    y |= 0x100;
    y &= 0x1ff;
    y ^= 0x55;
    return y;                                      //@ label: compounded
}

static int increments(int n)
{
    int a = n;
    int b = a++;
    int c = ++a;
    int d = (a--, b--, a + b);
    int e = sizeof(long) + sizeof(struct { char c; int i; });
    int f = (unsigned char)(n * 100);
    g_acc += a + b + c + d + e + f + pick_sign(-n) * (n ? 1 : 2);
    return d;                                      //@ label: incremented
}

int main(void)
{
    int c = compound(12);
    int i = increments(9);
    int s = pick_sign(0) + pick_sign(5);
    printf("%d %d %d %ld\n", c, i, s, g_acc);      //@ label: final
    return 0;
}
