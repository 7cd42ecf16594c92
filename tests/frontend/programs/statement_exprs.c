/* GNU statement expressions with __typeof__, scalar, struct and void results. */
#include <stdio.h>
#define MAX(a, b) ({ __typeof__(a) _a = (a); __typeof__(b) _b = (b); _a > _b ? _a : _b; })
struct pt { int x, y; };
int main(void) {
  int i = 3, j = 9;
  int m = MAX(i++, j);
  long l = ({ long t = 5; t * 2; });
  struct pt p = ({ struct pt q = { 1, 2 }; q; });
  ({ printf("void stmt expr\n"); });
  printf("%d %d %ld %d %d\n", m, i, l, p.x, p.y);
  return 0;
}
