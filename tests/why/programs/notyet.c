/* Not assigned yet: `late` is declared on line 8 and assigned on line 9; `t`
   gets its value on line 6. Stopped before, both say which line assigns them. */
#include <stdio.h>
__attribute__((noinline)) int work(int n) {
  int t;
  t = n + 3;
  printf("%d\n", t);
  int late;
  late = t * 2;
  printf("%d\n", late);
  return late;
}
int main(void) { return work(5) == 16 ? 0 : 1; }
//@why 6 t: <optimized out: not assigned yet (line 6 assigns it)>
//@why 6 late: <optimized out: not assigned yet (line 9 assigns it)>
//@why 7 t: 8
//@why 10 late: 16
