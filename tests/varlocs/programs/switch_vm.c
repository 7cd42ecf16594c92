/* A dispatch loop over a dense switch (a jump table at -O2) with values live
   across the dispatch, and a sparse switch (a binary search). */
#include <stdio.h>

enum { OP_PUSH, OP_ADD, OP_MUL, OP_DUP, OP_SWAP, OP_DEC, OP_JNZ, OP_PRINT, OP_HALT };

static int kind(int code)
{
    switch (code) {
    case -50: return 1;
    case 3: return 2;
    case 400: return 3;
    case 5000: return 4;
    case 60000: return 5;
    default: return 0;
    }
}

static long run(const int *code)
{
    long stack[16] = {0};
    int sp = 0;
    int pc = 0;
    long steps = 0;
    for (;;) {
        int op = code[pc++];
        steps++;
        switch (op) {
        case OP_PUSH:
            stack[sp++] = code[pc++];
            break;
        case OP_ADD:
            sp--;
            stack[sp - 1] += stack[sp];
            break;
        case OP_MUL:
            sp--;
            stack[sp - 1] *= stack[sp];
            break;
        case OP_DUP:
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case OP_SWAP: {
            long t = stack[sp - 1];
            stack[sp - 1] = stack[sp - 2];
            stack[sp - 2] = t;
            break;
        }
        case OP_DEC:
            stack[sp - 1]--;
            break;
        case OP_JNZ: {
            int target = code[pc++];
            if (stack[--sp] != 0)
                pc = target;
            break;
        }
        case OP_PRINT:
            printf("%ld\n", stack[sp - 1]);
            break;
        case OP_HALT:
            return stack[sp - 1] + steps;
        default:
            return -1;
        }
    }
}

int main(void)
{
    static const int prog[] = {OP_PUSH, 1, OP_PUSH, 5, OP_SWAP, OP_PUSH, 3, OP_MUL, OP_SWAP,
                               OP_DUP, OP_PRINT, OP_DEC, OP_DUP, OP_JNZ, 4, OP_SWAP, OP_HALT};
    long r = run(prog);
    int k = 0;
    for (int c = -60; c < 70000; c += 997)
        k += kind(c) + kind(c + 53);
    printf("%ld %d\n", r, k);
    return 0;
}
