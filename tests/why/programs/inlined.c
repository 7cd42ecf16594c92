/* Inside an inlined call: `sq` of the inlined `clampsq` is computed and never
   used; the commands find the inlined instance's variables at the pc. */
#include <stdio.h>
static inline int clampsq(int v, int lo, int hi) {
  int sq = v * 1.5;  /* a float product: no salvage */
  if (v < lo) v = lo;
  if (v > hi) v = hi;
  return v + 1;
}
__attribute__((noinline)) int work(int n) {
  int r = clampsq(n, 2, 9);
  printf("%d\n", r);
  return r;
}
int main(void) { return work(5) == 6 ? 0 : 1; }
//@why 6 sq: <optimized out: dead after line 5>
//@why 6 lo: 2
//@why 12 r: 6
