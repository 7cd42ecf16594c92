/* GNU statement attributes and attribute placement: fallthrough on null statements (GNU and
   [[...]] spellings), attributes on labels and empty statements, on enumerators and after
   declarators, C2x [[...]] attributes (gcc 12 takes them in gnu modes), and local labels with
   computed goto. */
#include <stdio.h>
enum color { RED __attribute__((deprecated)) = 1, GREEN __attribute__((unused)), BLUE [[maybe_unused]] = 7 };
[[gnu::noinline]] static int twice(int x) { return 2 * x; }
[[nodiscard]] static int must(int x) { return x + 1; }
static int classify(int c)
{
    int r = 0;
    switch (c) {
    case 1:
        r += 1;
        __attribute__((fallthrough));
    case 2:
        r += 10;
        [[fallthrough]];
    case 3:
        r += 100;
        [[gnu::fallthrough]];
    default:
        r += 1000;
    }
    return r;
}
#define SWAPPED(a, b) ({ __label__ done; int x_ = (a), y_ = (b); if (x_ <= y_) goto done; \
                         int t_ = x_; x_ = y_; y_ = t_; done: x_ * 100 + y_; })
static int walk(int n)
{
    int total = 0;
    if (n < 0)
        goto out;
again: __attribute__((unused));
    total += n--;
    if (n > 0)
        goto again;
hot_path: __attribute__((hot)) ;
cold_path: __attribute__((cold, unused)) total += 1;
out:
    return total;
}
static int ptrs(void)
{
    __label__ a, b;
    static const void *tab[] = { &&a, &&b };
    int k = 0, n = 0;
    goto *tab[k];
a:  n += 1; k = 1; goto *tab[k];
b:  n += 10;
    return n;
}
int main(void)
{
    [[maybe_unused]] int unused_local = 3;
    __attribute__((unused)) int also_unused;
    int j [[gnu::unused]] = 4;
    __attribute__((unused));
    [[gnu::unused]];
    for (int c = 0; c < 5; c++)
        printf("%d ", classify(c));
    printf("\n%d %d %d %d\n", SWAPPED(1, 2), SWAPPED(5, 3), SWAPPED(SWAPPED(2, 1), 3), walk(4));
    printf("%d %d %d %d %d %d\n", RED, GREEN, BLUE, twice(j), must(1), ptrs());
    return 0;
}
