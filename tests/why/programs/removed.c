/* Removed by a pass: `q` points into `s`, which sroa splits into registers;
   the address `q` held no longer exists, so sroa records that it removed it.
   `s` itself is gone in part once its y is multiplied in place (piece missing),
   and wholly once the register of its x is reused after its last use on line 13.
   Its members come from calls: were they the parameters, the entry values of
   their registers would describe them (`s = {a, b}` shows {4, 5} throughout). */
#include <stdio.h>
struct pair { int x, y; };
__attribute__((noinline)) int twice(int v) { return v * 2; }
__attribute__((noinline)) int combine(int a, int b) {
  struct pair s = {twice(a), twice(b)};
  int *q = &s.y;
  int r = *q * 3 + s.x;
  int t = twice(r);
  printf("%d %d\n", r, t);
  return r + t;
}
int main(void) { return combine(4, 5) == 114 ? 0 : 1; }
//@why 14 q: <optimized out: computation removed by sroa>
//@why 14 r: 38
//@why 14 s: <optimized out: piece missing (bits 32-63)>
//@why 15 q: <optimized out: computation removed by sroa>
//@why 15 s: <optimized out: dead after line 13>
