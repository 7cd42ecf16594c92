/* GNU cleanup attribute: the cleanup function runs with the variable's address when it goes
   out of scope, innermost first: at block end, on break/continue, on return (after the value is
   computed), on goto out of the scope (forward and backward), and at the end of a statement
   expression. */
#include <stdio.h>
#include <stdlib.h>
static int depth;
static void done_int(int *p) { printf("cleanup int %d (depth %d)\n", *p, depth); }
static void done_ptr(char **p) { printf("free %s\n", *p); free(*p); }
static void done_void(void *p) { printf("void cleanup %d\n", *(int *)p); }
#define autofree __attribute__((cleanup(done_ptr)))
static char *dup(const char *s) { char *p = malloc(16); snprintf(p, 16, "%s", s); return p; }
static int f(int n)
{
    int a __attribute__((cleanup(done_int))) = 1;
    autofree char *s = dup("f-s");
    for (int i = 0; i < 3; i++) {
        int b __attribute__((cleanup(done_int))) = 10 + i;
        if (i == 1) continue;
        if (i == 2) break;
        depth++;
    }
    if (n > 5) {
        int c __attribute__((cleanup(done_int))) = 100;
        goto out;
    }
    {
        int d __attribute__((cleanup(done_void))) = 200;
        if (n == 1) return d + a;
    }
    a = 2;
out:
    printf("at out\n");
    return a * 1000;
}
static int g(void)
{
    int r = ({ int t __attribute__((cleanup(done_int))) = 7; t * 2; });
    int k = 0;
again:;
    {
        int e __attribute__((cleanup(done_int))) = 300 + k;
        if (++k < 3) goto again;
    }
    return r;
}
int main(void)
{
    printf("f(1)=%d\n", f(1));
    printf("f(2)=%d\n", f(2));
    printf("f(9)=%d\n", f(9));
    printf("g=%d\n", g());
    switch (depth) {
    case 1: {
        int s __attribute__((cleanup(done_int))) = 55;
        break;
    }
    default:
        break;
    }
    return 0;
}
