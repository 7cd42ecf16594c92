/* sizeof of types and expressions; sizeof does not evaluate its operand. */
#include <stdio.h>

struct s { char c; long l; };
struct t { char a[3]; short b; };
union u { char c; int i; long l; };

static int side;
static int effect(void) { side++; return 1; }

int main(void)
{
    printf("%d %d %d %d %d\n", (int)sizeof(char), (int)sizeof(short), (int)sizeof(int), (int)sizeof(long), (int)sizeof(long long));
    printf("%d %d %d\n", (int)sizeof(void *), (int)sizeof(char *), (int)sizeof(int (*)(int)));
    printf("%d %d %d\n", (int)sizeof(struct s), (int)sizeof(struct t), (int)sizeof(union u));
    int arr[7];
    long larr[3][5];
    printf("%d %d %d %d\n", (int)sizeof arr, (int)sizeof arr[0], (int)sizeof larr, (int)sizeof larr[1]);
    int x = 0;
    int n = (int)sizeof(x++);
    printf("%d %d\n", n, x);                     /* x is not incremented */
    n = (int)sizeof(effect());
    printf("%d %d\n", n, side);
    char c = 0;
    printf("%d %d %d\n", (int)sizeof c, (int)sizeof(c + 0), (int)sizeof(c + 0L));
    printf("%d\n", (int)sizeof "abc");
    int *p = arr;
    printf("%d %d\n", (int)sizeof p, (int)sizeof *p);
    struct s sv;
    printf("%d %d\n", (int)sizeof sv.l, (int)sizeof(sv));
    printf("%d\n", (int)(sizeof(int[10]) / sizeof(int)));
    printf("%d %d\n", (int)sizeof(unsigned char[3][4]), (int)sizeof(short *[2]));
    size_t z = sizeof(long) * 3;
    printf("%zu\n", z);
    printf("%d\n", (int)sizeof(1 ? 'a' : 'b'));
    printf("%d\n", (int)sizeof(_Bool));
    enum e { A, B };
    printf("%d\n", (int)sizeof(enum e));
    return 0;
}
