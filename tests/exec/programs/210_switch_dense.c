/* A dense switch (jump table): every value in and around the case range. */
#include <stdio.h>

static int classify(int op) {
    switch (op) {
    case 0: return 11;
    case 1: return 22;
    case 2: return 33;
    case 3: return 44;
    case 4: return 55;
    case 5: return 66;
    case 6: return 77;
    case 7: return 88;
    case 9: return 99;
    default: return -1;
    }
}

static const char *color(unsigned c) {
    switch (c) {
    case 10: return "red";
    case 11: return "green";
    case 12: return "blue";
    case 13: return "cyan";
    case 14: return "magenta";
    case 15: return "yellow";
    }
    return "none";
}

int main(void) {
    long sum = 0;
    for (int i = -3; i < 14; i++) {
        int r = classify(i);
        printf("classify(%d) = %d\n", i, r);
        sum += r * (i + 5);
    }
    for (unsigned c = 8; c < 18; c++)
        printf("color(%u) = %s\n", c, color(c));
    printf("color(huge) = %s\n", color(0xffffffffu));
    printf("sum = %ld\n", sum);
    return (int)(sum & 63);
}
