/* Callbacks with context pointers: map, fold and filter over an array. */
#include <stdio.h>

typedef int (*pred_fn)(int value, void *ctx);
typedef void (*visit_fn)(int index, int value, void *ctx);
typedef long (*fold_fn)(long acc, int value);

static void for_each(const int *v, int n, visit_fn fn, void *ctx)
{
    for (int i = 0; i < n; i++)
        fn(i, v[i], ctx);
}

static int filter(const int *in, int n, int *out, pred_fn keep, void *ctx)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        if (keep(in[i], ctx))
            out[m++] = in[i];
    return m;
}

static long fold(const int *v, int n, long init, fold_fn f)
{
    for (int i = 0; i < n; i++)
        init = f(init, v[i]);
    return init;
}

static int divisible(int v, void *ctx) { return v % *(int *)ctx == 0; }
static int greater(int v, void *ctx) { return v > *(int *)ctx; }
static void printer(int i, int v, void *ctx) { printf("%s[%d]=%d\n", (const char *)ctx, i, v); }
struct stats { int count; long sum; int max; };
static void collect(int i, int v, void *ctx)
{
    struct stats *s = ctx;
    (void)i;
    s->count++;
    s->sum += v;
    if (v > s->max)
        s->max = v;
}
static long plus(long a, int v) { return a + v; }
static long times(long a, int v) { return a * (v % 5 + 1); }

int main(void)
{
    int data[12];
    for (int i = 0; i < 12; i++)
        data[i] = (i * 37 + 11) % 50;
    for_each(data, 12, printer, "data");
    int out[12];
    int three = 3, thirty = 30;
    int m = filter(data, 12, out, divisible, &three);
    for_each(out, m, printer, "div3");
    m = filter(data, 12, out, greater, &thirty);
    for_each(out, m, printer, "gt30");
    struct stats st = { 0, 0, 0 };
    for_each(data, 12, collect, &st);
    printf("count=%d sum=%ld max=%d\n", st.count, st.sum, st.max);
    printf("%ld %ld\n", fold(data, 12, 0, plus), fold(data, 12, 1, times));
    return 0;
}
