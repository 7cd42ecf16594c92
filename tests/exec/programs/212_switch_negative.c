/* Dense cases around and below zero: the table index is value - lo. */
#include <stdio.h>

static int neg(int x) {
    int r = 0;
    switch (x) {
    case -6: r = 60; break;
    case -5: r = 50; break;
    case -4: r = 40; break;
    case -3: r = 30; break;
    case -2: r = 20; break;
    case -1: r = 10; break;
    case 0: r = 1; break;
    case 1: r = -10; break;
    case 2: r = -20; break;
    default: r = 999; break;
    }
    return r;
}

static long neglong(long x) {
    switch (x) {
    case -9000000000L: return 1;
    case -8999999999L: return 2;
    case -8999999998L: return 3;
    case -8999999997L: return 4;
    case -8999999995L: return 5;
    default: return 0;
    }
}

int main(void) {
    int total = 0;
    for (int x = -9; x <= 5; x++) {
        printf("neg(%d) = %d\n", x, neg(x));
        total += neg(x);
    }
    for (long x = -9000000002L; x <= -8999999993L; x++)
        printf("neglong(%ld) = %ld\n", x, neglong(x));
    printf("total = %d\n", total);
    return 0;
}
