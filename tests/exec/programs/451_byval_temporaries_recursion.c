/* Deep recursion through a function whose statements pass 32-byte structs by
 * value (a copy in memory for each argument) and get them back through a hidden
 * result pointer: every call's argument and result is a temporary in the
 * frame. The recursion runs 500 calls deep on a thread whose stack is 1 MiB at
 * every -O level. gcc's frames (944 bytes at -O1..-O3) and atomc's (about 220
 * to 370 bytes, with a statement's temporaries sharing allocas once it is done
 * and spilled registers of disjoint intervals sharing slots) fit; one alloca per
 * temporary and one slot per spilled register (3.2 KB a frame at -O2, 4.9 KB at
 * -O1) overflow it and the program dies of SIGSEGV. */
#include <pthread.h>
#include <stdio.h>

typedef struct { unsigned long a, b, c, d; } quad;        /* MEMORY class */
typedef struct { unsigned char kind; int n; long *p; } ref; /* two INTEGER pieces */

static long calls;

__attribute__((noinline)) static quad mix(quad q, ref r) {
    calls++;
    quad o = {q.b + r.n, q.c ^ q.a, q.d - r.kind, q.a + q.b * 3};
    return o;
}

__attribute__((noinline)) static ref pick(quad q, ref r) {
    calls++;
    ref o = {(unsigned char)(q.a & 7), (int)(q.b % 1000) + r.n, r.p};
    return o;
}

__attribute__((noinline)) static ref again(ref r) {
    calls++;
    r.n += 1;
    return r;
}

static long depth_seen;

static quad walk(quad q, ref r, long depth) {
    if (depth > depth_seen)
        depth_seen = depth;
    if (depth == 0)
        return q;
    q = mix(mix(q, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    q = mix(mix(q, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    q = mix(mix(q, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    q = mix(mix(q, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    quad deeper = walk(mix(q, r), again(r), depth - 1);
    q = mix(mix(deeper, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    q = mix(mix(q, again(r)), pick(mix(q, r), again(again(r))));
    r = pick(mix(mix(q, r), again(r)), again(pick(q, r)));
    return mix(q, r);
}

#define DEPTH 500

static void *work(void *arg) {
    long cell = 7;
    quad q = {1, 2, 3, 4};
    ref r = {5, 6, &cell};
    q = walk(q, r, DEPTH);
    printf("depth %ld calls %ld q %lu %lu %lu %lu\n", depth_seen, calls, q.a, q.b, q.c, q.d);
    *(unsigned long *)arg = q.a ^ q.d;
    return NULL;
}

int main(void) {
    pthread_attr_t attr;
    pthread_t t;
    unsigned long out = 0;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 1 << 20);
    if (pthread_create(&t, &attr, work, &out) != 0)
        return 2;
    pthread_join(t, NULL);
    printf("out %lu\n", out);
    return 0;
}
