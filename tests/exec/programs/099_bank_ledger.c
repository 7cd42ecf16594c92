/* A bank ledger simulation mixing everything: a designated-initialised account table, a
 * transaction log of tagged unions, a command table of function pointers, a variadic audit logger
 * with a static sequence number, struct returns of several sizes, goto-based validation, flags in
 * bit masks, qsort reports, interest computed in fixed-point integers and a final checksum that
 * becomes part of the output. */
#include <stdio.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ACCOUNTS = 8, MAX_LOG = 64 };
enum flag { F_FROZEN = 1 << 0, F_OVERDRAFT = 1 << 1, F_VIP = 1 << 2 };
enum txkind { TX_DEPOSIT, TX_WITHDRAW, TX_TRANSFER, TX_INTEREST, TX_FREEZE };

typedef long cents_t;

struct account {
    int id;
    char owner[12];
    cents_t balance;
    unsigned flags;
    cents_t limit;
};

struct tx {
    enum txkind kind;
    int seq;
    union {
        struct { int acct; cents_t amount; } simple;
        struct { int from, to; cents_t amount; } transfer;
        struct { int acct; int basis_points; } interest;
    } u;
};

struct result { int ok; cents_t balance; };          /* 16 bytes: returned in registers */
struct summary { cents_t total, largest, smallest; int count; int frozen; };   /* 40 bytes: memory */

static struct account accounts[MAX_ACCOUNTS] = {
    [0] = { .id = 100, .owner = "ada", .balance = 150000, .flags = F_VIP, .limit = 50000 },
    [1] = { .id = 101, .owner = "brian", .balance = 2500 },
    [2] = { .id = 102, .owner = "chen", .balance = 98000, .flags = F_OVERDRAFT, .limit = 10000 },
    [3] = { .id = 103, .owner = "dana", .balance = 0 },
    [4] = { .id = 104, .owner = "eli", .balance = 777777, .flags = F_VIP | F_OVERDRAFT, .limit = 200000 },
};
static int naccounts = 5;
static struct tx journal[MAX_LOG];
static int njournal;

static void audit(const char *fmt, ...)
{
    static int seq;
    va_list ap;
    va_start(ap, fmt);
    printf("[%03d] ", ++seq);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

static struct account *find(int id)
{
    for (int i = 0; i < naccounts; i++)
        if (accounts[i].id == id)
            return &accounts[i];
    return NULL;
}

static cents_t available(const struct account *a)
{
    return a->balance + ((a->flags & F_OVERDRAFT) ? a->limit : 0);
}

static struct result withdraw(int id, cents_t amount)
{
    struct result r = { 0, 0 };
    struct account *a = find(id);
    if (!a)
        goto fail;
    if (a->flags & F_FROZEN)
        goto fail;
    if (amount <= 0 || amount > available(a))
        goto fail;
    a->balance -= amount;
    r.ok = 1;
fail:
    r.balance = a ? a->balance : -1;
    return r;
}

static struct result deposit(int id, cents_t amount)
{
    struct account *a = find(id);
    struct result r = { a != NULL && amount > 0 && !(a->flags & F_FROZEN), a ? a->balance : -1 };
    if (r.ok)
        r.balance = a->balance += amount;
    return r;
}

static void record(struct tx t)
{
    t.seq = njournal;
    journal[njournal++] = t;
}

static int cmd_deposit(int a, int b, cents_t amt)
{
    (void)b;
    struct result r = deposit(a, amt);
    audit("deposit %d %ld.%02ld -> %s balance %ld", a, amt / 100, amt % 100, r.ok ? "ok" : "REJECTED", r.balance);
    if (r.ok)
        record((struct tx){ .kind = TX_DEPOSIT, .u.simple = { a, amt } });
    return r.ok;
}

static int cmd_withdraw(int a, int b, cents_t amt)
{
    (void)b;
    struct result r = withdraw(a, amt);
    audit("withdraw %d %ld -> %s balance %ld", a, amt, r.ok ? "ok" : "REJECTED", r.balance);
    if (r.ok)
        record((struct tx){ .kind = TX_WITHDRAW, .u.simple = { a, amt } });
    return r.ok;
}

static int cmd_transfer(int from, int to, cents_t amt)
{
    if (!find(to)) {
        audit("transfer %d->%d: no such account", from, to);
        return 0;
    }
    struct result w = withdraw(from, amt);
    if (!w.ok) {
        audit("transfer %d->%d %ld REJECTED", from, to, amt);
        return 0;
    }
    struct result d = deposit(to, amt);
    if (!d.ok) {
        deposit(from, amt);             /* roll back */
        audit("transfer %d->%d %ld rolled back", from, to, amt);
        return 0;
    }
    audit("transfer %d->%d %ld ok (%ld, %ld)", from, to, amt, find(from)->balance, d.balance);
    record((struct tx){ .kind = TX_TRANSFER, .u.transfer = { from, to, amt } });
    return 1;
}

static int cmd_interest(int a, int bp, cents_t unused)
{
    (void)unused;
    struct account *acc = find(a);
    if (!acc || acc->balance <= 0)
        return 0;
    cents_t gain = acc->balance * bp / 10000;
    acc->balance += gain;
    audit("interest %d %d bp -> +%ld", a, bp, gain);
    record((struct tx){ .kind = TX_INTEREST, .u.interest = { a, bp } });
    return 1;
}

static int cmd_freeze(int a, int on, cents_t unused)
{
    (void)unused;
    struct account *acc = find(a);
    if (!acc)
        return 0;
    if (on)
        acc->flags |= F_FROZEN;
    else
        acc->flags &= ~(unsigned)F_FROZEN;
    audit("%s %d flags=%u", on ? "freeze" : "thaw", a, acc->flags);
    record((struct tx){ .kind = TX_FREEZE, .u.simple = { a, on } });
    return 1;
}

static const struct { char code; int (*fn)(int, int, cents_t); } commands[] = {
    { 'D', cmd_deposit }, { 'W', cmd_withdraw }, { 'T', cmd_transfer }, { 'I', cmd_interest }, { 'F', cmd_freeze },
};

static struct summary summarize(void)
{
    struct summary s = { 0, accounts[0].balance, accounts[0].balance, 0, 0 };
    for (int i = 0; i < naccounts; i++) {
        cents_t b = accounts[i].balance;
        s.total += b;
        s.largest = b > s.largest ? b : s.largest;
        s.smallest = b < s.smallest ? b : s.smallest;
        s.count++;
        s.frozen += (accounts[i].flags & F_FROZEN) != 0;
    }
    return s;
}

static int by_balance_desc(const void *x, const void *y)
{
    const struct account *a = x, *b = y;
    return (a->balance < b->balance) - (a->balance > b->balance);
}

static const char *kind_name(enum txkind k)
{
    switch (k) {
    case TX_DEPOSIT: return "deposit";
    case TX_WITHDRAW: return "withdraw";
    case TX_TRANSFER: return "transfer";
    case TX_INTEREST: return "interest";
    case TX_FREEZE: return "freeze";
    }
    return "?";
}

int main(void)
{
    static const char script[] =
        "D 101 1000 0;W 101 5000 0;W 102 100000 0;T 100 103 25000;T 103 999 1;I 104 150 0;"
        "F 101 1 0;D 101 10 0;T 100 101 10;F 101 0 0;T 100 101 10;W 104 900000 0;W 103 30000 0;"
        "I 102 -250 0;X 1 2 3;D 105 100 0";
    const char *p = script;
    int okcount = 0, total = 0;
    do {
        char code;
        int a, b;
        long amt;
        int consumed = 0;
        if (sscanf(p, " %c %d %d %ld%n", &code, &a, &b, &amt, &consumed) != 4)
            break;
        p += consumed;
        total++;
        int handled = 0;
        for (unsigned i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (commands[i].code == code) {
                /* transfer takes (from, to, amount); others (acct, extra, amount) */
                int r = code == 'T' ? commands[i].fn(a, b, amt) :
                        code == 'I' || code == 'F' ? commands[i].fn(a, b, 0) : commands[i].fn(a, 0, b);
                okcount += r;
                handled = 1;
            }
        if (!handled)
            audit("unknown command '%c'", code);
    } while (*p++ == ';');
    printf("commands %d ok %d journal %d\n", total, okcount, njournal);
    for (int i = 0; i < njournal; i++) {
        const struct tx *t = &journal[i];
        printf("  #%d %-8s ", t->seq, kind_name(t->kind));
        if (t->kind == TX_TRANSFER)
            printf("%d->%d %ld\n", t->u.transfer.from, t->u.transfer.to, t->u.transfer.amount);
        else if (t->kind == TX_INTEREST)
            printf("%d %dbp\n", t->u.interest.acct, t->u.interest.basis_points);
        else
            printf("%d %ld\n", t->u.simple.acct, t->u.simple.amount);
    }
    struct summary s = summarize();
    printf("total %ld largest %ld smallest %ld count %d frozen %d\n", s.total, s.largest, s.smallest, s.count, s.frozen);
    struct account sorted[MAX_ACCOUNTS];
    memcpy(sorted, accounts, sizeof sorted);
    qsort(sorted, (size_t)naccounts, sizeof sorted[0], by_balance_desc);
    for (int i = 0; i < naccounts; i++) {
        char line[64];
        snprintf(line, sizeof line, "%-6s %4d %10ld %c%c%c", sorted[i].owner, sorted[i].id, sorted[i].balance,
                 sorted[i].flags & F_VIP ? 'V' : '-', sorted[i].flags & F_OVERDRAFT ? 'O' : '-',
                 sorted[i].flags & F_FROZEN ? 'F' : '-');
        puts(line);
    }
    unsigned long check = 0;
    for (int i = 0; i < naccounts; i++)
        check = check * 1000003u ^ (unsigned long)accounts[i].balance;
    printf("checksum %lu\n", check);
    return s.frozen;
}
