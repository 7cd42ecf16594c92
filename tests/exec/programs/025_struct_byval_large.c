/* By-value structs of 17, 24, 32 and 100 bytes: passed and returned in memory. */
#include <stdio.h>
#include <string.h>

struct s17 { char c[17]; };
struct s24 { long a, b, c; };
struct s32 { int v[8]; };
struct s100 { char tag[20]; int nums[20]; };

static struct s17 up17(struct s17 x)
{
    for (int i = 0; x.c[i]; i++)
        if (x.c[i] >= 'a' && x.c[i] <= 'z')
            x.c[i] = (char)(x.c[i] - 32);
    return x;
}

static struct s24 scale24(struct s24 x, long k) { x.a *= k; x.b *= k; x.c *= k; return x; }

static struct s32 rev32(struct s32 x)
{
    struct s32 r;
    for (int i = 0; i < 8; i++)
        r.v[i] = x.v[7 - i];
    return r;
}

static struct s100 fill100(const char *tag, int base)
{
    struct s100 r;
    memset(&r, 0, sizeof r);
    strncpy(r.tag, tag, sizeof r.tag - 1);
    for (int i = 0; i < 20; i++)
        r.nums[i] = base + i * i;
    return r;
}

static long sum100(struct s100 s)
{
    long t = 0;
    for (int i = 0; i < 20; i++)
        t += s.nums[i];
    s.nums[0] = -1;    /* modifies the callee's copy only */
    return t;
}

static long combine(int a, struct s24 b, int c, struct s32 d, int e)
{
    return a + b.a + b.b + b.c + c + d.v[0] + d.v[7] + e;
}

int main(void)
{
    struct s17 s = { "hello struct 17!" };
    struct s17 u = up17(s);
    printf("%s | %s\n", s.c, u.c);
    struct s24 t = { 1, -2, 3 };
    struct s24 t3 = scale24(t, 1000000007L);
    printf("%ld %ld %ld\n", t3.a, t3.b, t3.c);
    struct s32 v;
    for (int i = 0; i < 8; i++)
        v.v[i] = i * 11;
    struct s32 r = rev32(v);
    for (int i = 0; i < 8; i++)
        printf("%d ", r.v[i]);
    printf("\n");
    struct s100 big = fill100("one hundred", 5);
    printf("%s %ld %d\n", big.tag, sum100(big), big.nums[0]);
    struct s100 big2 = big;
    big2.nums[19] = 0;
    printf("%ld %ld\n", sum100(big), sum100(big2));
    printf("%ld\n", combine(1, t, 2, v, 3));
    printf("%d %d %d %d\n", (int)sizeof(struct s17), (int)sizeof(struct s24), (int)sizeof(struct s32), (int)sizeof(struct s100));
    printf("%d\n", rev32(rev32(v)).v[3]);
    return 0;
}
