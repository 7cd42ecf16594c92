/* Parameters whose home is a stack slot that the prologue fills: `p`, a
   struct passed in a register. At the function's first instruction (where
   gdb's `step` into a function without a frame pointer stops, before the
   prologue) it is not there yet; the long double `f`, read from where the
   caller put it on the stack, and the int `k`, in its argument register, show
   from the start. Once the prologue has run (line 10), `p` shows too. */
#include <stdio.h>
struct point { int x; int y; };
__attribute__((noinline)) static long double scale(struct point p, long double f, int k) {
  long double r = (p.x * f + p.y) * k;
  return r;
}
int main(void) {
  struct point p = { 3, 4 };
  printf("%.1Lf\n", scale(p, 2.5L, 2));
  return 0;
}
//@why entry:scale p: <optimized out: the prologue has not stored it yet>
//@why entry:scale f: 2.5
//@why entry:scale k: 2
//@why 11 p: {x = 3, y = 4}
