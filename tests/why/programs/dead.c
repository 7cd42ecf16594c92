/* Dead values: `sq` is computed and never used (dce deletes it); `t`, a quotient that no kept value gives
   back (ldv/derived.py), is used last by line 8, whose doubling overwrites its register with `u`. */
#include <stdio.h>
__attribute__((noinline)) int work(int n) {
  int sq = n * 1.5;  /* a float product: no salvage (n * n is shown over n) */
  int t = n / 3 + 3;
  printf("%d\n", t);
  int u = t * 2;
  printf("%d\n", u);
  return 0;
}
int main(void) { return work(5); }
//@why 6 sq: <optimized out: dead after line 5>
//@why 6 n: 5
//@why 10 t: <optimized out: dead after line 8>
//@why 10 sq: <optimized out: dead after line 5>
//@why 10 u: 8
