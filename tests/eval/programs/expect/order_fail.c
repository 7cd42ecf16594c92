#include <stdio.h>

static int twice(int v) {
  return v * 2; //@ step-order: 1
}

int main(void) {
  int a = 3;         //@ step-order: 2
  int b = twice(a);
  printf("%d\n", b); //@ step-order: 3
  return 0;
}
