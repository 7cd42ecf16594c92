/* Deep recursion through functions that pass and return a 16-byte struct by
 * value, shaped as jq's jv_setpath is (checks like `length(copy(path)) == 0`,
 * then `set(root, cur, setpath(get(copy(root), copy(cur)), rest, value))`):
 * every call's argument and result is a temporary. The recursion runs 2,000
 * calls deep on a thread whose stack is 1 MiB in an -O0 build: gcc's -O0 frame
 * (80 bytes) and atomc's with a statement's temporaries sharing allocas once it
 * is done (256) fit; one alloca per temporary (800 bytes a frame, as jq's -O0
 * build had) overflows it and the program dies of SIGSEGV. Optimised builds get
 * the same 1 MiB: atomc -O1 shares the temporaries' allocas too (200 bytes a
 * frame; 744 with one alloca each, which overflowed; gcc -O1: 128). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    unsigned char kind;
    unsigned char pad;
    unsigned short offset;
    int size;
    union {
        long n;
        void *p;
    } u;
} val;

enum { NUM = 1, PAIR = 2, NIL = 3 };

typedef struct pair {
    val head, tail;
} pair;

static long live;

static val num(long n) { val v = {NUM, 0, 0, 0, {n}}; return v; }
static val nil(void) { val v = {NIL, 0, 0, 0, {0}}; return v; }

static val cons(val head, val tail) {
    pair *c = malloc(sizeof *c);
    c->head = head;
    c->tail = tail;
    live++;
    val v = {PAIR, 0, 0, 2, {0}};
    v.u.p = c;
    return v;
}

static void drop(val v) {
    while (v.kind == PAIR) {
        pair *c = v.u.p;
        drop(c->head);
        v = c->tail;
        free(c);
        live--;
    }
}

static long copies;

/* a new reference (jq counts them; this only counts the calls) */
static val copy(val v) {
    copies++;
    return v;
}

static int kind(val v) { return v.kind; }

static long length(val v) {
    long n = 0;
    while (v.kind == PAIR) {
        v = ((pair *)v.u.p)->tail;
        n++;
    }
    return n;
}

static val head(val v) { return v.kind == PAIR ? ((pair *)v.u.p)->head : nil(); }
static val tail(val v) { return v.kind == PAIR ? ((pair *)v.u.p)->tail : nil(); }

/* root's `key`th element (a list is a chain of pairs), or nil */
static val get(val root, val key) {
    long k = key.u.n;
    val r = nil();
    while (root.kind == PAIR && k > 0) {
        root = tail(root);
        k--;
    }
    if (root.kind == PAIR)
        r = head(root);
    return r;
}

/* root with its `key`th element replaced by `value` (nil padded) */
static val set(val root, val key, val value) {
    if (key.u.n == 0)
        return cons(value, tail(root));
    return cons(head(root), set(tail(root), num(key.u.n - 1), value));
}

static long depth_seen;

/* the tree `root` with the element at `path` (a list of indexes) set to `value` */
static val setpath(val root, val path, val value, long depth) {
    if (depth > depth_seen)
        depth_seen = depth;
    if (kind(copy(path)) != PAIR && kind(copy(path)) != NIL)
        return nil();
    if (length(copy(path)) > 100000)
        return nil();
    if (kind(copy(root)) != PAIR && kind(copy(root)) != NIL)
        return root;
    if (length(copy(path)) == 0)
        return value;
    val cur = head(path);
    val rest = tail(path);
    return set(root, cur, setpath(get(copy(root), copy(cur)), rest, value, depth + 1));
}

static long sum(val v) {
    long s = 0;
    while (v.kind == PAIR) {
        val h = head(v);
        s = s * 31 + (h.kind == PAIR ? 7 + sum(h) : h.kind == NUM ? h.u.n : 3);
        v = tail(v);
    }
    return s;
}

static long add2(val a, val b) { return a.u.n * 100 + b.u.n; }

/* The statements of a statement expression take and free temporaries while the
 * enclosing call's other argument (evaluated before it: right to left, as gcc
 * does) holds its own; they must not share. */
static long nested_statements(void) {
    val list = cons(num(5), cons(num(6), nil()));
    long r = add2(({
                      val x = head(tail(list));
                      val y = head(copy(copy(copy(copy(list)))));
                      num(x.u.n * 10 + y.u.n);
                  }),
                  get(copy(list), num(1)));
    drop(list);
    return r;
}

#define DEPTH 2000
#define STACK (1 << 20)

static void *work(void *arg) {
    (void)arg;
    val path = nil();
    for (long i = 0; i < DEPTH; i++)
        path = cons(num(i % 3), path);
    val root = setpath(nil(), path, num(42), 0);
    long s = sum(root);
    val v = root;
    for (val p = path; p.kind == PAIR; p = tail(p))
        v = get(v, head(p));
    long leaf = v.kind == NUM ? v.u.n : -1;
    drop(root);
    printf("depth %ld sum %ld leaf %ld live %ld\n", depth_seen, s, leaf, live - DEPTH);
    drop(path);
    return NULL;
}

int main(void) {
    pthread_attr_t attr;
    pthread_t t;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, STACK);
    if (pthread_create(&t, &attr, work, NULL) != 0)
        return 2;
    pthread_join(t, NULL);
    long nested = nested_statements();
    printf("live %ld copies %ld nested %ld\n", live, copies, nested);
    return 0;
}
