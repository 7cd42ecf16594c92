/* A tiny interpreter: tokenizer, recursive-descent parser to an AST, and a tree-walking evaluator
 * with variables, if/while, print and user functions. Mixes unions, enums, recursion, malloc and
 * function pointers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum tok_kind { T_NUM, T_IDENT, T_OP, T_LPAREN, T_RPAREN, T_LBRACE, T_RBRACE, T_SEMI, T_COMMA, T_EOF };

struct token {
    enum tok_kind kind;
    long num;
    char text[16];
};

enum node_kind { N_NUM, N_VAR, N_BIN, N_ASSIGN, N_IF, N_WHILE, N_PRINT, N_BLOCK, N_CALL, N_FUNC, N_RETURN };

struct node {
    enum node_kind kind;
    union {
        long num;
        char name[16];
        struct { char op[3]; struct node *lhs, *rhs; } bin;
        struct { char name[16]; struct node *value; } assign;
        struct { struct node *cond, *then, *otherwise; } cond;
        struct { struct node **items; int count; } block;
        struct { char name[16]; struct node *args[4]; int nargs; } call;
        struct { char name[16]; char params[4][16]; int nparams; struct node *body; } func;
        struct node *expr;
    } u;
};

static struct token toks[512];
static int ntoks, cur;

static void tokenize(const char *s)
{
    ntoks = 0;
    while (*s) {
        struct token *t = &toks[ntoks];
        memset(t, 0, sizeof *t);
        if (*s == ' ' || *s == '\n' || *s == '\t') {
            s++;
            continue;
        }
        if (*s >= '0' && *s <= '9') {
            t->kind = T_NUM;
            while (*s >= '0' && *s <= '9')
                t->num = t->num * 10 + (*s++ - '0');
        } else if ((*s >= 'a' && *s <= 'z') || *s == '_') {
            int n = 0;
            t->kind = T_IDENT;
            while ((*s >= 'a' && *s <= 'z') || *s == '_' || (*s >= '0' && *s <= '9'))
                t->text[n++] = *s++;
        } else {
            switch (*s) {
            case '(': t->kind = T_LPAREN; break;
            case ')': t->kind = T_RPAREN; break;
            case '{': t->kind = T_LBRACE; break;
            case '}': t->kind = T_RBRACE; break;
            case ';': t->kind = T_SEMI; break;
            case ',': t->kind = T_COMMA; break;
            default:
                t->kind = T_OP;
                t->text[0] = *s;
                if ((s[1] == '=' && strchr("=!<>", *s)) || (*s == '&' && s[1] == '&') || (*s == '|' && s[1] == '|'))
                    t->text[1] = *++s;
                break;
            }
            s++;
        }
        ntoks++;
    }
    toks[ntoks].kind = T_EOF;
}

static struct node *new_node(enum node_kind k)
{
    struct node *n = calloc(1, sizeof *n);
    n->kind = k;
    return n;
}

static int is_op(const char *op) { return toks[cur].kind == T_OP && strcmp(toks[cur].text, op) == 0; }
static int is_word(const char *w) { return toks[cur].kind == T_IDENT && strcmp(toks[cur].text, w) == 0; }

static struct node *expression(void);
static struct node *statement(void);

static struct node *primary(void)
{
    struct token *t = &toks[cur++];
    if (t->kind == T_NUM) {
        struct node *n = new_node(N_NUM);
        n->u.num = t->num;
        return n;
    }
    if (t->kind == T_LPAREN) {
        struct node *n = expression();
        cur++;
        return n;
    }
    if (t->kind == T_OP && t->text[0] == '-') {
        struct node *n = new_node(N_BIN);
        strcpy(n->u.bin.op, "-");
        n->u.bin.lhs = new_node(N_NUM);
        n->u.bin.rhs = primary();
        return n;
    }
    if (toks[cur].kind == T_LPAREN) {
        struct node *n = new_node(N_CALL);
        strcpy(n->u.call.name, t->text);
        cur++;
        while (toks[cur].kind != T_RPAREN) {
            n->u.call.args[n->u.call.nargs++] = expression();
            if (toks[cur].kind == T_COMMA)
                cur++;
        }
        cur++;
        return n;
    }
    struct node *n = new_node(N_VAR);
    strcpy(n->u.name, t->text);
    return n;
}

static const char *levels[][4] = {
    { "||", 0 }, { "&&", 0 }, { "==", "!=", 0 }, { "<", ">", "<=", ">=" }, { "+", "-", 0 }, { "*", "/", "%", 0 },
};
#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

static struct node *binary(int level)
{
    if (level == NLEVELS)
        return primary();
    struct node *lhs = binary(level + 1);
    for (;;) {
        int matched = -1;
        for (int i = 0; i < 4 && levels[level][i]; i++)
            if (is_op(levels[level][i]))
                matched = i;
        if (matched < 0)
            return lhs;
        cur++;
        struct node *n = new_node(N_BIN);
        strcpy(n->u.bin.op, levels[level][matched]);
        n->u.bin.lhs = lhs;
        n->u.bin.rhs = binary(level + 1);
        lhs = n;
    }
}

static struct node *expression(void)
{
    if (toks[cur].kind == T_IDENT && toks[cur + 1].kind == T_OP && strcmp(toks[cur + 1].text, "=") == 0) {
        struct node *n = new_node(N_ASSIGN);
        strcpy(n->u.assign.name, toks[cur].text);
        cur += 2;
        n->u.assign.value = expression();
        return n;
    }
    return binary(0);
}

static struct node *block(void)
{
    struct node *n = new_node(N_BLOCK);
    n->u.block.items = malloc(64 * sizeof(struct node *));
    cur++;                              /* '{' */
    while (toks[cur].kind != T_RBRACE && toks[cur].kind != T_EOF)
        n->u.block.items[n->u.block.count++] = statement();
    cur++;
    return n;
}

static struct node *statement(void)
{
    struct node *n;
    if (toks[cur].kind == T_LBRACE)
        return block();
    if (is_word("if") || is_word("while")) {
        n = new_node(is_word("if") ? N_IF : N_WHILE);
        cur += 2;
        n->u.cond.cond = expression();
        cur++;
        n->u.cond.then = statement();
        if (is_word("else")) {
            cur++;
            n->u.cond.otherwise = statement();
        }
        return n;
    }
    if (is_word("func")) {
        n = new_node(N_FUNC);
        cur++;
        strcpy(n->u.func.name, toks[cur].text);
        cur += 2;
        while (toks[cur].kind != T_RPAREN) {
            strcpy(n->u.func.params[n->u.func.nparams++], toks[cur].text);
            cur++;
            if (toks[cur].kind == T_COMMA)
                cur++;
        }
        cur++;
        n->u.func.body = block();
        return n;
    }
    if (is_word("print") || is_word("return")) {
        n = new_node(is_word("print") ? N_PRINT : N_RETURN);
        cur++;
        n->u.expr = expression();
    } else {
        n = expression();
    }
    cur++;                              /* ';' */
    return n;
}

struct var { char name[16]; long value; };
struct frame { struct var vars[16]; int nvars; int returning; long retval; };
static struct node *funcs[16];
static int nfuncs;
static long steps;

static long *lookup(struct frame *f, const char *name)
{
    for (int i = 0; i < f->nvars; i++)
        if (strcmp(f->vars[i].name, name) == 0)
            return &f->vars[i].value;
    strcpy(f->vars[f->nvars].name, name);
    f->vars[f->nvars].value = 0;
    return &f->vars[f->nvars++].value;
}

static long eval(struct node *n, struct frame *f);

static long call(struct node *n, struct frame *f)
{
    for (int i = 0; i < nfuncs; i++) {
        struct node *fn = funcs[i];
        if (strcmp(fn->u.func.name, n->u.call.name) != 0)
            continue;
        struct frame callee;
        memset(&callee, 0, sizeof callee);
        for (int a = 0; a < n->u.call.nargs; a++)
            *lookup(&callee, fn->u.func.params[a]) = eval(n->u.call.args[a], f);
        eval(fn->u.func.body, &callee);
        return callee.retval;
    }
    printf("unknown function %s\n", n->u.call.name);
    return 0;
}

static long binop(const char *op, long a, long b)
{
    switch (op[0]) {
    case '+': return a + b;
    case '-': return a - b;
    case '*': return a * b;
    case '/': return b ? a / b : 0;
    case '%': return b ? a % b : 0;
    case '<': return op[1] ? a <= b : a < b;
    case '>': return op[1] ? a >= b : a > b;
    case '=': return a == b;
    case '!': return a != b;
    }
    return 0;
}

static long eval(struct node *n, struct frame *f)
{
    steps++;
    switch (n->kind) {
    case N_NUM: return n->u.num;
    case N_VAR: return *lookup(f, n->u.name);
    case N_ASSIGN: return *lookup(f, n->u.assign.name) = eval(n->u.assign.value, f);
    case N_BIN:
        if (strcmp(n->u.bin.op, "&&") == 0)
            return eval(n->u.bin.lhs, f) && eval(n->u.bin.rhs, f);
        if (strcmp(n->u.bin.op, "||") == 0)
            return eval(n->u.bin.lhs, f) || eval(n->u.bin.rhs, f);
        {
            long a = eval(n->u.bin.lhs, f);
            return binop(n->u.bin.op, a, eval(n->u.bin.rhs, f));
        }
    case N_IF:
        if (eval(n->u.cond.cond, f))
            eval(n->u.cond.then, f);
        else if (n->u.cond.otherwise)
            eval(n->u.cond.otherwise, f);
        return 0;
    case N_WHILE:
        while (!f->returning && eval(n->u.cond.cond, f))
            eval(n->u.cond.then, f);
        return 0;
    case N_PRINT:
        printf("%ld\n", eval(n->u.expr, f));
        return 0;
    case N_RETURN:
        f->retval = eval(n->u.expr, f);
        f->returning = 1;
        return f->retval;
    case N_BLOCK:
        for (int i = 0; i < n->u.block.count && !f->returning; i++)
            eval(n->u.block.items[i], f);
        return 0;
    case N_CALL: return call(n, f);
    case N_FUNC: funcs[nfuncs++] = n; return 0;
    }
    return 0;
}

static void free_node(struct node *n)
{
    if (!n)
        return;
    switch (n->kind) {
    case N_BIN: free_node(n->u.bin.lhs); free_node(n->u.bin.rhs); break;
    case N_ASSIGN: free_node(n->u.assign.value); break;
    case N_IF: case N_WHILE:
        free_node(n->u.cond.cond);
        free_node(n->u.cond.then);
        free_node(n->u.cond.otherwise);
        break;
    case N_BLOCK:
        for (int i = 0; i < n->u.block.count; i++)
            free_node(n->u.block.items[i]);
        free(n->u.block.items);
        break;
    case N_CALL:
        for (int i = 0; i < n->u.call.nargs; i++)
            free_node(n->u.call.args[i]);
        break;
    case N_FUNC: free_node(n->u.func.body); break;
    case N_PRINT: case N_RETURN: free_node(n->u.expr); break;
    default: break;
    }
    free(n);
}

static const char program[] =
    "func fib(n) { if (n < 2) { return n; } return fib(n - 1) + fib(n - 2); }\n"
    "func gcd(a, b) { while (b != 0) { t = b; b = a % b; a = t; } return a; }\n"
    "func fact(n) { r = 1; while (n > 1) { r = r * n; n = n - 1; } return r; }\n"
    "i = 0; while (i < 12) { print fib(i); i = i + 1; }\n"
    "print gcd(1071, 462); print fact(15);\n"
    "x = 10; y = 0 - 3; print x * y + 7 / 2 - -4;\n"
    "if (x > 5 && y < 0) print 111; else print 222;\n"
    "if (x == 0 || y == 0) { print 1; } else { print 0; }\n"
    "s = 0; k = 1; while (k <= 100) { if (k % 3 == 0 || k % 5 == 0) s = s + k; k = k + 1; } print s;\n";

int main(void)
{
    tokenize(program);
    printf("tokens %d\n", ntoks);
    struct frame global;
    memset(&global, 0, sizeof global);
    cur = 0;
    int nstmts = 0;
    while (toks[cur].kind != T_EOF) {
        struct node *s = statement();
        eval(s, &global);
        if (s->kind != N_FUNC)
            free_node(s);
        nstmts++;
    }
    printf("statements %d funcs %d vars %d steps %ld\n", nstmts, nfuncs, global.nvars, steps);
    for (int i = 0; i < nfuncs; i++)
        free_node(funcs[i]);
    return 0;
}
