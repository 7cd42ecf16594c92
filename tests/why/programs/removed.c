/* Removed by a pass: `q` points into `s`, which sroa splits into registers;
   the address `q` held no longer exists, so sroa records that it removed it.
   `s` itself is gone in part once `b` is multiplied in place (piece missing),
   and wholly after its last use on line 8. */
#include <stdio.h>
struct pair { int x, y; };
__attribute__((noinline)) int combine(int a, int b) {
  struct pair s = {a, b};
  int *q = &s.y;
  int r = *q * 3 + s.x;
  printf("%d\n", r);
  return r;
}
int main(void) { return combine(4, 5) == 19 ? 0 : 1; }
//@why 11 q: <optimized out: computation removed by sroa>
//@why 11 r: 19
//@why 11 s: <optimized out: piece missing (bits 32-63)>
//@why 12 q: <optimized out: computation removed by sroa>
//@why 12 s: <optimized out: dead after line 10>
