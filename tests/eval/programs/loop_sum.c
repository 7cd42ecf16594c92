#include <stdio.h>

static int square(int v) {
  int r = v * v;
  return r;
}

int main(int argc, char **argv) {
  (void)argv;
  int n = argc + 3;
  int total = 0;
  for (int i = 0; i < n; i++)
    total += square(i);
  printf("%d\n", total);
  return 0;
}
