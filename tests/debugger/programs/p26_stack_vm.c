/* A small stack machine: enum opcodes, switch, struct with an array, mixing everything. */
#include <stdio.h>

//! break: executed pushed_top vm_result
//! globals: g_program
//! step: run 14
//! next: run 14
//! finish: pop
//! bt: push_body

enum opcode { OP_PUSH, OP_ADD, OP_MUL, OP_DUP, OP_SWAP, OP_HALT };

struct insn {
    enum opcode op;
    int arg;
};

struct vm {
    int stack[16];
    int sp;
    unsigned steps;
};

struct insn g_program[] = {
    {OP_PUSH, 6}, {OP_PUSH, 7}, {OP_MUL, 0}, {OP_DUP, 0},
    {OP_PUSH, 8}, {OP_SWAP, 0}, {OP_ADD, 0}, {OP_ADD, 0}, {OP_HALT, 0},
};

static void push(struct vm *m, int v)
{
    m->stack[m->sp] = v;                           //@ label: push_body
    m->sp++;
}

static int pop(struct vm *m)
{
    m->sp--;
    return m->stack[m->sp];
}

static int run(struct vm *m, const struct insn *code)
{
    int pc = 0;
    for (;;) {
        struct insn in = code[pc++];
        int a;
        int b;
        m->steps++;
        switch (in.op) {
        case OP_PUSH: push(m, in.arg); break;
        case OP_ADD: b = pop(m); a = pop(m); push(m, a + b); break;
        case OP_MUL: b = pop(m); a = pop(m); push(m, a * b); break;
        case OP_DUP: a = pop(m); push(m, a); push(m, a); break;
        case OP_SWAP: b = pop(m); a = pop(m); push(m, b); push(m, a); break;
        case OP_HALT: return pop(m);               //@ label: executed
        }
    }
}

int main(void)
{
    struct vm machine = {{0}, 0, 0};
    int result = run(&machine, g_program);
    push(&machine, 1000);
    int top = pop(&machine);                       //@ label: pushed_top
    printf("%d %d %u\n", top, result, machine.steps);   //@ label: vm_result
    return 0;
}
