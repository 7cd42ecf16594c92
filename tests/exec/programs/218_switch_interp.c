/* A bytecode interpreter whose dispatch is a dense switch in a loop, with
   block-parameter edges (values live across the switch). */
#include <stdio.h>

enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, DEC, PRINT, HALT, NOP, NEG };

static long run(const int *code) {
    long stack[32];
    int sp = 0, pc = 0;
    long steps = 0;
    for (;;) {
        steps++;
        switch (code[pc++]) {
        case PUSH: stack[sp++] = code[pc++]; break;
        case ADD: sp--; stack[sp - 1] += stack[sp]; break;
        case SUB: sp--; stack[sp - 1] -= stack[sp]; break;
        case MUL: sp--; stack[sp - 1] *= stack[sp]; break;
        case DUP: stack[sp] = stack[sp - 1]; sp++; break;
        case SWAP: { long t = stack[sp - 1]; stack[sp - 1] = stack[sp - 2]; stack[sp - 2] = t; } break;
        case JNZ: { int target = code[pc++]; if (stack[--sp]) pc = target; } break;
        case DEC: stack[sp - 1]--; break;
        case PRINT: printf("out %ld\n", stack[sp - 1]); break;
        case NEG: stack[sp - 1] = -stack[sp - 1]; break;
        case NOP: break;
        case HALT: return stack[sp - 1] * 1000 + steps % 1000;
        default: return -1;
        }
    }
}

int main(void) {
    /* acc = 1; n = 10; do { acc *= n; print; n--; } while (n) */
    const int prog[] = {PUSH, 1, PUSH, 10,
                        SWAP, 1 + 0 * NOP,
                        HALT};
    const int fact[] = {PUSH, 1, PUSH, 10,          /* acc n */
                        DUP, PUSH, 0, ADD,          /* acc n n */
                        SWAP, NOP,                  /* acc n n (no-op pair) */
                        HALT};
    const int loop[] = {PUSH, 1, PUSH, 12,           /* 0: acc n */
                        SWAP,                        /* 4: n acc */
                        PUSH, 0, ADD,                /* 5 */
                        SWAP,                        /* 8: acc n */
                        DUP, PRINT, DEC, DUP,        /* 9: acc n-1 n-1 */
                        JNZ, 4,                      /* 13 */
                        NEG, HALT};
    const int bad[] = {PUSH, 3, 77};
    printf("%ld\n", run(prog));
    printf("%ld\n", run(fact));
    printf("%ld\n", run(loop));
    printf("%ld\n", run(bad));
    return 0;
}
