/* Global pointers initialised with addresses: &var, &arr[3], arr + n, &struct.member, functions. */
#include <stdio.h>

int table[10] = { 0, 10, 20, 30, 40, 50, 60, 70, 80, 90 };
int scalar = 7;
struct pair { int a, b; } thepair = { 100, 200 };
static char buffer[32] = "buffer contents";

int *p_scalar = &scalar;
int *p_elem = &table[3];
int *p_offset = table + 8;
int *p_member = &thepair.b;
char *p_buf = &buffer[7];
const char *p_str = "literal" + 3;
int (*p_whole)[10] = &table;
struct pair *p_pair = &thepair;
int *ptrs[] = { &table[1], &scalar, &thepair.a, 0 };
static int helper(int v) { return v * 3; }
int (*p_fn)(int) = helper;
struct ref { const char *name; int *target; } refs[] = {
    { "scalar", &scalar },
    { "fifth", &table[5] },
    { "pair.a", &thepair.a },
};
long addr_diff_check = sizeof(table) / sizeof(*table);
char **pp_null = 0;

int main(void)
{
    printf("%d %d %d %d\n", *p_scalar, *p_elem, *p_offset, *p_member);
    printf("%s %s\n", p_buf, p_str);
    printf("%d %d\n", (*p_whole)[9], p_pair->a);
    for (int i = 0; ptrs[i]; i++)
        printf("ptrs[%d] -> %d\n", i, *ptrs[i]);
    printf("%d\n", p_fn(14));
    *p_elem = 333;
    *p_scalar += 1;
    for (int i = 0; i < 3; i++)
        printf("%s = %d\n", refs[i].name, *refs[i].target);
    printf("%ld %d %d\n", (long)(p_offset - p_elem), table[3], pp_null == 0);
    printf("%ld\n", addr_diff_check);
    return 0;
}
