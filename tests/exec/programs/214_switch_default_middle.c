/* `default` written among the cases, falling into the next case. */
#include <stdio.h>

static int mid(int x) {
    int r = 0;
    switch (x) {
    case 1: r += 1; break;
    case 2: r += 2;
    default: r += 10;
    case 3: r += 3; break;
    case 4: r += 4; break;
    case 5: r += 5;
    case 6: r += 6; break;
    }
    return r;
}

static int loop_switch(const char *s) {
    int state = 0, count = 0;
    for (; *s; s++) {
        switch (state) {
        default:
            state = 0;
            /* fall through */
        case 0:
            if (*s == '<') state = 1;
            break;
        case 1:
            state = *s == '>' ? 0 : 2;
            count++;
            break;
        case 2:
            if (*s == '>') state = 0;
            else if (*s == '!') state = 7;
            break;
        }
    }
    return count * 10 + state;
}

int main(void) {
    for (int x = -2; x < 9; x++)
        printf("mid(%d) = %d\n", x, mid(x));
    printf("%d\n", loop_switch("<a><b!c><><d>"));
    printf("%d\n", loop_switch("<<!!<>x"));
    return 0;
}
