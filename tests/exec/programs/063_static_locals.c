/* Static local variables keep their value across calls and are initialised once. */
#include <stdio.h>

static int counter(void)
{
    static int n;
    return ++n;
}

static int next_id(void)
{
    static int id = 1000;
    return id++;
}

static const char *cycle(void)
{
    static const char *names[] = { "red", "green", "blue" };
    static int i = 0;
    const char *r = names[i];
    i = (i + 1) % 3;
    return r;
}

static long memo_fib(int n)
{
    static long cache[100];
    if (n < 2)
        return n;
    if (cache[n])
        return cache[n];
    return cache[n] = memo_fib(n - 1) + memo_fib(n - 2);
}

static int *shared_buffer(void)
{
    static int buf[4];
    return buf;
}

static int same_name(void) { static int x = 1; return x *= 2; }
static int same_name2(void) { static int x = 1; return x *= 3; }

int main(void)
{
    for (int i = 0; i < 3; i++)
        printf("%d ", counter());
    int id1 = next_id();
    int id2 = next_id();
    printf("\n%d %d %d\n", id1, id2, next_id() - 1000);
    for (int i = 0; i < 5; i++)
        printf("%s ", cycle());
    printf("\n%ld %ld\n", memo_fib(50), memo_fib(90));
    int *b = shared_buffer();
    b[2] = 77;
    printf("%d\n", shared_buffer()[2]);
    for (int i = 0; i < 4; i++)
        printf("%d %d\n", same_name(), same_name2());
    for (int i = 0; i < 3; i++) {
        static int block_static = 5;
        int automatic = 5;
        block_static++;
        automatic++;
        printf("%d %d\n", block_static, automatic);
    }
    return 0;
}
