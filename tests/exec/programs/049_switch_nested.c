/* Nested switches, switch on char, short, long and enum, break and continue inside switch. */
#include <stdio.h>

enum tok { T_NUM, T_OP, T_END };

static long eval_rpn(const char *s)
{
    long stack[16];
    int sp = 0;
    for (; *s; s++) {
        enum tok t = (*s >= '0' && *s <= '9') ? T_NUM : (*s == ' ' ? T_END : T_OP);
        switch (t) {
        case T_NUM:
            stack[sp++] = *s - '0';
            break;
        case T_OP: {
            long b = stack[--sp], a = stack[--sp];
            switch (*s) {
            case '+': stack[sp++] = a + b; break;
            case '-': stack[sp++] = a - b; break;
            case '*': stack[sp++] = a * b; break;
            case '/': stack[sp++] = a / b; break;
            default: stack[sp++] = 0; break;
            }
            break;
        }
        case T_END:
            continue;
        }
    }
    return stack[0];
}

static const char *by_long(long v)
{
    switch (v) {
    case 1L << 40: return "2^40";
    case -(1L << 40): return "-2^40";
    case 3: return "three";
    }
    return "other";
}

static int by_short(short s)
{
    switch (s) {
    case -32768: return 1;
    case 32767: return 2;
    case -1: return 3;
    default: return 0;
    }
}

int main(void)
{
    printf("%ld\n", eval_rpn("3 4 + 2 *"));
    printf("%ld\n", eval_rpn("9 3 / 7 5 - *"));
    printf("%ld\n", eval_rpn("1 2 3 4 5 + + + +"));
    printf("%s %s %s %s\n", by_long(1L << 40), by_long(-(1L << 40)), by_long(3), by_long(4));
    printf("%d %d %d %d\n", by_short(-32768), by_short(32767), by_short(-1), by_short(0));
    int count[3] = { 0, 0, 0 };
    for (int i = 0; i < 30; i++) {
        switch (i % 3) {
        case 0:
            switch (i % 2) {
            case 0: count[0]++; break;
            default: count[1]++; break;
            }
            break;
        case 1:
            if (i > 20)
                continue;
            count[2]++;
            break;
        default:
            break;
        }
    }
    printf("%d %d %d\n", count[0], count[1], count[2]);
    char grade = 'B';
    switch (grade) {
    case 'A': printf("excellent\n"); break;
    case 'B':
    case 'C': printf("good\n"); break;
    default: printf("hmm\n");
    }
    signed char neg = -3;
    switch (neg) { case -3: printf("neg char case\n"); break; }
    return 0;
}
