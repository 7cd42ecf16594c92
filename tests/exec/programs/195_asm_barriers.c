/* Compiler barriers: an asm with a "memory" clobber (or one that writes
   memory through an operand) must make the optimiser reload memory the asm
   may have changed and keep stores before it; an empty volatile asm keeps a
   value alive in a register; volatile asms are neither removed nor merged. */
#include <stdio.h>

int shared = 1;
static int hidden_store;

static void poke_shared(int v) {
    /* writes `shared` behind the compiler's back: only the clobber says so */
    __asm__ volatile("movl %0, shared(%%rip)" : : "r"(v) : "memory");
}

static int reload_after_barrier(void) {
    int before = shared;
    poke_shared(before + 10);
    return shared + before;
}

static int loop_with_barrier(int n) {
    int *p = &hidden_store;
    *p = 0;
    for (int i = 0; i < n; i++) {
        *p += i;
        __asm__ volatile("" ::: "memory");
    }
    return *p;
}

static int through_operand(int *p) {
    *p = 5;
    __asm__("addl $3, %0" : "+m"(*p));
    return *p;
}

static long escaped_local(void) {
    long x = 1;
    long *px = &x;
    __asm__ volatile("addq $41, (%0)" : : "r"(px) : "memory");
    return x;
}

static int counted;

static int volatile_count(int n) {
    int c = 0;
    for (int i = 0; i < n; i++) {
        __asm__ volatile("incl %0" : "+r"(c));
        __asm__ volatile("incl %0" : "+r"(c));
    }
    return c;
}

int main(void) {
    printf("reload %d shared %d\n", reload_after_barrier(), shared);
    printf("loop %d\n", loop_with_barrier(10));
    int v = 0;
    printf("operand %d\n", through_operand(&v));
    printf("escaped %ld\n", escaped_local());
    printf("volatile %d\n", volatile_count(7));
    int keep = v * 7;
    __asm__ volatile("" : : "r"(keep) : "memory");
    counted = keep;
    printf("keep %d\n", counted);
    return 0;
}
