// _Atomic long double and _Atomic _Complex objects, as gcc 12 compiles them:
// a long double is read and written with libatomic's __atomic_load_16 and
// __atomic_store_16, and op=, ++ and -- on it, and on every complex type, are a
// compare-exchange loop on the object's bytes (8 with lock cmpxchg, 16 with
// __atomic_compare_exchange_16, 32 with the generic __atomic_compare_exchange).
// Several threads update the same objects, so a lost update changes the output.
// LINK: -latomic -pthread
#include <complex.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

static _Atomic long double ld = 1.5L;
static _Atomic _Complex float cf = 1.0f + 2.0fi;
static _Atomic _Complex double cd;
static _Atomic _Complex long double cl = 3.0L;
static _Atomic double dd = 10.0;

struct holder { int tag; _Atomic _Complex double z; _Atomic long double x; };
static struct holder h = { 7, 1.0 + 1.0i, 2.0L };

static void *worker(void *arg)
{
    long k = (long)arg;
    for (int i = 0; i < 2000; i++) {
        ld += 0.25L;
        cf += 1.0f;
        cd += 0.5 + 0.25i;
        cl -= 1.0L * I;
        h.x++;
        h.z += (double)k;
    }
    return 0;
}

static long double read_ld(_Atomic long double *p) { return *p; }
static _Complex double read_cd(_Atomic _Complex double *p) { return *p; }

static void show(const char *what, long double re, long double im)
{
    printf("%s %.6Lf %.6Lf\n", what, re, im);
}

int main(void)
{
    pthread_t t[4];
    for (long k = 0; k < 4; k++)
        pthread_create(&t[k], 0, worker, (void *)k);
    for (int k = 0; k < 4; k++)
        pthread_join(t[k], 0);
    show("ld", ld, 0);
    show("cf", crealf(cf), cimagf(cf));
    show("cd", creal(cd), cimag(cd));
    show("cl", creall(cl), cimagl(cl));
    show("h.x", h.x, 0);
    show("h.z", creal(h.z), cimag(h.z));

    long double before = ld++;
    long double after = --ld;
    show("ld++/--ld", before, after);
    ld *= 3;
    ld /= 2.0L;
    ld = ld - 0.125L;
    show("ld ops", read_ld(&ld), 0);

    _Complex float z = cf++;
    show("cf++", crealf(z), crealf(cf));
    cf *= 2.0f - 1.0fi;
    cf /= 1.0f + 1.0fi;
    show("cf ops", crealf(cf), cimagf(cf));
    cd = 3.0 - 4.0i;
    cd *= cd;
    show("cd ops", creal(read_cd(&cd)), cimag(read_cd(&cd)));
    cl /= 2.0L + 0.0L * I;
    show("cl ops", creall(cl), cimagl(cl));

    dd += 2.0 + 5.0i;   /* a complex operand on a real atomic: the real part stays */
    dd *= 1.5;
    show("dd", dd, 0);

    long double out;
    __atomic_load(&ld, &out, __ATOMIC_SEQ_CST);
    _Complex double zout = atomic_load(&cd);
    long double nv = 42.0L;
    __atomic_store(&ld, &nv, __ATOMIC_RELEASE);
    show("generic", out, creal(zout) + ld);
    printf("sizes %zu %zu %zu %zu\n", sizeof ld, sizeof cf, sizeof cd, sizeof cl);
    /* gcc aligns an _Atomic object of 1, 2, 4, 8 or 16 bytes to its size */
    printf("aligns %zu %zu %zu %zu %zu\n", _Alignof(_Atomic _Complex float),
           _Alignof(_Atomic _Complex double), _Alignof(_Atomic long double),
           _Alignof(_Atomic _Complex long double), sizeof(struct holder));
    return 0;
}
