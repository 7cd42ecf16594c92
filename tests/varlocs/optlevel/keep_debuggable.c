/* Three spellings of "compile this function as at -O0" inside an optimised
   build, and one plain function with the same body as the control: in an
   -O2 -g build, the first three must show exactly what the -O0 build shows at
   every stop, while -O2 optimises the control (tests/varlocs/test_optlevel.py). */
#include <stdio.h>

static unsigned checksum;

__attribute__((optnone)) static int kernel_optnone(const int *a, int n, int scale)
{
    int sum = 0;
    int unused = n * 7;
    int last = 0;
    for (int i = 0; i < n; i++) {
        int t = a[i] * scale;
        sum += t;
        last = t ^ i;
    }
    unsigned swapped = __builtin_bswap32((unsigned)sum);
    checksum += (unsigned)last;
    return sum + (int)(swapped & 1u) + unused - n * 7;
}

__attribute__((optimize("O0"))) static int kernel_o0(const int *a, int n, int scale)
{
    int sum = 0;
    int unused = n * 7;
    int last = 0;
    for (int i = 0; i < n; i++) {
        int t = a[i] * scale;
        sum += t;
        last = t ^ i;
    }
    unsigned swapped = __builtin_bswap32((unsigned)sum);
    checksum += (unsigned)last;
    return sum + (int)(swapped & 1u) + unused - n * 7;
}

#pragma GCC push_options
#pragma GCC optimize ("O0")
static int kernel_pragma(const int *a, int n, int scale)
{
    int sum = 0;
    int unused = n * 7;
    int last = 0;
    for (int i = 0; i < n; i++) {
        int t = a[i] * scale;
        sum += t;
        last = t ^ i;
    }
    unsigned swapped = __builtin_bswap32((unsigned)sum);
    checksum += (unsigned)last;
    return sum + (int)(swapped & 1u) + unused - n * 7;
}
#pragma GCC pop_options

static int kernel_plain(const int *a, int n, int scale)
{
    int sum = 0;
    int unused = n * 7;
    int last = 0;
    for (int i = 0; i < n; i++) {
        int t = a[i] * scale;
        sum += t;
        last = t ^ i;
    }
    unsigned swapped = __builtin_bswap32((unsigned)sum);
    checksum += (unsigned)last;
    return sum + (int)(swapped & 1u) + unused - n * 7;
}

int main(void)
{
    int data[5] = {3, 1, 4, 1, 5};
    int r = kernel_optnone(data, 5, 2);
    r += kernel_o0(data, 4, 3);
    r += kernel_pragma(data, 3, 4);
    r += kernel_plain(data, 5, 5);
    printf("%d %u\n", r, checksum);
    return 0;
}
