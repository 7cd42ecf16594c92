/* Struct members computed from main's argc (`p.x = argc + 2`, `q.y = -2 * argc`)
 * after argc's register is reused, while `argc + 1` lives on in a saved register:
 * each member is that register, minus 1, then its own expression (ldv/derived.py
 * follows the member's source to the result that gives it back; ldv/compose.py
 * checks the two expressions compose exactly). Before: the members were entry
 * values of argc, which nothing resolves in main (no caller's call site), so gdb
 * and lldb showed p and q optimized out. Run without arguments: argc is 1. */
#include <stdio.h>

struct point {
    int x;
    int y;
};

__attribute__((noinline)) static int dot(struct point u, struct point v)
{
    return u.x * v.x + u.y * v.y;
}

int main(int argc, char **argv)
{
    (void)argv;
    struct point p = {argc + 2, 4};
    struct point q = {5, -2 * argc};
    int arr[3] = {1, argc + 1, 3};
    char tag = (char)('j' + argc);
    int d = dot(p, q);
    printf("%d %c %d\n", d, tag, arr[1]);          //@ label: printed
    return 0;                                      //@ label: ret
}
//@ watch(p.x) at printed: 3
//@ watch(q.y) at printed: -2
//@ watch(p.x) at ret: 3
//@ watch(q.y) at ret: -2
