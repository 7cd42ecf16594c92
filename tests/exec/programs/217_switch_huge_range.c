/* Many cases in several dense runs far apart, and one run too sparse for a table. */
#include <stdio.h>

static int runs(int x) {
    switch (x) {
    case 100: return 1;  case 101: return 2;  case 102: return 3;  case 103: return 4;
    case 104: return 5;  case 105: return 6;
    case 5000: return 7; case 5001: return 8; case 5002: return 9; case 5004: return 10;
    case 5006: return 11;
    case 90000: return 12; case 90010: return 13; case 90020: return 14; case 90030: return 15;
    case 90040: return 16;
    case 1000000: return 17; case 1000001: return 18; case 1000002: return 19;
    case 1000003: return 20; case 1000004: return 21; case 1000005: return 22;
    case 1000006: return 23; case 1000007: return 24;
    case -1000000000: return 25;
    }
    return -1;
}

static int wide(unsigned x) {
    /* the cases span the whole 32-bit range: no table can cover them */
    switch (x) {
    case 0u: return 1;
    case 0x10000000u: return 2;
    case 0x20000000u: return 3;
    case 0x40000000u: return 4;
    case 0x80000000u: return 5;
    case 0xc0000000u: return 6;
    case 0xffffffffu: return 7;
    }
    return 0;
}

int main(void) {
    long acc = 0;
    static const int bases[] = {100, 5000, 90000, 1000000, -1000000000};
    for (unsigned b = 0; b < 5; b++)
        for (int d = -3; d < 45; d++) {
            int r = runs(bases[b] + d);
            if (r >= 0)
                printf("runs(%d) = %d\n", bases[b] + d, r);
            acc = acc * 31 + r;
        }
    for (unsigned k = 0; k < 40; k++) {
        unsigned x = k * 0x08000000u - (k & 1);
        acc += wide(x) * (long)k;
    }
    printf("wide max = %d\n", wide(0xffffffffu));
    printf("acc = %ld\n", acc);
    return 0;
}
