/* State machines: a table-driven C-like lexer (identifiers, numbers, strings, comments, operators),
 * a vending machine driven by an event script, and a glob matcher with backtracking. Enums as
 * table indices, 2-D transition tables, switch on enums, goto-free loops and function tables. */
#include <stdio.h>
#include <string.h>

enum cls { C_ALPHA, C_DIGIT, C_SPACE, C_QUOTE, C_SLASH, C_STAR, C_OP, C_NL, C_OTHER, NCLS };
enum state { S_START, S_IDENT, S_NUMBER, S_STRING, S_SLASH, S_LINE_COMMENT, S_BLOCK_COMMENT, S_BLOCK_STAR, NSTATES };
enum action { A_NONE, A_BEGIN, A_EMIT, A_EMIT_BEGIN, A_EMIT_OP, A_EMIT_STRING, A_SKIP };

static enum cls classify(char c)
{
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_')
        return C_ALPHA;
    if (c >= '0' && c <= '9')
        return C_DIGIT;
    switch (c) {
    case ' ': case '\t': return C_SPACE;
    case '\n': return C_NL;
    case '"': return C_QUOTE;
    case '/': return C_SLASH;
    case '*': return C_STAR;
    case '+': case '-': case '=': case ';': case '(': case ')': case '{': case '}': case '<': case '>': case ',':
        return C_OP;
    default: return C_OTHER;
    }
}

struct trans { unsigned char next; unsigned char action; };

static struct trans table[NSTATES][NCLS];

static void set(enum state s, enum cls c, enum state next, enum action a)
{
    table[s][c].next = (unsigned char)next;
    table[s][c].action = (unsigned char)a;
}

static void build_table(void)
{
    for (int s = 0; s < NSTATES; s++)
        for (int c = 0; c < NCLS; c++)
            set((enum state)s, (enum cls)c, S_START, A_NONE);
    set(S_START, C_ALPHA, S_IDENT, A_BEGIN);
    set(S_START, C_DIGIT, S_NUMBER, A_BEGIN);
    set(S_START, C_QUOTE, S_STRING, A_BEGIN);
    set(S_START, C_SLASH, S_SLASH, A_NONE);
    set(S_START, C_OP, S_START, A_EMIT_OP);
    set(S_START, C_STAR, S_START, A_EMIT_OP);
    for (int c = 0; c < NCLS; c++) {
        set(S_IDENT, (enum cls)c, S_START, A_EMIT);
        set(S_NUMBER, (enum cls)c, S_START, A_EMIT);
        set(S_STRING, (enum cls)c, S_STRING, A_NONE);
        set(S_SLASH, (enum cls)c, S_START, A_EMIT_OP);
        set(S_LINE_COMMENT, (enum cls)c, S_LINE_COMMENT, A_SKIP);
        set(S_BLOCK_COMMENT, (enum cls)c, S_BLOCK_COMMENT, A_SKIP);
        set(S_BLOCK_STAR, (enum cls)c, S_BLOCK_COMMENT, A_SKIP);
    }
    set(S_IDENT, C_ALPHA, S_IDENT, A_NONE);
    set(S_IDENT, C_DIGIT, S_IDENT, A_NONE);
    set(S_NUMBER, C_DIGIT, S_NUMBER, A_NONE);
    set(S_STRING, C_QUOTE, S_START, A_EMIT_STRING);
    set(S_SLASH, C_SLASH, S_LINE_COMMENT, A_SKIP);
    set(S_SLASH, C_STAR, S_BLOCK_COMMENT, A_SKIP);
    set(S_LINE_COMMENT, C_NL, S_START, A_SKIP);
    set(S_BLOCK_COMMENT, C_STAR, S_BLOCK_STAR, A_SKIP);
    set(S_BLOCK_STAR, C_STAR, S_BLOCK_STAR, A_SKIP);
    set(S_BLOCK_STAR, C_SLASH, S_START, A_SKIP);
}

static const char *const state_names[NSTATES] = { "start", "ident", "number", "string", "slash", "line", "block", "star" };
static int counts[NSTATES];

static void emit(enum state kind, const char *from, const char *to)
{
    counts[kind]++;
    printf("%-6s '%.*s'\n", state_names[kind], (int)(to - from), from);
}

static void lex(const char *src)
{
    enum state st = S_START;
    const char *begin = src;
    for (const char *p = src;; p++) {
        enum cls c = *p ? classify(*p) : C_SPACE;
        struct trans t = table[st][c];
        switch ((enum action)t.action) {
        case A_BEGIN: begin = p; break;
        case A_EMIT:
            emit(st, begin, p);
            /* the current character starts a new token: rescan it from the start state */
            st = S_START;
            if (!*p)
                return;
            p--;
            continue;
        case A_EMIT_OP:
            if (st == S_SLASH) {
                emit(S_START, p - 1, p);
                st = S_START;
                p--;
                continue;
            }
            emit(S_START, p, p + 1);
            break;
        case A_EMIT_STRING: emit(S_STRING, begin, p + 1); break;
        case A_NONE: case A_SKIP: case A_EMIT_BEGIN: break;
        }
        st = (enum state)t.next;
        if (!*p)
            return;
    }
}

enum vstate { IDLE, HAS_MONEY, DISPENSING, OUT_OF_ORDER };
enum event { COIN, SELECT, REFUND, KICK, SERVICE };
static const char *const vnames[] = { "idle", "has-money", "dispensing", "out-of-order" };
static const char *const enames[] = { "coin", "select", "refund", "kick", "service" };

struct machine { enum vstate st; int credit; int stock; int sold; int kicks; };

static void vend(struct machine *m, enum event e, int arg)
{
    enum vstate before = m->st;
    switch (m->st) {
    case IDLE:
        if (e == COIN) { m->credit += arg; m->st = HAS_MONEY; }
        else if (e == KICK && ++m->kicks >= 2) m->st = OUT_OF_ORDER;
        break;
    case HAS_MONEY:
        switch (e) {
        case COIN: m->credit += arg; break;
        case SELECT:
            if (m->credit >= arg && m->stock > 0) {
                m->credit -= arg;
                m->stock--;
                m->sold++;
                m->st = DISPENSING;
            }
            break;
        case REFUND: printf("  refund %d\n", m->credit); m->credit = 0; m->st = IDLE; break;
        case KICK: m->kicks++; break;
        case SERVICE: break;
        }
        break;
    case DISPENSING:
        m->st = m->credit > 0 ? HAS_MONEY : IDLE;
        break;
    case OUT_OF_ORDER:
        if (e == SERVICE) { m->kicks = 0; m->st = IDLE; m->stock += arg; }
        break;
    }
    printf("%-8s %3d: %-12s -> %-12s credit=%d stock=%d\n", enames[e], arg, vnames[before], vnames[m->st], m->credit, m->stock);
}

static int glob(const char *pat, const char *s)
{
    const char *star = NULL, *resume = NULL;
    while (*s) {
        if (*pat == '?' || *pat == *s) {
            pat++;
            s++;
        } else if (*pat == '*') {
            star = pat++;
            resume = s;
        } else if (star) {
            pat = star + 1;
            s = ++resume;
        } else {
            return 0;
        }
    }
    while (*pat == '*')
        pat++;
    return *pat == '\0';
}

int main(void)
{
    build_table();
    lex("int x1 = 42; /* block * comment */ y = x1 / 7; // tail\nprint(\"hi there\", z);");
    for (int s = 0; s < NSTATES; s++)
        if (counts[s])
            printf("%s=%d ", state_names[s], counts[s]);
    printf("\n");

    struct machine m = { IDLE, 0, 2, 0, 0 };
    struct { enum event e; int arg; } script[] = {
        { COIN, 25 }, { COIN, 50 }, { SELECT, 60 }, { SELECT, 0 }, { SELECT, 10 }, { SELECT, 0 }, { REFUND, 0 },
        { COIN, 100 }, { SELECT, 30 }, { SELECT, 0 }, { REFUND, 0 }, { KICK, 0 }, { KICK, 0 }, { COIN, 5 },
        { SERVICE, 10 }, { COIN, 5 },
    };
    for (unsigned i = 0; i < sizeof script / sizeof script[0]; i++)
        vend(&m, script[i].e, script[i].arg);
    printf("sold %d\n", m.sold);

    const char *pats[] = { "*.c", "a?c", "*x*y*", "", "*", "abc", "a*b*c*d" };
    const char *strs[] = { "main.c", "abc", "axxyy", "", "anything", "abd", "aXbXcXd" };
    for (int i = 0; i < 7; i++) {
        for (int j = 0; j < 7; j++)
            printf("%d", glob(pats[i], strs[j]));
        printf(" %s\n", pats[i]);
    }
    return 0;
}
