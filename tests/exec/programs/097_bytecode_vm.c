/* A stack-based bytecode virtual machine with an assembler for a tiny assembly language: labels,
 * jumps, calls with frames, locals and a data stack of tagged values (a union). Runs programs that
 * compute factorials, primes and the Collatz record. Unions passed and returned by value, enums,
 * switch dispatch, string parsing with strtol, and goto-based error exits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opcode { OP_PUSH, OP_POP, OP_DUP, OP_SWAP, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_LT, OP_EQ,
              OP_JMP, OP_JZ, OP_CALL, OP_RET, OP_LOAD, OP_STORE, OP_PRINT, OP_HALT, NOPS };

static const char *const opnames[NOPS] = { "push", "pop", "dup", "swap", "add", "sub", "mul", "div", "mod", "lt",
                                           "eq", "jmp", "jz", "call", "ret", "load", "store", "print", "halt" };

enum vtag { V_INT, V_BOOL };
struct value { enum vtag tag; union { long i; int b; } u; };

struct insn { unsigned char op; long arg; };
struct frame { int ret; long locals[8]; };

struct vm {
    struct insn code[256];
    int ncode;
    struct value stack[64];
    int sp;
    struct frame frames[32];
    int fp;
    long executed;
};

static struct value mk_int(long i) { struct value v; v.tag = V_INT; v.u.i = i; return v; }
static struct value mk_bool(int b) { struct value v; v.tag = V_BOOL; v.u.b = b != 0; return v; }
static long as_int(struct value v) { return v.tag == V_INT ? v.u.i : v.u.b; }

static void push(struct vm *m, struct value v) { m->stack[m->sp++] = v; }
static struct value pop(struct vm *m) { return m->stack[--m->sp]; }

struct label { char name[16]; int addr; };

static int find_op(const char *w)
{
    for (int i = 0; i < NOPS; i++)
        if (strcmp(opnames[i], w) == 0)
            return i;
    return -1;
}

static int assemble(struct vm *m, const char *src)
{
    struct label labels[32];
    int nlabels = 0;
    char line[64];
    for (int pass = 0; pass < 2; pass++) {
        const char *p = src;
        m->ncode = 0;
        while (*p) {
            int n = 0;
            while (*p && *p != '\n' && n < 63)
                line[n++] = *p++;
            line[n] = '\0';
            if (*p == '\n')
                p++;
            char *s = line;
            while (*s == ' ')
                s++;
            if (!*s || *s == '#')
                continue;
            char *colon = strchr(s, ':');
            if (colon) {
                *colon = '\0';
                if (pass == 0) {
                    strcpy(labels[nlabels].name, s);
                    labels[nlabels++].addr = m->ncode;
                }
                continue;
            }
            char word[16], operand[16] = "";
            int k = 0;
            while (*s && *s != ' ' && k < 15)
                word[k++] = *s++;
            word[k] = '\0';
            while (*s == ' ')
                s++;
            k = 0;
            while (*s && *s != ' ' && k < 15)
                operand[k++] = *s++;
            operand[k] = '\0';
            int op = find_op(word);
            if (op < 0) {
                printf("bad opcode '%s'\n", word);
                return -1;
            }
            long arg = 0;
            if (operand[0]) {
                char *end;
                arg = strtol(operand, &end, 10);
                if (*end) {
                    arg = -1;
                    for (int l = 0; l < nlabels; l++)
                        if (strcmp(labels[l].name, operand) == 0)
                            arg = labels[l].addr;
                    if (pass == 1 && arg < 0) {
                        printf("unknown label '%s'\n", operand);
                        return -1;
                    }
                }
            }
            m->code[m->ncode].op = (unsigned char)op;
            m->code[m->ncode].arg = arg;
            m->ncode++;
        }
    }
    return m->ncode;
}

static struct value arith(enum opcode op, struct value a, struct value b)
{
    long x = as_int(a), y = as_int(b);
    switch (op) {
    case OP_ADD: return mk_int(x + y);
    case OP_SUB: return mk_int(x - y);
    case OP_MUL: return mk_int(x * y);
    case OP_DIV: return mk_int(x / y);
    case OP_MOD: return mk_int(x % y);
    case OP_LT: return mk_bool(x < y);
    case OP_EQ: return mk_bool(x == y);
    default: return mk_int(0);
    }
}

static int run(struct vm *m, int trace_limit)
{
    int pc = 0;
    m->sp = 0;
    m->fp = 0;
    m->executed = 0;
    memset(m->frames, 0, sizeof m->frames);
    for (;;) {
        if (pc < 0 || pc >= m->ncode)
            goto bad_pc;
        struct insn in = m->code[pc++];
        m->executed++;
        if (m->executed <= trace_limit)
            printf("  %3d %-5s %ld sp=%d\n", pc - 1, opnames[in.op], in.arg, m->sp);
        switch ((enum opcode)in.op) {
        case OP_PUSH: push(m, mk_int(in.arg)); break;
        case OP_POP: m->sp--; break;
        case OP_DUP: push(m, m->stack[m->sp - 1]); break;
        case OP_SWAP: {
            struct value t = m->stack[m->sp - 1];
            m->stack[m->sp - 1] = m->stack[m->sp - 2];
            m->stack[m->sp - 2] = t;
            break;
        }
        case OP_ADD: case OP_SUB: case OP_MUL: case OP_DIV: case OP_MOD: case OP_LT: case OP_EQ: {
            struct value b = pop(m), a = pop(m);
            if ((in.op == OP_DIV || in.op == OP_MOD) && as_int(b) == 0)
                goto div_zero;
            push(m, arith((enum opcode)in.op, a, b));
            break;
        }
        case OP_JMP: pc = (int)in.arg; break;
        case OP_JZ: if (!as_int(pop(m))) pc = (int)in.arg; break;
        case OP_CALL:
            m->fp++;
            m->frames[m->fp].ret = pc;
            memset(m->frames[m->fp].locals, 0, sizeof m->frames[m->fp].locals);
            pc = (int)in.arg;
            break;
        case OP_RET:
            pc = m->frames[m->fp--].ret;
            break;
        case OP_LOAD: push(m, mk_int(m->frames[m->fp].locals[in.arg])); break;
        case OP_STORE: m->frames[m->fp].locals[in.arg] = as_int(pop(m)); break;
        case OP_PRINT: {
            struct value v = pop(m);
            if (v.tag == V_BOOL)
                printf("%s\n", v.u.b ? "true" : "false");
            else
                printf("%ld\n", v.u.i);
            break;
        }
        case OP_HALT: return 0;
        case NOPS: goto bad_pc;
        }
    }
div_zero:
    printf("error: division by zero at %d\n", pc - 1);
    return 2;
bad_pc:
    printf("error: bad pc %d\n", pc);
    return 3;
}

static const char fact_src[] =
    "# print n! for n = 1..15 using a called subroutine\n"
    "  push 1\n  store 0\n"
    "loop:\n  load 0\n  push 16\n  lt\n  jz done\n"
    "  load 0\n  call fact\n  print\n"
    "  load 0\n  push 1\n  add\n  store 0\n  jmp loop\n"
    "done:\n  halt\n"
    "fact:\n  store 0\n  push 1\n  store 1\n"
    "floop:\n  push 1\n  load 0\n  lt\n  jz fdone\n"
    "  load 1\n  load 0\n  mul\n  store 1\n  load 0\n  push 1\n  sub\n  store 0\n  jmp floop\n"
    "fdone:\n  load 1\n  ret\n";

static const char collatz_src[] =
    "# longest collatz chain below 1000\n"
    "  push 1\n  store 0\n  push 0\n  store 1\n  push 0\n  store 2\n"
    "outer:\n  load 0\n  push 1000\n  lt\n  jz finish\n"
    "  load 0\n  store 3\n  push 1\n  store 4\n"
    "inner:\n  load 3\n  push 1\n  eq\n  push 0\n  eq\n  jz measured\n"
    "  load 4\n  push 1\n  add\n  store 4\n"
    "  load 3\n  push 2\n  mod\n  jz even\n"
    "  load 3\n  push 3\n  mul\n  push 1\n  add\n  store 3\n  jmp inner\n"
    "even:\n  load 3\n  push 2\n  div\n  store 3\n  jmp inner\n"
    "measured:\n  load 2\n  load 4\n  lt\n  jz next\n  load 4\n  store 2\n  load 0\n  store 1\n"
    "next:\n  load 0\n  push 1\n  add\n  store 0\n  jmp outer\n"
    "finish:\n  load 1\n  print\n  load 2\n  print\n  push 7\n  push 3\n  lt\n  print\n  halt\n";

static const char bad_src[] = "  push 10\n  push 0\n  div\n  print\n  halt\n";
static const char typo_src[] = "  push 1\n  jmp nowhere\n";

int main(void)
{
    static struct vm m;
    const char *programs[] = { fact_src, collatz_src, bad_src, typo_src };
    const char *names[] = { "factorials", "collatz", "div-zero", "bad-label" };
    for (int i = 0; i < 4; i++) {
        printf("== %s\n", names[i]);
        int n = assemble(&m, programs[i]);
        if (n < 0)
            continue;
        printf("assembled %d instructions\n", n);
        int status = run(&m, i == 0 ? 6 : 0);
        printf("status %d executed %ld\n", status, m.executed);
    }
    struct value v = arith(OP_LT, mk_int(-5), mk_bool(1));
    printf("%d %d %d\n", v.tag, v.u.b, (int)sizeof(struct value));
    return 0;
}
