/* json-c's `while (PEEK_CHAR(c, tok))` reduced: a while loop whose condition is a
   macro with ?: whose end-of-input arm stores to *t before yielding 0. */
#include <stdio.h>
struct tok { int off; int err; int depth; };
static int len = 5;
#define PEEK(dest, t) \
    (((t)->off == len) \
         ? (((t)->depth == 0 && state == 0) ? (((t)->err = 0), 0) : (((t)->err = 1), 0)) \
         : (((dest) = *str), 1))
__attribute__((noinline)) int run(struct tok *t, const char *str)
{
    int n = 0;
    char c;
    t->depth = t->err - 7;
    int state = 0;
    while (PEEK(c, t))
    {
        n += c;
        if (c == 'x')
            state = 1;
        t->off++;
        str++;
    }
    return n + state;
}
int main(void)
{
    struct tok t = {0, 7, 0};
    printf("%d\n", run(&t, "abxde"));
    return t.err;
}
