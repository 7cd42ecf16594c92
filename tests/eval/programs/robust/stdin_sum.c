#include <stdio.h>

int main(void) {
  int sum = 0;
  int v;
  while (scanf("%d", &v) == 1)
    sum += v;
  printf("%d\n", sum); /* report */
  return 0;
}
