/* Static and automatic initialisers of long double objects: constants folded
   exactly (10 bytes of the value and 6 of padding, as gcc's .long directives),
   arrays, structs with padding around long double members, unions, compound
   literals, designators, zero-filled tails, conversions in initialisers. */
#include <stdio.h>
#include <string.h>

struct rec { int tag; long double val; char name[4]; };
union pun { long double ld; unsigned int w[4]; };

static long double scalars[] = { 1.0L / 3, -2.5L, 1e-4940L, 0x1.23456789abcdef01p+100L,
                                 (long double)(1ULL << 63) * 2, 7 };
static struct rec recs[3] = { { 1, 0.1L, "one" }, [2] = { .val = -1e100L, .tag = 3 } };
static union pun p = { 3.0L };
static const long double folded = (1.0L + 1e-18L) * 3 - 2 / 7.0L;
static long double from_double = 0.1, from_float = 0.1f, from_int = 123456789012345678LL;
long double global_zero;

static void dump(const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        printf("%02x", b[i]);
    printf("\n");
}

int main(void)
{
    for (int i = 0; i < 6; i++)
        printf("%La\n", scalars[i]);
    for (int i = 0; i < 3; i++)
        printf("%d %La %s\n", recs[i].tag, recs[i].val, recs[i].name);
    printf("%08x %08x %08x %zu\n", p.w[0], p.w[1], p.w[2] & 0xffff, sizeof p);
    printf("%La %La %La %La %La\n", folded, from_double, from_float, from_int, global_zero);
    long double local[4] = { 2.5L, [3] = -0.0L };
    struct rec r = { 9, 1e300L * 1e300L, "xy" };
    long double *cl = (long double[]){ 4.25L, 8.5L };
    printf("%La %La %La %La | %d %La %s | %La %La\n", local[0], local[1], local[2], local[3],
           r.tag, r.val, r.name, cl[0], cl[1]);
    long double copy[6];
    memcpy(copy, scalars, sizeof copy);
    dump(&copy[1], 10);
    dump(&recs[0].val, 10);
    printf("%zu %zu %zu\n", sizeof scalars, sizeof recs, (size_t)&recs[1].val - (size_t)&recs[1]);
    return 0;
}
