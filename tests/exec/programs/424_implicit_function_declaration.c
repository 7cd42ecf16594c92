/* Calls to undeclared functions: gcc-12 warns (-Wimplicit-function-declaration,
   in C99 and C11 modes too) and declares `extern int f();`, or uses the C
   library's prototype for a function it knows (abs, strlen). jansson calls
   sched_yield without <sched.h> when configure found no sched.h. Arguments of an
   unprototyped call get the default promotions (char to int, float to double). */
#include <stdio.h>

int main(void) {
  int r = sched_yield();
  int t = twice(21);
  char c = 'A';
  float f = 1.5f;
  printf("%d %d %d %zu\n", r, t, halve_sum(c, f), strlen("four"));
  return abs(-3) - 3;
}

int twice(int x) { return 2 * x; }

int halve_sum(int c, double d) { return (int)((c + d) / 2); }
