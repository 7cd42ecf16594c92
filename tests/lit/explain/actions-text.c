/* atomc-explain --format=text: the optimiser actions of one function at a time. */

int g(int);
int h(int);
static int sq(int v)
{
    return v * v; // ACT: INLINED inl 2 sites
}
int dead(int a)
{
    int unused = a * 7; // ACT: DEAD
    return a;
}
int fold(void)
{
    int x = 6;
    int y = x * 7; // ACT: FOLDED
    return y;
}
int hoist(int *p, int n, int a, int b)
{
    int s = 0;
    for (int i = 0; i < n; i++) { // ACT: ROTATED
        int k = a * b; // ACT: HOISTED
        s += p[i] * k;
    }
    return s;
}
int merge(int a, int b)
{
    int x = a * b;
    int y = a * b; // ACT: MERGED with 31
    return g(x) + g(y);
}
int inl(int a, int b)
{
    int x = sq(a);
    int y = sq(b);
    return x + y;
}
int unroll(int *p)
{
    int s = 0;
    for (int i = 0; i < 4; i++) // ACT: ROTATED; UNROLLED x4
        s += p[i]; // ACT: UNROLLED x4
    return s;
}
int thread(int a)
{
    int flag;
    if (a > 0)
        flag = g(1);
    else
        flag = 0;
    if (flag) // ACT: THREADED
        return g(a);
    return h(a);
}

// RUN: %python -m atomc.explain -O2 --format=text %s | filecheck %s
// CHECK-LABEL: function fold:
// CHECK: no stop on line 17: no code left: {{.*}}folded to a constant by sccp
// CHECK-LABEL: function hoist:
// CHECK: line 23: for (int i = 0; i < n; i++) {
// CHECK: optimiser: rotated by loop-rotate
// CHECK: line 24: int k = a * b;
// CHECK: optimiser: hoisted out of the loop by licm (mul)
// CHECK-LABEL: function merge:
// CHECK: line 32: int y = a * b;
// CHECK-NEXT: is_stmt rows: 0
// CHECK: optimiser: merged with line 31 by gvn
// CHECK-LABEL: function inl:
// CHECK: line 7: return v * v;
// CHECK: optimiser: inlined into inl at 2 call sites (lines 37, 38)
// CHECK-LABEL: function unroll:
// CHECK: line 45: s += p[i];
// CHECK: optimiser: unrolled x4
// CHECK-LABEL: function thread:
// CHECK: line 55: if (flag)
// CHECK: optimiser: threaded by jump-threading
