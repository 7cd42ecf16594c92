/* Not current, assignment hoisted: `buf` lives in memory (its address is passed on); the
   scheduler issues line 19's store of 7 into buf[1] ahead of line 18's addition. The store
   takes the location it lands in (line 18's: hoisted_lines.py), so line 18's statement row
   floats above it (buf[1] still 0 there, as at -O0); at the addition's own row (not a
   statement: an address breakpoint stops there) buf[1] already holds 7 (-O0: 0). */
#include <stdio.h>

__attribute__((noinline)) static void clear(int *b) { b[0] = b[1] = b[2] = b[3] = 0; }
__attribute__((noinline)) static void use(int *b, int t) { printf("%d %d %d\n", b[0], b[1], t); }

int main(int argc, char **argv)
{
    int buf[4];
    int t;
    (void)argv;
    clear(buf);
    buf[0] = argc;
    t = argc * 3 + 1;
    buf[1] = 7;
    use(buf, t);
    return 0;
}
//@why stmt:18 buf: {1, 0, 0, 0}
//@why stmt:18 t: <optimized out: not assigned yet (line 18 assigns it)>
//@why row:18 buf: {1, 7, 0, 0} [not current: line 19 already assigned it]
//@why stmt:20 buf: {1, 7, 0, 0}
