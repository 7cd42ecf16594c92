/* static and inline functions, static inline helpers, and a function declared before use. */
#include <stdio.h>

static inline int square(int x) { return x * x; }
static inline long clamp(long v, long lo, long hi) { return v < lo ? lo : v > hi ? hi : v; }
int visible(int x);
static int helper(int x);

int visible(int x) { return helper(x) + 1; }
static int helper(int x) { return square(x) * 2; }

inline static unsigned rotl(unsigned x, int r) { return (x << r) | (x >> (32 - r)); }

static void (*get_printer(void))(int);
static void print_it(int v) { printf("printed %d\n", v); }
static void (*get_printer(void))(int) { return print_it; }

int main(void)
{
    for (int i = -3; i <= 3; i++)
        printf("%d %d %ld\n", square(i), visible(i), clamp(i * 100, -150, 150));
    printf("%x %x\n", rotl(0x80000001u, 1), rotl(0x12345678u, 8));
    get_printer()(17);
    int (*fp)(int) = square;
    printf("%d\n", fp(12));
    return 0;
}
