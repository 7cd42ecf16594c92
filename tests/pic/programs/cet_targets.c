/* Functions reached directly, through pointers, from a static table and as a
   constructor, and returns-twice calls: where -fcf-protection puts endbr64. */
#include <setjmp.h>
#include <stdio.h>
#include <unistd.h>
static jmp_buf jb;
static int direct_only(int x) { return x * 2 + 1; }
static int via_pointer(int x) { return x + 1; }
static int via_table(int x) { return x - 1; }
static int (*const table[])(int) = {via_table};
__attribute__((constructor)) static void ctor(void) { }
__attribute__((noinline)) static int noinl(int x) { return x * 3; }
int exported(int x) { return direct_only(x) + noinl(x); }
int (*get(void))(int) { return via_pointer; }
int main(void) {
    int r = setjmp(jb);
    if (r == 0) { printf("%d %d %d\n", exported(3), get()(4), table[0](5)); longjmp(jb, 1); }
    sigjmp_buf sj; if (sigsetjmp(sj, 1) == 0) printf("sig\n");
    return 0;
}
