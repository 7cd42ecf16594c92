/* Sparse switches: a balanced binary search of compares, with values far apart. */
#include <stdio.h>

static int sparse(int x) {
    switch (x) {
    case -100000: return 1;
    case -5000: return 2;
    case -7: return 3;
    case 1: return 4;
    case 64: return 5;
    case 1000: return 6;
    case 4096: return 7;
    case 65536: return 8;
    case 1000000: return 9;
    case 2147483647: return 10;
    case -2147483647 - 1: return 11;
    default: return 0;
    }
}

static int tiny(int x) {
    switch (x) {
    case 3: return 30;
    case 300: return 31;
    }
    return 32;
}

int main(void) {
    static const int probes[] = {-2147483647 - 1, -2147483647, -100001, -100000, -99999, -5000,
                                 -8, -7, -6, 0, 1, 2, 63, 64, 65, 999, 1000, 1001, 4096, 65535,
                                 65536, 999999, 1000000, 2147483646, 2147483647};
    int acc = 0;
    for (unsigned i = 0; i < sizeof probes / sizeof probes[0]; i++) {
        int r = sparse(probes[i]);
        printf("sparse(%d) = %d\n", probes[i], r);
        acc = acc * 3 + r;
    }
    for (int x = 0; x < 400; x += 3)
        acc += tiny(x);
    printf("acc = %d\n", acc);
    return 0;
}
