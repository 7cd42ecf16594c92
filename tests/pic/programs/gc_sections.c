/* Used and unused functions and objects of every section kind: with
   -ffunction-sections -fdata-sections, ld --gc-sections drops the unused ones. */
#include <stdio.h>

int used_data = 3;
int unused_data = 4;
int used_bss;
int unused_bss;
const int used_ro = 5;
const int unused_ro = 6;
const char *const unused_table[] = {"x"};
static int unused_static = 9;

int unused_fn(int x) { return x + unused_data + unused_bss + unused_ro + unused_table[0][0]; }
static int helper(int x) { return x * used_ro; }
int used_fn(int x) { return helper(x) + used_data + used_bss; }
int *unused_static_addr(void) { return &unused_static; }

int main(void)
{
    used_bss = 2;
    printf("%d\n", used_fn(1));
    return 0;
}
