/* A small stack-machine bytecode interpreter running loops and recursion. */
#include <stdio.h>

enum op { PUSH, ADD, SUB, MUL, LT, JZ, JMP, LOAD, STORE, CALL, RET, DUP, DROP, HALT, MOD };

struct vm { int stack[256]; int sp; int locals[64][8]; int fp; int rsp; int ret[64]; };

static int run(const int *code, struct vm *m)
{
    int pc = 0;
    for (;;) {
        int op = code[pc++];
        switch (op) {
        case PUSH: m->stack[m->sp++] = code[pc++]; break;
        case ADD: m->sp--; m->stack[m->sp - 1] += m->stack[m->sp]; break;
        case SUB: m->sp--; m->stack[m->sp - 1] -= m->stack[m->sp]; break;
        case MUL: m->sp--; m->stack[m->sp - 1] *= m->stack[m->sp]; break;
        case MOD: m->sp--; m->stack[m->sp - 1] %= m->stack[m->sp]; break;
        case LT: m->sp--; m->stack[m->sp - 1] = m->stack[m->sp - 1] < m->stack[m->sp]; break;
        case JZ: { int t = code[pc++]; if (!m->stack[--m->sp]) pc = t; break; }
        case JMP: pc = code[pc]; break;
        case LOAD: m->stack[m->sp++] = m->locals[m->fp][code[pc++]]; break;
        case STORE: m->locals[m->fp][code[pc++]] = m->stack[--m->sp]; break;
        case DUP: m->stack[m->sp] = m->stack[m->sp - 1]; m->sp++; break;
        case DROP: m->sp--; break;
        case CALL: m->ret[m->rsp++] = pc + 1; m->fp++; m->locals[m->fp][0] = m->stack[--m->sp];
                   pc = code[pc]; break;
        case RET: m->fp--; pc = m->ret[--m->rsp]; break;
        case HALT: return m->stack[m->sp - 1];
        default: return -1;
        }
    }
}

int main(void)
{
    /* sum = 0; for (i = 0; i < 40000; i++) sum = (sum + i * i) % 1000003; return sum */
    int code[128];
    int n = 0;
    int loop_top, patch;
    code[n++] = PUSH; code[n++] = 0; code[n++] = STORE; code[n++] = 1;
    code[n++] = PUSH; code[n++] = 0; code[n++] = STORE; code[n++] = 0;
    loop_top = n;
    code[n++] = LOAD; code[n++] = 0; code[n++] = PUSH; code[n++] = 40000; code[n++] = LT;
    code[n++] = JZ; patch = n; code[n++] = 0;
    code[n++] = LOAD; code[n++] = 1; code[n++] = LOAD; code[n++] = 0; code[n++] = LOAD;
    code[n++] = 0; code[n++] = MUL; code[n++] = ADD; code[n++] = PUSH; code[n++] = 1000003;
    code[n++] = MOD; code[n++] = STORE; code[n++] = 1;
    code[n++] = LOAD; code[n++] = 0; code[n++] = PUSH; code[n++] = 1; code[n++] = ADD;
    code[n++] = STORE; code[n++] = 0; code[n++] = JMP; code[n++] = loop_top;
    code[patch] = n;
    code[n++] = LOAD; code[n++] = 1; code[n++] = HALT;
    struct vm m = {{0}, 0, {{0}}, 0, 0, {0}};
    int r = run(code, &m);
    printf("loop result %d\n", r);
    /* fib(n) by a recursive bytecode function */
    int f[64];
    int k = 0, fib;
    f[k++] = PUSH; f[k++] = 31; f[k++] = CALL; f[k++] = 5; f[k++] = HALT;
    fib = k; /* 5: */
    f[k++] = LOAD; f[k++] = 0; f[k++] = PUSH; f[k++] = 2; f[k++] = LT; f[k++] = JZ;
    int p2 = k; f[k++] = 0;
    f[k++] = LOAD; f[k++] = 0; f[k++] = RET;
    f[p2] = k;
    f[k++] = LOAD; f[k++] = 0; f[k++] = PUSH; f[k++] = 1; f[k++] = SUB; f[k++] = CALL;
    f[k++] = fib; f[k++] = LOAD; f[k++] = 0; f[k++] = PUSH; f[k++] = 2; f[k++] = SUB;
    f[k++] = CALL; f[k++] = fib; f[k++] = ADD; f[k++] = RET;
    struct vm m2 = {{0}, 0, {{0}}, 0, 0, {0}};
    printf("fib(31) = %d\n", run(f, &m2));
    return 0;
}
