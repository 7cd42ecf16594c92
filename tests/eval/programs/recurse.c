#include <stdio.h>

static int fact(int n) {
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

int main(int argc, char **argv) {
  (void)argv;
  int f = fact(argc + 3);
  printf("%d\n", f);
  return 0;
}
