#include <stdio.h>

int main(void) {
  int *volatile p = 0;
  puts("before");
  *p = 1; /* crash here */
  puts("after");
  return 0;
}
