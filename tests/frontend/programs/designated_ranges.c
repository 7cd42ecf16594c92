/* Designated initialisers: nested paths, GNU ranges, anonymous unions, and a braced list re-initialising a whole subobject. */
#include <stdio.h>
struct in { int a, b; };
struct s { int n; struct in v[3]; union { int x; char c; }; };
int arr[10] = { [2 ... 5] = 7, 9, [0] = 1 };
struct s g = { .v[1].b = 4, .x = 66, .v = { [2] = { 5, 6 } } };
int main(void) {
  struct s l = { 1, { {2, 3}, [2].a = 8 }, .c = 'k' };
  for (int i = 0; i < 10; i++) printf("%d ", arr[i]);
  printf("\n%d %d %d %d %d\n", g.v[1].b, g.x, g.v[2].a, g.v[2].b, g.v[0].a);
  printf("%d %d %d %d %c\n", l.n, l.v[0].a, l.v[0].b, l.v[2].a, l.c);
  return 0;
}
