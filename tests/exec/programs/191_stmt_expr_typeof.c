/* GNU expression extensions: statement expressions (own scope, value of the
   last expression statement), __typeof__/typeof of expressions and types with
   their qualifiers, `?:` with the middle operand omitted (evaluated once),
   case ranges, __auto_type, __extension__, zero-length arrays and empty
   structs. */
#include <stdio.h>
#include <stdlib.h>

#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
#define SWAP(x, y) do { typeof(x) _t = (x); (x) = (y); (y) = _t; } while (0)

struct empty {};
struct flex { int n; int data[0]; };
struct wrap { struct empty e; int v; };

static int counter;
static int bump(void) { return ++counter; }
static int zero(void) { counter += 10; return 0; }

static const char *kind(int c) {
    switch (c) {
    case 'a' ... 'z': return "lower";
    case 'A' ... 'Z': return "upper";
    case '0' ... '9': return "digit";
    case -128 ... -1: return "negative";
    case ' ': return "space";
    default: return "other";
    }
}

static long range_sum(long x) {
    switch (x) {
    case 1 ... 3: return 100;
    case 4: return 200;
    case 5 ... 5: return 300;
    case 1000000 ... 1000100: return 400;
    default: return -1;
    }
}

int main(void) {
    int i = 3, j = 9;
    int m = MAX(i++, j--);
    printf("max=%d i=%d j=%d\n", m, i, j);
    long lm = MAX(7L, 2);
    printf("lmax=%ld size=%zu\n", lm, sizeof(MAX(7L, 2)));
    SWAP(i, j);
    printf("swap i=%d j=%d\n", i, j);

    int s = ({ int t = i; int u = t * 2; u + 1; });
    int nested = ({ int a = 1; { int b = 2; a += b; } ({ int c = a * 10; c; }) + a; });
    printf("s=%d nested=%d\n", s, nested);
    int shadow = 5;
    int outer = ({ int shadow = 40; shadow + 2; }) + shadow;
    printf("outer=%d\n", outer);
    ({ printf("void statement expression\n"); });
    int loopsum = 0;
    for (int k = 0; k < 5; k++)
        loopsum += ({ int sq = k * k; sq > 4 ? sq : 0; });
    printf("loopsum=%d\n", loopsum);

    const int ci = 7;
    __typeof__(ci) cj = 8;
    typeof(int *) ptr = &i;
    __typeof__(ci + 1L) wide = 1;
    __typeof__(char[5]) five;
    unsigned char uc = 200;
    __typeof__(uc) uc2 = uc + 100;
    printf("cj=%d *ptr=%d sizeof(wide)=%zu sizeof(five)=%zu uc2=%d\n", cj, *ptr, sizeof(wide),
           sizeof(five), uc2);

    counter = 0;
    int g1 = bump() ?: 42;
    int g2 = zero() ?: 7;
    const char *name = NULL;
    const char *shown = name ?: "(null)";
    printf("g1=%d g2=%d counter=%d shown=%s\n", g1, g2, counter, shown);

    const char *probe = "aZ5 \x80~";
    for (const char *p = probe; *p; p++)
        printf("%s ", kind((signed char)*p));
    printf("\n");
    for (long x = 0; x < 7; x++)
        printf("%ld ", range_sum(x));
    printf("%ld %ld\n", range_sum(1000050), range_sum(1000101));

    __auto_type au = 7L;
    __auto_type ap = &cj;
    __extension__ long long ext = 1LL << 40;
    printf("au=%zu ap=%d ext=%lld\n", sizeof(au), *ap, ext);

    struct empty e1, e2;
    e1 = e2;
    (void)e1;
    struct flex *f = malloc(sizeof(struct flex) + 4 * sizeof(int));
    f->n = 4;
    for (int k = 0; k < f->n; k++)
        f->data[k] = k * 11;
    int zl[0];
    printf("sizeof empty=%zu flex=%zu wrap=%zu zl=%zu data[3]=%d\n", sizeof(struct empty),
           sizeof(struct flex), sizeof(struct wrap), sizeof zl, f->data[3]);
    free(f);
    return 0;
}
