/* libshapes: a shared library exercising every way position-independent code
   reaches data and code (see tests/pic/test_shared.py). */
#include <stdio.h>
#include <string.h>

#include "shapes.h"

int lib_counter = 10;
int lib_bss_array[8];
const char *const lib_names[4] = {"zero", "one", "two", "three"};
__thread int lib_tls = 100;
int (*lib_callback)(int);

static int lib_private = 3;
__attribute__((visibility("hidden"))) int lib_hidden = 7;
static __thread int lib_private_tls;
int lib_total;  /* default visibility, not in the API header: hidden under -fvisibility=hidden */

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
int lib_internal_max(int a, int b) { return a > b ? a : b; }

static const struct op {
    const char *name;
    int (*fn)(int, int);
} ops[] = {{"add", add}, {"sub", sub}, {"mul", mul}, {"max", lib_internal_max}};

int lib_hook(int x) { return x + 1000; }

int lib_apply(const char *op, int a, int b)
{
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (strcmp(ops[i].name, op) == 0)
            return ops[i].fn(a, b);
    return -1;
}

const char *lib_classify(int x)
{
    switch (x) {
    case 0: return "zero";
    case 1: return "one";
    case 2: return lib_names[2];
    case 3: return "three";
    case 4: return "four";
    case 5: return "five";
    case 7: return "seven";
    default: return "many";
    }
}

int lib_accumulate(int n)
{
    int sum = 0;
    int step = 3;
    for (int i = 0; i < n; i++) {
        sum += i * step;
        lib_total += sum;
    }
    lib_bss_array[n & 7] = sum; /* gdb: after the loop */
    return sum;
}

int lib_call_hook(int x) { return lib_hook(x); }

int lib_call_back(int x) { return lib_callback ? lib_callback(x) + lib_private : -1; }

void lib_bump(void)
{
    lib_counter++;
    lib_private++;
    lib_hidden += 2;
    lib_tls += 5;
    lib_private_tls += 7;
}

long lib_state(void)
{
    return lib_counter * 100000L + lib_private * 1000L + lib_hidden * 10L + lib_private_tls;
}

int *lib_tls_addr(void) { return &lib_tls; }

int lib_vla_sum(int n)
{
    int v[n];
    for (int i = 0; i < n; i++)
        v[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; i++)
        s += v[i];
    return s;
}

int lib_format(char *out, int size, int v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "<%s:%d>", lib_classify(v), v);
    return snprintf(out, size, "%s", buf);
}
