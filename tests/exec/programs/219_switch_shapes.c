/* Switch shapes: nested switches, a switch whose cases all share one target,
   a switch with only a default, a switch on an enum, cases with
   block-local variables, and GNU case ranges. */
#include <stdio.h>

enum color { RED = 3, GREEN, BLUE, CYAN = 9, MAGENTA, YELLOW };

static int nested(int a, int b) {
    switch (a) {
    case 0:
        switch (b) {
        case 0: return 1;
        case 1: return 2;
        case 2: return 3;
        case 3: return 4;
        default: return 5;
        }
    case 1: return 10 + b;
    case 2:
        switch (b & 3) {
        case 0: return 20;
        case 3: return 23;
        }
        return 29;
    default: return -a;
    }
}

static int same_target(int x) {
    switch (x) {
    case 1: case 2: case 3: case 4: case 5: case 6: return 1;
    }
    return 0;
}

static int only_default(int x) {
    int r = 5;
    switch (x) {
    default: r += x;
    }
    return r;
}

static const char *name(enum color c) {
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case CYAN: return "cyan";
    case MAGENTA: return "magenta";
    case YELLOW: return "yellow";
    }
    return "?";
}

static int ranges(int c) {
    switch (c) {
    case 'a' ... 'z': return 1;
    case 'A' ... 'Z': return 2;
    case '0' ... '9': return 3;
    case 200 ... 20000: return 4;
    }
    return 0;
}

static int locals(int x) {
    switch (x) {
    case 1: { int y = x * 7; return y + 1; }
    case 2: { int y = x * 9, z = y - 1; return y * z; }
    case 3: { int arr[4] = {x, x + 1, x + 2, x + 3}; return arr[x]; }
    case 4: return 4;
    }
    return -x;
}

int main(void) {
    for (int a = -1; a < 4; a++)
        for (int b = 0; b < 6; b++)
            printf("%d ", nested(a, b));
    printf("\n");
    int s = 0;
    for (int x = -1; x < 9; x++)
        s = s * 2 + same_target(x) + only_default(x) + locals(x);
    printf("s = %d\n", s);
    for (int c = 0; c < 13; c++)
        printf("%s ", name((enum color)c));
    printf("\n");
    int h = 0;
    for (int c = 0; c < 300; c++)
        h = (h * 5 + ranges(c)) & 0xfffff;
    printf("h = %d %d %d\n", h, ranges(20000), ranges(20001));
    return 0;
}
