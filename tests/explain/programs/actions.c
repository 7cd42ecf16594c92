/* One function per optimiser action atomc-explain reports: a line marked
   `ACT: KIND [detail]` must get that action at -O2 (several: `;`) (tests/explain/test_records.py). */
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
    int x = a * b; // ACT: LOC_MERGED to 0
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
int sink(int a, int b, int c)
{
    int t = a * b + 7; // ACT: SUNK
    if (c > 0)
        return g(t);
    return c;
}
int tail(int a, int b, int c)
{
    int r;
    if (c) {
        g(1);
        r = a * b; // ACT: MERGED with 74 by simplifycfg
    } else {
        h(2);
        r = a * b; // ACT: MERGED with 71 by simplifycfg
    }
    return r;
}
int tail2(int a, int b, int c)
{
    int r;
    if (c) // ACT: IF_CONVERTED
        r = a * b + 1; // ACT: MERGED with 84 by simplifycfg
    else
        r = a * b + 2; // ACT: MERGED with 82 by simplifycfg
    return r;
}
int absdiff(int a, int b)
{
    int d = a - b;
    if (d < 0) // ACT: IF_CONVERTED
        d = -d; // ACT: SPECULATED
    return d;
}
