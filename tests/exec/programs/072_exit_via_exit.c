/* exit() from a nested call with a status, running atexit handlers in reverse order first. */
#include <stdio.h>
#include <stdlib.h>

static void first(void) { printf("atexit first registered\n"); }
static void second(void) { printf("atexit second registered\n"); }

static void deep(int n)
{
    if (n == 0) {
        printf("exiting from depth\n");
        fflush(stdout);
        exit(42);
    }
    printf("depth %d\n", n);
    deep(n - 1);
    printf("never\n");
}

int main(void)
{
    atexit(first);
    atexit(second);
    deep(3);
    return 0;
}
