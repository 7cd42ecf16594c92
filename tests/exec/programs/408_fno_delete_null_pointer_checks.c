// FLAGS: -fno-delete-null-pointer-checks
/* -fno-delete-null-pointer-checks: a check for null after a dereference stays
   (page 0 may be mapped, as it is here when the process may map it). atomc
   never deletes such checks; gcc -O2 without the flag does
   (tests/exec/test_semantics_flags.py checks that too). */
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>

__attribute__((noinline)) int get(int *p) {
    int v = *p;
    if (!p)
        return -1;
    return v;
}

__attribute__((noinline)) int second(int *p) {
    int v = p[1];
    if (p == NULL)
        return -2;
    return v;
}

struct node { int value; struct node *next; };
__attribute__((noinline)) int walk(struct node *n) {
    int total = n->value;
    if (n == 0)
        return -3;
    return total + (n->next != 0);
}

__attribute__((noinline)) int store_then_check(int *p) {
    *p = 7;
    return p ? *p : -4;
}

static volatile uintptr_t zero_addr = 0;

int main(void) {
    void *m = mmap((void *)0, 4096, PROT_READ | PROT_WRITE,
                   MAP_FIXED | MAP_ANONYMOUS | MAP_PRIVATE, -1, 0);
    if (m != (void *)0) {
        puts("page 0 cannot be mapped here: nothing to compare");
        return 0;
    }
    int *z = (int *)zero_addr;
    z[0] = 42;
    z[1] = 43;
    printf("%d %d %d\n", get(z), second(z), walk((struct node *)z));
    printf("%d %d\n", store_then_check(z), z[0]);
    int ok = 5;
    printf("%d %d\n", get(&ok), store_then_check(&ok));
    return 0;
}
