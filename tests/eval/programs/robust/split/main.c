#include <stdio.h>

int helper(int x);

int main(void) {
  int v = helper(4);
  printf("%d\n", v); /* after helper */
  return 0;
}
