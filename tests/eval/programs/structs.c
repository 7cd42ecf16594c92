#include <stdio.h>

struct point {
  int x;
  int y;
};

__attribute__((noinline)) static int dot(struct point u, struct point v) {
  int r = u.x * v.x + u.y * v.y;
  return r;
}

int main(int argc, char **argv) {
  (void)argv;
  struct point p = {argc + 2, 4};
  struct point q = {5, -2 * argc};
  int arr[3] = {1, argc + 1, 3};
  double scale = 2.5 * argc;
  char tag = (char)('j' + argc);
  int *ptr = &arr[1];
  int d = dot(p, q);
  double out = d * scale + *ptr;
  printf("%d %.1f %c %d\n", d, out, tag, arr[2]);
  return 0;
}
